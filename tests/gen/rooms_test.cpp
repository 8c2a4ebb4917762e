#include <gtest/gtest.h>

#include <algorithm>

#include "yendor/core/error.hpp"
#include "yendor/gen/delaunay.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

Level rooms(std::uint64_t seed, const RawParams& raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("rooms");
  return generate_level(g, size, seed, g.info().schema.parse("rooms", raw));
}

std::size_t room_corridors(const Level& level) {
  return static_cast<std::size_t>(std::count_if(level.meta.corridors.begin(),
                                                level.meta.corridors.end(),
                                                [](const Corridor& c) { return c.to_room >= 0; }));
}

TEST(Rooms, RoomsAreSeparatedByWallAndFullOfFloor) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Level level = rooms(seed, {});
    const auto& rs = level.meta.rooms;
    ASSERT_FALSE(rs.empty());
    for (std::size_t i = 0; i < rs.size(); ++i) {
      EXPECT_EQ(rs[i].id, static_cast<int>(i));
      EXPECT_GE(rs[i].rect.width, 4);
      EXPECT_LE(rs[i].rect.width, 10);
      for (std::size_t j = i + 1; j < rs.size(); ++j)
        EXPECT_FALSE(rs[i].rect.expanded(1).intersects(rs[j].rect)) << i << " and " << j;
      for (int y = rs[i].rect.top(); y <= rs[i].rect.bottom(); ++y)
        for (int x = rs[i].rect.left(); x <= rs[i].rect.right(); ++x) {
          const Tile t = level.tiles[{x, y}];
          EXPECT_TRUE(t == Tile::floor || t == Tile::stairs_up || t == Tile::stairs_down);
        }
    }
  }
}

TEST(Rooms, AutoRoomCountScalesWithArea) {
  const Level small = rooms(1, {{"max_rooms", "0"}}, {40, 30});
  const Level big = rooms(1, {{"max_rooms", "0"}}, {200, 150});
  EXPECT_LE(small.meta.rooms.size(), 1200u / 180u);
  EXPECT_GT(big.meta.rooms.size(), 3 * small.meta.rooms.size());
  EXPECT_LE(rooms(1, {{"max_rooms", "3"}}).meta.rooms.size(), 3u);
  EXPECT_EQ(rooms(1, {{"max_rooms", "1"}}).meta.rooms.size(), 1u);
}

TEST(Rooms, PreviousJoinsEachRoomToTheOneBefore) {
  const Level level = rooms(4, {{"connect", "previous"}, {"dead_ends", "0"}});
  const auto& cs = level.meta.corridors;
  ASSERT_EQ(cs.size() + 1, level.meta.rooms.size());
  for (std::size_t i = 0; i < cs.size(); ++i) {
    EXPECT_EQ(cs[i].from_room, static_cast<int>(i));
    EXPECT_EQ(cs[i].to_room, static_cast<int>(i + 1));
  }
}

TEST(Rooms, NearestJoinsEachRoomToTheNearestEarlierRoom) {
  const Level level = rooms(5, {{"connect", "nearest"}, {"dead_ends", "0"}});
  const auto& rs = level.meta.rooms;
  ASSERT_EQ(level.meta.corridors.size() + 1, rs.size());
  for (const Corridor& c : level.meta.corridors) {
    ASSERT_LT(c.from_room, c.to_room);
    const Point me = rs[static_cast<std::size_t>(c.to_room)].rect.center();
    const auto chosen =
        distance_squared(me, rs[static_cast<std::size_t>(c.from_room)].rect.center());
    for (int j = 0; j < c.to_room; ++j)
      EXPECT_LE(chosen, distance_squared(me, rs[static_cast<std::size_t>(j)].rect.center()));
  }
}

TEST(Rooms, MstAndDelaunayCorridorCounts) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const Level mst = rooms(seed, {{"connect", "mst"}, {"dead_ends", "0"}});
    EXPECT_EQ(room_corridors(mst) + 1, mst.meta.rooms.size());
    // loops=0: the tree alone; loops=1: every triangulation edge.
    const Level tree = rooms(seed, {{"connect", "delaunay"}, {"loops", "0"}});
    EXPECT_EQ(room_corridors(tree) + 1, tree.meta.rooms.size());
    const Level full = rooms(seed, {{"connect", "delaunay"}, {"loops", "1"}});
    std::vector<Point> centres;
    for (const Room& r : full.meta.rooms)
      centres.push_back(r.rect.center());
    EXPECT_EQ(room_corridors(full), delaunay_edges(centres).size());
  }
}

TEST(Rooms, DoorsFollowTheirShares) {
  const Level none = rooms(2, {{"doors", "0"}});
  EXPECT_TRUE(none.meta.doors.empty());
  const Level open = rooms(2, {{"doors", "1"}, {"open_doors", "1"}});
  ASSERT_FALSE(open.meta.doors.empty());
  for (const Door& d : open.meta.doors) {
    EXPECT_EQ(open.tiles[d.pos], Tile::door_open);
    const Rect ring = open.meta.rooms[static_cast<std::size_t>(d.room)].rect.expanded(1);
    EXPECT_TRUE(ring.contains(d.pos));
    EXPECT_FALSE(ring.expanded(-1).contains(d.pos));
  }
  const Level closed = rooms(2, {{"open_doors", "0"}});
  for (const Door& d : closed.meta.doors)
    EXPECT_EQ(closed.tiles[d.pos], Tile::door_closed);
}

TEST(Rooms, DeadEndsAreRecorded) {
  std::size_t dead_ends = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Level level = rooms(seed, {{"dead_ends", "1"}});
    for (const Feature& f : level.meta.features)
      dead_ends += f.tag == "dead_end" ? 1 : 0;
  }
  EXPECT_GT(dead_ends, 50u);
  EXPECT_TRUE(rooms(1, {{"dead_ends", "0"}}).meta.features.empty());
}

TEST(Rooms, RejectsContradictoryParameters) {
  EXPECT_THROW(rooms(1, {{"room_min", "8"}, {"room_max", "5"}}), InputError);
  EXPECT_THROW(rooms(1, {{"room_min", "9"}}, {10, 10}), InputError);
  EXPECT_NO_THROW(rooms(1, {{"room_min", "8"}}, {10, 10}));
}

TEST(Rooms, ThesisBenchmarkConfiguration) {
  // Section 5.5: up to 1000 rooms of size 9-10 on a 1000x1000 map.
  const Level level =
      rooms(1, {{"max_rooms", "1000"}, {"room_min", "9"}, {"room_max", "10"}}, {1000, 1000});
  EXPECT_EQ(level.meta.rooms.size(), 1000u);
}

}  // namespace
}  // namespace yendor
