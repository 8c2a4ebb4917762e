// `permissive`: precise permissive field of view (after Jonathon Duerig), computed exactly.
//
// Definition. Cells are closed unit squares. A cell B is seen from the origin's cell A when
// some segment from a point of A to a point of B meets no point of the interior of the union
// of the opaque squares other than A and B (cells outside the map are opaque). So a sight line
// may graze a wall's corner or run along the side of a wall, but never between two walls that
// share a side, and it may slip through a diagonal gap between two walls that touch at a
// corner. The definition is symmetric in A and B.
//
// Method: quadrant by quadrant, views bounded by a shallow and a steep line, as Duerig does;
// here in coordinates where the geometry becomes one-dimensional. In a quadrant, with the
// origin's square at [0,1]² and cell (i, j) at [i,i+1]x[j,j+1], take s = x + y and t = x - y.
// A line rising to the upper right is t = t0 + k·s with -1 < k < 1, and it meets cell (i, j)
// exactly when its t at the level s = i + j + 1 lies in [i-j-1, i-j+1] (crosses the interior
// exactly when it lies in the open interval): the square is a diamond whose waist is at that
// level, and the line moves less than one unit of t per unit of s. So cells of the diagonal
// i + j = n are intervals of t at level n + 1, each opaque one forbids an open interval, and a
// view is a convex set of lines (t0, k). Its reach at a level is an interval of t between two
// lines: the view's line of least k (steepest) and its line of greatest k (shallowest), each
// through a corner the view must pass above and one it must pass below (or, at k = ±1, an open
// limit). Cutting a view at an opaque cell moves one of these lines to the line through the new
// corner that is tangent to the hull of the corners on the other side; those hulls are kept as
// persistent chains (parent links) shared by the views that split from one another. Views
// split by an opaque cell never overlap again (two lines from A separated by a cell stay at
// least a cell apart), so each view is followed on its own and each cell is visited about
// once. A view goes on in place, level by level, while nothing cuts it; its two lines are
// tracked as floor and remainder, so a level costs additions, not divisions. When it meets
// walls, the part past the last wall goes on in place and the others wait on a stack. A wide
// view does not walk the diagonals one by one while nothing blocks: it finds the first level
// with a wall in its reach by scanning the map's rows 64 cells at a time, marks everything
// before it as row spans, and resumes at that level.
//
// Lines parallel to an axis (k = ±1) are left to a separate walk along the two grid lines
// through the origin's square that lie inside the quadrant (between rows 0 and 1 and between
// columns 0 and 1): such a line runs along walls and is blocked only where both sides are
// opaque. The grid lines on the quadrant's border belong to the neighbouring quadrants. The union
// over the four quadrants is the definition above; tests/fov/permissive_test.cpp checks it against
// an exhaustive search over sight lines through two lattice points.
//
// A radius only hides cells: blocking ignores it, so the result is the unlimited field of view
// intersected with in_range(). Cells outside the radius (or the map) can never be passed by a
// line on its way to a cell inside, so views are clipped to them.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "yendor/core/integer_sqrt.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::fov {
namespace {

using i64 = std::int64_t;

// A lattice corner in (s, t) coordinates; t and s have the same parity.
struct Corner {
  std::int32_t s = 0;
  std::int32_t t = 0;
};
Corner corner(i64 s, i64 t) {
  return {static_cast<std::int32_t>(s), static_cast<std::int32_t>(t)};
}

// A view's bounding line: through corners a and b (a.s < b.s), or, when limit is ±1, the open
// limit through a with k = limit (never reached itself).
struct Line {
  Corner a, b;
  int limit = 0;
};

i64 floor_div(i64 a, i64 b) {  // b > 0
  // The terms stay far below 2^31 on maps up to 10^4 a side; 32-bit division is much faster.
  i64 q = 0, r = 0;
  if (a >= std::numeric_limits<std::int32_t>::min() &&
      a <= std::numeric_limits<std::int32_t>::max() &&
      b <= std::numeric_limits<std::int32_t>::max()) {
    q = static_cast<std::int32_t>(a) / static_cast<std::int32_t>(b);
    r = static_cast<std::int32_t>(a) % static_cast<std::int32_t>(b);
  } else {
    q = a / b;
    r = a % b;
  }
  return (r != 0 && a < 0) ? q - 1 : q;
}
i64 ceil_div(i64 a, i64 b) {
  return -floor_div(-a, b);
}
int sign(i64 v) {
  return (v > 0) - (v < 0);
}

// The least corner value (same parity as s) at or above the line at level s; strictly above
// for an open limit.
i64 corner_above(const Line& l, i64 s) {
  if (l.limit != 0) return l.a.t + l.limit * (s - l.a.s) + 2;
  const i64 ds = l.b.s - l.a.s;
  i64 e = ceil_div(l.a.t * ds + (l.b.t - l.a.t) * (s - l.a.s), ds);
  if (((e - s) & 1) != 0) ++e;
  return e;
}
// The greatest corner value at or below the line at level s (strictly below for a limit).
i64 corner_below(const Line& l, i64 s) {
  if (l.limit != 0) return l.a.t + l.limit * (s - l.a.s) - 2;
  const i64 ds = l.b.s - l.a.s;
  i64 e = floor_div(l.a.t * ds + (l.b.t - l.a.t) * (s - l.a.s), ds);
  if (((e - s) & 1) != 0) --e;
  return e;
}

// A line followed level by level: its t at the current level as floor and remainder, so a step
// to the next level is an addition instead of the division corner_above() and corner_below()
// take. An open limit is tracked exactly (denominator 1) and its corners are strict.
class LineTrack {
 public:
  LineTrack(const Line& l, i64 s)
      : strict_(l.limit != 0),
        den_(strict_ ? 1 : l.b.s - l.a.s),
        step_(strict_ ? l.limit : l.b.t - l.a.t) {
    // From the last corner the line passes through: usually the level before, when a view
    // was cut there, and then no division is needed.
    const Corner c = strict_ ? l.a : l.b;
    floor_ = c.t;
    const i64 ahead = s - c.s;
    if (ahead == 1) {
      next();
      return;
    }
    const i64 num = step_ * ahead;
    const i64 q = floor_div(num, den_);
    floor_ += q;
    rem_ = num - q * den_;
  }
  // To the next level: |step| < den, so at most one carry.
  void next() {
    rem_ += step_;
    if (rem_ >= den_) {
      ++floor_;
      rem_ -= den_;
    } else if (rem_ < 0) {
      --floor_;
      rem_ += den_;
    }
  }
  // Sign of (the line's t at the current level) - v.
  int compare(i64 v) const { return floor_ != v ? sign(floor_ - v) : (rem_ != 0 ? 1 : 0); }
  // corner_above() and corner_below() at the current level s.
  i64 corner_above(i64 s) const {
    if (strict_) return floor_ + 2;
    i64 e = floor_ + (rem_ != 0 ? 1 : 0);
    return e + ((e - s) & 1);
  }
  i64 corner_below(i64 s) const {
    if (strict_) return floor_ - 2;
    return floor_ - ((floor_ - s) & 1);
  }

