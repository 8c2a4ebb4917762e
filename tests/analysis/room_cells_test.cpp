#include "yendor/analysis/room_cells.hpp"

#include <gtest/gtest.h>

#include "analysis/random_level.hpp"

namespace yendor::analysis {
namespace {

// The oracle: fill every room's rectangle, clipped to the map.
Grid<std::uint8_t> filled(const Level& level) {
  Grid<std::uint8_t> out(level.size(), 0);
  for (const Room& room : level.meta.rooms)
    for (int y = room.rect.top(); y <= room.rect.bottom(); ++y)
      for (int x = room.rect.left(); x <= room.rect.right(); ++x)
        if (out.in_bounds({x, y})) out[Point{x, y}] = 1;
  return out;
}

TEST(RoomCells, MatchesFillingEveryRoom) {
  Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    Level level(Size{rng.range(1, 25), rng.range(1, 25)});
    test::add_random_rooms(level, rng, rng.range(0, 8));
    // Some rooms partly or wholly outside the map, and empty ones.
    level.meta.rooms.push_back({90, {rng.range(-5, 5), rng.range(-5, 5), 6, 3}});
    level.meta.rooms.push_back({91, {level.width(), 0, 4, 4}});
    level.meta.rooms.push_back({92, {1, 1, 0, 5}});
    EXPECT_EQ(room_cells(level), filled(level)) << trial;
  }
  EXPECT_EQ(room_cells(Level(Size{0, 0})).cell_count(), 0u);
}

}  // namespace
}  // namespace yendor::analysis
