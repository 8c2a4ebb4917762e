// `raycast`: the FAQ's ray casting. A Bresenham ray goes from the origin to every cell on the
// border of the square of side 2R + 1 around it, R being the radius, or the distance to the
// farthest map edge when that is smaller or the radius unlimited (that square holds the whole
// map, so a larger one would only add rays leaving it). A ray marks the cells it crosses and
// stops at the first opaque one (marked with light_walls), where it leaves the radius or where
// it leaves the map. Rays alone miss walls no ray happens to hit (the side wall of a corridor
// seen at a slant), so a post-pass marks, with light_walls, every opaque cell in range with a
// seen transparent neighbour on the origin's side (no farther from the origin along either
// axis).
//
// The ray to offset (dx, dy), with D = max(|dx|, |dy|) = R, crosses at step k = 1..R the cell
// whose major coordinate is k and whose minor coordinate is k·|d_minor| / R rounded to the
// nearest integer, halves away from the axis: floor((2k·|d_minor| + R) / 2R).
//
// The 2R + 1 rays of an octant (minor offsets c = 0..R of their targets) are walked together,
// step by step, as intervals of c still alive: at step k the rays of an interval cover a run of
// consecutive cells of one map row or column, read 64 cells at a time; each run of transparent
// cells is marked as one span and keeps the rays that cross it, each opaque run ends its rays.
// So the cost is what is seen, not the number of rays. Simple, fast and not symmetric: cells
// behind pillars come and go as the viewer moves.
//
// Up to a reach of 62 (the radii games use), the rays of an octant fit one 64-bit word and a
// row's cells (minor offsets 0..63) another, and each step is a few word operations instead of
// a walk over runs: the cells the live rays reach, the rays that die on walls or leave the
// range, the marks and the wall post-pass are masks. The per-run walk above branches on every
// run of walls and floor, and on cave maps mispredicted branches were most of its time.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

#include "yendor/core/integer_sqrt.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::fov {
namespace {

using i64 = std::int64_t;

// Rays c_lo..c_hi (target minor offsets) of one octant, all still alive.
struct RayRange {
  i64 lo = 0;
  i64 hi = 0;
};

// The largest reach whose rays (0..R) and cells (minor offsets up to R + 1, the post-pass's
// farthest) fit a 64-bit word.
constexpr i64 k_word_reach = 62;

// For one reach R <= k_word_reach, per step k = 1..R and minor offset m = 0..R: the rays whose
// cell at step k is m, and the rays whose cell is at most m; per step and ray, its cell.
class RayMasks {
 public:
  void fill(i64 reach);
  std::uint64_t rays_at(i64 k, i64 m) const { return at_[index(k, m)]; }
  std::uint64_t rays_up_to(i64 k, i64 m) const { return up_to_[index(k, m)]; }
  i64 minor_at(i64 k, i64 c) const { return minor_[index(k, c)]; }

