#include "yendor/path/jump_point.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

#include "support/plain_movement.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/path/astar.hpp"

namespace yendor::path {
namespace {

using test::plain_step;

constexpr Movement k_cut{Connectivity::eight, CornerCutting::allowed, 1, 1};
constexpr Movement k_never{Connectivity::eight, CornerCutting::never, 1, 1};
constexpr std::array<Movement, 2> k_rules{k_cut, k_never};

// Step counts from `from` to every cell by the plain rule (-1: unreachable): the oracle,
// sharing no code with the library.
Grid<int> plain_step_counts(const CostMap& map, Point from, const Movement& m) {
  Grid<int> dist(map.size(), -1);
  std::deque<Point> queue{from};
  dist[from] = 0;
  while (!queue.empty()) {
    const Point a = queue.front();
    queue.pop_front();
    for (const Point d : k_directions8) {
      const Point b = a + d;
      if (plain_step(map, a, d, m) == 0 || dist[b] >= 0) continue;
      dist[b] = dist[a] + 1;
      queue.push_back(b);
    }
  }
  return dist;
}

// `path` walks from `from` to `to` in `cost` steps the movement allows.
void expect_valid_jump_path(const CostMap& map, Point from, Point to, const Movement& m,
                            const std::vector<Point>& path, Distance cost) {
  Point at = from;
  for (const Point next : path) {
    const Point d = next - at;
    ASSERT_TRUE(std::abs(d.x) <= 1 && std::abs(d.y) <= 1 && (d != Point{0, 0}))
        << "jump from (" << at.x << "," << at.y << ") to (" << next.x << "," << next.y << ")";
    ASSERT_GT(plain_step(map, at, d, m), 0)
        << "step (" << at.x << "," << at.y << ") to (" << next.x << "," << next.y << ")";
    at = next;
  }
  EXPECT_EQ(at, to);
  EXPECT_EQ(static_cast<Distance>(path.size()), cost);
}

// Every pair of cells of `map` (the start may be a wall): cost and path against the oracle.
// Returns the number of pairs with a path.
int expect_all_pairs(JumpPointSearch& search, const CostMap& map, const Movement& m) {
  int found = 0;
  std::vector<Point> path;
  for (int fy = 0; fy < map.height(); ++fy)
    for (int fx = 0; fx < map.width(); ++fx) {
      const Point from{fx, fy};
      const Grid<int> dist = plain_step_counts(map, from, m);
      for (int ty = 0; ty < map.height(); ++ty)
        for (int tx = 0; tx < map.width(); ++tx) {
          const Point to{tx, ty};
          const bool reachable = dist[to] >= 0 && (map.passable(to) || to == from);
          const bool ok = search.find_path(map, from, to, m, path);
          EXPECT_EQ(ok, reachable) << "(" << fx << "," << fy << ") to (" << tx << "," << ty << ")";
          if (!ok || !reachable) continue;
          ++found;
          EXPECT_EQ(search.cost(), dist[to])
              << "(" << fx << "," << fy << ") to (" << tx << "," << ty << ")";
          expect_valid_jump_path(map, from, to, m, path, dist[to]);
          if (::testing::Test::HasFailure()) return found;
        }
    }
  return found;
}

CostMap random_map(Rng& rng, Size size, double walls) {
  return CostMap::from(size, [&](Point) { return rng.chance(walls) ? 0 : 1; });
}

TEST(JumpPointSearch, EveryPairOfSmallRandomMapsMatchesBreadthFirstSearch) {
  // Small maps, every wall density from none to most, every pair: the places where a pruning
  // rule could lose the only optimal continuation are all here, at every orientation.
  Rng rng(9101);
  JumpPointSearch search;
  int found = 0;
  for (int trial = 0; trial < 240; ++trial) {
    const Size size{rng.range(1, 9), rng.range(1, 9)};
    const double walls = 0.05 * static_cast<double>(trial % 13);
    const CostMap map = random_map(rng, size, walls);
    for (const Movement& m : k_rules) {
      SCOPED_TRACE("trial " + std::to_string(trial) + ", corners " +
                   std::to_string(static_cast<int>(m.corners)));
      found += expect_all_pairs(search, map, m);
      if (HasFailure()) return;
    }
  }
  EXPECT_GT(found, 100000);  // the maps are not all walls
}

TEST(JumpPointSearch, GeneratedLevelsMatchBreadthFirstSearch) {
  // Caves, mazes and rooms at 80x50: long jumps, corridors one cell wide, doors.
  JumpPointSearch search;
  std::vector<Point> path;
  Rng rng(9102);
  int checked = 0;
  for (const char* name : {"caves", "maze", "rooms", "bsp", "digger"}) {
    const Generator& generator = builtin_generators().get(name);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Level level =
          generate_level(generator, {80, 50}, seed, generator.info().schema.defaults());
      const CostMap map = CostMap::from_tiles(level.tiles, TileCosts{1, 1, 0, 0, 1, 0, 1});
      std::vector<Point> floor;
      for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
          if (map.passable({x, y})) floor.push_back({x, y});
      ASSERT_FALSE(floor.empty());
      for (const Movement& m : k_rules)
        for (int q = 0; q < 8; ++q) {
          const Point from = floor[rng.below(static_cast<std::uint32_t>(floor.size()))];
          const Grid<int> dist = plain_step_counts(map, from, m);
          for (int r = 0; r < 25; ++r) {
            const Point to = floor[rng.below(static_cast<std::uint32_t>(floor.size()))];
            SCOPED_TRACE(std::string(name) + " seed " + std::to_string(seed));
            ASSERT_EQ(search.find_path(map, from, to, m, path), dist[to] >= 0);
            if (dist[to] < 0) continue;
            ASSERT_EQ(search.cost(), dist[to]);
            expect_valid_jump_path(map, from, to, m, path, dist[to]);
            ++checked;
          }
        }
    }
  }
  EXPECT_GT(checked, 7000);
}

TEST(JumpPointSearch, LargeMapsMatchBreadthFirstSearch) {
  // Rows and columns of several 64-bit words each (the scans cross word boundaries, and the
  // columns come from the transposed rows), at wall densities from open to cave-like.
  Rng rng(9105);
  JumpPointSearch search;
  std::vector<Point> path;
  int checked = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const Size size{rng.range(130, 200), rng.range(65, 140)};
    const CostMap map = random_map(rng, size, 0.04 * static_cast<double>(trial));
    for (const Movement& m : k_rules)
      for (int q = 0; q < 4; ++q) {
        const Point from{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
        const Grid<int> dist = plain_step_counts(map, from, m);
        for (int r = 0; r < 40; ++r) {
          const Point to{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
          SCOPED_TRACE("trial " + std::to_string(trial));
          const bool reachable = to == from || (dist[to] >= 0 && map.passable(to));
          ASSERT_EQ(search.find_path(map, from, to, m, path), reachable);
          if (!reachable) continue;
          ASSERT_EQ(search.cost(), dist[to]);
          expect_valid_jump_path(map, from, to, m, path, dist[to]);
          ++checked;
        }
      }
  }
  EXPECT_GT(checked, 1000);
}

TEST(JumpPointSearch, ExpandsFewCellsOnOpenGround) {
  // Corner to corner across an open 200x200 field: the diagonal and the far edges, a handful
  // of jump points where A* expands a cell per step at least.
  const CostMap open({200, 200}, 1);
  JumpPointSearch search;
  AStar astar;
  std::vector<Point> path;
  for (const Movement& m : k_rules) {
    ASSERT_TRUE(search.find_path(open, {0, 0}, {199, 120}, m, path));
    EXPECT_EQ(search.cost(), 199);
    EXPECT_LE(search.expanded(), 4);
    astar.set_jump_points(false);
    ASSERT_TRUE(astar.find_path(open, {0, 0}, {199, 120}, m, path));
    EXPECT_GE(astar.expanded(), 199);
  }
}

TEST(JumpPointSearch, AStarUsesItWhereItApplies) {
  Rng rng(9103);
  const CostMap map = random_map(rng, {60, 60}, 0.3);
  AStar astar;
  JumpPointSearch search;
  std::vector<Point> with, without, direct;
  int compared = 0;
  for (int q = 0; q < 200; ++q) {
    const Point from{rng.range(0, 59), rng.range(0, 59)}, to{rng.range(0, 59), rng.range(0, 59)};
    for (const Movement& m : k_rules) {
      astar.set_jump_points(true);
      const bool found = astar.find_path(map, from, to, m, with);
      const Distance cost = astar.cost();
      const std::int64_t expanded = astar.expanded();
      ASSERT_EQ(search.find_path(map, from, to, m, direct), found);
      EXPECT_EQ(with, direct);  // the same search
      EXPECT_EQ(expanded, search.expanded());
      astar.set_jump_points(false);
      ASSERT_EQ(astar.find_path(map, from, to, m, without), found);
      EXPECT_EQ(astar.cost(), cost);
      compared += found ? 1 : 0;
    }
  }
  EXPECT_GT(compared, 100);
  // Where it does not apply (costs above 1, other weights, one-side corners), plain A*.
  const CostMap costly = CostMap::from({20, 20}, [](Point p) { return 1 + (p.x + p.y) % 3; });
  astar.set_jump_points(true);
  ASSERT_TRUE(astar.find_path(costly, {0, 0}, {19, 19}, k_cut, with));
  EXPECT_FALSE(JumpPointSearch::supports(costly, k_cut));
  Movement one_side = k_cut;
  one_side.corners = CornerCutting::one_side;
  EXPECT_FALSE(JumpPointSearch::supports(map, one_side));
  Movement four = k_cut;
  four.connectivity = Connectivity::four;
  EXPECT_FALSE(JumpPointSearch::supports(map, four));
  Movement weighted = k_cut;
  weighted.diagonal_weight = 2;
  EXPECT_FALSE(JumpPointSearch::supports(map, weighted));
  EXPECT_TRUE(JumpPointSearch::supports(map, k_never));
}

TEST(JumpPointSearch, SameQuerySamePathAcrossManyCalls) {
  // Reused buffers (and the stamp that spares clearing them) give the answer of a fresh search.
  Rng rng(9104);
  const CostMap map = random_map(rng, {50, 30}, 0.25);
  const CostMap other = random_map(rng, {90, 90}, 0.2);
  JumpPointSearch reused;
  std::vector<Point> first, again, fresh, scratch;
  for (int q = 0; q < 300; ++q) {
    const Point from{rng.range(0, 49), rng.range(0, 29)}, to{rng.range(0, 49), rng.range(0, 29)};
    const Movement& m = k_rules[rng.below(2)];
    const bool found = reused.find_path(map, from, to, m, first);
    reused.find_path(other, {1, 1}, {88, 88}, m, scratch);
    ASSERT_EQ(reused.find_path(map, from, to, m, again), found);
    JumpPointSearch once;
    ASSERT_EQ(once.find_path(map, from, to, m, fresh), found);
    EXPECT_EQ(first, again);
    EXPECT_EQ(first, fresh);
  }
}

TEST(JumpPointSearch, UnreachableGoalsTheStartItselfAndBadInput) {
  JumpPointSearch search;
  std::vector<Point> path{{3, 3}};
  CostMap map({5, 5}, 1);
  for (int y = 0; y < 5; ++y)
    map.set_cost({2, y}, 0);
  EXPECT_FALSE(search.find_path(map, {0, 0}, {4, 4}, k_cut, path));
  EXPECT_TRUE(path.empty());
  EXPECT_EQ(search.cost(), k_unreachable);
  EXPECT_FALSE(search.find_path(map, {0, 0}, {2, 2}, k_cut, path));  // a wall
  EXPECT_TRUE(search.find_path(map, {2, 2}, {2, 2}, k_cut, path));   // the start, even a wall
  EXPECT_EQ(search.cost(), 0);
  EXPECT_TRUE(path.empty());
  EXPECT_THROW(search.find_path(map, {0, 0}, {5, 0}, k_cut, path), InputError);
  EXPECT_THROW(search.find_path(map, {-1, 0}, {1, 0}, k_cut, path), InputError);
  Movement weighted = k_cut;
  weighted.cardinal_weight = 2;
  EXPECT_THROW(search.find_path(map, {0, 0}, {1, 0}, weighted, path), InputError);
}

}  // namespace
}  // namespace yendor::path
