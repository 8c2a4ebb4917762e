#include "yendor/path/dijkstra_map.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "support/ascii_level.hpp"
#include "support/plain_movement.hpp"
#include "support/random_cell.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/path/bfs.hpp"

namespace yendor::path {
namespace {

using test::k_corner_rules;
constexpr std::int64_t k_inf = std::numeric_limits<std::int64_t>::max();

using test::plain_step_cost;

using Values = std::vector<std::int64_t>;  // row-major, k_inf: unreachable

std::size_t at(const CostMap& map, Point p) {
  return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(map.width()) +
         static_cast<std::size_t>(p.x);
}

// A plain multi-source Dijkstra on std::priority_queue, grown backward from the sources: a
// passable cell's value is the least source value plus the cost of a walk from it to the
// source.
Values plain_dijkstra(const CostMap& map,
                      const std::vector<std::pair<Point, std::int64_t>>& sources,
                      const Movement& m) {
  Values value(static_cast<std::size_t>(map.size().area()), k_inf);
  using Item = std::pair<std::int64_t, Point>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  for (const auto& [p, v] : sources) {
    if (!map.passable(p) || v >= value[at(map, p)]) continue;
    value[at(map, p)] = v;
    open.push({v, p});
  }
  while (!open.empty()) {
    const auto [d, b] = open.top();
    open.pop();
    if (d != value[at(map, b)]) continue;
    for (const Point step : k_directions8) {
      const Point a = b - step;  // a walker at a steps into b
      if (!map.passable(a)) continue;
      const std::int64_t c = plain_step_cost(map, a, step, m);
      if (c == 0 || d + c >= value[at(map, a)]) continue;
      value[at(map, a)] = d + c;
      open.push({d + c, a});
    }
  }
  return value;
}

void expect_values(const DijkstraMap& dm, const CostMap& map, const Values& expected,
                   const std::string& what) {
  ASSERT_EQ(dm.size(), map.size());
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      const std::int64_t e = expected[at(map, {x, y})];
      ASSERT_EQ(dm.at({x, y}), e == k_inf ? k_unreachable : e) << what << " at " << x << "," << y;
    }
}

// Random cost maps of five kinds, so that every queue of the implementation runs: unit costs
// and equal weights, one shared cost (a FIFO either way), small mixed costs (the bucket
// queue), costs up to 255 and large weights (the heap).
struct Scenario {
  CostMap map;
  Movement movement;
  int kind = 0;
};

Scenario random_scenario(Rng& rng) {
  const Size size{rng.range(1, 14), rng.range(1, 14)};
  const double density = rng.real(0.4, 1.0);
  const int kind = static_cast<int>(rng.below(5));
  const int shared = rng.range(1, 9);
  Scenario s{CostMap::from(size,
                           [&](Point) {
                             if (!rng.chance(density)) return 0;
                             switch (kind) {
                               case 0:
                                 return 1;
                               case 1:
                                 return shared;
                               case 2:
                                 return rng.range(1, 9);
                               case 3:
                                 return rng.range(1, 255);
                               default:
                                 return rng.range(1, 9);
                             }
                           }),
             Movement{rng.chance(0.3) ? Connectivity::four : Connectivity::eight,
                      k_corner_rules[rng.below(3)]},
             kind};
  if (kind == 0 || kind == 1) {
    const int w = rng.range(1, 3);
    s.movement.cardinal_weight = w;
    s.movement.diagonal_weight = rng.chance(0.8) ? w : rng.range(1, 3);
  } else if (kind == 4) {
    s.movement.cardinal_weight = rng.range(200, 999);
    s.movement.diagonal_weight = rng.range(200, 999);
  } else {
    s.movement.cardinal_weight = rng.range(1, 4);
    s.movement.diagonal_weight = rng.range(1, 6);
  }
  return s;
}

using test::random_cell;

TEST(DijkstraMap, UnitCostsGiveBreadthFirstDistances) {
  Rng rng(1);
  DijkstraMap dm;
  BreadthFirstSearch bfs;
  Grid<Distance> steps;
  for (int round = 0; round < 2000; ++round) {
    const Size size{rng.range(1, 16), rng.range(1, 16)};
    const double density = rng.real(0.4, 1.0);
    const CostMap map = CostMap::from(size, [&](Point) { return rng.chance(density) ? 1 : 0; });
    const Movement m{rng.chance(0.5) ? Connectivity::four : Connectivity::eight,
                     k_corner_rules[rng.below(3)]};
    const Point goal = random_cell(rng, size);
    if (!map.passable(goal)) continue;
    dm.compute(map, goal, m);
    bfs.distances(map, goal, m, steps);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x)
        ASSERT_EQ(dm.at(Point{x, y}),
                  (map.passable(Point{x, y}) ? steps[Point{x, y}] : k_unreachable))
            << "round " << round;
  }
}

