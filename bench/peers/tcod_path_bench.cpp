// Path-finding, Yendor beside libtcod (docs/benchmarks.md, cases 4-6): A* between the far
// corners of the 1000x1000 cave, full Dijkstra maps of the open and cave 1000x1000 maps, and
// the thesis's chase (200 monsters each finding one step toward the player per turn).
//
// Steady state for both: maps are converted once, libtcod's path and Dijkstra objects and
// Yendor's AStar and DijkstraMap are created once and reused every iteration. Yendor runs
// under libtcod's rules (k_tcod_movement: diagonal cost 1, corners may be cut), so results
// can be compared exactly; the `*_default_movement` rows add Yendor's default corner rule.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "bench_maps.hpp"
#include "peers/paired.hpp"
#include "peers/peer_common.hpp"
#include "yendor/path/astar.hpp"
#include "yendor/path/dijkstra_map.hpp"

namespace yendor::peers {
namespace {

enum class MapId : std::uint8_t { cave200, cave1000, open1000 };

struct PathScene {
  const Grid<Tile>* tiles = nullptr;
  path::CostMap costs;
  TcodMap tcod;
};

// Built on first use, outside every timed loop.
const PathScene& scene(MapId id) {
  static std::array<std::unique_ptr<PathScene>, 3> scenes;
  std::unique_ptr<PathScene>& s = scenes[static_cast<std::size_t>(id)];
  if (!s) {
    s = std::make_unique<PathScene>();
    s->tiles = id == MapId::cave200    ? &bench::cave_level_200().tiles
               : id == MapId::cave1000 ? &bench::cave_level_1000().tiles
                                       : &bench::open_tiles_1000();
    s->costs = unit_cost_map(*s->tiles);
    s->tcod = make_tcod_map(*s->tiles, s->costs);
  }
  return *s;
}

Point centre_floor(const PathScene& s) {
  return bench::nearest_floor(*s.tiles, {s.tiles->width() / 2, s.tiles->height() / 2});
}

struct Ends {
  Point from, to;
};
// Case 4: the floor cells nearest the far corners of the 1000x1000 cave.
Ends astar_ends() {
  const PathScene& s = scene(MapId::cave1000);
  return {bench::nearest_floor(*s.tiles, {1, 1}), bench::nearest_floor(*s.tiles, {998, 998})};
}

const bench::ChaseScene& chase() {
  static const bench::ChaseScene chase =
      bench::make_chase_scene(bench::cave_level_200().tiles, 200);
  return chase;
}

// libtcod's Dijkstra path from its root (the player) out to `monster`: the monster's own step
// is the next-to-last cell (the root itself when the monster is adjacent). Read with
// TCOD_dijkstra_get, which is cheaper than reversing the path and walking it.
bool tcod_dijkstra_step(TCOD_Dijkstra* dijkstra, Point monster, Point player, Point& step) {
  if (!TCOD_dijkstra_path_set(dijkstra, monster.x, monster.y)) return false;
  const int size = TCOD_dijkstra_size(dijkstra);
  if (size < 2) {
    step = player;
  } else {
    TCOD_dijkstra_get(dijkstra, size - 2, &step.x, &step.y);
  }
  return true;
}

// --- the benchmarks ---------------------------------------------------------------------

// `jump_points`: AStar's default (jump point search where every step costs the same); off,
// plain A*, expanding cell by cell as libtcod does.
void yendor_astar(benchmark::State& state, path::Movement movement, bool jump_points) {
  const PathScene& s = scene(MapId::cave1000);
  const Ends ends = astar_ends();
  path::AStar astar;
  astar.set_jump_points(jump_points);
  std::vector<Point> route;
  try {
    if (!astar.find_path(s.costs, ends.from, ends.to, movement, route)) {
      state.SkipWithError("yendor A* found no path");
      return;
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    bool found = astar.find_path(s.costs, ends.from, ends.to, movement, route);
    benchmark::DoNotOptimize(found);
    benchmark::ClobberMemory();
  }
  state.counters["length"] = static_cast<double>(route.size());
  state.counters["expanded"] = static_cast<double>(astar.expanded());
}

void tcod_astar(benchmark::State& state) {
  const PathScene& s = scene(MapId::cave1000);
  const Ends ends = astar_ends();
  const TcodPath tcod(TCOD_path_new_using_map(s.tcod.get(), k_tcod_diagonal_cost));
  for (auto _ : state) {
    bool found = TCOD_path_compute(tcod.get(), ends.from.x, ends.from.y, ends.to.x, ends.to.y);
    benchmark::DoNotOptimize(found);
    benchmark::ClobberMemory();
  }
  state.counters["length"] = TCOD_path_size(tcod.get());
}

void yendor_dijkstra(benchmark::State& state, MapId id, path::Movement movement) {
  const PathScene& s = scene(id);
  const Point goal = centre_floor(s);
  path::DijkstraMap map;
  try {
    map.compute(s.costs, goal, movement);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    map.compute(s.costs, goal, movement);
    const path::Distance* values = &map.values()[std::size_t{0}];
    benchmark::DoNotOptimize(values);
    benchmark::ClobberMemory();
  }
}

void tcod_dijkstra(benchmark::State& state, MapId id) {
  const PathScene& s = scene(id);
  const Point goal = centre_floor(s);
  const TcodDijkstra tcod(TCOD_dijkstra_new(s.tcod.get(), k_tcod_diagonal_cost));
  for (auto _ : state) {
    TCOD_dijkstra_compute(tcod.get(), goal.x, goal.y);
    benchmark::DoNotOptimize(tcod->distances);
    benchmark::ClobberMemory();
  }
}

// Yendor's A* (jump points, libtcod's rules) and libtcod's, timed in alternating blocks.
void paired_astar(benchmark::State& state) {
  const PathScene& s = scene(MapId::cave1000);
  const Ends ends = astar_ends();
  path::AStar astar;
  std::vector<Point> route;
  const TcodPath tcod(TCOD_path_new_using_map(s.tcod.get(), k_tcod_diagonal_cost));
  run_paired(
      state,
      [&] {
        bool found = astar.find_path(s.costs, ends.from, ends.to, k_tcod_movement, route);
        benchmark::DoNotOptimize(found);
        benchmark::ClobberMemory();
      },
      [&] {
        bool found = TCOD_path_compute(tcod.get(), ends.from.x, ends.from.y, ends.to.x, ends.to.y);
        benchmark::DoNotOptimize(found);
        benchmark::ClobberMemory();
      },
      1, "astar");
}

// Both full Dijkstra maps (libtcod's rules), timed in alternating blocks.
void paired_dijkstra(benchmark::State& state, MapId id) {
  const PathScene& s = scene(id);
  const Point goal = centre_floor(s);
  path::DijkstraMap map;
  const TcodDijkstra tcod(TCOD_dijkstra_new(s.tcod.get(), k_tcod_diagonal_cost));
  run_paired(
      state,
      [&] {
        map.compute(s.costs, goal, k_tcod_movement);
        const path::Distance* values = &map.values()[std::size_t{0}];
        benchmark::DoNotOptimize(values);
        benchmark::ClobberMemory();
      },
      [&] {
        TCOD_dijkstra_compute(tcod.get(), goal.x, goal.y);
        benchmark::DoNotOptimize(tcod->distances);
        benchmark::ClobberMemory();
      },
      1, "dijkstra");
}

// One turn of the chase: every monster works out its next step toward the player.

void yendor_chase_dijkstra(benchmark::State& state) {
  const PathScene& s = scene(MapId::cave200);
  const bench::ChaseScene& c = chase();
  path::DijkstraMap map;
  try {
    map.compute(s.costs, c.player, k_tcod_movement);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  int moved = 0;
  for (auto _ : state) {
    map.compute(s.costs, c.player, k_tcod_movement);
    moved = 0;
    for (const Point m : c.monsters)
      if (const auto step = map.downhill(s.costs, m, k_tcod_movement)) {
        benchmark::DoNotOptimize(*step);
        ++moved;
      }
    benchmark::DoNotOptimize(moved);
  }
  state.counters["moved"] = moved;
}

void yendor_chase_astar(benchmark::State& state) {
  const PathScene& s = scene(MapId::cave200);
  const bench::ChaseScene& c = chase();
  path::AStar astar;
  std::vector<Point> route;
  try {
    astar.find_path(s.costs, c.monsters.front(), c.player, k_tcod_movement, route);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  int moved = 0;
  for (auto _ : state) {
    moved = 0;
    for (const Point m : c.monsters)
      if (astar.find_path(s.costs, m, c.player, k_tcod_movement, route) && !route.empty()) {
        benchmark::DoNotOptimize(route.front());
        ++moved;
      }
    benchmark::DoNotOptimize(moved);
  }
  state.counters["moved"] = moved;
}

void tcod_chase_astar(benchmark::State& state) {
  const PathScene& s = scene(MapId::cave200);
  const bench::ChaseScene& c = chase();
  const TcodPath tcod(TCOD_path_new_using_map(s.tcod.get(), k_tcod_diagonal_cost));
  int moved = 0;
  for (auto _ : state) {
    moved = 0;
    for (const Point m : c.monsters) {
      Point step;
      if (TCOD_path_compute(tcod.get(), m.x, m.y, c.player.x, c.player.y) &&
          TCOD_path_walk(tcod.get(), &step.x, &step.y, false)) {
        benchmark::DoNotOptimize(step);
        ++moved;
      }
    }
    benchmark::DoNotOptimize(moved);
  }
  state.counters["moved"] = moved;
}

void tcod_chase_dijkstra(benchmark::State& state) {
  const PathScene& s = scene(MapId::cave200);
  const bench::ChaseScene& c = chase();
  const TcodDijkstra tcod(TCOD_dijkstra_new(s.tcod.get(), k_tcod_diagonal_cost));
  int moved = 0;
  for (auto _ : state) {
    TCOD_dijkstra_compute(tcod.get(), c.player.x, c.player.y);
    moved = 0;
    for (const Point m : c.monsters) {
      Point step;
      if (tcod_dijkstra_step(tcod.get(), m, c.player, step)) {
        benchmark::DoNotOptimize(step);
        ++moved;
      }
    }
    benchmark::DoNotOptimize(moved);
  }
  state.counters["moved"] = moved;
}

// --- the checks ---------------------------------------------------------------------------

// libtcod's Dijkstra distances as whole steps (-1: unreachable): the oracle every check
// compares against, an implementation independent of Yendor's.
struct TcodDistances {
  TcodDijkstra tcod;
  int at(Point p) const {
    const float d = TCOD_dijkstra_get_distance(tcod.get(), p.x, p.y);
    return d < 0 ? -1 : static_cast<int>(std::lround(d));
  }
};
TcodDistances tcod_distances(const PathScene& s, Point root) {
  TcodDistances out{TcodDijkstra(TCOD_dijkstra_new(s.tcod.get(), k_tcod_diagonal_cost))};
  TCOD_dijkstra_compute(out.tcod.get(), root.x, root.y);
  return out;
}

// Every step of `route` (starting after `from`) is a step libtcod's rules allow and it ends
// at `to`.
bool valid_route(const PathScene& s, Point from, Point to, const std::vector<Point>& route) {
  Point at = from;
  for (const Point p : route) {
    if (chebyshev(at, p) != 1 || !s.costs.passable(p)) return false;
    at = p;
  }
  return at == to;
}

std::vector<Point> tcod_route(TCOD_Path* tcod) {
  std::vector<Point> route(static_cast<std::size_t>(TCOD_path_size(tcod)));
  for (std::size_t i = 0; i < route.size(); ++i)
    TCOD_path_get(tcod, static_cast<int>(i), &route[i].x, &route[i].y);
  return route;
}

std::string point_text(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

Check astar_check() {
  const PathScene& s = scene(MapId::cave1000);
  const Ends ends = astar_ends();
  const TcodDistances oracle = tcod_distances(s, ends.to);
  const int shortest = oracle.at(ends.from);
  std::string detail = point_text(ends.from) + " to " + point_text(ends.to) +
                       ": shortest (libtcod Dijkstra) " + std::to_string(shortest) + " steps";

  const TcodPath tcod(TCOD_path_new_using_map(s.tcod.get(), k_tcod_diagonal_cost));
  const bool tcod_found =
      TCOD_path_compute(tcod.get(), ends.from.x, ends.from.y, ends.to.x, ends.to.y);
  const std::vector<Point> tcod_path = tcod_route(tcod.get());
  const bool tcod_ok = tcod_found && valid_route(s, ends.from, ends.to, tcod_path);
  detail += "; tcod A* " + std::to_string(tcod_path.size()) + (tcod_ok ? "" : " (INVALID)");

  bool ok = tcod_ok;
  try {
    path::AStar astar;
    std::vector<Point> route;
    const bool found = astar.find_path(s.costs, ends.from, ends.to, k_tcod_movement, route);
    const bool valid = found && valid_route(s, ends.from, ends.to, route);
    detail += "; yendor A* " + std::to_string(route.size()) + " (cost " +
              std::to_string(astar.cost()) + (valid ? "" : ", INVALID") + ")";
    ok = ok && valid && static_cast<int>(route.size()) == shortest;
    astar.find_path(s.costs, ends.from, ends.to, path::Movement{}, route);
    detail += "; yendor A* default movement (no corner cutting) " + std::to_string(route.size());
  } catch (const std::exception& e) {
    detail += std::string("; yendor A* failed: ") + e.what();
    ok = false;
  }
  if (static_cast<int>(tcod_path.size()) != shortest)
    detail +=
        "; libtcod's Euclidean heuristic overestimates when diagonals cost 1, so its path "
        "may be longer than the shortest";
  return {"astar_cave1000", detail, ok};
}

Check dijkstra_check(const char* name, MapId id) {
  const PathScene& s = scene(id);
  const Point goal = centre_floor(s);
  const TcodDistances oracle = tcod_distances(s, goal);
  std::string detail = "goal " + point_text(goal);
  try {
    path::DijkstraMap map;
    map.compute(s.costs, goal, k_tcod_movement);
    std::int64_t reachable = 0, differ = 0, farthest = 0;
    for (int y = 0; y < s.costs.height(); ++y)
      for (int x = 0; x < s.costs.width(); ++x) {
        const int expected = oracle.at({x, y});
        const path::Distance got = map.at({x, y});
        if (expected >= 0) ++reachable;
        farthest = std::max<std::int64_t>(farthest, expected);
        if (expected < 0 ? got != path::k_unreachable : got != expected) ++differ;
      }
    detail += ": " + std::to_string(reachable) + " reachable cells, farthest " +
              std::to_string(farthest) + " steps; yendor and tcod differ at " +
              std::to_string(differ) + " cells";
    return {name, detail, differ == 0};
  } catch (const std::exception& e) {
    return {name, detail + ": yendor Dijkstra map failed: " + e.what(), false};
  }
}

// Each monster's step from each method must bring it one step closer (by libtcod's Dijkstra
// distances); A* paths must be shortest.
Check chase_check() {
  const PathScene& s = scene(MapId::cave200);
  const bench::ChaseScene& c = chase();
  const TcodDistances oracle = tcod_distances(s, c.player);
  int tcod_dijkstra_good = 0, tcod_astar_good = 0, tcod_astar_longer = 0;
  const TcodPath tcod_path(TCOD_path_new_using_map(s.tcod.get(), k_tcod_diagonal_cost));
  for (const Point m : c.monsters) {
    Point step;
    if (tcod_dijkstra_step(oracle.tcod.get(), m, c.player, step) && chebyshev(m, step) == 1 &&
        oracle.at(step) == oracle.at(m) - 1)
      ++tcod_dijkstra_good;
    if (TCOD_path_compute(tcod_path.get(), m.x, m.y, c.player.x, c.player.y)) {
      const std::vector<Point> route = tcod_route(tcod_path.get());
      if (valid_route(s, m, c.player, route)) {
        if (static_cast<int>(route.size()) == oracle.at(m)) ++tcod_astar_good;
        if (static_cast<int>(route.size()) > oracle.at(m)) ++tcod_astar_longer;
      }
    }
  }
  const int n = static_cast<int>(c.monsters.size());
  std::string detail = std::to_string(n) + " monsters, player " + point_text(c.player) +
                       "; steps one closer: tcod Dijkstra " + std::to_string(tcod_dijkstra_good) +
                       "; tcod A* shortest " + std::to_string(tcod_astar_good) + " (longer " +
                       std::to_string(tcod_astar_longer) + ")";
  bool ok = tcod_dijkstra_good == n;
  try {
    path::DijkstraMap map;
    map.compute(s.costs, c.player, k_tcod_movement);
    path::AStar astar;
    std::vector<Point> route;
    int downhill_good = 0, astar_good = 0, astar_missing = 0, astar_invalid = 0;
    for (const Point m : c.monsters) {
      const auto step = map.downhill(s.costs, m, k_tcod_movement);
      if (step && chebyshev(m, *step) == 1 && oracle.at(*step) == oracle.at(m) - 1) ++downhill_good;
      if (!astar.find_path(s.costs, m, c.player, k_tcod_movement, route))
        ++astar_missing;
      else if (!valid_route(s, m, c.player, route) || astar.cost() != path::Distance(route.size()))
        ++astar_invalid;
      else if (static_cast<int>(route.size()) == oracle.at(m))
        ++astar_good;
    }
    detail += "; yendor downhill " + std::to_string(downhill_good) + "; yendor A* shortest " +
              std::to_string(astar_good) + " (no path " + std::to_string(astar_missing) +
              ", invalid " + std::to_string(astar_invalid) + ", longer " +
              std::to_string(n - astar_good - astar_missing - astar_invalid) + ")";
    ok = ok && downhill_good == n && astar_good == n;
  } catch (const std::exception& e) {
    detail += std::string("; yendor failed: ") + e.what();
    ok = false;
  }
  return {"chase200_cave200", detail, ok};
}

}  // namespace

void register_path_benchmarks() {
  const auto us = benchmark::kMicrosecond;
  benchmark::RegisterBenchmark("astar_cave1000/yendor_astar", yendor_astar, k_tcod_movement, true)
      ->Unit(us);
  benchmark::RegisterBenchmark("astar_cave1000/yendor_astar_plain", yendor_astar, k_tcod_movement,
                               false)
      ->Unit(us);
  benchmark::RegisterBenchmark("astar_cave1000/yendor_astar_default_movement", yendor_astar,
                               path::Movement{}, true)
      ->Unit(us);
  benchmark::RegisterBenchmark("astar_cave1000/tcod_astar", tcod_astar)->Unit(us);
  if (paired_rounds() > 0)
    benchmark::RegisterBenchmark("astar_cave1000/pair_astar", paired_astar)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);

  const std::array<std::pair<const char*, MapId>, 2> dijkstra_maps{
      {{"dijkstra_open1000", MapId::open1000}, {"dijkstra_cave1000", MapId::cave1000}}};
  for (const auto& [name, id] : dijkstra_maps) {
    const std::string prefix = std::string(name) + "/";
    benchmark::RegisterBenchmark((prefix + "yendor_dijkstra").c_str(), yendor_dijkstra, id,
                                 k_tcod_movement)
        ->Unit(us);
    benchmark::RegisterBenchmark((prefix + "yendor_dijkstra_default_movement").c_str(),
                                 yendor_dijkstra, id, path::Movement{})
        ->Unit(us);
    benchmark::RegisterBenchmark((prefix + "tcod_dijkstra").c_str(), tcod_dijkstra, id)->Unit(us);
    if (paired_rounds() > 0)
      benchmark::RegisterBenchmark((prefix + "pair_dijkstra").c_str(), paired_dijkstra, id)
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
  }

  benchmark::RegisterBenchmark("chase200_cave200/yendor_dijkstra_downhill", yendor_chase_dijkstra)
      ->Unit(us);
  benchmark::RegisterBenchmark("chase200_cave200/yendor_astar", yendor_chase_astar)->Unit(us);
  benchmark::RegisterBenchmark("chase200_cave200/tcod_astar", tcod_chase_astar)->Unit(us);
  benchmark::RegisterBenchmark("chase200_cave200/tcod_dijkstra", tcod_chase_dijkstra)->Unit(us);
}

std::vector<Check> path_checks(const CaseFilter& wanted) {
  std::vector<Check> out;
  if (wanted("astar_cave1000")) out.push_back(astar_check());
  if (wanted("dijkstra_open1000"))
    out.push_back(dijkstra_check("dijkstra_open1000", MapId::open1000));
  if (wanted("dijkstra_cave1000"))
    out.push_back(dijkstra_check("dijkstra_cave1000", MapId::cave1000));
  if (wanted("chase200_cave200")) out.push_back(chase_check());
  return out;
}

}  // namespace yendor::peers
