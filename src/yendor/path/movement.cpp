#include "yendor/path/movement.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor::path {

void check(const Movement& movement) {
  for (const int w : {movement.cardinal_weight, movement.diagonal_weight})
    if (w < 1 || w > k_max_step_weight)
      throw InputError("movement: step weight " + std::to_string(w) + " outside [1.." +
                       std::to_string(k_max_step_weight) + "]");
}

void check(const CostMap& map, const Movement& movement) {
  check(movement);
  const std::int64_t step =
      std::int64_t{map.max_cost()} * std::max(movement.cardinal_weight, movement.diagonal_weight);
  // The padded area (the map and its ring) bounds the cells of any walk; at least one step.
  const std::int64_t cells = (std::int64_t{map.width()} + 2) * (std::int64_t{map.height()} + 2);
  if (std::max<std::int64_t>(step, 1) * cells > k_unreachable / 4)
    throw InputError("path: a " + std::to_string(map.width()) + "x" + std::to_string(map.height()) +
                     " map with steps costing up to " + std::to_string(step) +
                     " could overflow distances; lower the costs or weights");
}

Distance octile_distance(Point a, Point b, const Movement& movement) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  const int lo = std::min(dx, dy), hi = std::max(dx, dy);
  const Distance c = movement.cardinal_weight, d = movement.diagonal_weight;
  if (movement.connectivity == Connectivity::four || d >= 2 * c) return c * (dx + dy);
  // A diagonal cheaper than an orthogonal step: pairs of diagonals replace orthogonal steps,
  // but diagonals keep the parity of x + y, so an odd remainder needs one orthogonal step.
  if (d < c) return d * hi + ((hi - lo) % 2 == 1 ? c - d : 0);
  return c * (hi - lo) + d * lo;
}

StepTable::StepTable(const CostMap& map, const Movement& movement)
    : count_(movement.connectivity == Connectivity::four ? 4 : 8), corners_(movement.corners) {
  const auto stride = static_cast<std::ptrdiff_t>(map.stride());
  for (std::size_t k = 0; k < 8; ++k) {
    const Point d = k_directions8[k];
    offset_[k] = d.y * stride + d.x;
    weight_[k] = k < 4 ? movement.cardinal_weight : movement.diagonal_weight;
    // A diagonal's corner cells: the same x step alone, the same y step alone.
    side_[k] = {d.x, d.y * stride};
  }
  if (count_ == 4) return;
  // Diagonal t (k = 4 + t) passes orthogonals t and t + 1 (NE: N and E, ..., NW: W and N).
  for (unsigned open = 0; open < 16; ++open)
    for (unsigned t = 0; t < 4; ++t) {
      const bool a = (open >> t) & 1u, b = (open >> ((t + 1) & 3u)) & 1u;
      const bool pass = corners_ == CornerCutting::allowed    ? true
                        : corners_ == CornerCutting::one_side ? a || b
                                                              : a && b;
      if (pass) diagonal_open_[open] |= 1u << t;
    }
}

}  // namespace yendor::path