TEST(DijkstraMap, UnitCostsOnGeneratedLevelsGiveBreadthFirstDistances) {
  const TileCosts unit{.door_closed = 1, .water_shallow = 1, .rubble = 1};
  DijkstraMap dm;
  BreadthFirstSearch bfs;
  Grid<Distance> steps;
  for (const char* name : {"caves", "rooms", "maze"}) {
    const Generator& g = builtin_generators().get(name);
    const Level level = generate_level(g, {90, 60}, 7, g.info().schema.defaults());
    const CostMap map = CostMap::from_tiles(level.tiles, unit);
    const Point goal = *level.meta.stairs.up;
    for (const Movement& m : {Movement{}, Movement{Connectivity::four}}) {
      dm.compute(map, goal, m);
      bfs.distances(map, goal, m, steps);
      for (std::size_t i = 0; i < steps.cell_count(); ++i)
        ASSERT_EQ(dm.values()[i], map.passable(steps.point_of(i)) ? steps[i] : k_unreachable)
            << name;
    }
  }
}

TEST(DijkstraMap, WeightedMultiSourceMapsMatchAPlainDijkstra) {
  Rng rng(2);
  DijkstraMap dm;  // one object across sizes and queue kinds
  std::array<int, 5> rounds_per_kind{};
  for (int round = 0; round < 4000; ++round) {
    const Scenario s = random_scenario(rng);
    std::vector<Goal> goals;
    std::vector<std::pair<Point, std::int64_t>> sources;
    const int count = rng.range(0, 4);
    for (int g = 0; g < count; ++g) {
      // Some goals fall outside the map or on walls: they are ignored.
      const Point p{rng.range(-1, s.map.width()), rng.range(-1, s.map.height())};
      const Distance value = rng.chance(0.5) ? 0 : rng.range(-40, 40);
      goals.push_back({p, value});
      if (s.map.in_bounds(p)) sources.push_back({p, value});
    }
    dm.compute(s.map, goals, s.movement);
    expect_values(dm, s.map, plain_dijkstra(s.map, sources, s.movement),
                  "round " + std::to_string(round) + " kind " + std::to_string(s.kind));
    ++rounds_per_kind[static_cast<std::size_t>(s.kind)];
  }
  for (const int n : rounds_per_kind)
    EXPECT_GT(n, 500);
}

TEST(DijkstraMap, GoalValuesMakeGoalsMoreOrLessAttractive) {
  const CostMap corridor(Size{11, 1}, 1);
  DijkstraMap dm;
  const std::vector<Goal> goals{{{0, 0}, 0}, {{10, 0}, 4}};
  dm.compute(corridor, goals, Movement{});
  // Cells nearer the right goal still prefer the left one until its head start of 4 is used
  // up: value = min(x, 4 + 10 - x).
  for (int x = 0; x <= 10; ++x)
    EXPECT_EQ(dm.at({x, 0}), std::min(x, 14 - x)) << x;
  EXPECT_EQ(dm.at({-1, 0}), k_unreachable);
  EXPECT_EQ(dm.at({11, 0}), k_unreachable);
}

