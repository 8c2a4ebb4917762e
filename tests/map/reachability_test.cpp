#include "yendor/map/reachability.hpp"

#include <gtest/gtest.h>

#include "support/ascii_level.hpp"
#include "yendor/core/rng.hpp"

namespace yendor {
namespace {

using test::ascii_level;

TEST(Reachability, WalkDistancesAreOrthogonalStepsThroughDoors) {
  const Level level = ascii_level({
      "#######",
      "#..+..#",
      "#.###.#",
      "#.#W#.#",
      "#######",
  });
  const auto d = walk_distances(level.tiles, {1, 1});
  EXPECT_EQ((d[{1, 1}]), 0);
  EXPECT_EQ((d[{3, 1}]), 2);  // through the closed door
  EXPECT_EQ((d[{5, 3}]), 6);
  EXPECT_EQ((d[{1, 3}]), 2);
  EXPECT_EQ((d[{3, 3}]), k_unreachable);  // deep water
  EXPECT_EQ((d[{0, 0}]), k_unreachable);
  const auto from_wall = walk_distances(level.tiles, {0, 0});
  for (auto v : from_wall.cells())
    EXPECT_EQ(v, k_unreachable);
}

TEST(Reachability, DiagonalGapsDoNotConnect) {
  const Level level = ascii_level({
      "#####",
      "#.###",
      "##.##",
      "#####",
  });
  const auto report = check_connectivity(level.tiles, {1, 1});
  EXPECT_EQ(report.traversable, 2);
  EXPECT_EQ(report.reachable, 1);
  EXPECT_FALSE(report.connected());
  const auto regions = label_regions(level.tiles);
  ASSERT_EQ(regions.sizes.size(), 2u);
  EXPECT_EQ((regions.labels[{1, 1}]), 0);
  EXPECT_EQ((regions.labels[{2, 2}]), 1);
  EXPECT_EQ((regions.labels[{0, 0}]), -1);
}

TEST(Reachability, ConnectedLevel) {
  const Level level = ascii_level({
      "######",
      "#.<,>#",
      "#'####",
      "######",
  });
  const auto report = check_connectivity(level.tiles, {2, 1});
  EXPECT_EQ(report.traversable, 5);
  EXPECT_TRUE(report.connected());
  EXPECT_EQ(label_regions(level.tiles).sizes, (std::vector<std::int64_t>{5}));
}

}  // namespace
}  // namespace yendor

namespace yendor {
namespace {

// FloodOrder's layers are exactly the walking distances of walk_distances, on random maps
// with open and closed borders.
TEST(Reachability, FloodOrderLayersAreWalkDistances) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    // Every fourth map is larger, up to 9,100 cells: vectorised blocks and long layers.
    const bool large = seed % 4 == 0;
    Level level(Size{rng.range(1, large ? 130 : 40), rng.range(1, large ? 70 : 30)});
    for (Tile& t : level.tiles.cells())
      t = rng.chance(0.6) ? Tile::floor : Tile::wall;
    const Point from{rng.range(0, level.width() - 1), rng.range(0, level.height() - 1)};
    const auto dist = walk_distances(level.tiles, from);
    FloodOrder flood;
    const std::int64_t reached = flood.run(level.tiles, from);
    std::int64_t expected = 0;
    for (auto d : dist.cells())
      expected += d != k_unreachable ? 1 : 0;
    ASSERT_EQ(reached, expected);
    ASSERT_EQ(flood.order().size(), static_cast<std::size_t>(reached));
    for (std::int32_t d = 0; d < flood.layers(); ++d)
      for (std::size_t i = flood.layer_start(d); i < flood.layer_start(d + 1); ++i)
        ASSERT_EQ(dist[flood.order()[i]], d);
    // Reused buffers give the same answer again.
    EXPECT_EQ(flood.run(level.tiles, from), reached);
  }
}

}  // namespace
}  // namespace yendor

namespace yendor {
namespace {

// The vectorised counts agree with a plain count over every tile kind, including sizes that
// are not a multiple of the vector width.
TEST(Reachability, TraversableCountsMatchAPlainCount) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed);
    Level level(Size{rng.range(1, 140), rng.range(1, 40)});  // up to 5,600 cells
    for (Tile& t : level.tiles.cells())
      t = static_cast<Tile>(rng.below(static_cast<std::uint32_t>(k_tile_count)));
    std::int64_t expected = 0;
    for (Tile t : level.tiles.cells())
      expected += is_traversable(t) ? 1 : 0;
    EXPECT_EQ(count_traversable(level.tiles), expected);
    FloodOrder flood;
    flood.run(level.tiles, {0, 0});
    EXPECT_EQ(flood.traversable(), expected);
  }
}

}  // namespace
}  // namespace yendor

namespace yendor {
namespace {

TEST(Reachability, EmptyGridsHaveNothingToReach) {
  for (const Size size : {Size{3, 0}, Size{0, 3}, Size{0, 0}}) {
    const Grid<Tile> tiles(size, Tile::floor);
    EXPECT_EQ(label_regions(tiles).sizes.size(), 0u);
    EXPECT_EQ(count_traversable(tiles), 0);
    EXPECT_FALSE(check_connectivity(tiles, {0, 0}).connected());
    std::int64_t reached = -1;
    walk_distances(tiles, {0, 0}, &reached);
    EXPECT_EQ(reached, 0);
  }
}

}  // namespace
}  // namespace yendor
