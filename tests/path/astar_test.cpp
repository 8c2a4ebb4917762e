#include "yendor/path/astar.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

#include "support/plain_movement.hpp"
#include "support/random_cell.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/path/bfs.hpp"
#include "yendor/path/dijkstra_map.hpp"

namespace yendor::path {
namespace {

using test::plain_step;

using test::k_connectivities;
using test::k_corner_rules;
// Weights (cardinal, diagonal): equal, Euclid-like, diagonal dearer than two steps, diagonal
// cheaper than a step (the octile estimate would overestimate there), and the largest.
constexpr std::array<std::array<int, 2>, 6> k_weights{
    {{1, 1}, {2, 3}, {1, 3}, {3, 1}, {5, 7}, {1000, 1000}}};

Movement random_movement(Rng& rng, bool unit_weights) {
  Movement m;
  m.connectivity = k_connectivities[rng.below(2)];
  m.corners = k_corner_rules[rng.below(3)];
  if (!unit_weights) {
    const auto& w = k_weights[rng.below(static_cast<std::uint32_t>(k_weights.size()))];
    m.cardinal_weight = w[0];
    m.diagonal_weight = w[1];
  }
  return m;
}

// Each cell a wall with probability `walls`, else a cost in [1, max_cost].
CostMap random_map(Rng& rng, Size size, double walls, int max_cost) {
  return CostMap::from(size, [&](Point) { return rng.chance(walls) ? 0 : rng.range(1, max_cost); });
}

using test::random_cell;

// A passable cell, or none when the map has none.
std::vector<Point> passable_cells(const CostMap& map) {
  std::vector<Point> cells;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x)
      if (map.passable({x, y})) cells.push_back({x, y});
  return cells;
}

// A plain Dijkstra from `from` (which may be impassable) over the plain rule: the oracle that
// shares no code with the library.
Distance plain_dijkstra(const CostMap& map, Point from, Point to, const Movement& m,
                        const Grid<std::uint8_t>* allowed = nullptr) {
  Grid<std::int64_t> dist(map.size(), -1);
  using Entry = std::tuple<std::int64_t, int, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  open.push({0, from.y, from.x});
  while (!open.empty()) {
    const auto [d, y, x] = open.top();
    open.pop();
    const Point a{x, y};
    if (dist[a] >= 0) continue;
    dist[a] = d;
    if (a == to) return static_cast<Distance>(d);
    for (const Point step : k_directions8) {
      const Distance c = plain_step(map, a, step, m);
      const Point b = a + step;
      if (c == 0 || dist[b] >= 0 || (allowed != nullptr && (*allowed)[b] == 0)) continue;
      open.push({d + c, b.y, b.x});
    }
  }
  return k_unreachable;
}

// `path` walks from `from` to `to` by steps the movement allows, into allowed cells, and its
// steps cost `cost` in all.
void expect_valid_path(const CostMap& map, Point from, Point to, const Movement& m,
                       const std::vector<Point>& path, Distance cost,
                       const Grid<std::uint8_t>* allowed = nullptr) {
  Point at = from;
  std::int64_t total = 0;
  for (const Point next : path) {
    const Point d = next - at;
    ASSERT_TRUE(std::abs(d.x) <= 1 && std::abs(d.y) <= 1 && (d != Point{0, 0}))
        << "jump from (" << at.x << "," << at.y << ") to (" << next.x << "," << next.y << ")";
    const Distance step = plain_step(map, at, d, m);
    ASSERT_GT(step, 0) << "step into (" << next.x << "," << next.y << ") not allowed";
    if (allowed != nullptr) {
      ASSERT_NE((*allowed)[next], 0) << "(" << next.x << "," << next.y << ") not allowed";
    }
    total += step;
    at = next;
  }
  EXPECT_EQ(at, to);
  EXPECT_EQ(total, cost);
}

int direction_changes(Point from, const std::vector<Point>& path) {
  int changes = 0;
  Point at = from, last{0, 0};
  for (std::size_t i = 0; i < path.size(); ++i) {
    const Point d = path[i] - at;
    if (i > 0 && d != last) ++changes;
    last = d;
    at = path[i];
  }
  return changes;
}

// Checks one query against the expected cost (k_unreachable: no path).
void expect_search(AStar& astar, const CostMap& map, Point from, Point to, const Movement& m,
                   Distance expected, const Grid<std::uint8_t>* allowed = nullptr) {
  std::vector<Point> path{{-7, -7}};  // stale content must go
  const bool found = astar.find_path(map, from, to, m, path, allowed);
  ASSERT_EQ(found, expected != k_unreachable);
  EXPECT_EQ(astar.cost(), expected);
  if (found) {
    expect_valid_path(map, from, to, m, path, expected, allowed);
  } else {
    EXPECT_TRUE(path.empty());
  }
}

TEST(AStar, UnitCostsMatchBreadthFirstSearch) {
  Rng rng(501);
  AStar astar;
  BreadthFirstSearch bfs;
  Grid<Distance> steps;
  for (int trial = 0; trial < 1500; ++trial) {
    const Size size{rng.range(1, 30), rng.range(1, 30)};
    const CostMap map = random_map(rng, size, rng.real(0.0, 0.5), 1);
    const Movement m = random_movement(rng, true);
    const std::vector<Point> cells = passable_cells(map);
    if (cells.empty()) continue;
    for (int q = 0; q < 3; ++q) {
      const Point from = cells[rng.below(static_cast<std::uint32_t>(cells.size()))];
      const Point to = random_cell(rng, size);
      bfs.distances(map, from, m, steps);
      SCOPED_TRACE("trial " + std::to_string(trial));
      expect_search(astar, map, from, to, m, steps[to]);
      // Each cell is expanded at most once: stale heap entries are skipped.
      EXPECT_LE(astar.expanded(), static_cast<std::int64_t>(cells.size()));
    }
  }
}

// Costs up to 9 use the bucket queue, costs up to 255 the binary heap (f spreads too far).
TEST(AStar, WeightedCostsMatchDijkstraMap) {
  Rng rng(502);
  AStar astar;
  DijkstraMap dijkstra;
  for (int trial = 0; trial < 1500; ++trial) {
    const Size size{rng.range(1, 28), rng.range(1, 28)};
    const int max_cost = trial % 2 == 0 ? 9 : 255;
    const CostMap map = random_map(rng, size, rng.real(0.0, 0.45), max_cost);
    const Movement m = random_movement(rng, false);
    const std::vector<Point> cells = passable_cells(map);
    if (cells.empty()) continue;
    for (int q = 0; q < 3; ++q) {
      const Point from = cells[rng.below(static_cast<std::uint32_t>(cells.size()))];
      const Point to = random_cell(rng, size);
      SCOPED_TRACE("trial " + std::to_string(trial));
      Distance expected = k_unreachable;
      if (map.passable(to)) {
        dijkstra.compute(map, to, m);
        expected = dijkstra.at(from);
      }
      expect_search(astar, map, from, to, m, expected);
      if (trial % 10 == 0) {
        EXPECT_EQ(astar.cost(), plain_dijkstra(map, from, to, m));
      }
    }
  }
}

// A start on an impassable cell (a monster in a doorway the map now blocks) still walks out.
TEST(AStar, StartsFromImpassableCells) {
  Rng rng(503);
  AStar astar;
  for (int trial = 0; trial < 400; ++trial) {
    const Size size{rng.range(2, 20), rng.range(2, 20)};
    CostMap map = random_map(rng, size, 0.3, 4);
    const Point from = random_cell(rng, size);
    map.set_cost(from, 0);
    const Point to = random_cell(rng, size);
    const Movement m = random_movement(rng, false);
    SCOPED_TRACE("trial " + std::to_string(trial));
    expect_search(astar, map, from, to, m, from == to ? 0 : plain_dijkstra(map, from, to, m));
  }
}

TEST(AStar, RealLevelsMatchDijkstraMapAndBreadthFirstSearch) {
  TileCosts unit;
  unit.door_closed = 1;
  unit.water_shallow = 1;
  unit.rubble = 1;
  AStar astar;
  DijkstraMap dijkstra;
  BreadthFirstSearch bfs;
  Grid<Distance> steps;
  Rng rng(504);
  for (const char* name : {"caves", "rooms", "maze", "bsp"}) {
    const Generator& g = builtin_generators().get(name);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Level level = generate_level(g, {80, 50}, seed, g.info().schema.defaults());
      const CostMap weighted = CostMap::from_tiles(level.tiles);
      const CostMap unit_map = CostMap::from_tiles(level.tiles, unit);
      const std::vector<Point> cells = passable_cells(weighted);
      ASSERT_FALSE(cells.empty());
      for (int q = 0; q < 12; ++q) {
        const Point from = cells[rng.below(static_cast<std::uint32_t>(cells.size()))];
        const Point to = cells[rng.below(static_cast<std::uint32_t>(cells.size()))];
        const Movement m = random_movement(rng, q % 2 == 0);
        SCOPED_TRACE(std::string(name) + " seed " + std::to_string(seed));
        dijkstra.compute(weighted, to, m);
        expect_search(astar, weighted, from, to, m, dijkstra.at(from));
        if (m.cardinal_weight == 1 && m.diagonal_weight == 1) {
          bfs.distances(unit_map, from, m, steps);
          expect_search(astar, unit_map, from, to, m, steps[to]);
        }
      }
    }
  }
}