// Following downhill from any reachable cell strictly lowers the value at every step and ends
// where no neighbour is lower. With goals of equal value (the usual map toward a target) the
// walk ends at a goal and costs exactly the value it started from; with goal values of their
// own it may pay more than the drop to reach a more attractive goal, never less.
TEST(DijkstraMap, DownhillWalksReachAGoalAtTheirValue) {
  Rng rng(3);
  DijkstraMap dm;
  std::vector<Point> path;
  for (int round = 0; round < 1500; ++round) {
    const Scenario s = random_scenario(rng);
    const bool equal_goals = round % 2 == 0;
    std::vector<Goal> goals;
    for (int g = rng.range(1, 3); g > 0; --g)
      goals.push_back({random_cell(rng, s.map.size()), equal_goals ? 0 : rng.range(0, 20)});
    dm.compute(s.map, goals, s.movement);
    for (int y = 0; y < s.map.height(); ++y)
      for (int x = 0; x < s.map.width(); ++x) {
        const Point from{x, y};
        const bool reachable = dm.at(from) != k_unreachable;
        ASSERT_EQ(dm.path_from(s.map, from, s.movement, path), reachable);
        if (!reachable) {
          EXPECT_TRUE(path.empty());
          continue;
        }
        Point p = from;
        std::int64_t cost = 0;
        for (const Point next : path) {
          const std::int64_t step = plain_step_cost(s.map, p, next - p, s.movement);
          ASSERT_GT(step, 0);
          ASSERT_LT(dm.at(next), dm.at(p));
          cost += step;
          p = next;
        }
        EXPECT_FALSE(dm.downhill(s.map, p, s.movement).has_value());
        for (const Point d : k_directions8)
          if (plain_step_cost(s.map, p, d, s.movement) != 0) {
            EXPECT_GE(dm.at(p + d), dm.at(p));
          }
        if (equal_goals) {
          EXPECT_EQ(cost, dm.at(from)) << "round " << round;
          EXPECT_EQ(dm.at(p), 0);
        } else {
          EXPECT_GE(cost, std::int64_t{dm.at(from)} - dm.at(p)) << "round " << round;
        }
        bool at_goal = false;
        for (const Goal& g : goals)
          at_goal |= g.cell == p && g.value == dm.at(p);
        EXPECT_TRUE(at_goal) << "round " << round;
      }
  }
}

// A walker steps to the neighbour whose value plus the step is least: with costs, not simply
// the lowest neighbour (which may lie across expensive ground).
TEST(DijkstraMap, DownhillWeighsTheStepIntoTheNeighbour) {
  //  goal at the left; the direct way crosses a cell costing 9, the way round costs 1 a step.
  const CostMap map = CostMap::from(Size{3, 2}, [](Point p) { return p == Point{1, 0} ? 9 : 1; });
  DijkstraMap dm;
  dm.compute(map, Point{0, 0}, Movement{Connectivity::four});
  EXPECT_EQ(dm.at({2, 0}), 4);  // round by the bottom row: 1 + 1 + 1 + 1
  EXPECT_EQ(dm.at({1, 0}), 1);  // next to the goal, but stepping into it from (2,0) costs 9
  EXPECT_EQ(dm.downhill(map, {2, 0}, Movement{Connectivity::four}), (Point{2, 1}));
}