 private:
  bool strict_;
  i64 den_ = 1, step_ = 0;
  i64 floor_ = 0, rem_ = 0;
};

// Persistent hull chains: each node links to the previous hull vertex.
struct Node {
  Corner at;
  int parent = -1;
};

// A view: lines between `low` (least t: steepest) and `high` (greatest t: shallowest); the
// corners it must pass above in t (`above`, kept as their upper hull) and below (`below`, kept
// as their lower hull); the next level it is to visit.
struct View {
  Line low, high;
  int above = -1;
  int below = -1;
  i64 level = 2;
};

// Map position of quadrant cell (i, j).
struct Quadrant {
  int ox = 0, oy = 0, sx = 1, sy = 1;
  int imax = 0, jmax = 0;  // last cell inside the map and the radius's square, per axis
  Point at(i64 i, i64 j) const {
    return {ox + sx * static_cast<int>(i), oy + sy * static_cast<int>(j)};
  }
};

// integer_sqrt(base - v²) for v = 0, 1, ... (-1 where negative): the circle's half-width at a level
// or a row. The table depends only on the radius, so it is kept between calls and rebuilt
// only when the radius changes: a game computing views of one radius never takes a root.
class RootTable {
 public:
  // Makes v = 0..count-1 plain lookups for this base.
  void prepare(i64 base, i64 count) {
    if (base == base_ && count <= std::ssize(values_)) return;
    base_ = base;
    values_.resize(static_cast<std::size_t>(count));
    for (i64 v = 0; v < count; ++v)
      values_[static_cast<std::size_t>(v)] = compute(v);
  }
  // The values for v = 0..count-1 (callers stay below `count`).
  const i64* values() const { return values_.data(); }

