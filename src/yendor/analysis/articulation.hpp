#pragma once
// Chokepoints: the articulation points (cut vertices) of the graph whose vertices are the
// traversable cells and whose edges join orthogonal neighbours. Blocking an articulation
// point splits its region in two or more pieces.

#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::analysis {

struct ArticulationPoint {
  Point cell;
  // Traversable cells that blocking this one cuts off from the root (they can no longer be
  // reached from it). 0 outside the root's region and for the root itself.
  std::int64_t cut_off = 0;
  bool operator==(const ArticulationPoint&) const = default;
};

// Every articulation point of every region, in scan order (row by row). `root` is the cell
// the cut-off counts refer to (the up stairs); without one, or when it is not traversable,
// nothing is counted as cut off. An iterative Tarjan depth-first search: linear time, no
// recursion, 8 bytes per cell plus the search stack.
std::vector<ArticulationPoint> find_articulation_points(const Grid<Tile>& tiles,
                                                        std::optional<Point> root);

}  // namespace yendor::analysis