TEST(DijkstraMap, RescanIsExactAndNeverRaisesValues) {
  Rng rng(4);
  DijkstraMap dm;
  for (int round = 0; round < 3000; ++round) {
    const Scenario s = random_scenario(rng);
    const CostMap& map = s.map;
    // Arbitrary starting values, some unreachable, on an (otherwise) computed map.
    dm.compute(map, Point{0, 0}, s.movement);
    std::vector<std::pair<Point, std::int64_t>> sources;
    // Mostly a small spread (a counting sort orders the cells), sometimes a wide one.
    const int spread = rng.chance(0.2) ? 100'000'000 : rng.range(1, 3000);
    for (int y = 0; y < map.height(); ++y)
      for (int x = 0; x < map.width(); ++x) {
        Distance& v = dm.values()[Point{x, y}];
        v = rng.chance(0.2) ? k_unreachable : rng.range(-spread, spread);
        if (v != k_unreachable) sources.push_back({{x, y}, v});
      }
    const Grid<Distance> before = dm.values();
    dm.rescan(map, s.movement);
    const Values expected = plain_dijkstra(map, sources, s.movement);
    for (int y = 0; y < map.height(); ++y)
      for (int x = 0; x < map.width(); ++x) {
        const Point p{x, y};
        // Impassable cells keep whatever they held; the rest match the plain search.
        const std::int64_t e = map.passable(p) ? expected[at(map, p)] : before[p];
        ASSERT_EQ(dm.at(p), e == k_inf ? k_unreachable : e) << "round " << round;
        ASSERT_LE(dm.at(p), before[p]);
        if (!map.passable(p) || dm.at(p) == k_unreachable) continue;
        for (const Point d : k_directions8) {  // no cell can improve by one step
          const std::int64_t step = plain_step_cost(map, p, d, s.movement);
          if (step == 0 || dm.at(p + d) == k_unreachable) continue;
          ASSERT_LE(dm.at(p), std::int64_t{dm.at(p + d)} + step);
        }
      }
  }
}

Point first_passable_neighbour(const CostMap& map, Point p) {
  for (const Point d : k_directions8)
    if (map.passable(p + d)) return p + d;
  return p;
}

// On generated levels: the flee map is zero or below where reachable, cannot be improved by a
// step, and a monster fleeing downhill from next to the player ends farther from him.
TEST(DijkstraMap, FleeMapsLeadAwayFromThePlayerOnGeneratedLevels) {
  DijkstraMap flee;
  BreadthFirstSearch bfs;
  Grid<Distance> from_player;
  std::vector<Point> path;
  const Movement m{};
  int levels = 0;
  for (const char* name : {"caves", "rooms", "maze", "bsp", "digger"}) {
    const Generator& g = builtin_generators().get(name);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Level level = generate_level(g, {80, 50}, seed, g.info().schema.defaults());
      const CostMap map = CostMap::from_tiles(level.tiles);
      for (const Point player : {*level.meta.stairs.up, *level.meta.stairs.down}) {
        flee.compute(map, player, m);
        const Grid<Distance> chase = flee.values();
        flee.make_flee(map, m);
        bfs.distances(map, player, m, from_player);
        for (int y = 0; y < map.height(); ++y)
          for (int x = 0; x < map.width(); ++x) {
            const Point p{x, y};
            ASSERT_EQ(flee.at(p) == k_unreachable, chase[p] == k_unreachable);
            if (flee.at(p) == k_unreachable) continue;
            ASSERT_LE(flee.at(p), 0);
            ASSERT_LE(flee.at(p), std::lround(chase[p] * -1.2));  // never above the scaled value
            for (const Point d : k_directions8) {
              const std::int64_t step = plain_step_cost(map, p, d, m);
              if (step != 0 && flee.at(p + d) != k_unreachable) {
                ASSERT_LE(flee.at(p), std::int64_t{flee.at(p + d)} + step);
              }
            }
          }
        const Point monster = first_passable_neighbour(map, player);
        ASSERT_TRUE(flee.path_from(map, monster, m, path));
        ASSERT_FALSE(path.empty()) << name << " seed " << seed;
        EXPECT_GT(from_player[path.back()], from_player[monster]) << name << " seed " << seed;
        ++levels;
      }
    }
  }
  EXPECT_EQ(levels, 40);
}