 private:
  i64 compute(i64 v) const {
    const i64 room = base_ - v * v;
    return room < 0 ? -1 : integer_sqrt(room);
  }

  i64 base_ = -1;
  std::vector<i64> values_;
};

struct Scratch {
  std::vector<Node> nodes;
  std::vector<View> views;  // waiting to be followed
  RootTable level_width;    // circle: largest |i - j| on diagonal n
  RootTable row_width;      // circle: largest i on row j
};

// The lowest (`Lowest`) or highest set bit of `words` among bits x0..x1; -1 when none.
template <bool Lowest>
i64 wall_bit(const std::uint64_t* words, i64 x0, i64 x1) {
  const auto w0 = static_cast<std::size_t>(x0) >> 6, w1 = static_cast<std::size_t>(x1) >> 6;
  const std::uint64_t first = ~std::uint64_t{0} << (static_cast<unsigned>(x0) & 63U);
  const std::uint64_t last = ~std::uint64_t{0} >> (63U - (static_cast<unsigned>(x1) & 63U));
  for (std::size_t k = 0; k <= w1 - w0; ++k) {
    const std::size_t w = Lowest ? w0 + k : w1 - k;
    std::uint64_t bits = words[w];
    if (w == w0) bits &= first;
    if (w == w1) bits &= last;
    if (bits != 0)
      return static_cast<i64>(w * 64) +
             (Lowest ? std::countr_zero(bits) : 63 - std::countl_zero(bits));
  }
  return -1;
}

// What part() keeps of a view.
constexpr int k_kept = 1, k_cut_high = 2, k_cut_low = 4;

// A view at least this many cells wide leaps over the levels without walls in its reach, row
// by row 64 cells at a time, instead of walking them diagonal by diagonal.
constexpr i64 k_leap_width = 16;

class QuadrantScan {
 public:
  QuadrantScan(const OpacityMap& map, const Quadrant& q, const FovOptions& options,
               Scratch& scratch, VisibleSet& out)
      : map_(map),
        q_(q),
        circle_(options.radius > 0 && options.shape == Shape::circle),
        light_walls_(options.light_walls),
        op_words_(map.row(0)),
        out_words_(out.row(0)),
        row_bits_(64 * static_cast<i64>(map.words_per_row())),
        origin_bit_(q.oy * row_bits_ + q.ox),
        row_step_(q.sy * row_bits_),
        diagonal_step_(q.sx - row_step_),
        max_level_(i64{q.imax} + q.jmax + 1),
        nodes_(scratch.nodes),
        views_(scratch.views),
        level_width_(scratch.level_width.values()),
        row_width_(scratch.row_width.values()),
        out_(out) {}

  void run() {
    nodes_.clear();
    views_.clear();
    // The origin's square: every line meets it at level 1 within [-1, 1].
    nodes_.push_back({{1, -1}, -1});
    nodes_.push_back({{1, 1}, -1});
    views_.push_back({{{1, -1}, {}, -1}, {{1, 1}, {}, 1}, 0, 1, 2});
    // Views never overlap, so each is followed on its own, depth first.
    while (!views_.empty()) {
      const View v = views_.back();
      views_.pop_back();
      follow(v);
    }
    walk_grid_line(false);
    walk_grid_line(true);
    // The diagonal and grid line walks marked cells up to (far_i_, far_j_).
    const Point far = q_.at(far_i_, far_j_);
    out_.grow_box(std::min(far.x, q_.ox), std::max(far.x, q_.ox), std::min(far.y, q_.oy),
                  std::max(far.y, q_.oy));
  }

