#include "yendor/analysis/level_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "yendor/analysis/articulation.hpp"
#include "yendor/analysis/cell_mask.hpp"
#include "yendor/analysis/exploration.hpp"
#include "yendor/analysis/pattern_entropy.hpp"
#include "yendor/analysis/room_cells.hpp"
#include "yendor/analysis/room_graph.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::analysis {

namespace {

// The recorded stairs when they lie on the map, else the first such tile in scan order (a txt
// map has stairs tiles but no metadata).
std::optional<Point> find_stairs(const Level& level, const std::optional<Point>& recorded,
                                 Tile tile) {
  if (recorded && level.in_bounds(*recorded)) return recorded;
  for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
    if (level.tiles[i] == tile) return level.tiles.point_of(i);
  return std::nullopt;
}

// Corridor tiles, and the cells recorded in meta.corridors that are traversable and outside
// every room (a generator may carve corridors as floor), each cell once.
std::int64_t count_corridor_cells(const Level& level) {
  Grid<std::uint8_t> counted(level.size(), 0);
  std::int64_t n = 0;
  for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
    if (level.tiles[i] == Tile::corridor) {
      counted[i] = 1;
      ++n;
    }
  if (level.meta.corridors.empty()) return n;
  const Grid<std::uint8_t> in_room = room_cells(level);
  for (const Corridor& corridor : level.meta.corridors)
    for (const Point p : corridor.cells)
      if (level.in_bounds(p) && counted[p] == 0 && in_room[p] == 0 &&
          is_traversable(level.tiles[p])) {
        counted[p] = 1;
        ++n;
      }
  return n;
}

std::int64_t count_dead_end_cells(const Level& level) {
  const CellMask mask(level.tiles);
  std::int64_t n = 0;
  for (int y = 0; y < mask.height(); ++y)
    for (int x = 0; x < mask.width(); ++x) {
      const std::size_t i = mask.index({x, y});
      n += mask.open(i) && mask.degree(i) == 1 ? 1 : 0;
    }
  return n;
}

double share(std::int64_t part, std::int64_t whole) {
  return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

}  // namespace

LevelMetrics measure_level(const Level& level) {
  LevelMetrics m;
  m.size = level.size();
  // Nothing to measure on a map without cells (label_regions expects at least one).
  if (level.tiles.cell_count() == 0) return m;
  // Levels with locks are measured with every lock open: lava and chasm gates are ways
  // through (with their keys), not walls that split the level.
  Grid<Tile> opened;
  if (!level.meta.locks.empty()) opened = tiles_with_locks_open(level);
  const Grid<Tile>& tiles = level.meta.locks.empty() ? level.tiles : opened;
  const RegionLabels regions = label_regions(tiles);
  for (const std::int64_t cells : regions.sizes)
    m.floor_cells += cells;
  m.floor_share = share(m.floor_cells, m.size.area());
  m.regions = static_cast<std::int64_t>(regions.sizes.size());
  m.connected = m.regions == 1;
  if (!regions.sizes.empty())
    m.largest_region_share =
        share(*std::max_element(regions.sizes.begin(), regions.sizes.end()), m.floor_cells);

  m.rooms = static_cast<std::int64_t>(level.meta.rooms.size());
  m.corridor_cells = count_corridor_cells(level);
  for (const Tile t : level.tiles.cells())
    m.doors += tile_info(t).door ? 1 : 0;
  m.dead_end_cells = count_dead_end_cells(level);
  const RoomGraph graph = build_room_graph(level);
  m.areas = graph.areas();
  m.dead_end_rooms = graph.dead_end_areas();
  m.loops = graph.loops();

  m.stairs_up = find_stairs(level, level.meta.stairs.up, Tile::stairs_up);
  m.stairs_down = find_stairs(level, level.meta.stairs.down, Tile::stairs_down);
  if (m.stairs_up && m.stairs_down) {
    const Grid<std::int32_t> steps = walk_distances(tiles, *m.stairs_up);
    if (steps[*m.stairs_down] != k_unreachable) {
      m.stairs_path = steps[*m.stairs_down];
      const double straight =
          std::sqrt(static_cast<double>(distance_squared(*m.stairs_up, *m.stairs_down)));
      if (straight > 0.0) m.stairs_ratio = static_cast<double>(*m.stairs_path) / straight;
    }
  }

  const std::vector<ArticulationPoint> points = find_articulation_points(level.tiles, m.stairs_up);
  m.articulation_points = static_cast<std::int64_t>(points.size());
  for (const ArticulationPoint& p : points)  // scan order: the first of equals wins
    if (p.cut_off > m.chokepoint_cut) {
      m.chokepoint = p.cell;
      m.chokepoint_cut = p.cut_off;
    }
  m.chokepoint_share = share(m.chokepoint_cut, m.floor_cells);
  m.entropy = pattern_entropy(level.tiles);

  if (m.rooms <= k_backtracking_max_rooms && m.size.area() <= k_backtracking_max_area)
    if (const std::optional<ExplorationWalk> walk = exploration_walk(level))
      m.backtracking = walk->backtracking;
  const LockKeyCounts counts = count_locks_and_keys(level);
  m.cycles = counts.cycles;
  m.locks = counts.locks;
  m.keys = counts.keys;
  if (counts.cycles > 0) {
    m.mean_a_length = counts.mean_a_length;
    m.mean_b_length = counts.mean_b_length;
  }
  return m;
}

}  // namespace yendor::analysis
