// `recursive`: Björn Bergström's recursive shadowcasting, run with an explicit stack.
//
// Each of the 8 octants is scanned row by row outward from the origin. A row at depth d holds
// the cells (d, c), 0 <= c <= d, in octant coordinates (d along the octant's major axis, c
// along its minor one); cell (d, c) spans the slopes c/d from (c - 1/2)/(d + 1/2) to
// (c + 1/2)/(d - 1/2), measured from the origin's centre. A view is an open interval of slopes
// (lo, hi), at first (0, 1). Every cell of a row whose slope span meets the view is seen (so a
// cell partly in view is seen: the algorithm is generous and not symmetric); each run of
// transparent cells of the row passes on a narrower view to the next row, bounded by the
// opaque cells on either side of it. Bergström recurses into the next row at each run; here
// the pending rows wait on a stack, so a 10000x10000 map costs no call depth.
//
// The definition this computes exactly (tests/fov/recursive_shadowcast_test.cpp checks it
// against a per-cell oracle): in each octant, a slope s in (0, 1) is open at depth d when no
// opaque cell at a smaller depth has s in its closed slope span; a cell is seen when some open
// slope lies strictly inside its span. A radius only hides cells: blocking ignores it, so the
// result is the unlimited field of view intersected with in_range().
//
// Rows are the map's rows or columns (octants with a vertical major axis read the transposed
// copy), so the runs of a row are found 64 cells per load, and every in-view run is marked as
// one span.

#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

#include "yendor/core/integer_sqrt.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::fov {
namespace {

// A slope num/den with den > 0; all slopes here lie in [0, 1] and have terms at most 2d + 1.
struct Slope {
  std::int32_t num = 0;
  std::int32_t den = 1;
};
constexpr bool less(Slope a, Slope b) {
  return std::int64_t{a.num} * b.den < std::int64_t{b.num} * a.den;
}

// One row of work: the cells at `depth` seen through the open view (lo, hi).
struct Frame {
  int depth = 0;
  Slope lo, hi;
};

// p / c for c > 0: a 32-bit division whenever p fits 32 bits (rows up to depth 32767), which
// is several times faster than a 64-bit one.
std::uint64_t divide(std::uint64_t p, std::uint64_t c) {
  if (p <= 0xffffffffU && c <= 0xffffffffU)
    return static_cast<std::uint32_t>(p) / static_cast<std::uint32_t>(c);
  return p / c;
}

// Index of the first bit in [from, last] of `words` that equals `value`; last + 1 when none.
template <bool Value>
int next_bit(const std::uint64_t* words, int from, int last) {
  auto i = static_cast<std::size_t>(from) >> 6;
  std::uint64_t w = Value ? words[i] : ~words[i];
  w &= ~std::uint64_t{0} << (static_cast<unsigned>(from) & 63U);
  while (w == 0) {
    ++i;
    if (static_cast<std::int64_t>(i) * 64 > last) return last + 1;
    w = Value ? words[i] : ~words[i];
  }
  const int at = static_cast<int>(i * 64) + std::countr_zero(w);
  return at <= last ? at : last + 1;
}

// The circle's half-width at each depth, isqrt(r(r + 1) - d²), filled up to the deepest row
// reached in the current call (shared by its 8 octants).
class CircleEdges {
 public:
  void start(std::int64_t radius) {
    r_ = radius;
    filled_ = -1;
  }
  int at(int depth) {
    if (static_cast<std::size_t>(depth) >= edges_.size())
      edges_.resize(static_cast<std::size_t>(depth) + 1);
    while (filled_ < depth) {
      ++filled_;
      edges_[static_cast<std::size_t>(filled_)] =
          static_cast<int>(integer_sqrt(r_ * (r_ + 1) - std::int64_t{filled_} * filled_));
    }
    return edges_[static_cast<std::size_t>(depth)];
  }

 private:
  std::int64_t r_ = 0;
  int filled_ = -1;
  std::vector<int> edges_;
};

// One octant: the origin, the octant's axes in map terms and its clipping limits.
struct Octant {
  bool major_is_y = true;  // rows of the octant are map rows (else map columns)
  int major_sign = 1;
  int minor_sign = 1;
  int origin_major = 0;  // the origin's coordinate along the major axis
  int origin_minor = 0;
  int max_depth = 0;    // deepest row inside the map and the radius
  int minor_limit = 0;  // largest c inside the map
};

class RecursiveShadowcast final : public FovAlgorithm {
 public:
  const FovInfo& info() const override { return info_; }

 protected:
  void scan(const OpacityMap& map, Point origin, const FovOptions& options,
            VisibleSet& out) const override {
    out.mark(origin);
    thread_local CircleEdges edges;
    edges.start(options.radius);
    const int radius = options.radius > 0 ? options.radius : std::numeric_limits<int>::max();
    for (int octant = 0; octant < 8; ++octant) {
      Octant o;
      o.major_is_y = octant < 4;
      o.major_sign = (octant & 1) != 0 ? -1 : 1;
      o.minor_sign = (octant & 2) != 0 ? -1 : 1;
      const int w = map.width(), h = map.height();
      const int major_extent = o.major_is_y ? h : w, minor_extent = o.major_is_y ? w : h;
      o.origin_major = o.major_is_y ? origin.y : origin.x;
      o.origin_minor = o.major_is_y ? origin.x : origin.y;
      const int to_edge = o.major_sign > 0 ? major_extent - 1 - o.origin_major : o.origin_major;
      o.max_depth = to_edge < radius ? to_edge : radius;
      o.minor_limit = o.minor_sign > 0 ? minor_extent - 1 - o.origin_minor : o.origin_minor;
      scan_octant(map, o, options, edges, out);
    }
  }

