#pragma once
// Euclidean chase (thesis 4.1 and 5.4): step along the straight line to the target, the
// vector (dx, dy) / distance rounded to one cell; when that cell cannot be entered, try the
// neighbours in the same general direction (the two 45° either side, the nearer to the target
// first), else stay. Constant time, no memory, and stuck behind the first concave wall:
// the baseline the thesis compares path-finding against.

#include <array>
#include <cstdint>
#include <optional>
#include <utility>

#include "yendor/core/geometry.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

// The thesis's rounding: (round(dx / d), round(dy / d)) with d the Euclidean distance, halves
// away from zero. {0, 0} when from == to. Computed exactly in integers: |dx| / d rounds to 1
// when 4 dx² >= dx² + dy², that is 3 dx² >= dy² (never an exact half for integer vectors).
constexpr Point euclid_direction(Point from, Point to) {
  const std::int64_t dx = std::int64_t{to.x} - from.x, dy = std::int64_t{to.y} - from.y;
  auto ax = static_cast<std::uint64_t>(dx < 0 ? -dx : dx);
  auto ay = static_cast<std::uint64_t>(dy < 0 ? -dy : dy);
  // 3 × (2^31)² fits in 64 bits; beyond that (points 2^31 apart) halve both, which keeps the
  // direction but for the last bit.
  while (ax > (std::uint64_t{1} << 31) || ay > (std::uint64_t{1} << 31))
    ax >>= 1, ay >>= 1;
  const auto unit = [](std::int64_t d, std::uint64_t a, std::uint64_t b) {
    if (d == 0 || 3 * a * a < b * b) return 0;
    return d > 0 ? 1 : -1;
  };
  return {unit(dx, ax, ay), unit(dy, ay, ax)};
}

namespace detail {
// The eight directions clockwise on screen (y grows downward), from north.
inline constexpr std::array<Point, 8> k_clockwise{dir::north,      dir::north_east, dir::east,
                                                  dir::south_east, dir::south,      dir::south_west,
                                                  dir::west,       dir::north_west};
constexpr std::size_t clockwise_index(Point d) {
  std::size_t i = 0;
  while (i < 7 && k_clockwise[i] != d)
    ++i;
  return i;
}
}  // namespace detail

// The cell to step to, or nullopt to stand still (at the target, or every candidate blocked).
// `can_enter(Point) -> bool` says whether a cell is free (passable and not occupied); the
// candidates are the direction, then its two 45° neighbours, the one leaving the smaller
// Euclidean distance first (ties: clockwise first).
template <typename CanEnter>
std::optional<Point> euclid_step(Point from, Point to, CanEnter&& can_enter) {
  const Point d = euclid_direction(from, to);
  if (d == Point{0, 0}) return std::nullopt;
  const std::size_t c = detail::clockwise_index(d);
  Point clockwise = from + detail::k_clockwise[(c + 1) & 7];
  Point counter = from + detail::k_clockwise[(c + 7) & 7];
  if (distance_squared(counter, to) < distance_squared(clockwise, to))
    std::swap(clockwise, counter);
  for (const Point p : {from + d, clockwise, counter})
    if (can_enter(p)) return p;
  return std::nullopt;
}

// The same on a CostMap under a Movement's connectivity and corner rules: a candidate is
// free when the step to it is allowed (StepTable::step_cost is nonzero), so blocking a cell
// (an occupant) means giving it cost 0. InputError when a point is outside the map or the
// movement is invalid.
std::optional<Point> euclid_step(const CostMap& map, Point from, Point to,
                                 const Movement& movement);

}  // namespace yendor::path