 private:
  i64 max_level() const { return max_level_; }

  // Bit index of quadrant cell (i, j) in the opacity and output words (they share a layout).
  i64 bit_of(i64 i, i64 j) const { return origin_bit_ + q_.sx * i + row_step_ * j; }

  // Follows view v from its level on: level by level while nothing cuts it (a wide view leaps
  // over the levels without walls in its reach), up to the first level that splits it into the
  // views it hands on.
  void follow(View v) {
    i64 s = v.level;
    if (s > max_level()) return;
    LineTrack low(v.low, s), high(v.high, s);
    for (;;) {
      i64 cmin = 0, cmax = 0;
      if (!level_cells(s - 1, cmin, cmax)) return;
      i64 c_lo = low.corner_above(s) - 1, c_hi = high.corner_below(s) + 1;
      if ((c_hi < cmax ? c_hi : cmax) - (c_lo > cmin ? c_lo : cmin) >= 2 * k_leap_width) {
        const i64 wall_level = leap(v, s);
        if (wall_level != s) {
          s = wall_level;
          if (s > max_level() || !level_cells(s - 1, cmin, cmax)) return;
          low = LineTrack(v.low, s);
          high = LineTrack(v.high, s);
          c_lo = low.corner_above(s) - 1;
          c_hi = high.corner_below(s) + 1;
        }
      }
      // The part past the last wall goes on here; the other parts wait on views_.
      const int kept = visit(v, s, cmin, cmax, c_lo, c_hi, low, high);
      if (kept == 0 || ++s > max_level()) return;
      if ((kept & k_cut_low) != 0)
        low = LineTrack(v.low, s);
      else
        low.next();
      if ((kept & k_cut_high) != 0)
        high = LineTrack(v.high, s);
      else
        high.next();
    }
  }

  // The cells of row j view v reaches: i in [first, last] (empty when first > last). A cell's
  // lower right corner must be on or above the low line, its upper left corner on or below the
  // high line (strictly for the open limits).
  i64 first_in_row(const View& v, i64 j) const {
    const Line& l = v.low;
    if (l.limit != 0) return (i64{l.a.t} + l.a.s) / 2;
    const i64 ds = l.b.s - l.a.s, dt = l.b.t - l.a.t;
    return ceil_div(l.a.t * ds + dt * (j + 1 - l.a.s) + (j - 1) * ds, ds - dt);
  }
  i64 last_in_row(const View& v, i64 j) const {
    const Line& l = v.high;
    if (l.limit != 0) return 2 * j + 2 + l.a.t - l.a.s > 0 ? std::numeric_limits<int>::max() : -1;
    const i64 ds = l.b.s - l.a.s, dt = l.b.t - l.a.t;
    return floor_div(l.a.t * ds + dt * (j + 1 - l.a.s) + (j + 1) * ds, ds - dt);
  }
  // The last cell of row j inside the map and the radius.
  i64 row_limit(i64 j) { return clip_to_radius(q_.imax, j); }
  // The last cell up to `last` of row (or column) j inside the radius.
  i64 clip_to_radius(i64 last, i64 j) {
    if (circle_) {
      const i64 e = row_width_[j];  // i² + j² <= r(r + 1)
      if (e < last) last = e;
    }
    return last;
  }
  // The cells of row j that view v reaches at levels s..w-1, inside the map and the radius.
  bool row_cells(const View& v, i64 j, i64 s, i64 w, i64& first, i64& last) {
    first = std::max({first_in_row(v, j), s - 1 - j, i64{0}});
    last = std::min({last_in_row(v, j), w - 2 - j, row_limit(j)});
    return first <= last;
  }
  // The last row with cells view v reaches at a level up to `level`.
  i64 last_row(const View& v, i64 level) const {
    const i64 j = (level - corner_above(v.low, level)) / 2;
    return j < q_.jmax ? j : q_.jmax;
  }

