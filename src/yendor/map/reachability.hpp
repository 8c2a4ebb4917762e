#pragma once
// Orthogonal flood fills over traversable cells (is_traversable: passable or a door).
// These define "connected" for every generator's guarantees.

#include <cstdint>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor {

inline constexpr std::int32_t k_unreachable = -1;

// Steps from `from` to every cell by orthogonal moves over traversable cells;
// k_unreachable elsewhere (also everywhere when `from` is not traversable).
Grid<std::int32_t> walk_distances(const Grid<Tile>& tiles, Point from);

struct ConnectivityReport {
  std::int64_t traversable = 0;  // traversable cells in the level
  std::int64_t reachable = 0;    // of those, reachable from the start
  bool connected() const { return traversable == reachable && traversable > 0; }
};
ConnectivityReport check_connectivity(const Grid<Tile>& tiles, Point from);

// Connected components of traversable cells, labelled 0..count-1 in scan order of their
// first cell; -1 on cells that are not traversable.
struct RegionLabels {
  Grid<std::int32_t> labels;
  std::vector<std::int64_t> sizes;  // cells per label
};
RegionLabels label_regions(const Grid<Tile>& tiles);

}  // namespace yendor