// Brogue's point: a monster cornered between the player and a short dead end does better to
// slip past the player toward the far end of the corridor. The plain "away from the player"
// map (distances negated) sends it into the dead end; the flee map (scaled by -1.2 and
// rescanned) sends it past the player. (The far end must be far enough: with factor -1.2 the
// way past pays off once it leads about 20 cells farther than the dead end.)
TEST(DijkstraMap, FleeMapPrefersAFarExitOverADeadEnd) {
  const Level level = test::ascii_level({
      "##############################################################",
      "#............................................................#",  // player at x = 56,
                                                                         // monster at x = 58, dead
                                                                         // end at x = 60
      "#............................................................#",
      "##############################################################",
  });
  const CostMap map = CostMap::from_tiles(level.tiles);
  const Point player{56, 1}, monster{58, 1};
  const Movement m{};
  std::vector<Point> path;

  DijkstraMap naive;
  naive.compute(map, player, m);
  for (Distance& v : naive.values().cells())
    if (v != k_unreachable) v = -v;
  ASSERT_TRUE(naive.path_from(map, monster, m, path));
  EXPECT_EQ(path.back().x, 60);  // cornered in the dead end

  DijkstraMap flee;
  flee.compute(map, player, m);
  flee.make_flee(map, m);
  ASSERT_TRUE(flee.path_from(map, monster, m, path));
  EXPECT_EQ(path.back().x, 1);  // the far end of the corridor, past the player
  EXPECT_LT(flee.at(monster), flee.at(monster + Point{1, 0}));  // the first step is westward
}

TEST(DijkstraMap, MakeFleeScalesRoundsAndKeepsUnreachableCells) {
  const CostMap map = CostMap::from(Size{6, 1}, [](Point p) { return p.x == 4 ? 0 : 1; });
  DijkstraMap dm;
  dm.compute(map, Point{0, 0}, Movement{});
  // 0 1 2 3 # .  ->  ×(-0.5), rounded half away from zero: 0 -1 -1 -2 # . (and the rescan
  // finds nothing to lower: each value is at most its neighbour's plus one)
  dm.make_flee(map, Movement{}, -0.5);
  EXPECT_EQ(dm.at({0, 0}), 0);
  EXPECT_EQ(dm.at({1, 0}), -1);
  EXPECT_EQ(dm.at({2, 0}), -1);
  EXPECT_EQ(dm.at({3, 0}), -2);
  EXPECT_EQ(dm.at({4, 0}), k_unreachable);
  EXPECT_EQ(dm.at({5, 0}), k_unreachable);
}

DijkstraMap values_map(const std::vector<Distance>& values) {
  DijkstraMap dm;
  dm.values() = Grid<Distance>(static_cast<int>(values.size()), 1);
  for (std::size_t i = 0; i < values.size(); ++i)
    dm.values()[i] = values[i];
  return dm;
}

TEST(WeightedSum, AddsRoundsHalvesAwayFromZeroAndPropagatesUnreachable) {
  const DijkstraMap a = values_map({3, -3, 1, -1, 5, k_unreachable, 7});
  const DijkstraMap b = values_map({0, 0, 0, 0, 0, 2, k_unreachable});
  DijkstraMap out;
  const std::vector<std::pair<const DijkstraMap*, double>> terms{{&a, 0.5}, {&b, 2.0}};
  weighted_sum(terms, out);
  const std::vector<Distance> expected{2, -2, 1, -1, 3, k_unreachable, k_unreachable};
  ASSERT_EQ(out.size(), (Size{7, 1}));
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(out.values()[i], expected[i]) << i;
}