 private:
  static void scan_octant(const OpacityMap& map, const Octant& o, const FovOptions& options,
                          CircleEdges& edges, VisibleSet& out) {
    if (o.max_depth < 1) return;
    thread_local std::vector<Frame> stack;
    stack.clear();
    stack.push_back({1, {0, 1}, {1, 1}});
    const bool circle = options.radius > 0 && options.shape == Shape::circle;
    while (!stack.empty()) {
      const Frame f = stack.back();
      stack.pop_back();
      const int d = f.depth;
      // The cells whose open slope span meets (lo, hi): (2c + 1) / (2d - 1) > lo and
      // (2c - 1) / (2d + 1) < hi.
      int c_min = 0, c_max = d;  // the whole row when the view is the whole octant
      if (f.lo.num != 0) {
        const auto num =
            static_cast<std::uint64_t>(f.lo.num) * static_cast<std::uint64_t>(2 * d - 1);
        c_min = static_cast<int>((divide(num, static_cast<std::uint64_t>(f.lo.den)) + 1) / 2);
      }
      if (f.hi.num != f.hi.den) {
        const auto den = static_cast<std::uint64_t>(f.hi.den);
        const auto num =
            static_cast<std::uint64_t>(f.hi.num) * static_cast<std::uint64_t>(2 * d + 1);
        c_max = static_cast<int>(divide(num + den - 1, den) / 2);
      }
      if (c_max > d) c_max = d;
      if (c_max > o.minor_limit) c_max = o.minor_limit;
      if (c_min > c_max) continue;
      // Cells beyond c_seen are out of range (a circle's edge); they still cast shadows.
      int c_seen = c_max;
      if (circle) {
        const int edge = edges.at(d);
        if (edge < c_seen) c_seen = edge;
      }
      const int major = o.origin_major + o.major_sign * f.depth;
      if (options.light_walls) mark(out, o, major, c_min, c_seen);

      // Runs along the map's row (or column) in map order; c runs backwards when minor_sign < 0.
      const std::uint64_t* bits = o.major_is_y ? map.row(major) : map.column(major);
      const int m0 = o.minor_sign > 0 ? o.origin_minor + c_min : o.origin_minor - c_max;
      const int m1 = o.minor_sign > 0 ? o.origin_minor + c_max : o.origin_minor - c_min;
      const bool deeper = f.depth < o.max_depth;
      for (int p = m0; p <= m1;) {
        const bool opaque = ((bits[static_cast<std::size_t>(p) >> 6] >> (p & 63)) & 1U) != 0;
        const int e = (opaque ? next_bit<false>(bits, p, m1) : next_bit<true>(bits, p, m1)) - 1;
        if (!opaque) {
          const int cs = o.minor_sign > 0 ? p - o.origin_minor : o.origin_minor - e;
          const int ce = o.minor_sign > 0 ? e - o.origin_minor : o.origin_minor - p;
          if (!options.light_walls) mark(out, o, major, cs, ce < c_seen ? ce : c_seen);
          if (deeper) {
            // The run's view: bounded by the opaque cell before it (its high slope) and the
            // one after it (its low slope), or by the parent view where the run reaches it.
            const Slope lo = cs == c_min ? f.lo : Slope{2 * cs - 1, 2 * d - 1};
            const Slope hi = ce == c_max ? f.hi : Slope{2 * ce + 1, 2 * d + 1};
            if (less(lo, hi)) stack.push_back({f.depth + 1, lo, hi});
          }
        }
        p = e + 1;
      }
    }
  }

  // Marks cells c0..c1 of the row at `major` (nothing when c1 < c0).
  static void mark(VisibleSet& out, const Octant& o, int major, int c0, int c1) {
    if (c1 < c0) return;
    const int m0 = o.minor_sign > 0 ? o.origin_minor + c0 : o.origin_minor - c1;
    const int m1 = o.minor_sign > 0 ? o.origin_minor + c1 : o.origin_minor - c0;
    if (o.major_is_y)
      out.mark_row_span(major, m0, m1);
    else
      out.mark_column_span(major, m0, m1);
  }

  FovInfo info_{
      "recursive",
      "Bergström's recursive shadowcasting over 8 octants (explicit stack): fast, generous, "
      "not symmetric",
      "RogueBasin dev FAQ, 'What is LoS, and why and how do you do it?' (shadow casting); "
      "Björn Bergström, 'FOV using recursive shadowcasting' (RogueBasin); thesis 5.4 (FOV "
      "range 9)",
      "Scans each octant row by row outward, keeping the open intervals of slopes not yet "
      "shadowed. A cell is seen when any part of its slope span is still open, so cells at the "
      "edge of a shadow show and the result is not symmetric (a sees b does not imply b sees "
      "a). Transparent runs of a row hand a narrower view to the next row; pending rows wait on "
      "an explicit stack instead of recursion, and rows are read 64 cells at a time from the "
      "row-major or transposed opacity bits and marked as spans, so the cost is what is seen. "
      "Walls in view are marked with light_walls; the radius hides cells without changing "
      "shadows.",
      false};
};

}  // namespace

std::unique_ptr<FovAlgorithm> make_recursive_fov() {
  return std::make_unique<RecursiveShadowcast>();
}

}  // namespace yendor::fov