  // Marks what view v sees at levels s, s+1, ... up to the first level with a wall among its
  // cells, and returns that level (past max_level() when none). Rows are scanned twice: once
  // for the first wall, then to mark what lies before it.
  i64 leap(const View& v, i64 s) {
    i64 w = max_level() + 1;
    const i64 first_row = std::max(i64{0}, (s - 1 - (corner_below(v.high, s) + 1)) / 2);
    for (i64 j = first_row; w > s && j <= last_row(v, w - 1); ++j) {
      i64 a = 0, b = 0;
      if (!row_cells(v, j, s, w, a, b)) continue;
      const std::uint64_t* bits = map_.row(q_.oy + q_.sy * static_cast<int>(j));
      i64 wall = -1;
      if (q_.sx > 0) {
        const i64 x = wall_bit<true>(bits, q_.ox + a, q_.ox + b);
        if (x >= 0) wall = x - q_.ox;
      } else {
        const i64 x = wall_bit<false>(bits, q_.ox - b, q_.ox - a);
        if (x >= 0) wall = q_.ox - x;
      }
      if (wall >= 0) w = wall + j + 1;
    }
    for (i64 j = first_row; w > s && j <= last_row(v, w - 1); ++j) {
      i64 a = 0, b = 0;
      if (!row_cells(v, j, s, w, a, b)) continue;
      const int y = q_.oy + q_.sy * static_cast<int>(j);
      if (q_.sx > 0)
        out_.mark_row_span(y, q_.ox + static_cast<int>(a), q_.ox + static_cast<int>(b));
      else
        out_.mark_row_span(y, q_.ox - static_cast<int>(b), q_.ox - static_cast<int>(a));
    }
    return w;
  }

  // The cells of diagonal n inside the map and the radius: c = i - j in [cmin, cmax], c ≡ n.
  bool level_cells(i64 n, i64& cmin, i64& cmax) {
    cmin = -n;
    cmax = n;
    if (cmax > 2 * i64{q_.imax} - n) cmax = 2 * i64{q_.imax} - n;
    if (cmin < n - 2 * i64{q_.jmax}) cmin = n - 2 * i64{q_.jmax};
    if (circle_) {
      // i² + j² = (n² + c²) / 2 <= r(r + 1).
      const i64 c = level_width_[n];
      if (c < 0) return false;
      if (cmax > c) cmax = c;
      if (cmin < -c) cmin = -c;
    }
    cmin += (cmin - n) & 1;
    cmax -= (cmax - n) & 1;
    return cmin <= cmax;
  }

