// Speed of breadth-first search, Dijkstra maps and the Euclidean chase on the fixed maps of
// bench_maps.hpp: full Dijkstra maps of 1000x1000 (open and cave) with unit and octile (2/3)
// weights, flee maps, and the thesis's chase experiment (5.4) on the 200x200 cave, where N
// monsters each choose a step per turn toward the player by (a) Euclidean chase, (b) a BFS
// each, every monster searching (unlimited FOV, the thesis's worst case), (c) a BFS each for
// the monsters inside the player's view only, confined to it, and (d) one shared Dijkstra map
// and a downhill step each. Monsters do not move, so every turn does the same work.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench_maps.hpp"
#include "yendor/path/bfs.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/dijkstra_map.hpp"
#include "yendor/path/euclid.hpp"
#include "yendor/path/movement.hpp"

namespace yendor {
namespace {

using path::CostMap;
using path::Movement;

const Grid<Tile>& cave_tiles_200() {
  return bench::cave_level_200().tiles;
}
const Grid<Tile>& cave_tiles_1000() {
  return bench::cave_level_1000().tiles;
}

const CostMap& cave_costs_200() {
  static const CostMap map = CostMap::from_tiles(cave_tiles_200());
  return map;
}
const CostMap& cave_costs_1000() {
  static const CostMap map = CostMap::from_tiles(cave_tiles_1000());
  return map;
}
const CostMap& open_costs_1000() {
  static const CostMap map = CostMap::from_tiles(bench::open_tiles_1000());
  return map;
}

constexpr Movement k_unit{};  // 8-connected, no corner cutting, every step 1
constexpr Movement k_octile{path::Connectivity::eight, path::CornerCutting::never, 2, 3};

Point centre_floor(const Grid<Tile>& tiles) {
  return bench::nearest_floor(tiles, {tiles.width() / 2, tiles.height() / 2});
}

// --- Dijkstra maps ------------------------------------------------------------------------

void run_dijkstra(benchmark::State& state, const Grid<Tile>& tiles, const CostMap& map,
                  const Movement& movement) {
  path::DijkstraMap dijkstra;
  const Point goal = centre_floor(tiles);
  for (auto _ : state) {
    dijkstra.compute(map, goal, movement);
    benchmark::DoNotOptimize(dijkstra.values().data());
  }
  state.counters["cells"] = static_cast<double>(map.size().area());
}

void BM_dijkstra_map(benchmark::State& state, int which, bool octile) {
  const Movement movement = octile ? k_octile : k_unit;
  switch (which) {
    case 0:
      run_dijkstra(state, cave_tiles_200(), cave_costs_200(), movement);
      break;
    case 1:
      run_dijkstra(state, bench::open_tiles_1000(), open_costs_1000(), movement);
      break;
    default:
      run_dijkstra(state, cave_tiles_1000(), cave_costs_1000(), movement);
      break;
  }
}
BENCHMARK_CAPTURE(BM_dijkstra_map, cave200, 0, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_dijkstra_map, cave200_octile, 0, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_dijkstra_map, open1000, 1, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_dijkstra_map, open1000_octile, 1, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_dijkstra_map, cave1000, 2, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_dijkstra_map, cave1000_octile, 2, true)->Unit(benchmark::kMicrosecond);

// A flee map from scratch: the map from the player, then make_flee (scale and rescan).
void BM_flee_map(benchmark::State& state, int which) {
  const Grid<Tile>& tiles = which == 0 ? cave_tiles_200() : cave_tiles_1000();
  const CostMap& map = which == 0 ? cave_costs_200() : cave_costs_1000();
  path::DijkstraMap dijkstra;
  const Point player = centre_floor(tiles);
  for (auto _ : state) {
    dijkstra.compute(map, player, k_unit);
    dijkstra.make_flee(map, k_unit);
    benchmark::DoNotOptimize(dijkstra.values().data());
  }
}
BENCHMARK_CAPTURE(BM_flee_map, cave200, 0)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_flee_map, cave1000, 1)->Unit(benchmark::kMicrosecond);

// --- Breadth-first search -----------------------------------------------------------------

// One path between the floor cells nearest two opposite corners.
void BM_bfs_path(benchmark::State& state, int which) {
  const Grid<Tile>& tiles = which == 0 ? cave_tiles_200() : cave_tiles_1000();
  const CostMap& map = which == 0 ? cave_costs_200() : cave_costs_1000();
  const Point from = bench::nearest_floor(tiles, {0, 0});
  const Point to = bench::nearest_floor(tiles, {tiles.width() - 1, tiles.height() - 1});
  path::BreadthFirstSearch bfs;
  std::vector<Point> route;
  for (auto _ : state) {
    benchmark::DoNotOptimize(bfs.find_path(map, from, to, k_unit, route));
  }
  state.counters["visited"] = static_cast<double>(bfs.visited());
  state.counters["steps"] = static_cast<double>(route.size());
}
BENCHMARK_CAPTURE(BM_bfs_path, cave200, 0)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_bfs_path, cave1000, 1)->Unit(benchmark::kMicrosecond);

