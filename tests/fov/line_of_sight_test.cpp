// line_of_sight() against the `symmetric` FOV it must agree with, and line_path()'s cells.

#include "yendor/fov/line_of_sight.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/ascii_level.hpp"
#include "support/random_cell.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::fov {
namespace {

using test::ascii_level;

OpacityMap random_map(Rng& rng, int min_side = 5, int max_side = 40) {
  const Size size{rng.range(min_side, max_side), rng.range(min_side, max_side)};
  const double density = rng.real(0.1, 0.6);
  return OpacityMap::from(size, [&](Point) { return rng.chance(density); });
}

using test::random_cell;

OpacityMap level_map(std::string_view generator, Size size, std::uint64_t seed) {
  const Generator& g = builtin_generators().get(generator);
  return OpacityMap::from_tiles(generate_level(g, size, seed, g.info().schema.defaults()).tiles);
}

OpacityMap opacity_picture(const std::vector<std::string>& rows) {
  return OpacityMap::from_tiles(ascii_level(rows).tiles);
}

// For every cell b: transparent b is in line of sight exactly when the FOV marks it; opaque b
// in line of sight only when the FOV marks it.
void expect_agrees_with_fov(const OpacityMap& map, Point a, const std::string& what) {
  VisibleSet fov;
  builtin_fovs().get("symmetric").compute(map, a, {}, fov);
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      const Point b{x, y};
      const bool los = line_of_sight(map, a, b);
      if (map.opaque(b) ? (los && !fov.visible(b)) : los != fov.visible(b)) {
        ADD_FAILURE() << what << ": from (" << a.x << "," << a.y << ") to (" << x << "," << y
                      << ") line of sight " << los << ", fov " << fov.visible(b)
                      << (map.opaque(b) ? " (opaque)" : "");
        return;
      }
    }
}

TEST(LineOfSight, AgreesWithSymmetricFovOnRandomMaps) {
  Rng rng(601);
  for (int i = 0; i < 1500 && !HasFailure(); ++i) {
    const OpacityMap map = random_map(rng);
    for (int k = 0; k < 3; ++k)
      expect_agrees_with_fov(map, random_cell(rng, map.size()), "map " + std::to_string(i));
  }
}

TEST(LineOfSight, AgreesWithSymmetricFovOnLevels) {
  Rng rng(602);
  for (const char* name : {"caves", "rooms", "maze"})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const OpacityMap map = level_map(name, {80, 50}, seed);
      for (int k = 0; k < 10; ++k)
        expect_agrees_with_fov(map, random_cell(rng, map.size()),
                               std::string(name) + " seed " + std::to_string(seed));
    }
}

TEST(LineOfSight, ToAWallIsWhatTheFovWouldSeeWereItOpen) {
  Rng rng(604);
  VisibleSet fov;
  int walls = 0;
  for (int i = 0; i < 2000; ++i) {
    OpacityMap map = random_map(rng);
    const Point a = random_cell(rng, map.size()), b = random_cell(rng, map.size());
    if (!map.opaque(b) || a == b) continue;
    ++walls;
    const bool los = line_of_sight(map, a, b);
    map.set_opaque(b, false);
    builtin_fovs().get("symmetric").compute(map, a, {}, fov);
    ASSERT_EQ(los, fov.visible(b)) << "map " << i;
  }
  EXPECT_GT(walls, 300);
}

TEST(LineOfSight, SymmetricAndBlindToItsEnds) {
  Rng rng(603);
  for (int i = 0; i < 2000; ++i) {
    OpacityMap map = random_map(rng);
    const Point a = random_cell(rng, map.size()), b = random_cell(rng, map.size());
    const bool los = line_of_sight(map, a, b);
    ASSERT_EQ(line_of_sight(map, b, a), los) << "map " << i;
    map.set_opaque(a, !map.opaque(a));
    map.set_opaque(b, !map.opaque(b));
    ASSERT_EQ(line_of_sight(map, a, b), los) << "map " << i;
  }
}

TEST(LineOfSight, ALineThroughACornerNeedsOneOpenSide) {
  // From @ to x the line crosses row 1 exactly between its cells 0 and 1.
  EXPECT_FALSE(line_of_sight(opacity_picture({
                                 ".....",
                                 "##...",
                                 ".....",
                             }),
                             {0, 0}, {1, 2}));
  EXPECT_TRUE(line_of_sight(opacity_picture({
                                ".....",
                                "#....",
                                ".....",
                            }),
                            {0, 0}, {1, 2}));
  EXPECT_TRUE(line_of_sight(opacity_picture({
                                ".....",
                                ".#...",
                                ".....",
                            }),
                            {0, 0}, {1, 2}));
  // Two corners on the line (slope 1/2 over depth 4): open on alternate sides is not enough.
  const OpacityMap zigzag = opacity_picture({
      ".....",
      "#....",
      ".....",
      "..#..",
      ".....",
  });
  EXPECT_FALSE(line_of_sight(zigzag, {0, 0}, {2, 4}));
  std::vector<Point> path;
  line_path(zigzag, {0, 0}, {2, 4}, path);
  EXPECT_NE(path.back(), (Point{2, 4}));
}

