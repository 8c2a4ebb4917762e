#include "yendor/path/bfs.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "support/plain_movement.hpp"
#include "support/random_cell.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::path {
namespace {

using test::k_corner_rules;
constexpr int k_none = -1;

// The step rule written out plainly (no StepTable).
bool plain_can_step(const CostMap& map, Point a, Point d, const Movement& m) {
  const Point b = a + d;
  if (!map.passable(b)) return false;
  if (d.x == 0 || d.y == 0) return true;
  if (m.connectivity == Connectivity::four) return false;
  const bool s1 = map.passable({a.x + d.x, a.y}), s2 = map.passable({a.x, a.y + d.y});
  switch (m.corners) {
    case CornerCutting::allowed:
      return true;
    case CornerCutting::one_side:
      return s1 || s2;
    case CornerCutting::never:
      return s1 && s2;
  }
  return false;
}

// A plain breadth-first search: a deque of points, a distance and a parent direction per
// cell in vectors, neighbours in k_directions8 order, each cell's parent the first cell to
// reach it.
struct PlainBfs {
  std::vector<int> dist;
  std::vector<int> parent;  // direction index into k_directions8 taken into the cell
  int width = 0;
  int at(Point p) const { return dist[static_cast<std::size_t>(p.y * width + p.x)]; }
};

PlainBfs plain_bfs(const CostMap& map, Point from, const Movement& m,
                   const Grid<std::uint8_t>* allowed = nullptr) {
  PlainBfs r;
  r.width = map.width();
  const auto cells = static_cast<std::size_t>(map.size().area());
  r.dist.assign(cells, k_none);
  r.parent.assign(cells, k_none);
  std::deque<Point> queue{from};
  r.dist[static_cast<std::size_t>(from.y * r.width + from.x)] = 0;
  while (!queue.empty()) {
    const Point a = queue.front();
    queue.pop_front();
    for (int k = 0; k < 8; ++k) {
      const Point d = k_directions8[static_cast<std::size_t>(k)];
      if (!plain_can_step(map, a, d, m)) continue;
      const Point b = a + d;
      if (allowed && (*allowed)[b] == 0) continue;
      const auto ib = static_cast<std::size_t>(b.y * r.width + b.x);
      if (r.dist[ib] != k_none) continue;
      r.dist[ib] = r.at(a) + 1;
      r.parent[ib] = k;
      queue.push_back(b);
    }
  }
  return r;
}

std::vector<Point> plain_path(const PlainBfs& r, Point from, Point to) {
  std::vector<Point> path;
  if (r.at(to) == k_none) return path;
  for (Point p = to; p != from;) {
    path.push_back(p);
    p = p - k_directions8[static_cast<std::size_t>(
                r.parent[static_cast<std::size_t>(p.y * r.width + p.x)])];
  }
  return {path.rbegin(), path.rend()};
}

CostMap random_map(Rng& rng, Size size) {
  const double density = rng.real(0.4, 0.95);
  return CostMap::from(size, [&](Point) { return rng.chance(density) ? rng.range(1, 4) : 0; });
}

Movement random_movement(Rng& rng) {
  return {rng.chance(0.5) ? Connectivity::four : Connectivity::eight, k_corner_rules[rng.below(3)],
          rng.range(1, 3), rng.range(1, 3)};
}

using test::random_cell;

Grid<std::uint8_t> random_mask(Rng& rng, Size size) {
  Grid<std::uint8_t> mask(size, 0);
  const double density = rng.real(0.5, 1.0);
  for (auto& m : mask.cells())
    m = rng.chance(density) ? static_cast<std::uint8_t>(rng.range(1, 255)) : 0;
  return mask;
}

void expect_valid_walk(const CostMap& map, Point from, const std::vector<Point>& path,
                       const Movement& m, const Grid<std::uint8_t>* allowed) {
  Point at = from;
  for (const Point next : path) {
    ASSERT_EQ(chebyshev(at, next), 1);
    ASSERT_TRUE(plain_can_step(map, at, next - at, m));
    if (allowed) {
      ASSERT_NE((*allowed)[next], 0);
    }
    at = next;
  }
}

// Against the plain search on thousands of random maps, every movement: the same verdict, the
// same length, the same path (the documented tie-break), and only allowed steps.
void compare_with_plain(bool masked, std::uint64_t seed) {
  Rng rng(seed);
  BreadthFirstSearch bfs;  // one object across sizes: stamps must not leak between calls
  std::vector<Point> path;
  for (int round = 0; round < 3000; ++round) {
    const Size size{rng.range(1, 16), rng.range(1, 16)};
    const CostMap map = random_map(rng, size);
    const Movement m = random_movement(rng);
    const Grid<std::uint8_t> mask = random_mask(rng, size);
    const Grid<std::uint8_t>* allowed = masked ? &mask : nullptr;
    const Point from = random_cell(rng, size), to = random_cell(rng, size);
    const PlainBfs plain = plain_bfs(map, from, m, allowed);
    const bool found = bfs.find_path(map, from, to, m, path, allowed);
    if (from == to) {
      EXPECT_TRUE(found);
      EXPECT_TRUE(path.empty());
      continue;
    }
    ASSERT_EQ(found, plain.at(to) != k_none) << "round " << round;
    EXPECT_EQ(path, plain_path(plain, from, to)) << "round " << round;
    if (found) {
      EXPECT_EQ(static_cast<int>(path.size()), plain.at(to));
      EXPECT_EQ(path.back(), to);
      expect_valid_walk(map, from, path, m, allowed);
      // It stops when the target is reached: every cell nearer than the target's parent was
      // taken off the queue, and nothing as far as the target.
      std::int64_t before_parent = 0, up_to_parent = 0;
      for (const int d : plain.dist) {
        before_parent += d != k_none && d <= plain.at(to) - 2;
        up_to_parent += d != k_none && d <= plain.at(to) - 1;
      }
      EXPECT_GT(bfs.visited(), before_parent);
      EXPECT_LE(bfs.visited(), up_to_parent);
    } else {
      std::int64_t reached = 0;
      for (const int d : plain.dist)
        reached += d != k_none;
      // Unreachable target: the whole reachable area was searched (unless the target itself
      // rules out any path, which needs no search).
      if (map.passable(to) && (!allowed || (*allowed)[to] != 0)) {
        EXPECT_EQ(bfs.visited(), reached);
      }
    }
  }
}

TEST(BreadthFirstSearch, FindPathMatchesAPlainSearch) {
  compare_with_plain(false, 101);
}

TEST(BreadthFirstSearch, AllowedMaskRestrictsTheSearch) {
  compare_with_plain(true, 202);
}

TEST(BreadthFirstSearch, DistancesMatchAPlainSearch) {
  Rng rng(303);
  BreadthFirstSearch bfs;
  Grid<Distance> out;
  for (int round = 0; round < 2000; ++round) {
    const Size size{rng.range(1, 16), rng.range(1, 16)};
    const CostMap map = random_map(rng, size);
    const Movement m = random_movement(rng);
    const Grid<std::uint8_t> mask = random_mask(rng, size);
    const Grid<std::uint8_t>* allowed = rng.chance(0.5) ? &mask : nullptr;
    const Point from = random_cell(rng, size);
    const PlainBfs plain = plain_bfs(map, from, m, allowed);
    bfs.distances(map, from, m, out, allowed);
    ASSERT_EQ(out.size(), size);
    std::int64_t reached = 0;
    for (std::size_t i = 0; i < out.cell_count(); ++i) {
      const int expected = plain.dist[i];
      EXPECT_EQ(out[i], expected == k_none ? k_unreachable : expected) << "round " << round;
      reached += expected != k_none;
    }
    EXPECT_EQ(bfs.visited(), reached);
  }
}

// Orthogonal steps over traversable cells are what reachability.hpp calls walking: with doors
// of every kind passable, BFS distances equal walk_distances on generated levels.
TEST(BreadthFirstSearch, DistancesOnGeneratedLevelsEqualWalkDistances) {
  const TileCosts doors_passable{.door_locked = 1, .door_secret = 1};
  BreadthFirstSearch bfs;
  Grid<Distance> out;
  for (const char* name : {"caves", "rooms", "maze", "bsp"}) {
    const Generator& g = builtin_generators().get(name);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Level level = generate_level(g, {61, 37}, seed, g.info().schema.defaults());
      const CostMap map = CostMap::from_tiles(level.tiles, doors_passable);
      ASSERT_TRUE(level.meta.stairs.up && level.meta.stairs.down);
      const Point from = *level.meta.stairs.up, to = *level.meta.stairs.down;
      const Grid<std::int32_t> walk = walk_distances(level.tiles, from);
      bfs.distances(map, from, Movement{Connectivity::four}, out);
      for (std::size_t i = 0; i < out.cell_count(); ++i)
        EXPECT_EQ(out[i], walk[i] == yendor::k_unreachable ? k_unreachable : walk[i]) << name;
      // 8-connected paths between the stairs: as long as the plain search says.
      std::vector<Point> path;
      const Movement eight{};
      const PlainBfs plain = plain_bfs(map, from, eight);
      ASSERT_TRUE(bfs.find_path(map, from, to, eight, path));
      EXPECT_EQ(static_cast<int>(path.size()), plain.at(to));
      expect_valid_walk(map, from, path, eight, nullptr);
    }
  }
}

