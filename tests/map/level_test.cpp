#include "yendor/map/level.hpp"

#include <gtest/gtest.h>

namespace yendor {
namespace {

TEST(Level, AtMostFourBytesPerCell) {
  EXPECT_EQ(sizeof(Tile), 1u);
  EXPECT_LE(sizeof(Tile) + sizeof(std::uint16_t), 4u);
  Level level(Size{10, 7});
  EXPECT_EQ(level.tiles.cell_count(), 70u);
  EXPECT_EQ(level.flags.cell_count(), 70u);
  for (Tile t : level.tiles.cells())
    EXPECT_EQ(t, Tile::wall);
}

TEST(Level, HashSeesTilesSizeAndStairs) {
  Level a(Size{10, 7});
  const auto h = level_hash(a);
  EXPECT_EQ(h, level_hash(Level(Size{10, 7})));
  EXPECT_NE(h, level_hash(Level(Size{7, 10})));
  Level b = a;
  b.tiles[{3, 3}] = Tile::floor;
  EXPECT_NE(h, level_hash(b));
  Level c = a;
  c.meta.stairs.up = Point{1, 1};
  EXPECT_NE(h, level_hash(c));
  // Flags (what the player has seen) are state, not the map: they do not change the hash.
  Level d = a;
  d.flags[{1, 1}] = cell_flag::explored;
  EXPECT_EQ(h, level_hash(d));
}

}  // namespace
}  // namespace yendor