// --- The chase experiment (thesis 5.4) ----------------------------------------------------

struct Chase {
  bench::ChaseScene scene;
  const CostMap& map;
};

Chase chase_scene(const benchmark::State& state) {
  return {bench::make_chase_scene(cave_tiles_200(), static_cast<int>(state.range(0))),
          cave_costs_200()};
}

// Counters per turn: cells the searches took off their queues, monsters that searched.
void report(benchmark::State& state, std::int64_t visited, std::int64_t searching) {
  state.counters["visited/turn"] = static_cast<double>(visited);
  state.counters["searching"] = static_cast<double>(searching);
}

void BM_chase_euclid_cave200(benchmark::State& state) {
  const Chase c = chase_scene(state);
  for (auto _ : state)
    for (const Point m : c.scene.monsters)
      benchmark::DoNotOptimize(path::euclid_step(c.map, m, c.scene.player, k_unit));
  report(state, 0, 0);
}

// (b) Every monster sees the player and searches the whole map for him.
void BM_chase_bfs_cave200(benchmark::State& state) {
  const Chase c = chase_scene(state);
  path::BreadthFirstSearch bfs;
  std::vector<Point> route;
  std::int64_t visited = 0;
  for (auto _ : state) {
    visited = 0;
    for (const Point m : c.scene.monsters) {
      benchmark::DoNotOptimize(bfs.find_path(c.map, m, c.scene.player, k_unit, route));
      visited += bfs.visited();
    }
  }
  report(state, visited, static_cast<std::int64_t>(c.scene.monsters.size()));
}

// (c) The thesis's optimisation: only monsters in the player's view (radius 9) search, and
// only through cells in view. The view is stood in for by the cells within 9 steps of the
// player, computed once per scene (a FOV costs the same once per turn for every method).
void BM_chase_bfs_fov_cave200(benchmark::State& state) {
  const Chase c = chase_scene(state);
  path::BreadthFirstSearch bfs;
  Grid<path::Distance> steps;
  bfs.distances(c.map, c.scene.player, k_unit, steps);
  Grid<std::uint8_t> view(c.map.size(), 0);
  for (std::size_t i = 0; i < steps.cell_count(); ++i)
    view[i] = steps[i] <= 9 ? 1 : 0;
  std::vector<Point> route;
  std::int64_t visited = 0, searching = 0;
  for (auto _ : state) {
    visited = 0, searching = 0;
    for (const Point m : c.scene.monsters) {
      if (view[m] == 0) continue;
      ++searching;
      benchmark::DoNotOptimize(bfs.find_path(c.map, m, c.scene.player, k_unit, route, &view));
      visited += bfs.visited();
    }
  }
  report(state, visited, searching);
  std::int64_t cells = 0;
  for (const std::uint8_t v : view.cells())
    cells += v;
  state.counters["view"] = static_cast<double>(cells);
}

// (d) One Dijkstra map from the player per turn, then a downhill step per monster.
void BM_chase_dijkstra_cave200(benchmark::State& state) {
  const Chase c = chase_scene(state);
  path::DijkstraMap dijkstra;
  for (auto _ : state) {
    dijkstra.compute(c.map, c.scene.player, k_unit);
    for (const Point m : c.scene.monsters)
      benchmark::DoNotOptimize(dijkstra.downhill(c.map, m, k_unit));
  }
  // The map takes every reachable cell off its queue once.
  std::int64_t reached = 0;
  for (const path::Distance v : dijkstra.values().cells())
    reached += v != path::k_unreachable;
  report(state, reached, 0);
}

BENCHMARK(BM_chase_euclid_cave200)
    ->Arg(10)
    ->Arg(50)
    ->Arg(100)
    ->Arg(200)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_chase_bfs_cave200)
    ->Arg(10)
    ->Arg(50)
    ->Arg(100)
    ->Arg(200)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_chase_bfs_fov_cave200)
    ->Arg(10)
    ->Arg(50)
    ->Arg(100)
    ->Arg(200)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_chase_dijkstra_cave200)
    ->Arg(10)
    ->Arg(50)
    ->Arg(100)
    ->Arg(200)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