TEST(BreadthFirstSearch, EdgeCases) {
  // 0: wall. The start may be impassable (a walker standing on a blocked cell steps out).
  const CostMap map = CostMap::from(Size{5, 3}, [](Point p) { return p.x == 2 ? 0 : 1; });
  BreadthFirstSearch bfs;
  std::vector<Point> path{{9, 9}};
  EXPECT_TRUE(bfs.find_path(map, {1, 1}, {1, 1}, Movement{}, path));
  EXPECT_TRUE(path.empty());
  path = {{9, 9}};
  EXPECT_FALSE(bfs.find_path(map, {0, 0}, {4, 2}, Movement{}, path));  // wall column between
  EXPECT_TRUE(path.empty());
  EXPECT_FALSE(bfs.find_path(map, {0, 0}, {2, 1}, Movement{}, path));  // target is wall
  EXPECT_TRUE(bfs.find_path(map, {2, 1}, {4, 1}, Movement{}, path));   // start is wall
  EXPECT_EQ(path, (std::vector<Point>{{3, 1}, {4, 1}}));
  Grid<std::uint8_t> mask(map.size(), 1);
  mask[Point{4, 1}] = 0;
  EXPECT_FALSE(bfs.find_path(map, {3, 1}, {4, 1}, Movement{}, path, &mask));
  mask[Point{4, 1}] = 1;
  mask[Point{3, 1}] = 0;  // the start need not be allowed
  EXPECT_TRUE(bfs.find_path(map, {3, 1}, {4, 1}, Movement{}, path, &mask));
}

TEST(BreadthFirstSearch, BadInputIsAnInputError) {
  const CostMap map(Size{4, 4});
  BreadthFirstSearch bfs;
  std::vector<Point> path;
  Grid<Distance> out;
  EXPECT_THROW(bfs.find_path(map, {-1, 0}, {1, 1}, Movement{}, path), InputError);
  EXPECT_THROW(bfs.find_path(map, {0, 0}, {4, 1}, Movement{}, path), InputError);
  EXPECT_THROW(bfs.distances(map, {0, 4}, Movement{}, out), InputError);
  const Grid<std::uint8_t> wrong(Size{3, 4}, 1);
  EXPECT_THROW(bfs.find_path(map, {0, 0}, {1, 1}, Movement{}, path, &wrong), InputError);
  EXPECT_THROW(bfs.distances(map, {0, 0}, Movement{}, out, &wrong), InputError);
  EXPECT_THROW(bfs.find_path(map, {0, 0}, {1, 1},
                             Movement{Connectivity::four, CornerCutting::never, 0, 1}, path),
               InputError);
}

}  // namespace
}  // namespace yendor::path