TEST(AStar, UnreachableGoalsAndTheStartItself) {
  // A wall splits the map; the goal on the far side, then on a wall cell.
  CostMap map({9, 5}, 1);
  for (int y = 0; y < 5; ++y)
    map.set_cost({4, y}, 0);
  AStar astar;
  std::vector<Point> path{{1, 1}};
  EXPECT_FALSE(astar.find_path(map, {0, 2}, {8, 2}, {}, path));
  EXPECT_TRUE(path.empty());
  EXPECT_EQ(astar.cost(), k_unreachable);
  EXPECT_FALSE(astar.find_path(map, {0, 2}, {4, 2}, {}, path));
  EXPECT_EQ(astar.cost(), k_unreachable);
  // From a cell to itself: found, nothing to walk, free.
  path = {{1, 1}};
  EXPECT_TRUE(astar.find_path(map, {2, 3}, {2, 3}, {}, path));
  EXPECT_TRUE(path.empty());
  EXPECT_EQ(astar.cost(), 0);
  // Diagonal squeezes: passable under `allowed`, closed under `never`.
  CostMap squeeze({2, 2}, 0);
  squeeze.set_cost({0, 0}, 1);
  squeeze.set_cost({1, 1}, 1);
  Movement m;
  m.corners = CornerCutting::allowed;
  EXPECT_TRUE(astar.find_path(squeeze, {0, 0}, {1, 1}, m, path));
  m.corners = CornerCutting::never;
  EXPECT_FALSE(astar.find_path(squeeze, {0, 0}, {1, 1}, m, path));
}