// docs/path.md's example: a corridor with the treasure at its right end and the player
// between it and the monster. 2 × treasure − 1 × player: greed wins, the monster walks on;
// 1 × treasure − 2 × player: fear wins, it backs away.
TEST(WeightedSum, BalancesTwoGoals) {
  const CostMap corridor(Size{9, 1}, 1);
  DijkstraMap treasure, player, greedy, cowardly;
  treasure.compute(corridor, Point{8, 0}, Movement{});
  player.compute(corridor, Point{5, 0}, Movement{});
  const std::vector<std::pair<const DijkstraMap*, double>> greed{{&treasure, 2}, {&player, -1}};
  const std::vector<std::pair<const DijkstraMap*, double>> fear{{&treasure, 1}, {&player, -2}};
  weighted_sum(greed, greedy);
  weighted_sum(fear, cowardly);
  for (int x = 0; x < 9; ++x) {
    EXPECT_EQ(greedy.at({x, 0}), 2 * (8 - x) - std::abs(x - 5));
    EXPECT_EQ(cowardly.at({x, 0}), (8 - x) - 2 * std::abs(x - 5));
  }
  EXPECT_EQ(greedy.downhill(corridor, {2, 0}, Movement{}), (Point{3, 0}));
  EXPECT_EQ(cowardly.downhill(corridor, {2, 0}, Movement{}), (Point{1, 0}));
}

TEST(WeightedSum, BadInputIsAnInputError) {
  const DijkstraMap a = values_map({1, 2, 3});
  const DijkstraMap b = values_map({1, 2});
  DijkstraMap out;
  using Terms = std::vector<std::pair<const DijkstraMap*, double>>;
  EXPECT_THROW(weighted_sum(Terms{{&a, 1}, {&b, 1}}, out), InputError);
  EXPECT_THROW(weighted_sum(Terms{}, out), InputError);
  EXPECT_THROW(weighted_sum(Terms{{&a, 1}, {&out, 1}}, out), InputError);
  EXPECT_THROW(weighted_sum(Terms{{&a, std::nan("")}}, out), InputError);
  const DijkstraMap big = values_map({k_unreachable / 4});
  EXPECT_THROW(weighted_sum(Terms{{&big, 3.0}}, out), InputError);
  EXPECT_NO_THROW(weighted_sum(Terms{{&big, 1.0}}, out));
}

TEST(DijkstraMap, BadInputIsAnInputError) {
  const CostMap map(Size{5, 5});
  DijkstraMap dm;
  dm.compute(map, Point{2, 2}, Movement{});
  std::vector<Point> path;
  EXPECT_THROW(dm.make_flee(map, Movement{}, 0.0), InputError);
  EXPECT_THROW(dm.make_flee(map, Movement{}, 1.2), InputError);
  EXPECT_THROW(dm.make_flee(map, Movement{}, std::nan("")), InputError);
  const CostMap other(Size{4, 5});
  EXPECT_THROW(dm.rescan(other, Movement{}), InputError);
  EXPECT_THROW(dm.make_flee(other, Movement{}), InputError);
  EXPECT_THROW((void)dm.downhill(other, {0, 0}, Movement{}), InputError);
  EXPECT_THROW((void)dm.downhill(map, {5, 0}, Movement{}), InputError);
  EXPECT_THROW(dm.path_from(map, {0, -1}, Movement{}, path), InputError);
  EXPECT_THROW(
      dm.compute(map, Point{0, 0}, Movement{Connectivity::eight, CornerCutting::never, 1, 0}),
      InputError);
  const std::vector<Goal> far{{{0, 0}, k_unreachable / 2 + 1}};
  EXPECT_THROW(dm.compute(map, far, Movement{}), InputError);
  // A goal worth k_unreachable is no goal at all.
  const std::vector<Goal> none{{{0, 0}, k_unreachable}};
  dm.compute(map, none, Movement{});
  EXPECT_EQ(dm.at({0, 0}), k_unreachable);
  // Values that a factor would push out of range.
  dm.compute(map, Point{2, 2}, Movement{});
  dm.values()[Point{0, 0}] = k_unreachable / 4;
  EXPECT_THROW(dm.make_flee(map, Movement{}, -3.0), InputError);
  dm.values()[Point{0, 0}] = k_unreachable - 1;
  EXPECT_THROW(dm.rescan(map, Movement{}), InputError);
}

}  // namespace
}  // namespace yendor::path
