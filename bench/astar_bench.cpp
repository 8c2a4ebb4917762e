// A* and hierarchical path-finding on the shared benchmark maps (bench_maps.hpp):
// - far corners: one path between the floor cells nearest two opposite corners of the caves
//   (the libtcod peer runs the same query);
// - chase turn: the thesis's scenario (5.4), 200 monsters each finding a path to the player
//   on the 200x200 cave, one turn per iteration;
// - pairs: the same random pairs (fixed seed) by A* and by hierarchical path-finding over
//   zones_from_rooms, on a 200x200 rooms level and the caves. Counters: cells expanded per
//   query and, for hierarchical paths, their total cost over the optimal total;
// A*'s cases run twice: as AStar does by default (jump point search, the levels' costs being
// made uniform where it needs them) and `_plain` (jump points off: A* cell by cell).
// - hierarchical build: zones_from_rooms plus HierarchicalPathfinder::build.
// Benchmarks take a map getter, not a Level: captures are evaluated when the benchmarks
// register, and a filtered run (bench_smoke) should not generate the 1000x1000 cave.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "bench_maps.hpp"
#include "yendor/path/astar.hpp"
#include "yendor/path/hierarchical.hpp"

namespace yendor {
namespace {

const Level& rooms_level_200() {
  static const Level level = bench::make_default_level("rooms", 200);
  return level;
}

// `jump_points`: AStar's default; off, plain A* (the same optimal cost, cell by cell).
void astar_far_corners(benchmark::State& state, const Level& (*make_level)(), bool jump_points) {
  const Level& level = make_level();
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const Point from = bench::nearest_floor(level.tiles, {1, 1});
  const Point to = bench::nearest_floor(level.tiles, {level.width() - 2, level.height() - 2});
  path::AStar astar;
  astar.set_jump_points(jump_points);
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(level.size().area()));
  for (auto _ : state)
    benchmark::DoNotOptimize(astar.find_path(map, from, to, {}, path));
  state.counters["expanded"] = static_cast<double>(astar.expanded());
  state.counters["cost"] = astar.cost();
}
BENCHMARK_CAPTURE(astar_far_corners, cave200, &bench::cave_level_200, true)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_far_corners, cave200_plain, &bench::cave_level_200, false)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_far_corners, cave1000, &bench::cave_level_1000, true)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_far_corners, cave1000_plain, &bench::cave_level_1000, false)
    ->Unit(benchmark::kMicrosecond);

void astar_chase_turn(benchmark::State& state, const Level& (*make_level)(), int monsters,
                      bool jump_points) {
  const Level& level = make_level();
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const bench::ChaseScene scene = bench::make_chase_scene(level.tiles, monsters);
  path::AStar astar;
  astar.set_jump_points(jump_points);
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(level.size().area()));
  std::int64_t expanded = 0;
  for (auto _ : state) {
    expanded = 0;
    for (const Point monster : scene.monsters) {
      benchmark::DoNotOptimize(astar.find_path(map, monster, scene.player, {}, path));
      expanded += astar.expanded();
    }
  }
  state.counters["monsters"] = static_cast<double>(scene.monsters.size());
  state.counters["expanded"] = static_cast<double>(expanded);
}
BENCHMARK_CAPTURE(astar_chase_turn, cave200_200_monsters, &bench::cave_level_200, 200, true)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_chase_turn, cave200_200_monsters_plain, &bench::cave_level_200, 200, false)
    ->Unit(benchmark::kMicrosecond);

constexpr int k_pairs = 32;

std::vector<std::pair<Point, Point>> random_pairs(const path::CostMap& map) {
  std::vector<Point> cells;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x)
      if (map.passable({x, y})) cells.push_back({x, y});
  Rng rng(17);
  std::vector<std::pair<Point, Point>> pairs;
  for (int i = 0; i < k_pairs; ++i)
    pairs.emplace_back(cells[rng.below(static_cast<std::uint32_t>(cells.size()))],
                       cells[rng.below(static_cast<std::uint32_t>(cells.size()))]);
  return pairs;
}

// Items processed: queries, so items/s reads as queries per second.
void astar_pairs(benchmark::State& state, const Level& (*make_level)(), bool jump_points) {
  const Level& level = make_level();
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const auto pairs = random_pairs(map);
  path::AStar astar;
  astar.set_jump_points(jump_points);
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(level.size().area()));
  std::int64_t expanded = 0;
  for (auto _ : state) {
    expanded = 0;
    for (const auto& [from, to] : pairs) {
      benchmark::DoNotOptimize(astar.find_path(map, from, to, {}, path));
      expanded += astar.expanded();
    }
  }
  state.SetItemsProcessed(state.iterations() * k_pairs);
  state.counters["expanded"] = static_cast<double>(expanded) / k_pairs;
}

void hierarchical_pairs(benchmark::State& state, const Level& (*make_level)()) {
  const Level& level = make_level();
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const auto pairs = random_pairs(map);
  const path::Movement movement;
  path::HierarchicalPathfinder hierarchical;
  hierarchical.build(map, path::zones_from_rooms(level, map, movement), movement);
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(level.size().area()));
  std::int64_t expanded = 0, fallbacks = 0;
  for (auto _ : state) {
    expanded = fallbacks = 0;
    for (const auto& [from, to] : pairs) {
      benchmark::DoNotOptimize(hierarchical.find_path(from, to, path));
      expanded += hierarchical.expanded();
      fallbacks += hierarchical.fallbacks();
    }
  }
  // Length against the optimum, outside the timing.
  path::AStar astar;
  std::vector<Point> best;
  std::int64_t cost = 0, optimum = 0;
  for (const auto& [from, to] : pairs) {
    if (!astar.find_path(map, from, to, movement, best) || !hierarchical.find_path(from, to, path))
      continue;
    optimum += astar.cost();
    for (const Point p : path)
      cost += map.cost(p);  // default movement: a step costs its cell
  }
  state.SetItemsProcessed(state.iterations() * k_pairs);
  state.counters["expanded"] = static_cast<double>(expanded) / k_pairs;
  state.counters["fallbacks"] = static_cast<double>(fallbacks);
  state.counters["length_ratio"] = optimum > 0 ? static_cast<double>(cost) / optimum : 1.0;
  state.counters["zones"] = hierarchical.zone_count();
}

BENCHMARK_CAPTURE(astar_pairs, rooms200, &rooms_level_200, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_pairs, rooms200_plain, &rooms_level_200, false)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(hierarchical_pairs, rooms200, &rooms_level_200)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_pairs, cave200, &bench::cave_level_200, true)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_pairs, cave200_plain, &bench::cave_level_200, false)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(hierarchical_pairs, cave200, &bench::cave_level_200)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_pairs, cave1000, &bench::cave_level_1000, true)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(astar_pairs, cave1000_plain, &bench::cave_level_1000, false)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(hierarchical_pairs, cave1000, &bench::cave_level_1000)
    ->Unit(benchmark::kMicrosecond);

void hierarchical_build(benchmark::State& state, const Level& (*make_level)()) {
  const Level& level = make_level();
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const path::Movement movement;
  path::HierarchicalPathfinder hierarchical;
  for (auto _ : state) {
    hierarchical.build(map, path::zones_from_rooms(level, map, movement), movement);
    benchmark::DoNotOptimize(hierarchical.zone_count());
  }
  state.counters["zones"] = hierarchical.zone_count();
}
BENCHMARK_CAPTURE(hierarchical_build, cave200, &bench::cave_level_200)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(hierarchical_build, cave1000, &bench::cave_level_1000)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