TEST(AStar, AllowedMaskRestrictsTheSearch) {
  Rng rng(505);
  AStar astar;
  for (int trial = 0; trial < 800; ++trial) {
    const Size size{rng.range(1, 24), rng.range(1, 24)};
    const CostMap map = random_map(rng, size, 0.2, trial % 2 == 0 ? 3 : 200);
    Grid<std::uint8_t> allowed(size, 0);
    for (std::uint8_t& a : allowed.cells())
      a = rng.chance(0.75) ? 1 : 0;
    const Point from = random_cell(rng, size), to = random_cell(rng, size);
    if (!map.passable(from)) continue;
    allowed[from] = 1;
    // The mask forbids entering a cell, not passing its corner: the plain search with the
    // same mask is the oracle.
    const Movement m = random_movement(rng, false);
    const Distance expected = from == to ? 0 : plain_dijkstra(map, from, to, m, &allowed);
    SCOPED_TRACE("trial " + std::to_string(trial));
    expect_search(astar, map, from, to, m, expected, &allowed);
  }
}

TEST(AStar, PathsOnOpenGroundAreStraight) {
  const CostMap open({21, 21}, 1);
  AStar astar;
  std::vector<Point> path;
  // (0,0) to (10,3) and its mirror images from every corner, and transposed.
  for (const bool transpose : {false, true})
    for (const int sx : {1, -1})
      for (const int sy : {1, -1}) {
        const auto place = [&](Point p) {
          if (transpose) std::swap(p.x, p.y);
          return Point{sx > 0 ? p.x : 20 - p.x, sy > 0 ? p.y : 20 - p.y};
        };
        const Point from = place({0, 0}), to = place({10, 3});
        ASSERT_TRUE(astar.find_path(open, from, to, {}, path));
        EXPECT_EQ(astar.cost(), 10);  // the tie-break never raises the cost
        EXPECT_LE(direction_changes(from, path), 2)
            << "(" << from.x << "," << from.y << ") to (" << to.x << "," << to.y << ")";
      }
  // Over random pairs the paths turn rarely: 1.42 times per path on average here (measured),
  // where a staircase along the line would turn at almost every diagonal step.
  Rng rng(506);
  const CostMap field({40, 40}, 1);
  std::int64_t changes = 0, steps = 0;
  for (int q = 0; q < 400; ++q) {
    const Point from = random_cell(rng, field.size()), to = random_cell(rng, field.size());
    ASSERT_TRUE(astar.find_path(field, from, to, {}, path));
    EXPECT_EQ(astar.cost(), chebyshev(from, to));
    changes += direction_changes(from, path);
    steps += static_cast<std::int64_t>(path.size());
  }
  EXPECT_LE(static_cast<double>(changes) / 400.0, 3.0);
  EXPECT_GT(steps, 0);
}

