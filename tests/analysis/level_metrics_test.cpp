#include "yendor/analysis/level_metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/random_level.hpp"
#include "support/ascii_level.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::analysis {
namespace {

using test::ascii_level;

// Two rooms, a corridor with a door at each end, a dead-end corridor, the stairs in the rooms.
Level two_room_level() {
  Level level = ascii_level({
      "############",
      "#<..#####..#",
      "#...+,,,'.>#",
      "#...#####..#",
      "##,#########",
      "##,#########",
      "############",
  });
  level.meta.rooms.push_back({0, {1, 1, 3, 3}});
  level.meta.rooms.push_back({1, {9, 1, 2, 3}});
  // Recorded corridor cells: its corridor tiles; a floor cell inside a room, a wall cell and a
  // cell off the map (none counted); the open door outside every room (counted once, although
  // listed twice).
  level.meta.corridors.push_back(
      {0, 1, {{5, 2}, {6, 2}, {7, 2}, {3, 2}, {5, 1}, {50, 50}, {8, 2}, {8, 2}}});
  level.meta.stairs.up = Point{1, 1};
  level.meta.stairs.down = Point{10, 2};
  return level;
}

TEST(LevelMetrics, CountsCellsDoorsAndCorridors) {
  const LevelMetrics m = measure_level(two_room_level());
  EXPECT_EQ(m.size, (Size{12, 7}));
  EXPECT_EQ(m.floor_cells, 9 + 6 + 5 + 2);
  EXPECT_DOUBLE_EQ(m.floor_share, 22.0 / 84.0);
  EXPECT_EQ(m.regions, 1);
  EXPECT_TRUE(m.connected);
  EXPECT_DOUBLE_EQ(m.largest_region_share, 1.0);
  EXPECT_EQ(m.rooms, 2);
  EXPECT_EQ(m.areas, 2);
  EXPECT_EQ(m.doors, 2);
  EXPECT_EQ(m.corridor_cells, 3 + 2 + 1);  // (5..7, 2), (2, 4..5) and the open door
  EXPECT_EQ(m.dead_end_cells, 1);          // the blind end at (2, 5)
  EXPECT_EQ(m.dead_end_rooms, 1);          // the right room: one way out
  EXPECT_EQ(m.loops, 0);
}

TEST(LevelMetrics, StairsPathAndItsRatioToTheStraightLine) {
  const LevelMetrics m = measure_level(two_room_level());
  EXPECT_EQ(m.stairs_up, (Point{1, 1}));
  EXPECT_EQ(m.stairs_down, (Point{10, 2}));
  ASSERT_TRUE(m.stairs_path.has_value());
  EXPECT_EQ(*m.stairs_path, 10);  // one step down, nine right
  ASSERT_TRUE(m.stairs_ratio.has_value());
  EXPECT_DOUBLE_EQ(*m.stairs_ratio, 10.0 / std::sqrt(82.0));
}

TEST(LevelMetrics, ChokepointCutsTheFarRoomOffTheUpStairs) {
  const LevelMetrics m = measure_level(two_room_level());
  // Blocking (3, 2), the room cell before the first door, cuts off both doors, the corridor
  // and the far room.
  EXPECT_EQ(m.chokepoint, (Point{3, 2}));
  EXPECT_EQ(m.chokepoint_cut, 2 + 3 + 6);
  EXPECT_DOUBLE_EQ(m.chokepoint_share, 11.0 / 22.0);
  // Every cell from (3, 2) to the far room's first cell (9, 2), and the room cell above the
  // dead-end corridor and its first cell.
  EXPECT_EQ(m.articulation_points, 7 + 2);
}

TEST(LevelMetrics, StairsFromTilesWhenTheMetadataHasNone) {
  Level level = two_room_level();
  level.meta = {};
  const LevelMetrics m = measure_level(level);
  EXPECT_EQ(m.stairs_up, (Point{1, 1}));
  EXPECT_EQ(m.stairs_down, (Point{10, 2}));
  EXPECT_EQ(m.stairs_path, 10);
  EXPECT_EQ(m.rooms, 0);
}

TEST(LevelMetrics, DisconnectedLevelsHaveNoStairsPath) {
  const Level level = ascii_level({
      "##########",
      "#<..##...#",
      "#...##.>.#",
      "##########",
  });
  const LevelMetrics m = measure_level(level);
  EXPECT_EQ(m.regions, 2);
  EXPECT_FALSE(m.connected);
  EXPECT_DOUBLE_EQ(m.largest_region_share, 6.0 / 12.0);
  EXPECT_FALSE(m.stairs_path.has_value());
  EXPECT_FALSE(m.stairs_ratio.has_value());
  EXPECT_EQ(m.articulation_points, 0);
  EXPECT_FALSE(m.chokepoint.has_value());
  EXPECT_EQ(m.chokepoint_cut, 0);
}

TEST(LevelMetrics, SolidRockAndEmptyLevels) {
  for (const Size size : {Size{0, 0}, Size{3, 0}, Size{1, 1}, Size{20, 10}}) {
    const LevelMetrics m = measure_level(Level(size, Tile::wall));
    EXPECT_EQ(m.floor_cells, 0);
    EXPECT_EQ(m.floor_share, 0.0);
    EXPECT_EQ(m.regions, 0);
    EXPECT_FALSE(m.connected);
    EXPECT_EQ(m.largest_region_share, 0.0);
    EXPECT_EQ(m.loops, 0);
    EXPECT_FALSE(m.stairs_up.has_value());
    EXPECT_EQ(m.entropy, 0.0);
  }
}

// Relations every level must satisfy, over random maps.
TEST(LevelMetrics, InvariantsOnRandomMaps) {
  Rng rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    Level level = test::random_level(rng, {rng.range(1, 40), rng.range(1, 30)}, rng.real(0.2, 1.0));
    test::add_random_rooms(level, rng, rng.range(0, 5));
    const LevelMetrics m = measure_level(level);
    SCOPED_TRACE(trial);
    EXPECT_EQ(m.floor_cells, count_traversable(level.tiles));
    EXPECT_GE(m.floor_share, 0.0);
    EXPECT_LE(m.floor_share, 1.0);
    EXPECT_LE(m.dead_end_cells, m.floor_cells);
    EXPECT_LE(m.articulation_points, m.floor_cells);
    EXPECT_LE(m.chokepoint_cut, m.floor_cells);
    EXPECT_GE(m.loops, 0);
    EXPECT_LE(m.dead_end_rooms, m.areas);
    EXPECT_GE(m.entropy, 0.0);
    EXPECT_LE(m.entropy, 9.0);
    EXPECT_EQ(m.connected, m.regions == 1);
  }
}

