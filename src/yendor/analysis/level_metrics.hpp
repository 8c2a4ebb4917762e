#pragma once
// Measurements of one level, for comparing generators (thesis section 3.8) and for plotting
// their expressive range. docs/analysis.md defines every metric; "traversable" is
// is_traversable (passable or a door), "neighbour" an orthogonal one.

#include <cstdint>
#include <optional>

#include "yendor/map/level.hpp"

namespace yendor::analysis {

struct LevelMetrics {
  Size size;
  std::int64_t floor_cells = 0;       // traversable cells
  double floor_share = 0.0;           // floor_cells / area
  std::int64_t regions = 0;           // connected groups of traversable cells
  double largest_region_share = 0.0;  // cells of the largest region / floor_cells (0 if none)
  bool connected = false;             // exactly one region
  std::int64_t rooms = 0;             // level.meta.rooms
  std::int64_t areas = 0;             // room/junction graph areas (see room_graph.hpp)
  std::int64_t corridor_cells = 0;    // corridor tiles, plus recorded corridor cells outside rooms
  std::int64_t doors = 0;             // door tiles of any state
  std::int64_t dead_end_cells = 0;    // traversable cells with exactly one traversable neighbour
  std::int64_t dead_end_rooms = 0;    // areas of degree 1 in the room/junction graph
  std::int64_t loops = 0;             // independent ways around an obstacle (room_graph.hpp)
  std::optional<Point> stairs_up;     // meta.stairs, else the first stairs tile in scan order
  std::optional<Point> stairs_down;
  std::optional<std::int64_t> stairs_path;  // steps from up to down stairs, if connected
  std::optional<double> stairs_ratio;       // stairs_path / straight-line distance
  std::int64_t articulation_points = 0;     // cells whose blocking splits their region
  std::optional<Point> chokepoint;          // the one cutting most cells off the up stairs
  std::int64_t chokepoint_cut = 0;          // cells it cuts off (0 without a chokepoint)
  double chokepoint_share = 0.0;            // chokepoint_cut / floor_cells
  double entropy = 0.0;                     // bits of 3x3 patterns (pattern_entropy.hpp)
  // The exploration walk's share of repeated steps (exploration.hpp); computed only on levels
  // with 1..300 rooms and at most 400,000 cells (the walk costs rooms x area), else none.
  std::optional<double> backtracking;
  // Cyclic levels' metadata (count_locks_and_keys); 0 and none for other generators.
  std::int64_t cycles = 0;
  std::int64_t locks = 0;
  std::int64_t keys = 0;
  std::optional<double> mean_a_length;  // places on a cycle's path a, over meta.cycles
  std::optional<double> mean_b_length;
};

// The limits under which measure_level runs the exploration walk.
inline constexpr std::int64_t k_backtracking_max_rooms = 300;
inline constexpr std::int64_t k_backtracking_max_area = 400000;

// Linear in the map's area (plus its metadata): a 1000x1000 level takes a fraction of a second;
// backtracking adds O(rooms x area) within its limits.
LevelMetrics measure_level(const Level& level);

}  // namespace yendor::analysis