TEST(AStar, SameQuerySamePath) {
  Rng rng(507);
  const CostMap map = random_map(rng, {60, 40}, 0.3, 3);
  const CostMap other = random_map(rng, {90, 90}, 0.2, 1);
  const CostMap small = random_map(rng, {7, 5}, 0.1, 1);
  const std::vector<Point> cells = passable_cells(map);
  AStar reused;
  std::vector<Point> first, again, fresh, scratch;
  for (int q = 0; q < 100; ++q) {
    const Point from = cells[rng.below(static_cast<std::uint32_t>(cells.size()))];
    const Point to = cells[rng.below(static_cast<std::uint32_t>(cells.size()))];
    const Movement m = random_movement(rng, false);
    const bool found = reused.find_path(map, from, to, m, first);
    const Distance cost = reused.cost();
    // Searches on larger and smaller maps in between must leave no trace.
    reused.find_path(other, {0, 0}, {89, 89}, m, scratch);
    reused.find_path(small, {0, 0}, {6, 4}, m, scratch);
    EXPECT_EQ(reused.find_path(map, from, to, m, again), found);
    EXPECT_EQ(reused.cost(), cost);
    EXPECT_EQ(again, first);
    AStar new_one;
    EXPECT_EQ(new_one.find_path(map, from, to, m, fresh), found);
    EXPECT_EQ(fresh, first);
  }
}

// The per-cell words hold base + g; base moves past every call's costs and wraps around to a
// full reset about every 15,000 calls here (each call advances it by at least the largest
// step, 255 × 1000, and the bound on g is about 5 × 10^8). Answers must not change across the
// resets.
TEST(AStar, AnswersSurviveTheStampReset) {
  CostMap map({43, 43}, 1);
  map.set_cost({42, 42}, 255);
  Movement m;
  m.cardinal_weight = 1000;
  m.diagonal_weight = 1000;
  const Point to{20, 22};
  DijkstraMap dijkstra;
  dijkstra.compute(map, to, m);
  AStar astar;
  std::vector<Point> path;
  Rng rng(508);
  for (int q = 0; q < 40000; ++q) {
    const Point from = random_cell(rng, map.size());
    ASSERT_TRUE(astar.find_path(map, from, to, m, path));
    ASSERT_EQ(astar.cost(), dijkstra.at(from)) << "call " << q;
  }
}

TEST(AStar, RejectsBadInput) {
  const CostMap map({10, 8}, 1);
  AStar astar;
  std::vector<Point> path;
  EXPECT_THROW(astar.find_path(map, {-1, 0}, {3, 3}, {}, path), InputError);
  EXPECT_THROW(astar.find_path(map, {0, 0}, {10, 3}, {}, path), InputError);
  EXPECT_THROW(astar.find_path(map, {0, 0}, {3, 8}, {}, path), InputError);
  const Grid<std::uint8_t> wrong({8, 10}, 1);
  EXPECT_THROW(astar.find_path(map, {0, 0}, {3, 3}, {}, path, &wrong), InputError);
  Movement m;
  m.cardinal_weight = 0;
  EXPECT_THROW(astar.find_path(map, {0, 0}, {3, 3}, m, path), InputError);
  m.cardinal_weight = 1;
  m.diagonal_weight = k_max_step_weight + 1;
  EXPECT_THROW(astar.find_path(map, {0, 0}, {3, 3}, m, path), InputError);
  m.diagonal_weight = 1;
  m.corners = static_cast<CornerCutting>(9);
  EXPECT_THROW(astar.find_path(map, {0, 0}, {3, 3}, m, path), InputError);
  // Costs that could overflow a Distance over the whole map.
  const CostMap heavy({2000, 2000}, 255);
  Movement weighty;
  weighty.cardinal_weight = weighty.diagonal_weight = k_max_step_weight;
  EXPECT_THROW(astar.find_path(heavy, {0, 0}, {3, 3}, weighty, path), InputError);
  // The message is one line naming the point.
  try {
    astar.find_path(map, {0, 0}, {12, 3}, {}, path);
    FAIL();
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("(12,3)"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace yendor::path