// The same relations and the pipeline's promises on generated levels.
TEST(LevelMetrics, GeneratedLevelsAreConnectedWithAPathBetweenTheStairs) {
  for (const char* name : {"rooms", "bsp"}) {
    const Generator& g = builtin_generators().get(name);
    for (std::uint64_t seed = 1; seed <= 15; ++seed) {
      const Level level = generate_level(g, {60, 40}, seed, {});
      const LevelMetrics m = measure_level(level);
      SCOPED_TRACE(std::string(name) + " seed " + std::to_string(seed));
      EXPECT_TRUE(m.connected);
      EXPECT_EQ(m.rooms, static_cast<std::int64_t>(level.meta.rooms.size()));
      ASSERT_TRUE(m.stairs_path.has_value());
      EXPECT_GE(*m.stairs_path, manhattan(*level.meta.stairs.up, *level.meta.stairs.down));
      ASSERT_TRUE(m.stairs_ratio.has_value());
      EXPECT_GE(*m.stairs_ratio, 1.0);
      EXPECT_GE(m.areas, m.rooms > 0 ? 1 : 0);
      EXPECT_GT(m.corridor_cells, 0);
      EXPECT_LT(m.chokepoint_cut, m.floor_cells);
    }
  }
}

}  // namespace
}  // namespace yendor::analysis
