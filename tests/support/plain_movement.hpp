#pragma once
// The movement rule of path/movement.hpp written out plainly, without StepTable or padded
// indices: the reference the path-finding tests compare against.

#include <array>
#include <cstdint>

#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::test {

// The cost of the step a -> a + d (d one of the 8 directions), 0 when it is not allowed: the
// target impassable, a diagonal under 4-connectivity, or a corner rule forbidding it.
inline path::Distance plain_step(const path::CostMap& map, Point a, Point d,
                                 const path::Movement& m) {
  using path::Connectivity, path::CornerCutting;
  const Point b = a + d;
  if (!map.passable(b)) return 0;
  const bool diagonal = d.x != 0 && d.y != 0;
  if (diagonal) {
    if (m.connectivity == Connectivity::four) return 0;
    const bool side_x = map.passable({a.x + d.x, a.y}), side_y = map.passable({a.x, a.y + d.y});
    if (m.corners == CornerCutting::one_side && !side_x && !side_y) return 0;
    if (m.corners == CornerCutting::never && !(side_x && side_y)) return 0;
  }
  return path::Distance{map.cost(b)} * (diagonal ? m.diagonal_weight : m.cardinal_weight);
}

// Every corner rule and connectivity, for tests that run over all of them.
inline constexpr std::array<path::Connectivity, 2> k_connectivities{path::Connectivity::four,
                                                                    path::Connectivity::eight};
inline constexpr std::array<path::CornerCutting, 3> k_corner_rules{
    path::CornerCutting::allowed, path::CornerCutting::one_side, path::CornerCutting::never};

// plain_step as a 64-bit cost, for the tests that add up long walks.
inline std::int64_t plain_step_cost(const path::CostMap& map, Point a, Point d,
                                    const path::Movement& m) {
  return std::int64_t{plain_step(map, a, d, m)};
}

}  // namespace yendor::test
