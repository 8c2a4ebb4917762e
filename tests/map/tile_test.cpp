#include "yendor/map/tile.hpp"

#include <gtest/gtest.h>

#include <set>

namespace yendor {
namespace {

TEST(Tile, SymbolsAndNamesAreUniqueAndRoundTrip) {
  std::set<char> symbols;
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const Tile t = static_cast<Tile>(i);
    const TileInfo& info = tile_info(t);
    EXPECT_TRUE(symbols.insert(info.symbol).second) << info.name;
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_GE(info.symbol, 33) << info.name;  // printable, not a space
    EXPECT_LE(info.symbol, 126) << info.name;
    EXPECT_EQ(tile_from_symbol(info.symbol), t);
    EXPECT_EQ(tile_from_name(info.name), t);
  }
  EXPECT_FALSE(tile_from_symbol('?').has_value());
  EXPECT_FALSE(tile_from_name("lava_lake").has_value());
}

TEST(Tile, TheLegendTheIssueFixes) {
  EXPECT_EQ(tile_info(Tile::wall).symbol, '#');
  EXPECT_EQ(tile_info(Tile::floor).symbol, '.');
  EXPECT_EQ(tile_info(Tile::door_closed).symbol, '+');
  EXPECT_EQ(tile_info(Tile::door_open).symbol, '\'');
  EXPECT_EQ(tile_info(Tile::stairs_up).symbol, '<');
  EXPECT_EQ(tile_info(Tile::stairs_down).symbol, '>');
}

TEST(Tile, TraversabilityRules) {
  EXPECT_FALSE(is_traversable(Tile::wall));
  EXPECT_TRUE(is_traversable(Tile::floor));
  EXPECT_TRUE(is_traversable(Tile::door_closed));  // doors count as passable for connectivity
  EXPECT_TRUE(is_traversable(Tile::door_locked));
  EXPECT_TRUE(is_traversable(Tile::door_secret));
  EXPECT_FALSE(is_traversable(Tile::water_deep));
  EXPECT_FALSE(is_traversable(Tile::lava));
  EXPECT_FALSE(is_traversable(Tile::chasm));
  EXPECT_TRUE(is_traversable(Tile::bridge));
  EXPECT_TRUE(tile_info(Tile::door_locked).locked);
  EXPECT_FALSE(tile_info(Tile::door_closed).transparent);
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const TileInfo& info = tile_info(static_cast<Tile>(i));
    // Nothing hides a walkable cell; only doors lock.
    if (info.passable) {
      EXPECT_TRUE(info.transparent) << info.name;
    }
    if (info.locked) {
      EXPECT_TRUE(info.door) << info.name;
    }
  }
}

}  // namespace
}  // namespace yendor