TEST(LineOfSight, SameCellAndNeighboursAlwaysSee) {
  const OpacityMap walls = OpacityMap::from({5, 5}, [](Point) { return true; });
  EXPECT_TRUE(line_of_sight(walls, {2, 2}, {2, 2}));
  for (Point d : k_directions8)
    EXPECT_TRUE(line_of_sight(walls, {2, 2}, Point{2, 2} + d));
  EXPECT_FALSE(line_of_sight(walls, {2, 2}, {4, 2}));
}

TEST(LineOfSight, BadInput) {
  const OpacityMap map({10, 10});
  std::vector<Point> path;
  EXPECT_THROW(line_of_sight(map, {-1, 0}, {3, 3}), InputError);
  EXPECT_THROW(line_of_sight(map, {1, 0}, {3, 10}), InputError);
  EXPECT_THROW(line_path(map, {1, 0}, {10, 3}, path), InputError);
  EXPECT_THROW(line_of_sight(OpacityMap({0, 0}), {0, 0}, {0, 0}), InputError);
}

// ---- line_path ------------------------------------------------------------------------------

void expect_good_path(const OpacityMap& map, Point a, Point b, const std::vector<Point>& path,
                      const std::string& what) {
  const std::string where = what + " from (" + std::to_string(a.x) + "," + std::to_string(a.y) +
                            ") to (" + std::to_string(b.x) + "," + std::to_string(b.y) + ")";
  if (a == b) {
    EXPECT_TRUE(path.empty()) << where;
    return;
  }
  ASSERT_FALSE(path.empty()) << where;
  Point prev = a;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const Point p = path[i];
    ASSERT_EQ(chebyshev(prev, p), 1) << where << " step " << i;
    // One cell per step along the longer axis, always getting closer.
    ASSERT_EQ(chebyshev(p, b), chebyshev(a, b) - static_cast<int>(i) - 1) << where;
    ASSERT_TRUE(map.in_bounds(p)) << where;
    if (i + 1 < path.size()) {
      ASSERT_FALSE(map.opaque(p)) << where << " passes a wall";
    }
    prev = p;
  }
  const bool reached = path.back() == b;
  ASSERT_TRUE(reached || map.opaque(path.back())) << where << " stops in the open";
  ASSERT_EQ(reached, line_of_sight(map, a, b)) << where;
}

TEST(LinePath, StepsAlongTheLineAndStopsAtTheFirstWall) {
  Rng rng(611);
  std::vector<Point> path;
  for (int i = 0; i < 3000; ++i) {
    const OpacityMap map = random_map(rng);
    const Point a = random_cell(rng, map.size());
    for (int k = 0; k < 5; ++k) {
      const Point b = random_cell(rng, map.size());
      line_path(map, a, b, path);
      expect_good_path(map, a, b, path, "map " + std::to_string(i));
      if (HasFailure()) return;
    }
  }
}

TEST(LinePath, OnOpenGroundFollowsTheNearerSideOfCorners) {
  const OpacityMap open({10, 10});
  std::vector<Point> path;
  line_path(open, {0, 0}, {1, 2}, path);
  EXPECT_EQ(path, (std::vector<Point>{{0, 1}, {1, 2}}));
  line_path(open, {5, 5}, {1, 3}, path);  // west, slope 1/2: corners at depths 1 and 3
  EXPECT_EQ(path, (std::vector<Point>{{4, 5}, {3, 4}, {2, 4}, {1, 3}}));
  line_path(open, {2, 2}, {2, 2}, path);
  EXPECT_TRUE(path.empty());
  line_path(open, {0, 9}, {9, 0}, path);
  ASSERT_EQ(path.size(), 9u);
  for (int i = 0; i < 9; ++i)
    EXPECT_EQ(path[static_cast<std::size_t>(i)], (Point{i + 1, 8 - i}));
}

TEST(LinePath, TakesTheOpenSideOfACorner) {
  std::vector<Point> path;
  line_path(opacity_picture({
                "...",
                "#..",
                "...",
            }),
            {0, 0}, {1, 2}, path);
  EXPECT_EQ(path, (std::vector<Point>{{1, 1}, {1, 2}}));
  line_path(opacity_picture({
                "...",
                "##.",
                "...",
            }),
            {0, 0}, {1, 2}, path);
  EXPECT_EQ(path, (std::vector<Point>{{0, 1}}));  // the nearer side, a wall: it stops there
}

}  // namespace
}  // namespace yendor::fov
