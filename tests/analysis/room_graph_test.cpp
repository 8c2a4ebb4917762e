#include "yendor/analysis/room_graph.hpp"

#include <gtest/gtest.h>

#include "analysis/random_level.hpp"
#include "support/ascii_level.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::analysis {
namespace {

using test::ascii_level;

Level with_room(Level level, Rect rect) {
  level.meta.rooms.push_back({static_cast<int>(level.meta.rooms.size()), rect});
  return level;
}

TEST(RoomGraph, ARingCorridorIsOneLoop) {
  const RoomGraph g = build_room_graph(ascii_level({
      "#######",
      "#,,,,,#",
      "#,###,#",
      "#,,,,,#",
      "#######",
  }));
  EXPECT_EQ(g.loops(), 1);
  EXPECT_EQ(g.cyclomatic(), 1);
  EXPECT_EQ(g.nodes, 1);  // a ring touching no node gets one of its own
  EXPECT_EQ(g.edges, 1);
  EXPECT_EQ(g.areas(), 0);
}

TEST(RoomGraph, ATreeOfCorridorsHasNoLoop) {
  const RoomGraph g = build_room_graph(ascii_level({
      "#########",
      "#,,,,,,,#",
      "####,####",
      "#,,,,,,##",
      "####,####",
      "#########",
  }));
  EXPECT_EQ(g.loops(), 0);
  EXPECT_EQ(g.components, 1);
  // Junctions at (4,1) and (4,3), dead ends at (1,1), (7,1), (1,3), (6,3), (4,4).
  EXPECT_EQ(g.nodes, 7);
  EXPECT_EQ(g.edges, 6);
}

const std::vector<std::string> k_two_rooms_two_corridors{
    "############", "#...####...#", "#...+,,+...#", "#...####...#",
    "##,######,##", "##,,,,,,,,##", "############",
};

TEST(RoomGraph, TwoRoomsJoinedTwiceAreOneLoopAndNoDeadEnd) {
  const RoomGraph g = build_room_graph(ascii_level(k_two_rooms_two_corridors));
  EXPECT_EQ(g.areas(), 2);
  EXPECT_EQ(g.loops(), 1);
  EXPECT_EQ(g.cyclomatic(), 1);
  EXPECT_EQ(g.area_holes, 0);
  EXPECT_EQ(g.area_degrees, (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(g.dead_end_areas(), 0);
  // The same with the rooms recorded in the metadata.
  const Level recorded =
      with_room(with_room(ascii_level(k_two_rooms_two_corridors), {1, 1, 3, 3}), {8, 1, 3, 3});
  EXPECT_EQ(build_room_graph(recorded).loops(), 1);
}

TEST(RoomGraph, TwoRoomsJoinedOnceAreTwoDeadEndRooms) {
  const RoomGraph g = build_room_graph(ascii_level({
      "############",
      "#...####...#",
      "#...+,,+...#",
      "#...####...#",
      "############",
  }));
  EXPECT_EQ(g.loops(), 0);
  EXPECT_EQ(g.dead_end_areas(), 2);
}

TEST(RoomGraph, APillarIsALoopInsideItsRoom) {
  const RoomGraph g = build_room_graph(ascii_level({
      "#######",
      "#.....#",
      "#.....#",
      "#..#..#",
      "#.....#",
      "#.....#",
      "#######",
  }));
  EXPECT_EQ(g.areas(), 1);
  EXPECT_EQ(g.area_holes, 1);  // every cell lies in a 2x2 block: the hole is inside the area
  EXPECT_EQ(g.cyclomatic(), 0);
  EXPECT_EQ(g.loops(), 1);
  // With the pillar beside the wall, the cell between them is a one-wide passage from the room
  // back into it: the same loop, now an edge of the graph.
  const RoomGraph near_wall = build_room_graph(ascii_level({
      "#######",
      "#.....#",
      "#.....#",
      "#..#..#",
      "#.....#",
      "#######",
  }));
  EXPECT_EQ(near_wall.areas(), 1);
  EXPECT_EQ(near_wall.area_holes, 0);
  EXPECT_EQ(near_wall.cyclomatic(), 1);
  EXPECT_EQ(near_wall.loops(), 1);
}

TEST(RoomGraph, OpenFloorAndWideCorridorsAreNoLoops) {
  const RoomGraph open = build_room_graph(ascii_level({
      "########",
      "#......#",
      "#......#",
      "#......#",
      "########",
  }));
  EXPECT_EQ(open.loops(), 0);
  EXPECT_EQ(open.areas(), 1);
  const RoomGraph wide = build_room_graph(ascii_level({
      "##########",
      "#...######",
      "#...,,,,,#",
      "#...,,,,,#",
      "##########",
  }));
  EXPECT_EQ(wide.loops(), 0);
  EXPECT_EQ(wide.areas(), 1);  // the two-wide corridor joins the room's area
}

TEST(RoomGraph, ACorridorLeavingARoomAndComingBackIsALoop) {
  const RoomGraph g = build_room_graph(ascii_level({
      "#########",
      "#...#####",
      "#...,,,,#",
      "#...###,#",
      "#...,,,,#",
      "#########",
  }));
  EXPECT_EQ(g.loops(), 1);
  EXPECT_EQ(g.area_degrees, (std::vector<std::int64_t>{2}));  // one self-loop: two ends
  EXPECT_EQ(g.dead_end_areas(), 0);
}

TEST(RoomGraph, RoomMetadataMakesNarrowRoomsAreas) {
  const Level corridor = ascii_level({
      "#######",
      "#.....#",
      "#######",
  });
  EXPECT_EQ(build_room_graph(corridor).areas(), 0);
  const RoomGraph g = build_room_graph(with_room(corridor, {3, 1, 1, 1}));
  EXPECT_EQ(g.areas(), 1);
  EXPECT_EQ(g.area_degrees, (std::vector<std::int64_t>{2}));
  EXPECT_EQ(g.loops(), 0);
  // Rooms reaching outside the map are clipped, not an error.
  EXPECT_EQ(build_room_graph(with_room(corridor, {-5, -5, 100, 100})).areas(), 1);
}

TEST(RoomGraph, EmptyAndSingleCellLevels) {
  EXPECT_EQ(build_room_graph(Level(Size{0, 0})).nodes, 0);
  const RoomGraph rock = build_room_graph(Level(Size{5, 4}));
  EXPECT_EQ(rock.nodes, 0);
  EXPECT_EQ(rock.loops(), 0);
  const RoomGraph one = build_room_graph(ascii_level({"..", "#."}));
  EXPECT_EQ(one.nodes, 2);  // two dead ends joined by the run between them
  EXPECT_EQ(one.edges, 1);
  EXPECT_EQ(one.loops(), 0);
}

// The oracle: E - V + C - Q over the whole grid of traversable cells, where E counts
// orthogonally adjacent pairs, C regions and Q 2x2 blocks of traversable cells.
std::int64_t grid_holes(const Level& level) {
  const auto& t = level.tiles;
  std::int64_t v = 0, e = 0, q = 0;
  const auto open = [&](int x, int y) {
    return t.in_bounds({x, y}) && is_traversable(t[Point{x, y}]);
  };
  for (int y = 0; y < t.height(); ++y)
    for (int x = 0; x < t.width(); ++x) {
      if (!open(x, y)) continue;
      ++v;
      e += (open(x + 1, y) ? 1 : 0) + (open(x, y + 1) ? 1 : 0);
      q += open(x + 1, y) && open(x, y + 1) && open(x + 1, y + 1) ? 1 : 0;
    }
  const auto c = static_cast<std::int64_t>(label_regions(t).sizes.size());
  return e - v + c - q;
}

TEST(RoomGraph, LoopsEqualTheHolesOfTheGridOnRandomMaps) {
  Rng rng(77);
  for (int trial = 0; trial < 400; ++trial) {
    Level level =
        test::random_level(rng, {rng.range(1, 30), rng.range(1, 20)}, rng.real(0.3, 0.95));
    if (trial % 2 == 1) test::add_random_rooms(level, rng, rng.range(1, 6));
    const RoomGraph g = build_room_graph(level);
    SCOPED_TRACE(trial);
    EXPECT_EQ(g.loops(), grid_holes(level));
    EXPECT_GE(g.area_holes, 0);
    EXPECT_GE(g.cyclomatic(), 0);
    std::int64_t degrees = 0;
    for (const std::int64_t d : g.area_degrees)
      degrees += d;
    EXPECT_LE(degrees, 2 * g.edges);
  }
}

}  // namespace
}  // namespace yendor::analysis