  // Marks the cells view v reaches at level s, [c_lo, c_hi] (those whose closed interval meets
  // its reach) within [cmin, cmax], and splits v at the walls among them: the parts before the
  // last wall wait on views_, and v becomes the part past it. Returns what part() kept of that
  // (0: nothing, v ends here).
  int visit(View& v, i64 s, i64 cmin, i64 cmax, i64 c_lo, i64 c_hi, const LineTrack& low,
            const LineTrack& high) {
    const i64 n = s - 1;
    const i64 first = c_lo > cmin ? c_lo : cmin;
    const i64 last = c_hi < cmax ? c_hi : cmax;
    if (first > last) return 0;  // only cells outside the map or the radius ahead
    // Cells beyond [cmin, cmax] count as opaque.
    bool bounded = c_lo < cmin;
    i64 lower = cmin - 1;
    // Walk the diagonal: each step is one column outward and one row back, a fixed step in
    // the bit index.
    // n ± first is even and not negative: halved by a shift.
    i64 at = bit_of((n + first) >> 1, (n - first) >> 1);
    i64 first_marked = first, last_marked = last;  // values of c
    if (!light_walls_) last_marked = first - 2;    // until an open cell is found
    for (i64 c = first; c <= last; c += 2, at += diagonal_step_) {
      const auto word = static_cast<std::size_t>(at) >> 6;
      const std::uint64_t bit = std::uint64_t{1} << (static_cast<std::uint64_t>(at) & 63U);
      const bool wall = (op_words_[word] & bit) != 0;
      if (light_walls_) {
        out_words_[word] |= bit;
      } else if (!wall) {
        out_words_[word] |= bit;
        if (last_marked < first_marked) first_marked = c;
        last_marked = c;
      }
      if (wall) {
        if (const int kept = part(v, bounded, lower, true, c - 1, low, high); kept != 0) {
          views_.push_back(v);
          narrow(views_.back(), s, kept, lower, c - 1);
        }
        bounded = true;
        lower = c + 1;
      }
    }
    if (first_marked <= last_marked) {
      // i = (n + c) / 2 grows with c and j = (n - c) / 2 shrinks.
      far_i_ = std::max(far_i_, (n + last_marked) / 2);
      far_j_ = std::max(far_j_, (n - first_marked) / 2);
    }
    if (!bounded && c_hi <= cmax) return k_kept;  // nothing cut v
    const int kept = part(v, bounded, lower, c_hi > cmax, cmax + 1, low, high);
    if (kept != 0) narrow(v, s, kept, lower, cmax + 1);
    return kept;
  }

  // The part of view v whose lines pass at level s within [lower, upper] (either bound may be
  // absent), `low` and `high` tracking v's lines at level s: 0 when it is empty, else k_kept
  // with k_cut_high and k_cut_low for the lines that change.
  static int part(const View& v, bool has_lower, i64 lower, bool has_upper, i64 upper,
                  const LineTrack& low, const LineTrack& high) {
    if (has_upper && (v.low.limit != 0 ? low.compare(upper) >= 0 : low.compare(upper) > 0))
      return 0;
    if (has_lower && (v.high.limit != 0 ? high.compare(lower) <= 0 : high.compare(lower) < 0))
      return 0;
    return k_kept | (has_upper && high.compare(upper) > 0 ? k_cut_high : 0) |
           (has_lower && low.compare(lower) < 0 ? k_cut_low : 0);
  }
  // Narrows w (v, or a copy of it) to that part, at level s + 1. In place, so the view is
  // never read back whole right after a few of its fields were written.
  void narrow(View& w, i64 s, int kept, i64 lower, i64 upper) {
    const int above = w.above, below = w.below;
    w.level = s + 1;
    if ((kept & k_cut_high) != 0) {
      w.high = shallowest_through(corner(s, upper), above);
      w.below = push_lower_hull(below, corner(s, upper));
    }
    if ((kept & k_cut_low) != 0) {
      w.low = steepest_through(corner(s, lower), below);
      w.above = push_upper_hull(above, corner(s, lower));
    }
  }

  // The line of greatest k through q that passes on or above every corner of the `above`
  // chain: tangent to their upper hull (the least slope from a hull corner to q).
  Line shallowest_through(Corner q, int chain) const {
    int best = chain;
    while (nodes_[static_cast<std::size_t>(best)].parent >= 0) {
      const Corner b = nodes_[static_cast<std::size_t>(best)].at;
      const int prev = nodes_[static_cast<std::size_t>(best)].parent;
      const Corner p = nodes_[static_cast<std::size_t>(prev)].at;
      if (i64{q.t - p.t} * (q.s - b.s) > i64{q.t - b.t} * (q.s - p.s)) break;
      best = prev;
    }
    const Corner b = nodes_[static_cast<std::size_t>(best)].at;
    if (q.t - b.t >= q.s - b.s) return {q, {}, 1};  // slope >= 1: the open limit
    return {b, q, 0};
  }

