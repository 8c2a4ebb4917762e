#pragma once
// Hierarchical path-finding (thesis 4.1 after Rabin): the map is cut into zones (a level's
// rooms, or square chunks split into connected parts); a path is planned over the graph of
// zones first, then walked with local A* searches, each confined to the current zone and the
// next one. Much less searching than one A* over the whole map, at the price of paths a
// little longer than the optimum; how much longer is measured (docs/path.md, bench/).

#include <cstdint>
#include <utility>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/level.hpp"
#include "yendor/path/astar.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

// Zone labels: a zone id >= 0 per passable cell, -1 on impassable cells.
using ZoneGrid = Grid<std::int32_t>;
inline constexpr std::int32_t k_no_zone = -1;

// Every room of the level's metadata is a zone (its floor cells, clipped to passable cells);
// the remaining passable cells (corridors, caves, doors) are split into connected parts
// (under `movement`), each a zone, and parts larger than `max_zone_cells` are cut further by
// square chunks (side: the square root of max_zone_cells). Every zone is connected under
// `movement` (a room cut in two by its contents makes two zones). Zones are numbered in scan
// order of their first cell. InputError when the level and the map differ in size or
// max_zone_cells < 4.
ZoneGrid zones_from_rooms(const Level& level, const CostMap& map, const Movement& movement,
                          int max_zone_cells = 400);
// Square chunks of side `chunk` (HPA*'s clusters), each split into its connected parts.
// InputError when chunk < 2.
ZoneGrid zones_from_chunks(const CostMap& map, const Movement& movement, int chunk = 16);

class HierarchicalPathfinder {
 public:
  // Builds the zone graph: two zones are linked when a step under `movement` leads from one
  // to the other; the link costs the distance between the zones' centres. InputError when
  // `zones` and `map` differ in size or a passable cell has no zone. The map is kept by
  // reference: it must outlive the pathfinder's use, and a changed map needs a new build().
  void build(const CostMap& map, const ZoneGrid& zones, const Movement& movement);

  // A path from `from` to `to` (cells after `from`, `to` included): the cheapest zone route,
  // then local A* from zone to zone. False, `path` empty, when the zone graph has no route.
  // Valid (every step allowed) but not always shortest. InputError before build() or for a
  // point outside the map.
  bool find_path(Point from, Point to, std::vector<Point>& path);

  // The zones the last path went through, in order.
  const std::vector<std::int32_t>& route() const { return route_; }
  // Cells expanded by all searches of the last call (zone graph and local A*).
  std::int64_t expanded() const { return expanded_; }
  std::int32_t zone_count() const { return zone_count_; }
  // Local legs of the last call that failed within two zones and were searched again within
  // three, or over the whole map (a zone that is not connected cell by cell, or a start on an
  // impassable cell).
  std::int32_t fallbacks() const { return fallbacks_; }

 private:
  std::int32_t zone_of(Point p) const { return zones_[p]; }
  bool zone_route(std::int32_t from, std::int32_t to);
  void mark(std::int32_t zone, std::uint8_t value);
  Point entry_cell(std::size_t leg, Point at, Point to) const;
  bool walk(Point from, Point to, std::vector<Point>& path);

  const CostMap* map_ = nullptr;
  Movement movement_{};
  ZoneGrid zones_;
  std::int32_t zone_count_ = 0;
  std::vector<std::int32_t> route_;
  std::int64_t expanded_ = 0;
  std::int32_t fallbacks_ = 0;
  AStar local_;
  // Zone graph in CSR arrays: the links of zone z are edge_begin_[z] .. edge_begin_[z + 1];
  // link e leads to edge_to_[e] at edge_cost_[e], entering it at the cells
  // portal_[portal_begin_[e] .. portal_begin_[e + 1]] (cells of edge_to_[e] one step away).
  std::vector<Point> centre_;
  std::vector<std::uint32_t> edge_begin_;
  std::vector<std::int32_t> edge_to_;
  std::vector<Distance> edge_cost_;
  std::vector<std::uint32_t> portal_begin_;
  std::vector<Point> portal_;
  // The cells of each zone (CSR), to mark and unmark a zone in `allowed_` in its own time.
  std::vector<std::uint32_t> cell_begin_;
  std::vector<Point> cells_;
  Grid<std::uint8_t> allowed_;
  // Zone search working space, kept between calls.
  std::vector<std::int64_t> zone_g_;
  std::vector<std::uint32_t> zone_stamp_;
  std::vector<std::int32_t> zone_parent_;
  std::vector<std::pair<std::int64_t, std::int32_t>> zone_heap_;
  std::uint32_t zone_generation_ = 0;
  std::vector<Point> leg_;
};

}  // namespace yendor::path
