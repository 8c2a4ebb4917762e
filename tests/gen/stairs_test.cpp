#include "yendor/gen/stairs.hpp"

#include <gtest/gtest.h>

#include "support/ascii_level.hpp"
#include "yendor/gen/generate.hpp"

namespace yendor {
namespace {

using test::ascii_level;

TEST(Stairs, DownStairsGoFarFromUpStairs) {
  // A long snake: whatever cell the up stairs take, the down stairs must be near the far end.
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Level level = ascii_level({
        "##############",
        "#............#",
        "############.#",
        "#............#",
        "#.############",
        "#............#",
        "##############",
    });
    Rng rng(seed);
    const StairsReport report = place_stairs(level, rng);
    ASSERT_TRUE(level.meta.stairs.up && level.meta.stairs.down);
    EXPECT_EQ(level.tiles[*level.meta.stairs.up], Tile::stairs_up);
    EXPECT_EQ(level.tiles[*level.meta.stairs.down], Tile::stairs_down);
    EXPECT_TRUE(report.connectivity.connected());
    const auto dist = walk_distances(level.tiles, *level.meta.stairs.up);
    std::int32_t farthest = 0;
    for (auto d : dist.cells())
      farthest = std::max(farthest, d);
    EXPECT_EQ(report.walk_distance, dist[*level.meta.stairs.down]);
    EXPECT_GE(report.walk_distance, farthest - farthest / 10);
  }
}

TEST(Stairs, PrefersRoomsAndKeepsExistingStairs) {
  Level level = ascii_level({
      "##########",
      "#...,,,..#",
      "##########",
  });
  level.meta.rooms.push_back({0, Rect{1, 1, 3, 1}, "room"});
  level.meta.rooms.push_back({1, Rect{7, 1, 2, 1}, "room"});
  level.meta.stairs.up = Point{2, 1};
  level.tiles[{2, 1}] = Tile::stairs_up;
  Rng rng(1);
  place_stairs(level, rng);
  EXPECT_EQ(level.meta.stairs.up, (Point{2, 1}));
  EXPECT_EQ(level.meta.stairs.down, (Point{8, 1}));  // the farthest room cell, not a corridor
}

TEST(Stairs, KeepsBothStairsAndMeasuresTheWalkBetweenThem) {
  Level level = ascii_level({
      "########",
      "#<....>#",
      "#.####.#",
      "#......#",
      "########",
  });
  level.meta.stairs.up = Point{1, 1};
  level.meta.stairs.down = Point{6, 1};
  const Level before = level;
  Rng rng(1);
  const StairsReport report = place_stairs(level, rng);
  EXPECT_EQ(level.tiles, before.tiles);
  EXPECT_EQ(report.walk_distance, 5);
  EXPECT_TRUE(report.connectivity.connected());
}

TEST(Stairs, ReportsDisconnectedLevels) {
  Level level = ascii_level({
      "#######",
      "#..#..#",
      "#######",
  });
  Rng rng(3);
  const StairsReport report = place_stairs(level, rng);
  EXPECT_FALSE(report.connectivity.connected());
  EXPECT_EQ(report.connectivity.traversable, 4);
  EXPECT_EQ(report.connectivity.reachable, 2);
}

TEST(Stairs, NeedsTwoCells) {
  Level level = ascii_level({"###", "#.#", "###"});
  Rng rng(3);
  EXPECT_THROW(place_stairs(level, rng), GenerationError);
}

}  // namespace
}  // namespace yendor

namespace yendor {
namespace {

TEST(Stairs, NeverInsideVaultsOrShopsUnlessNothingElseIsLeft) {
  const Level base = test::ascii_level({
      "##############",
      "#....#.......#",
      "#....'.......#",
      "#....#.......#",
      "##############",
  });
  for (const char* kind : {"vault", "shop"}) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      Level level = base;
      level.meta.rooms = {Room{0, Rect{6, 1, 7, 3}, kind}};
      Rng rng(seed);
      place_stairs(level, rng);
      EXPECT_LT(level.meta.stairs.up->x, 5) << kind << " seed " << seed;
      EXPECT_LT(level.meta.stairs.down->x, 5) << kind << " seed " << seed;
    }
  }
  // A level that is all vault still gets its stairs.
  Level level = base;
  level.meta.rooms = {Room{0, Rect{1, 1, 12, 3}, "vault"}};
  Rng rng(1);
  EXPECT_NO_THROW(place_stairs(level, rng));
}

}  // namespace
}  // namespace yendor