  // The line of least k through q that passes on or below every corner of the `below` chain.
  Line steepest_through(Corner q, int chain) const {
    int best = chain;
    while (nodes_[static_cast<std::size_t>(best)].parent >= 0) {
      const Corner b = nodes_[static_cast<std::size_t>(best)].at;
      const int prev = nodes_[static_cast<std::size_t>(best)].parent;
      const Corner p = nodes_[static_cast<std::size_t>(prev)].at;
      if (i64{q.t - p.t} * (q.s - b.s) < i64{q.t - b.t} * (q.s - p.s)) break;
      best = prev;
    }
    const Corner b = nodes_[static_cast<std::size_t>(best)].at;
    if (q.t - b.t <= -(q.s - b.s)) return {q, {}, -1};
    return {b, q, 0};
  }

  // Adds corner c (right of every corner in the chain) to an upper hull; returns the new top.
  int push_upper_hull(int top, Corner c) {
    while (nodes_[static_cast<std::size_t>(top)].parent >= 0) {
      const Corner p1 = nodes_[static_cast<std::size_t>(top)].at;
      const int below = nodes_[static_cast<std::size_t>(top)].parent;
      const Corner p0 = nodes_[static_cast<std::size_t>(below)].at;
      if (i64{p1.t - p0.t} * (c.s - p0.s) > i64{c.t - p0.t} * (p1.s - p0.s)) break;  // p1 above
      top = below;
    }
    nodes_.push_back({c, top});
    return static_cast<int>(nodes_.size()) - 1;
  }
  int push_lower_hull(int top, Corner c) {
    while (nodes_[static_cast<std::size_t>(top)].parent >= 0) {
      const Corner p1 = nodes_[static_cast<std::size_t>(top)].at;
      const int below = nodes_[static_cast<std::size_t>(top)].parent;
      const Corner p0 = nodes_[static_cast<std::size_t>(below)].at;
      if (i64{p1.t - p0.t} * (c.s - p0.s) < i64{c.t - p0.t} * (p1.s - p0.s)) break;  // p1 below
      top = below;
    }
    nodes_.push_back({c, top});
    return static_cast<int>(nodes_.size()) - 1;
  }

  // The grid line between rows 0 and 1 (or, when `vertical`, between columns 0 and 1), walked
  // from the origin's square outward: it touches cells on both sides and is blocked where both
  // are opaque.
  void walk_grid_line(bool vertical) {
    const int far = vertical ? q_.jmax : q_.imax;
    const int side = vertical ? q_.imax : q_.jmax;  // the second row (column) exists when >= 1
    // In range along the line (row 0) and beside it (row 1).
    const i64 near_to = clip_to_radius(far, 0), side_to = side >= 1 ? clip_to_radius(far, 1) : 0;
    // The cells' bits in the opacity and output words.
    const i64 along = vertical ? row_step_ : q_.sx;
    const i64 beside = vertical ? q_.sx : row_step_;
    const i64 reach = std::max(near_to, side_to);
    i64 near_far = 0, side_far = 0;  // the farthest k marked on each side
    i64 at = origin_bit_;
    for (i64 k = 1; k <= reach; ++k) {
      at += along;
      const bool near_in = k <= near_to, side_in = k <= side_to;
      const bool near_wall = !near_in || opaque_bit(at);
      const bool side_wall = !side_in || opaque_bit(at + beside);
      if (near_in && (light_walls_ || !near_wall)) {
        mark_bit(at);
        near_far = k;
      }
      if (side_in && (light_walls_ || !side_wall)) {
        mark_bit(at + beside);
        side_far = k;
      }
      if (near_wall && side_wall) break;
    }
    const i64 k = std::max(near_far, side_far);
    if (vertical) {
      far_j_ = std::max(far_j_, k);
      if (side_far > 0) far_i_ = std::max<i64>(far_i_, 1);
    } else {
      far_i_ = std::max(far_i_, k);
      if (side_far > 0) far_j_ = std::max<i64>(far_j_, 1);
    }
  }

