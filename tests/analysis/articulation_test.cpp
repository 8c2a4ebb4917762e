#include "yendor/analysis/articulation.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/random_level.hpp"
#include "support/ascii_level.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::analysis {
namespace {

using test::ascii_level;

std::vector<Point> cells_of(const std::vector<ArticulationPoint>& points) {
  std::vector<Point> out;
  for (const auto& p : points)
    out.push_back(p.cell);
  return out;
}

TEST(Articulation, EveryInnerCellOfACorridorAndWhatItCutsOff) {
  const Level level = ascii_level({
      "#######",
      "#.....#",
      "#######",
  });
  const auto points = find_articulation_points(level.tiles, Point{1, 1});
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0], (ArticulationPoint{{2, 1}, 3}));
  EXPECT_EQ(points[1], (ArticulationPoint{{3, 1}, 2}));
  EXPECT_EQ(points[2], (ArticulationPoint{{4, 1}, 1}));
  // From the middle, the cell itself is the root: it separates, but cuts nothing off itself.
  const auto from_middle = find_articulation_points(level.tiles, Point{3, 1});
  ASSERT_EQ(from_middle.size(), 3u);
  EXPECT_EQ(from_middle[1], (ArticulationPoint{{3, 1}, 0}));
  EXPECT_EQ(from_middle[0].cut_off, 1);
  EXPECT_EQ(from_middle[2].cut_off, 1);
}

TEST(Articulation, OpenFloorAndRingsHaveNone) {
  EXPECT_TRUE(
      find_articulation_points(ascii_level({"#####", "#...#", "#...#", "#####"}).tiles, Point{1, 1})
          .empty());
  EXPECT_TRUE(find_articulation_points(
                  ascii_level({"#####", "#...#", "#.#.#", "#...#", "#####"}).tiles, std::nullopt)
                  .empty());
}

TEST(Articulation, ADoorBetweenTwoRoomsCutsOffTheFarRoom) {
  const Level level = ascii_level({
      "#########",
      "#...#...#",
      "#...+...#",
      "#...#...#",
      "#########",
  });
  const auto from_left = find_articulation_points(level.tiles, Point{1, 1});
  // The door and the room cells on both sides of it: each is the only way through.
  ASSERT_EQ(cells_of(from_left), (std::vector<Point>{{3, 2}, {4, 2}, {5, 2}}));
  EXPECT_EQ(from_left[0].cut_off, 10);  // the door and the far room
  EXPECT_EQ(from_left[1].cut_off, 9);   // the far room
  EXPECT_EQ(from_left[2].cut_off, 8);   // the far room but the cell itself
  // Seen from the other room the same cells cut off the near side.
  const auto from_right = find_articulation_points(level.tiles, Point{7, 3});
  EXPECT_EQ(cells_of(from_right), cells_of(from_left));
  EXPECT_EQ(from_right[0].cut_off, 8);
  // Without a root nothing is cut off, but the cells are still found.
  const auto no_root = find_articulation_points(level.tiles, std::nullopt);
  EXPECT_EQ(cells_of(no_root), cells_of(from_left));
  for (const auto& p : no_root)
    EXPECT_EQ(p.cut_off, 0);
}

// The oracle: block each cell in turn and count regions and the cells still reachable.
void expect_matches_oracle(const Level& level, std::optional<Point> root) {
  const auto points = find_articulation_points(level.tiles, root);
  const std::int64_t regions = static_cast<std::int64_t>(label_regions(level.tiles).sizes.size());
  const bool rooted = root && is_traversable(level.tiles[*root]);
  const std::int64_t reachable = rooted ? check_connectivity(level.tiles, *root).reachable : 0;
  const Grid<std::int32_t> from_root =
      rooted ? walk_distances(level.tiles, *root) : Grid<std::int32_t>(level.size(), -1);
  std::vector<ArticulationPoint> expected;
  Grid<Tile> blocked = level.tiles;
  for (std::size_t i = 0; i < blocked.cell_count(); ++i) {
    if (!is_traversable(blocked[i])) continue;
    const Tile kept = blocked[i];
    blocked[i] = Tile::wall;
    const auto after = static_cast<std::int64_t>(label_regions(blocked).sizes.size());
    if (after > regions) {
      const Point cell = blocked.point_of(i);
      std::int64_t cut = 0;
      if (rooted && cell != *root && from_root[cell] != k_unreachable)
        cut = reachable - 1 - check_connectivity(blocked, *root).reachable;
      expected.push_back({cell, cut});
    }
    blocked[i] = kept;
  }
  EXPECT_EQ(points, expected);
}

TEST(Articulation, MatchesBlockingEachCellOnRandomMaps) {
  Rng rng(20240611);
  for (int trial = 0; trial < 300; ++trial) {
    const Size size{rng.range(1, 14), rng.range(1, 10)};
    const Level level = test::random_level(rng, size, rng.real(0.3, 0.9));
    std::optional<Point> root;
    if (rng.chance(0.8)) root = Point{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
    SCOPED_TRACE(trial);
    expect_matches_oracle(level, root);
  }
}

// A serpentine path through a 1000x1000 map: the search path holds about half the cells at
// once, which recursion would not survive.
TEST(Articulation, ALongSerpentineNeedsNoRecursion) {
  const int side = 1000;
  Level level(Size{side, side}, Tile::wall);
  for (int y = 1; y < side - 1; y += 2) {
    for (int x = 1; x < side - 1; ++x)
      level.tiles[Point{x, y}] = Tile::corridor;
    const int link_x = (y / 2) % 2 == 0 ? side - 2 : 1;
    if (y + 2 < side - 1) level.tiles[Point{link_x, y + 1}] = Tile::corridor;
  }
  const std::int64_t cells = count_traversable(level.tiles);
  const auto points = find_articulation_points(level.tiles, Point{1, 1});
  EXPECT_EQ(static_cast<std::int64_t>(points.size()), cells - 2);
  std::int64_t most = 0;
  for (const auto& p : points)
    most = std::max(most, p.cut_off);
  EXPECT_EQ(most, cells - 2);  // the cell beside the start cuts off all the rest
}

}  // namespace
}  // namespace yendor::analysis
