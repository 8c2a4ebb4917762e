#pragma once
// What the libtcod peer benchmarks share (docs/benchmarks.md): both libraries get the same
// cells, converted once outside every timed loop; the movement rules libtcod's path-finders
// implement, so Yendor can be run under the same rules; and the check lines each case prints
// to show that both libraries did the same work.

#include <libtcod/fov.h>
#include <libtcod/path.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/fov/opacity_map.hpp"
#include "yendor/map/tile.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::peers {

struct TcodMapDeleter {
  void operator()(TCOD_Map* map) const { TCOD_map_delete(map); }
};
using TcodMap = std::unique_ptr<TCOD_Map, TcodMapDeleter>;

struct TcodPathDeleter {
  void operator()(TCOD_Path* path) const { TCOD_path_delete(path); }
};
using TcodPath = std::unique_ptr<TCOD_Path, TcodPathDeleter>;

struct TcodDijkstraDeleter {
  void operator()(TCOD_Dijkstra* dijkstra) const { TCOD_dijkstra_delete(dijkstra); }
};
using TcodDijkstra = std::unique_ptr<TCOD_Dijkstra, TcodDijkstraDeleter>;

// Every cell Yendor's default CostMap lets a walker enter costs 1; the rest 0. libtcod's maps
// only know walkable or not, so uniform costs are what both libraries can agree on.
inline path::CostMap unit_cost_map(const Grid<Tile>& tiles) {
  const path::CostMap costs = path::CostMap::from_tiles(tiles);
  return path::CostMap::from(tiles.size(), [&](Point p) { return costs.passable(p) ? 1 : 0; });
}

// A libtcod map of the same cells: transparent where the tile is (OpacityMap::from_tiles
// reads the same table), walkable where `costs` is passable.
inline TcodMap make_tcod_map(const Grid<Tile>& tiles, const path::CostMap& costs) {
  TcodMap map(TCOD_map_new(tiles.width(), tiles.height()));
  for (int y = 0; y < tiles.height(); ++y)
    for (int x = 0; x < tiles.width(); ++x)
      TCOD_map_set_properties(map.get(), x, y, tile_info(tiles[{x, y}]).transparent,
                              costs.passable({x, y}));
  return map;
}

// libtcod's A* and Dijkstra with a diagonal cost of 1: 8-connected, every step costs 1, and a
// diagonal step into a walkable cell is always allowed (libtcod has no corner rule). Yendor's
// default Movement differs only in the corner rule (CornerCutting::never).
inline constexpr path::Movement k_tcod_movement{path::Connectivity::eight,
                                                path::CornerCutting::allowed, 1, 1};
inline constexpr float k_tcod_diagonal_cost = 1.0F;

// The median of `values` (the mean of the middle two for an even count); 0 when empty.
inline double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// One line of evidence that both libraries did the same work, printed beside the table.
struct Check {
  std::string name;    // the case ("fov_r9_cave200")
  std::string detail;  // what was compared, with the figures
  bool ok = true;      // false: the results differ beyond what the notes explain
};

// Defined in tcod_fov_bench.cpp and tcod_path_bench.cpp: registration of every benchmark,
// and the checks of the cases `wanted` accepts (by case name), computed outside any timed
// loop.
using CaseFilter = std::function<bool(std::string_view case_name)>;
void register_fov_benchmarks();
void register_path_benchmarks();
void register_bsp_benchmarks();  // tcod_bsp_bench.cpp
std::vector<Check> fov_checks(const CaseFilter& wanted);
std::vector<Check> path_checks(const CaseFilter& wanted);

}  // namespace yendor::peers
