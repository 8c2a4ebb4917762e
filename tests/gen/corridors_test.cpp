#include "yendor/gen/corridors.hpp"

#include <gtest/gtest.h>

#include "support/ascii_level.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

using test::ascii_level;

void expect_walkable_path(const std::vector<Point>& path) {
  for (std::size_t i = 1; i < path.size(); ++i)
    EXPECT_EQ(manhattan(path[i - 1], path[i]), 1);
}

TEST(Corridors, StraightAndWindingJoinTheirEndsInsideTheBorder) {
  for (auto style : {CorridorStyle::straight, CorridorStyle::winding}) {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      Level level(Size{40, 30});
      Rng rng(seed);
      const Point a{rng.range(1, 38), rng.range(1, 28)}, b{rng.range(1, 38), rng.range(1, 28)};
      const auto path = carve_corridor(level, a, b, style, rng, 0, 1).cells;
      ASSERT_FALSE(path.empty());
      EXPECT_EQ(path.front(), a);
      EXPECT_EQ(path.back(), b);
      expect_walkable_path(path);
      for (int x = 0; x < 40; ++x) {
        EXPECT_EQ((level.tiles[{x, 0}]), Tile::wall);
        EXPECT_EQ((level.tiles[{x, 29}]), Tile::wall);
      }
      for (int y = 0; y < 30; ++y) {
        EXPECT_EQ((level.tiles[{0, y}]), Tile::wall);
        EXPECT_EQ((level.tiles[{39, y}]), Tile::wall);
      }
      EXPECT_EQ(walk_distances(level.tiles, a)[b] >= 0, true);
      ASSERT_EQ(level.meta.corridors.size(), 1u);
      EXPECT_EQ(level.meta.corridors[0].from_room, 0);
      EXPECT_EQ(level.meta.corridors[0].to_room, 1);
    }
  }
}

TEST(Corridors, OnlyRockIsDug) {
  Level level = ascii_level({
      "##########",
      "#........#",
      "#.''.....#",
      "##########",
  });
  level.flags[{5, 1}] = cell_flag::no_dig;
  const Level before = level;
  Rng rng(1);
  carve_corridor(level, {1, 1}, {8, 2}, CorridorStyle::straight, rng);
  for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
    if (before.tiles[i] != Tile::wall) {
      EXPECT_EQ(level.tiles[i], before.tiles[i]);
    }
}

TEST(Corridors, DoorsOnlyAtProperDoorways) {
  Level level = ascii_level({
      "###########",
      "#...#######",
      "#...,,,,,,#",
      "#...####,,#",
      "####,,,,,,#",
      "###########",
  });
  level.meta.rooms.push_back({0, Rect{1, 1, 3, 3}, "room"});
  Rng rng(1);
  place_doors(level, rng, 1.0, 0.0);
  // (4,2) is a doorway: room floor west, corridor east, wall north and south.
  EXPECT_EQ((level.tiles[{4, 2}]), Tile::door_closed);
  // (4,4) is diagonal to the room (a corner of its ring): no door.
  EXPECT_EQ((level.tiles[{4, 4}]), Tile::corridor);
  ASSERT_EQ(level.meta.doors.size(), 1u);
  EXPECT_EQ(level.meta.doors[0].pos, (Point{4, 2}));
  EXPECT_EQ(level.meta.doors[0].room, 0);
}

TEST(Corridors, NoDoorsBackToBack) {
  Level level = ascii_level({
      "##########",
      "#...##...#",
      "#...,,...#",
      "#...##...#",
      "##########",
  });
  level.meta.rooms.push_back({0, Rect{1, 1, 3, 3}, "room"});
  level.meta.rooms.push_back({1, Rect{6, 1, 3, 3}, "room"});
  Rng rng(1);
  place_doors(level, rng, 1.0, 0.0);
  ASSERT_EQ(level.meta.doors.size(), 1u);
  EXPECT_EQ((level.tiles[{4, 2}]), Tile::door_closed);
  EXPECT_EQ((level.tiles[{5, 2}]), Tile::corridor);
}

TEST(Corridors, CorridorAlongAWallMakesNoDoors) {
  Level level = ascii_level({
      "#######",
      "#,,,,,#",
      "#,...,#",
      "#,...,#",
      "#######",
  });
  level.meta.rooms.push_back({0, Rect{2, 2, 3, 2}, "room"});
  Rng rng(1);
  place_doors(level, rng, 1.0, 1.0);
  EXPECT_TRUE(level.meta.doors.empty());
}

TEST(Corridors, DeadEndsLeadNowhere) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    Level level(Size{40, 30});
    level.tiles.fill(Rect{15, 10, 8, 6}, Tile::floor);
    level.meta.rooms.push_back({0, Rect{15, 10, 8, 6}, "room"});
    Rng rng(seed);
    add_dead_ends(level, rng, 3.0, 10);
    for (const Corridor& c : level.meta.corridors) {
      EXPECT_EQ(c.from_room, 0);
      EXPECT_EQ(c.to_room, -1);
      ASSERT_GE(c.cells.size(), 3u);
      expect_walkable_path(c.cells);
      int open = 0;
      for (Point d : k_directions4)
        open += is_traversable(level.tiles[c.cells.back() + d]) ? 1 : 0;
      EXPECT_EQ(open, 1) << "the blind end touches only the corridor";
    }
    EXPECT_EQ(level.meta.features.size(), level.meta.corridors.size());
    const auto report = check_connectivity(level.tiles, {16, 11});
    EXPECT_TRUE(report.connected());
  }
}

}  // namespace
}  // namespace yendor
