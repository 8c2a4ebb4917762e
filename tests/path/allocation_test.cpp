// Steady state allocates nothing: after warm-up calls on a map, the same kind of calls (the
// caller's path vector reserved) make no heap allocation at all. Counted by the replaced
// global operator new of support/counting_allocator.cpp, linked into this binary only.

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "support/counting_allocator.hpp"
#include "yendor/core/huge_page_array.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/path/astar.hpp"
#include "yendor/path/bfs.hpp"
#include "yendor/path/dijkstra_map.hpp"
#include "yendor/path/hierarchical.hpp"
#include "yendor/path/scent.hpp"
#include "yendor/path/sound.hpp"

namespace yendor::path {
namespace {

using test::AllocationCounter;

constexpr int k_rounds = 3;  // counted rounds after the warm-up round

struct Scene {
  Level level;
  CostMap map;
  std::vector<std::pair<Point, Point>> pairs;  // random ends on passable cells
};

Scene make_scene(const char* generator, Size size, std::uint64_t seed) {
  const Generator& g = builtin_generators().get(generator);
  Scene s{generate_level(g, size, seed, g.info().schema.defaults()), {}, {}};
  s.map = CostMap::from_tiles(s.level.tiles);
  std::vector<Point> cells;
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      if (s.map.passable({x, y})) cells.push_back({x, y});
  Rng rng(seed);
  for (int i = 0; i < 24; ++i)
    s.pairs.emplace_back(cells[rng.below(static_cast<std::uint32_t>(cells.size()))],
                         cells[rng.below(static_cast<std::uint32_t>(cells.size()))]);
  return s;
}

// The movements every search runs with: the default, Euclid-like weights, and weights whose
// spread of f sends A* to its binary heap instead of the bucket queue.
std::vector<Movement> movements() {
  Movement euclid;
  euclid.cardinal_weight = 2;
  euclid.diagonal_weight = 3;
  Movement four;
  four.connectivity = Connectivity::four;
  Movement heavy;
  heavy.cardinal_weight = heavy.diagonal_weight = 500;
  return {Movement{}, euclid, four, heavy};
}

// Keeps the optimiser from dropping an allocation whose memory is never read.
void benchmark_guard(std::vector<int>& v) {
  volatile int* p = v.data();
  *p = *p + 1;
}

// Runs `calls` once to warm up, then k_rounds times counting allocations.
template <typename Calls>
std::int64_t steady_state_allocations(Calls&& calls) {
  calls();
  AllocationCounter counter;
  for (int round = 0; round < k_rounds; ++round)
    calls();
  return counter.allocations();
}

// The counter itself sees allocations (so the tests below can fail).
TEST(SteadyState, CounterSeesAllocations) {
  EXPECT_GT(steady_state_allocations([] {
              std::vector<int> v(100);
              v[0] = 1;
              benchmark_guard(v);
            }),
            0);
}

// The searches' large per-cell arrays (HugePageArray) are counted too, small or huge.
TEST(SteadyState, CounterSeesHugePageArrays) {
  for (const std::size_t count : {std::size_t{100}, std::size_t{1} << 20}) {
    EXPECT_GT(steady_state_allocations([count] {
                HugePageArray<std::uint32_t> array;
                array.assign(count, 1);
                volatile std::uint32_t* p = array.data();
                *p = *p + 1;
              }),
              0)
        << count;
  }
}

TEST(SteadyState, AStarAllocatesNothing) {
  const Scene scene = make_scene("caves", {120, 90}, 3);
  Grid<std::uint8_t> allowed(scene.map.size(), 1);
  for (int y = 0; y < allowed.height(); y += 7)
    allowed.fill({0, y, allowed.width() / 2, 1}, 0);
  const std::vector<Movement> ms = movements();
  AStar astar;
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(scene.map.size().area()));
  std::int64_t found = 0;
  EXPECT_EQ(steady_state_allocations([&] {
              for (const Movement& m : ms)
                for (const auto& [from, to] : scene.pairs) {
                  found += astar.find_path(scene.map, from, to, m, path) ? 1 : 0;
                  astar.find_path(scene.map, from, to, m, path, &allowed);
                }
            }),
            0);
  EXPECT_GT(found, 0);
}

TEST(SteadyState, HierarchicalFindPathAllocatesNothing) {
  const Scene scene = make_scene("rooms", {160, 100}, 4);
  const Movement m;
  HierarchicalPathfinder hierarchical;
  hierarchical.build(scene.map, zones_from_rooms(scene.level, scene.map, m), m);
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(scene.map.size().area()));
  EXPECT_EQ(steady_state_allocations([&] {
              for (const auto& [from, to] : scene.pairs)
                hierarchical.find_path(from, to, path);
            }),
            0);
  EXPECT_FALSE(hierarchical.route().empty());
}

TEST(SteadyState, BreadthFirstSearchAllocatesNothing) {
  const Scene scene = make_scene("maze", {121, 91}, 5);
  const std::vector<Movement> ms = movements();
  BreadthFirstSearch bfs;
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(scene.map.size().area()));
  Grid<Distance> distances;
  EXPECT_EQ(steady_state_allocations([&] {
              for (const Movement& m : ms)
                for (const auto& [from, to] : scene.pairs) {
                  bfs.find_path(scene.map, from, to, m, path);
                  bfs.distances(scene.map, from, m, distances);
                }
            }),
            0);
}

TEST(SteadyState, DijkstraMapsAllocateNothing) {
  const Scene scene = make_scene("caves", {120, 90}, 6);
  const std::vector<Movement> ms = movements();
  DijkstraMap toward, flee, sum;
  const std::vector<std::pair<const DijkstraMap*, double>> terms{{&toward, 1.0}, {&flee, 0.5}};
  std::int64_t steps = 0;
  EXPECT_EQ(steady_state_allocations([&] {
              for (const Movement& m : ms)
                for (const auto& [from, to] : scene.pairs) {
                  toward.compute(scene.map, to, m);
                  flee.compute(scene.map, from, m);
                  flee.make_flee(scene.map, m);
                  weighted_sum(terms, sum);
                  steps += toward.downhill(scene.map, from, m).has_value() ? 1 : 0;
                }
            }),
            0);
  EXPECT_GT(steps, 0);
}

TEST(SteadyState, ScentAndSoundAllocateNothing) {
  const Scene scene = make_scene("caves", {120, 90}, 7);
  const Movement m;
  ScentMap scent(scene.map.size());
  const SoundDamping damping = sound_damping_from_tiles(scene.level.tiles);
  SoundMap sound;
  sound.reset(scene.map.size());
  // What the player "sees" each turn: the cells within 8 steps (Chebyshev) of each end.
  std::vector<std::vector<Point>> seen;
  for (const auto& pair : scene.pairs) {
    seen.emplace_back();
    for (int dy = -8; dy <= 8; ++dy)
      for (int dx = -8; dx <= 8; ++dx)
        seen.back().push_back(pair.first + Point{dx, dy});
  }
  std::int32_t turn = 0;
  std::int64_t moves = 0;
  EXPECT_EQ(steady_state_allocations([&] {
              sound.clear();
              for (std::size_t i = 0; i < scene.pairs.size(); ++i) {
                const auto& [player, monster] = scene.pairs[i];
                scent.lay(player, ++turn, seen[i]);
                moves += scent.climb(scene.map, monster, m, turn).has_value() ? 1 : 0;
                sound.emit(damping, player, 20);
                moves += sound.toward_loudest(scene.map, monster, m).has_value() ? 1 : 0;
              }
            }),
            0);
  EXPECT_GT(moves, 0);
}

}  // namespace
}  // namespace yendor::path