  bool opaque_bit(i64 at) const {
    return ((op_words_[static_cast<std::size_t>(at) >> 6] >>
             (static_cast<std::uint64_t>(at) & 63U)) &
            1U) != 0;
  }
  void mark_bit(i64 at) {
    out_words_[static_cast<std::size_t>(at) >> 6] |= std::uint64_t{1}
                                                     << (static_cast<std::uint64_t>(at) & 63U);
  }

  const OpacityMap& map_;
  const Quadrant q_;
  const bool circle_;  // a circular radius clips the levels and rows
  const bool light_walls_;
  const std::uint64_t* const op_words_;
  std::uint64_t* const out_words_;
  const i64 row_bits_;       // bits per row, padding included
  const i64 origin_bit_;     // bit index of the origin
  const i64 row_step_;       // from (i, j) to (i, j + 1)
  const i64 diagonal_step_;  // from (i, j) to (i + 1, j - 1)
  const i64 max_level_;
  i64 far_i_ = 0, far_j_ = 0;  // the largest i and j marked (diagonals, grid lines)
  std::vector<Node>& nodes_;
  std::vector<View>& views_;
  // The radius's tables: levels n <= imax + jmax <= 2r and rows j <= jmax <= r are prepared.
  const i64* level_width_;
  const i64* row_width_;
  VisibleSet& out_;
};

class PermissiveFov final : public FovAlgorithm {
 public:
  const FovInfo& info() const override { return info_; }

 protected:
  void scan(const OpacityMap& map, Point origin, const FovOptions& options,
            VisibleSet& out) const override {
    thread_local Scratch scratch;
    const i64 r = options.radius;
    if (r > 0) {
      // Levels reach 2r + 1 and rows r inside the radius's square.
      scratch.level_width.prepare(2 * r * (r + 1), 2 * r + 3);
      scratch.row_width.prepare(r * (r + 1), r + 2);
    }
    out.mark(origin);
    const int reach = options.radius > 0 ? options.radius : std::numeric_limits<int>::max();
    for (int quadrant = 0; quadrant < 4; ++quadrant) {
      Quadrant q;
      q.ox = origin.x;
      q.oy = origin.y;
      q.sx = (quadrant & 1) != 0 ? -1 : 1;
      q.sy = (quadrant & 2) != 0 ? -1 : 1;
      const int to_x = q.sx > 0 ? map.width() - 1 - origin.x : origin.x;
      const int to_y = q.sy > 0 ? map.height() - 1 - origin.y : origin.y;
      q.imax = to_x < reach ? to_x : reach;
      q.jmax = to_y < reach ? to_y : reach;
      QuadrantScan(map, q, options, scratch, out).run();
    }
  }

 private:
  FovInfo info_{
      "permissive",
      "Precise permissive FOV: seen when any line from the origin's square reaches the cell's "
      "square between walls; symmetric",
      "RogueBasin dev FAQ, 'What is LoS, and why and how do you do it?' (Permissive Field of "
      "View: light from a volume source); Jonathon Duerig, 'Precise Permissive Field of View' "
      "(RogueBasin); thesis 5.4 (FOV range 9)",
      "A cell is seen when some segment from a point of the origin's square to a point of the "
      "cell's square avoids the inside of the walls: it may graze a wall's corner, run along a "
      "wall's side or slip through a diagonal gap, but never pass between two walls that share "
      "a side. The rule treats both ends alike, so the result is symmetric. It usually sees more "
      "than shadowcasting (around pillars, into the sides of corridors), not always: its walls "
      "are whole squares, while shadowcasting shades only their centre slopes. Computed exactly, "
      "quadrant by quadrant: in coordinates along and across the diagonals each cell becomes "
      "an interval, and each view (the lines still open) is bounded by a shallow and a steep "
      "line pivoting on wall corners, as in Duerig's algorithm; integer arithmetic only, views "
      "clipped to the radius, and no allocation once warm. Walls in view are marked with "
      "light_walls; the radius hides cells without changing what blocks.",
      true};
};

}  // namespace

std::unique_ptr<FovAlgorithm> make_permissive_fov() {
  return std::make_unique<PermissiveFov>();
}

}  // namespace yendor::fov
