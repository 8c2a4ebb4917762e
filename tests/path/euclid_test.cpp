#include "yendor/path/euclid.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <vector>

#include "support/ascii_level.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/path/bfs.hpp"

namespace yendor::path {
namespace {

// Thesis 4.1 in floating point: (round(dx / d), round(dy / d)), std::round rounding halves
// away from zero.
Point thesis_direction(Point from, Point to) {
  const double dx = to.x - from.x, dy = to.y - from.y;
  const double d = std::sqrt(dx * dx + dy * dy);
  if (d == 0) return {0, 0};
  return {static_cast<int>(std::round(dx / d)), static_cast<int>(std::round(dy / d))};
}

TEST(Euclid, DirectionFollowsTheThesisFormula) {
  for (int dy = -30; dy <= 30; ++dy)
    for (int dx = -30; dx <= 30; ++dx)
      EXPECT_EQ(euclid_direction({3, -2}, {3 + dx, -2 + dy}), thesis_direction({0, 0}, {dx, dy}))
          << dx << "," << dy;
  EXPECT_EQ(euclid_direction({0, 0}, {5, 0}), (Point{1, 0}));
  EXPECT_EQ(euclid_direction({0, 0}, {2, 1}), (Point{1, 0}));     // 0.89, 0.45
  EXPECT_EQ(euclid_direction({0, 0}, {3, 2}), (Point{1, 1}));     // 0.83, 0.55
  EXPECT_EQ(euclid_direction({0, 0}, {-5, -2}), (Point{-1, 0}));  // -0.93, -0.37
  EXPECT_EQ(euclid_direction({0, 0}, {1, -1}), (Point{1, -1}));
  EXPECT_EQ(euclid_direction({4, 4}, {4, 4}), (Point{0, 0}));
  // Far apart: no overflow.
  EXPECT_EQ(euclid_direction({-2000000000, 0}, {2000000000, 1}), (Point{1, 0}));
}

// The candidates in the order they are tried, with every cell blocked.
std::vector<Point> tried(Point from, Point to) {
  std::vector<Point> cells;
  const auto step = euclid_step(from, to, [&](Point p) {
    cells.push_back(p);
    return false;
  });
  EXPECT_FALSE(step.has_value());
  return cells;
}

TEST(Euclid, SidestepsToTheNeighboursInTheGeneralDirectionNearerFirst) {
  // East, then the 45° neighbour nearer the target (south-east), then the other.
  EXPECT_EQ(tried({5, 5}, {10, 7}), (std::vector<Point>{{6, 5}, {6, 6}, {6, 4}}));
  EXPECT_EQ(tried({5, 5}, {10, 3}), (std::vector<Point>{{6, 5}, {6, 4}, {6, 6}}));
  // Ties go clockwise first (on screen, y down): east -> south-east, north -> north-east,
  // south-east -> south.
  EXPECT_EQ(tried({5, 5}, {10, 5}), (std::vector<Point>{{6, 5}, {6, 6}, {6, 4}}));
  EXPECT_EQ(tried({5, 5}, {5, 0}), (std::vector<Point>{{5, 4}, {6, 4}, {4, 4}}));
  EXPECT_EQ(tried({5, 5}, {10, 10}), (std::vector<Point>{{6, 6}, {5, 6}, {6, 5}}));
  EXPECT_TRUE(tried({5, 5}, {5, 5}).empty());  // at the target: nothing to try
  // The first free candidate is taken.
  auto free_after_one = [n = 0](Point) mutable { return ++n == 2; };
  EXPECT_EQ(euclid_step({5, 5}, {10, 7}, free_after_one), (Point{6, 6}));
  EXPECT_EQ(euclid_step({5, 5}, {10, 7}, [](Point) { return true; }), (Point{6, 5}));
}

// The thesis's warning: "may be stuck in corners". A monster inside a U whose open side faces
// away from the player walks into the bottom of the U and stays there, though a path exists.
TEST(Euclid, StuckBehindAUShapedWall) {
  const Level level = test::ascii_level({
      "###########",
      "#.........#",  // the player at (5,1)
      "#.........#",
      "#..#####..#",
      "#..#...#..#",
      "#..#...#..#",  // the monster at (5,5)
      "#.........#",
      "###########",
  });
  const CostMap map = CostMap::from_tiles(level.tiles);
  const Point player{5, 1};
  Point monster{5, 5};
  for (int turn = 0; turn < 50; ++turn) {
    const auto step = euclid_step(map, monster, player, Movement{});
    if (!step) break;
    monster = *step;
  }
  EXPECT_EQ(monster, (Point{5, 4}));  // pressed against the wall, short of the player
  BreadthFirstSearch bfs;
  std::vector<Point> path;
  EXPECT_TRUE(bfs.find_path(map, monster, player, Movement{}, path));  // yet a path exists
}

TEST(Euclid, OnOpenGroundReachesTheTargetInChebyshevOrManhattanSteps) {
  const CostMap open(Size{40, 25}, 1);
  Rng rng(9);
  for (int round = 0; round < 500; ++round) {
    const Point target{rng.range(0, 39), rng.range(0, 24)};
    for (const Movement& m : {Movement{}, Movement{Connectivity::four}}) {
      Point at{rng.range(0, 39), rng.range(0, 24)};
      const int expected =
          m.connectivity == Connectivity::eight ? chebyshev(at, target) : manhattan(at, target);
      int steps = 0;
      while (const auto next = euclid_step(open, at, target, m)) {
        ASSERT_EQ(chebyshev(at, *next), 1);
        if (m.connectivity == Connectivity::four) {
          ASSERT_EQ(manhattan(at, *next), 1);
        }
        at = *next;
        ASSERT_LE(++steps, expected);
      }
      EXPECT_EQ(at, target);
      EXPECT_EQ(steps, expected);
    }
  }
}

TEST(Euclid, CostMapCandidatesFollowTheMovementRules) {
  const CostMap corner = CostMap::from(Size{2, 2}, [](Point p) {
    return p == Point{1, 0} ? 0 : 1;
  });
  // South-east would cut round the wall corner at (1,0): only where corner cutting is allowed.
  EXPECT_EQ(euclid_step(corner, {0, 0}, {1, 1}, Movement{}), (Point{0, 1}));
  EXPECT_EQ(
      euclid_step(corner, {0, 0}, {1, 1}, Movement{Connectivity::eight, CornerCutting::allowed}),
      (Point{1, 1}));
  EXPECT_EQ(
      euclid_step(corner, {0, 0}, {1, 1}, Movement{Connectivity::eight, CornerCutting::one_side}),
      (Point{1, 1}));
  // 4-connected: the diagonal is never a step; the orthogonal sidesteps are.
  const CostMap open(Size{6, 6}, 1);
  EXPECT_EQ(euclid_step(open, {0, 0}, {5, 5}, Movement{Connectivity::four}), (Point{0, 1}));
  // Occupied cells are given cost 0.
  CostMap occupied(Size{6, 6}, 1);
  occupied.set_cost({1, 1}, 0);
  occupied.set_cost({0, 1}, 0);
  EXPECT_EQ(euclid_step(occupied, {0, 0}, {5, 5}, Movement{}), (Point{1, 0}));  // third choice
  occupied.set_cost({1, 0}, 0);
  EXPECT_EQ(euclid_step(occupied, {0, 0}, {5, 5}, Movement{}), std::nullopt);
  EXPECT_EQ(euclid_step(open, {3, 3}, {3, 3}, Movement{}), std::nullopt);
}

TEST(Euclid, BadInputIsAnInputError) {
  const CostMap map(Size{4, 4});
  EXPECT_THROW((void)euclid_step(map, {-1, 0}, {2, 2}, Movement{}), InputError);
  EXPECT_THROW((void)euclid_step(map, {0, 0}, {4, 2}, Movement{}), InputError);
  EXPECT_THROW((void)euclid_step(map, {0, 0}, {2, 2},
                                 Movement{Connectivity::four, CornerCutting::never, 0, 1}),
               InputError);
}

}  // namespace
}  // namespace yendor::path