 private:
  std::size_t index(i64 k, i64 v) const { return static_cast<std::size_t>(k * side_ + v); }
  i64 side_ = 0;
  std::vector<std::uint64_t> at_, up_to_;
  std::vector<std::uint8_t> minor_;
};

struct Scratch {
  std::vector<RayRange> rays, next;
  RayMasks masks;  // filled when reach <= k_word_reach
  // Per step k = 0..reach + 1: the largest minor offset in range (before the map's edge).
  std::vector<int> in_range_to;
  // What in_range_to was filled for: a game computing views of one radius fills it once.
  int radius = -1;
  Shape shape = Shape::circle;
  i64 reach = -1;
};

// With a reach up to this, every term of the ray arithmetic below is under 2^31, and 32-bit
// division is several times faster than 64-bit division.
constexpr i64 k_small_reach = i64{1} << 14;

// a / b for a >= 0, b > 0.
i64 divide(i64 a, i64 b, bool small) {
  if (small) return static_cast<std::uint32_t>(a) / static_cast<std::uint32_t>(b);
  return a / b;
}
i64 ceil_div(i64 a, i64 b, bool small) {  // b > 0
  return a >= 0 ? divide(a + b - 1, b, small) : -divide(-a, b, small);
}

// Bit i to bit 63 - i.
std::uint64_t reverse_bits(std::uint64_t v) {
  v = ((v >> 1) & 0x5555555555555555ULL) | ((v & 0x5555555555555555ULL) << 1);
  v = ((v >> 2) & 0x3333333333333333ULL) | ((v & 0x3333333333333333ULL) << 2);
  v = ((v >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((v & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return __builtin_bswap64(v);
}

void RayMasks::fill(i64 reach) {
  side_ = reach + 1;
  at_.assign(static_cast<std::size_t>(side_ * side_), 0);
  up_to_.assign(at_.size(), 0);
  minor_.assign(at_.size(), 0);
  for (i64 k = 1; k <= reach; ++k)
    for (i64 c = 0; c <= reach; ++c) {
      const i64 m = divide(2 * k * c + reach, 2 * reach, true);  // as OctantCaster::minor_at
      minor_[index(k, c)] = static_cast<std::uint8_t>(m);
      at_[index(k, m)] |= std::uint64_t{1} << c;
    }
  for (i64 k = 1; k <= reach; ++k) {
    std::uint64_t below = 0;
    for (i64 m = 0; m <= reach; ++m) {
      below |= at_[index(k, m)];
      up_to_[index(k, m)] = below;
    }
  }
}

// Bits 0..last of a word (none when last < 0, all when last >= 63).
std::uint64_t low_bits(i64 last) {
  if (last < 0) return 0;
  if (last >= 63) return ~std::uint64_t{0};
  return (std::uint64_t{2} << last) - 1;
}

// The bits of a row (or column) of `words` (`count` words, bits past them 0) at positions
// p + sign·m for m = 0..63, as bit m; positions before the start read as 0.
std::uint64_t read_outward(const std::uint64_t* words, std::size_t count, int p, int sign) {
  const auto word_at = [&](i64 w) {
    return w >= 0 && static_cast<std::size_t>(w) < count ? words[w] : 0;
  };
  if (sign > 0) {
    const i64 w = p >> 6;
    const unsigned shift = static_cast<unsigned>(p) & 63U;
    const std::uint64_t low = word_at(w) >> shift;
    return shift == 0 ? low : low | word_at(w + 1) << (64U - shift);
  }
  // Positions p - 63 .. p, then reversed so that position p is bit 0.
  const i64 start = i64{p} - 63;
  const i64 w = start >= 0 ? start >> 6 : -1;
  const unsigned shift = static_cast<unsigned>(start) & 63U;
  std::uint64_t window = 0;
  if (start >= 0) {
    window = word_at(w) >> shift;
    if (shift != 0) window |= word_at(w + 1) << (64U - shift);
  } else {
    window = word_at(0) << static_cast<unsigned>(-start);  // bits before the start stay 0
  }
  return reverse_bits(window);
}

// ORs bit m of `bits` into position p + sign·m of the row (or column) `words` (every set bit
// lands inside it).
void write_outward(std::uint64_t* words, int p, int sign, std::uint64_t bits) {
  if (bits == 0) return;
  if (sign < 0) {
    // Bit m goes to p - m: reversed, bit 63 - m goes to p - m, so the word is placed with
    // position p at bit 63.
    bits = reverse_bits(bits);
    const i64 start = i64{p} - 63;
    if (start >= 0) {
      const unsigned shift = static_cast<unsigned>(start) & 63U;
      words[start >> 6] |= bits << shift;
      if (shift != 0) words[(start >> 6) + 1] |= bits >> (64U - shift);
    } else {
      words[0] |= bits >> static_cast<unsigned>(-start);
    }
    return;
  }
  const unsigned shift = static_cast<unsigned>(p) & 63U;
  words[p >> 6] |= bits << shift;
  if (shift != 0) {
    const std::uint64_t high = bits >> (64U - shift);
    if (high != 0) words[(p >> 6) + 1] |= high;
  }
}

// The largest minor offset in range at each step 0..reach + 1 (-1: none), shared by the
// octants: the same for all of them before each is clipped to the map.
void fill_in_range(const FovOptions& options, i64 reach, std::vector<int>& out) {
  out.resize(static_cast<std::size_t>(reach) + 2);
  for (i64 k = 0; k <= reach + 1; ++k) {
    int last = std::numeric_limits<int>::max();
    if (options.radius > 0 && options.shape == Shape::square) last = options.radius;
    if (options.radius > 0 && options.shape == Shape::circle) {
      const i64 room = i64{options.radius} * (options.radius + 1) - k * k;
      last = room < 0 ? -1 : static_cast<int>(integer_sqrt(room));
    }
    out[static_cast<std::size_t>(k)] = last;
  }
}

// Index of the first bit in [from, last] of `words` that equals `value`; last + 1 when none.
template <bool Value>
int next_bit(const std::uint64_t* words, int from, int last) {
  auto i = static_cast<std::size_t>(from) >> 6;
  std::uint64_t w = Value ? words[i] : ~words[i];
  w &= ~std::uint64_t{0} << (static_cast<unsigned>(from) & 63U);
  while (w == 0) {
    ++i;
    if (static_cast<i64>(i) * 64 > last) return last + 1;
    w = Value ? words[i] : ~words[i];
  }
  const int at = static_cast<int>(i * 64) + std::countr_zero(w);
  return at <= last ? at : last + 1;
}

// One octant: rows at major distance k from the origin, cells at minor offset m along them.
class OctantCaster {
 public:
  OctantCaster(const OpacityMap& map, Point origin, const FovOptions& options, VisibleSet& out,
               i64 reach, const std::vector<int>& in_range_to, int octant)
      : map_(map),
        options_(options),
        out_(out),
        reach_(reach),
        small_(reach <= k_small_reach),
        in_range_to_(in_range_to) {
    major_is_y_ = octant < 4;
    major_sign_ = (octant & 1) != 0 ? -1 : 1;
    minor_sign_ = (octant & 2) != 0 ? -1 : 1;
    const int major_extent = major_is_y_ ? map.height() : map.width();
    const int minor_extent = major_is_y_ ? map.width() : map.height();
    origin_major_ = major_is_y_ ? origin.y : origin.x;
    origin_minor_ = major_is_y_ ? origin.x : origin.y;
    major_limit_ = major_sign_ > 0 ? major_extent - 1 - origin_major_ : origin_major_;
    minor_limit_ = minor_sign_ > 0 ? minor_extent - 1 - origin_minor_ : origin_minor_;
    if (major_limit_ > reach_) major_limit_ = static_cast<int>(reach_);
  }

  // The octant with its rays in one word (reach <= k_word_reach): per step, the cells the live
  // rays reach, the marks, the post-pass and the rays left, as masks.
  void run_words(const RayMasks& masks) {
    const std::uint64_t* (OpacityMap::*line)(int) const =
        major_is_y_ ? &OpacityMap::row : &OpacityMap::column;
    const std::size_t words = major_is_y_ ? map_.words_per_row() : map_.words_per_column();
    const auto opacity = [&](int k) {
      return read_outward((map_.*line)(origin_major_ + major_sign_ * k), words, origin_minor_,
                          minor_sign_);
    };
    const auto mark = [&](int k, std::uint64_t bits) {
      const int major = origin_major_ + major_sign_ * k;
      write_outward(major_is_y_ ? out_.row(major) : out_.column(major), origin_minor_, minor_sign_,
                    bits);
    };
    std::uint64_t alive = low_bits(reach_);  // rays 0..R
    std::uint64_t marked_minors = 0;         // every minor offset marked, for the box
    int first_marked_k = 0, last_marked_k = 0;
    std::uint64_t walls = major_limit_ >= 1 ? opacity(1) : 0;
    for (int k = 1; k <= major_limit_ && alive != 0; ++k) {
      const i64 last = last_minor_in_range(k);
      if (last < 0) break;  // no cell of this row in range: every ray leaves it
      const std::uint64_t in_range = low_bits(std::min(last, reach_ + 1));
      // Live rays that stay in range; their cells run from m_lo to m_hi.
      alive &= masks.rays_up_to(k, std::min(last, reach_));
      if (alive == 0) break;
      const i64 m_lo = masks.minor_at(k, std::countr_zero(alive));
      const i64 m_hi = masks.minor_at(k, 63 - std::countl_zero(alive));
      std::uint64_t reached = 0, dying = 0;
      for (i64 m = m_lo; m <= m_hi; ++m) {
        const std::uint64_t rays = masks.rays_at(k, m);
        reached |= static_cast<std::uint64_t>((alive & rays) != 0) << m;
        dying |= rays & (std::uint64_t{0} - ((walls >> m) & 1U));
      }
      const std::uint64_t seen_floor = reached & ~walls;
      std::uint64_t here = options_.light_walls ? reached : seen_floor;
      std::uint64_t beyond = 0;
      const std::uint64_t next_walls = k + 1 <= major_limit_ ? opacity(k + 1) : 0;
      if (options_.light_walls) {
        // The post-pass: walls right after a seen floor cell in this row, and walls next to or
        // diagonally past one in the next row.
        here |= (seen_floor << 1) & walls & in_range;
        if (k + 1 <= major_limit_) {
          const i64 next_last = last_minor_in_range(k + 1);
          beyond = (seen_floor | seen_floor << 1) & next_walls &
                   low_bits(std::min(next_last, reach_ + 1));
        }
      }
      if (here != 0) {
        mark(k, here);
        marked_minors |= here;
        if (first_marked_k == 0) first_marked_k = k;
        last_marked_k = k;
      }
      if (beyond != 0) {
        mark(k + 1, beyond);
        marked_minors |= beyond;
        if (first_marked_k == 0) first_marked_k = k + 1;
        last_marked_k = k + 1;
      }
      alive &= ~dying;
      walls = next_walls;
    }
    if (marked_minors == 0) return;
    // The marks lie in rows first_marked_k..last_marked_k, at the minor offsets marked.
    const int m0 = std::countr_zero(marked_minors), m1 = 63 - std::countl_zero(marked_minors);
    const int a = to_map_minor(minor_sign_ > 0 ? m0 : m1),
              b = to_map_minor(minor_sign_ > 0 ? m1 : m0);
    const int j0 = origin_major_ + major_sign_ * first_marked_k;
    const int j1 = origin_major_ + major_sign_ * last_marked_k;
    const int lo = j0 < j1 ? j0 : j1, hi = j0 < j1 ? j1 : j0;
    if (major_is_y_)
      out_.grow_box(a, b, lo, hi);
    else
      out_.grow_box(lo, hi, a, b);
  }

  void run(Scratch& scratch) {
    std::vector<RayRange>& rays = scratch.rays;
    std::vector<RayRange>& next = scratch.next;
    rays.assign(1, {0, reach_});
    for (int k = 1; k <= major_limit_ && !rays.empty(); ++k) {
      next.clear();
      const int last_in_range = last_minor_in_range(k);
      for (const RayRange& r : rays)
        step(k, r, last_in_range, next);
      rays.swap(next);
    }
  }

 private:
  // Minor offset of ray c at step k.
  i64 minor_at(i64 k, i64 c) const { return divide(2 * k * c + reach_, 2 * reach_, small_); }
  // First and last ray whose cell at step k has minor offset m.
  i64 first_ray(i64 k, i64 m) const { return ceil_div(2 * reach_ * m - reach_, 2 * k, small_); }
  i64 last_ray(i64 k, i64 m) const { return ceil_div(2 * reach_ * m + reach_, 2 * k, small_) - 1; }

  // Largest minor offset of row k that is in the map and in range (-1: none).
  int last_minor_in_range(int k) const {
    const int in_range = in_range_to_[static_cast<std::size_t>(k)];
    return in_range < minor_limit_ ? in_range : minor_limit_;
  }

  int to_map_minor(i64 m) const { return origin_minor_ + minor_sign_ * static_cast<int>(m); }
  const std::uint64_t* opacity_row(int k) const {
    const int major = origin_major_ + major_sign_ * k;
    return major_is_y_ ? map_.row(major) : map_.column(major);
  }

  // Marks minor offsets m0..m1 of row k.
  void mark(int k, i64 m0, i64 m1) {
    if (m1 < m0) return;
    const int major = origin_major_ + major_sign_ * k;
    const int a = to_map_minor(minor_sign_ > 0 ? m0 : m1);
    const int b = to_map_minor(minor_sign_ > 0 ? m1 : m0);
    if (major_is_y_)
      out_.mark_row_span(major, a, b);
    else
      out_.mark_column_span(major, a, b);
  }

  // Calls f(first, last, opaque) for the runs of equal opacity among minor offsets m0..m1 of
  // row k, in map order.
  template <typename F>
  void runs(int k, i64 m0, i64 m1, F&& f) const {
    const std::uint64_t* bits = opacity_row(k);
    const int p0 = to_map_minor(minor_sign_ > 0 ? m0 : m1);
    const int p1 = to_map_minor(minor_sign_ > 0 ? m1 : m0);
    for (int p = p0; p <= p1;) {
      const bool opaque = ((bits[static_cast<std::size_t>(p) >> 6] >> (p & 63)) & 1U) != 0;
      const int e = (opaque ? next_bit<false>(bits, p, p1) : next_bit<true>(bits, p, p1)) - 1;
      const i64 a = minor_sign_ > 0 ? p - origin_minor_ : origin_minor_ - e;
      const i64 b = minor_sign_ > 0 ? e - origin_minor_ : origin_minor_ - p;
      f(a, b, opaque);
      p = e + 1;
    }
  }

  void step(int k, const RayRange& r, int last_in_range, std::vector<RayRange>& next) {
    const i64 m_lo = minor_at(k, r.lo);
    i64 m_hi = minor_at(k, r.hi);
    if (m_hi > last_in_range) m_hi = last_in_range;  // rays beyond leave the map or the range
    if (m_lo > m_hi) return;
    runs(k, m_lo, m_hi, [&](i64 a, i64 b, bool opaque) {
      if (opaque) {
        if (options_.light_walls) mark(k, a, b);
        return;
      }
      mark(k, a, b);
      if (options_.light_walls) light_walls_beyond(k, a, b, last_in_range);
      const i64 lo = a == m_lo ? r.lo : first_ray(k, a);
      const i64 hi =
          b == m_hi ? (m_hi == minor_at(k, r.hi) ? r.hi : last_ray(k, b)) : last_ray(k, b);
      // Runs come in map order, so rays in c order or reversed: join neighbours either way.
      if (!next.empty() && next.back().hi + 1 == lo)
        next.back().hi = hi;
      else if (!next.empty() && hi + 1 == next.back().lo)
        next.back().lo = lo;
      else
        next.push_back({lo, hi});
    });
  }

  // The post-pass for seen transparent cells a..b of row k: their neighbours away from the
  // origin are the cells a..b+1 of row k+1 and cell b+1 of row k; the opaque ones in range are
  // marked.
  void light_walls_beyond(int k, i64 a, i64 b, int last_in_range) {
    if (b + 1 <= last_in_range && is_opaque(k, b + 1)) mark(k, b + 1, b + 1);
    if (k + 1 > major_limit_) return;
    const int next_last = last_minor_in_range(k + 1);
    const i64 hi = b + 1 < next_last ? b + 1 : next_last;
    if (a > hi) return;
    runs(k + 1, a, hi, [&](i64 ra, i64 rb, bool opaque) {
      if (opaque) mark(k + 1, ra, rb);
    });
  }

  bool is_opaque(int k, i64 m) const {
    const int p = to_map_minor(m);
    return ((opacity_row(k)[static_cast<std::size_t>(p) >> 6] >> (p & 63)) & 1U) != 0;
  }

  const OpacityMap& map_;
  const FovOptions& options_;
  VisibleSet& out_;
  i64 reach_;
  bool small_;
  const std::vector<int>& in_range_to_;
  bool major_is_y_ = true;
  int major_sign_ = 1, minor_sign_ = 1;
  int origin_major_ = 0, origin_minor_ = 0;
  int major_limit_ = 0;  // last row in the map and within the square
  int minor_limit_ = 0;  // last minor offset in the map
};

class RaycastFov final : public FovAlgorithm {
 public:
  const FovInfo& info() const override { return info_; }

 protected:
  void scan(const OpacityMap& map, Point origin, const FovOptions& options,
            VisibleSet& out) const override {
    out.mark(origin);
    // The square reaching the farthest map edge holds the whole map: a larger radius (or none)
    // gives the same rays.
    const int right = map.width() - 1 - origin.x, down = map.height() - 1 - origin.y;
    i64 reach = std::max({origin.x, origin.y, right, down});
    if (options.radius > 0 && options.radius < reach) reach = options.radius;
    if (reach == 0) return;  // a 1x1 map
    thread_local Scratch scratch;
    if (scratch.radius != options.radius || scratch.shape != options.shape ||
        scratch.reach != reach) {
      fill_in_range(options, reach, scratch.in_range_to);
      if (reach <= k_word_reach) scratch.masks.fill(reach);
      scratch.radius = options.radius;
      scratch.shape = options.shape;
      scratch.reach = reach;
    }
    for (int octant = 0; octant < 8; ++octant) {
      OctantCaster caster(map, origin, options, out, reach, scratch.in_range_to, octant);
      if (reach <= k_word_reach)
        caster.run_words(scratch.masks);
      else
        caster.run(scratch);
    }
  }

 private:
  FovInfo info_{
      "raycast",
      "Bresenham rays to every cell of the range's border, stopping at walls, plus wall "
      "post-processing: simple, not symmetric",
      "RogueBasin dev FAQ, 'What is LoS, and why and how do you do it?' (ray casting: a simple "
      "LoS algorithm such as Bresenham's line, used to calculate FoV); thesis 5.4 (FOV range 9)",
      "Casts a Bresenham ray from the origin to each cell on the border of the square of the "
      "radius (or of the square reaching the farthest map edge, when that is smaller or the "
      "radius is unlimited). A ray marks "
      "the cells it crosses and stops at the first wall, which it marks with light_walls, or "
      "where it leaves the radius or the map. A post-pass then marks each wall in range that "
      "has a seen floor neighbour on the origin's side, so the walls of a lit room are never "
      "missed. Up to a radius of 62 an octant's rays are the bits of one 64-bit word and each "
      "step is a few word operations; beyond, the rays are walked together as ranges, row by "
      "row, reading and marking 64 cells at a time, so the cost is what is seen. Not "
      "symmetric: cells behind "
      "pillars and at the ends of long slanted views come and go as the viewer moves.",
      false};
};

}  // namespace

std::unique_ptr<FovAlgorithm> make_raycast_fov() {
  return std::make_unique<RaycastFov>();
}

}  // namespace yendor::fov
