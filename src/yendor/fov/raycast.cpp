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

struct Scratch {
  std::vector<RayRange> rays, next;
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
      scratch.radius = options.radius;
      scratch.shape = options.shape;
      scratch.reach = reach;
    }
    for (int octant = 0; octant < 8; ++octant)
      OctantCaster(map, origin, options, out, reach, scratch.in_range_to, octant).run(scratch);
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
      "missed. The rays of an octant are walked together as ranges, row by row, reading and "
      "marking 64 cells at a time, so the cost is what is seen. Not symmetric: cells behind "
      "pillars and at the ends of long slanted views come and go as the viewer moves.",
      false};
};

}  // namespace

std::unique_ptr<FovAlgorithm> make_raycast_fov() {
  return std::make_unique<RaycastFov>();
}

}  // namespace yendor::fov
