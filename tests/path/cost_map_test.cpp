#include "yendor/path/cost_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::path {
namespace {

// What each tile should cost, written out tile by tile (the table the implementation builds
// is not consulted).
std::uint8_t expected_cost(Tile t, const TileCosts& c) {
  switch (t) {
    case Tile::floor:
    case Tile::corridor:
    case Tile::door_open:
    case Tile::stairs_up:
    case Tile::stairs_down:
    case Tile::bridge:
    case Tile::fountain:
    case Tile::altar:
    case Tile::herb:
    case Tile::lever:
    case Tile::ledge:
      return c.floor;
    case Tile::door_closed:
      return c.door_closed;
    case Tile::door_locked:
    case Tile::door_barred:
      return c.door_locked;
    case Tile::door_secret:
      return c.door_secret;
    case Tile::water_shallow:
      return c.water_shallow;
    case Tile::rubble:
      return c.rubble;
    case Tile::water_deep:
    case Tile::lava:
    case Tile::chasm:
      return c.hazard;
    case Tile::wall:
    case Tile::tree:
    case Tile::shop_counter:
      return 0;
    case Tile::count:
      break;
  }
  ADD_FAILURE() << "unknown tile";
  return 0;
}

Grid<Tile> every_tile() {
  Grid<Tile> tiles(static_cast<int>(k_tile_count), 1);
  for (std::size_t i = 0; i < k_tile_count; ++i)
    tiles[i] = static_cast<Tile>(i);
  return tiles;
}

TEST(CostMap, FromTilesCostsEachTileKind) {
  const Grid<Tile> tiles = every_tile();
  const TileCosts defaults;
  const TileCosts custom{.floor = 3,
                         .door_closed = 7,
                         .door_locked = 9,
                         .door_secret = 11,
                         .water_shallow = 13,
                         .hazard = 17,
                         .rubble = 19};
  for (const TileCosts& costs : {defaults, custom}) {
    const CostMap map = CostMap::from_tiles(tiles, costs);
    for (int x = 0; x < tiles.width(); ++x) {
      const Tile t = tiles[{x, 0}];
      EXPECT_EQ(map.cost({x, 0}), expected_cost(t, costs)) << tile_info(t).name;
    }
  }
  // Defaults: floor 1, closed doors and wading 2, locked and secret doors and hazards blocked.
  const CostMap map = CostMap::from_tiles(tiles);
  EXPECT_EQ(map.cost({static_cast<int>(Tile::floor), 0}), 1);
  EXPECT_EQ(map.cost({static_cast<int>(Tile::door_closed), 0}), 2);
  EXPECT_FALSE(map.passable({static_cast<int>(Tile::door_locked), 0}));
  EXPECT_FALSE(map.passable({static_cast<int>(Tile::lava), 0}));
  EXPECT_FALSE(map.passable({static_cast<int>(Tile::wall), 0}));
  EXPECT_EQ(map.max_cost(), 2);
}

TEST(CostMap, FromBytesFromCallableAndSetCostAgree) {
  Rng rng(11);
  for (int round = 0; round < 200; ++round) {
    const Size size{rng.range(0, 17), rng.range(0, 13)};
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size.area()));
    for (auto& b : bytes)
      b = static_cast<std::uint8_t>(rng.chance(0.3) ? 0 : rng.range(1, 255));
    const auto at = [&](Point p) {
      return bytes[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size.width) +
                   static_cast<std::size_t>(p.x)];
    };
    const CostMap a = CostMap::from_bytes(size, bytes);
    const CostMap b = CostMap::from(size, [&](Point p) { return int{at(p)}; });
    CostMap c(size, 0);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x)
        c.set_cost({x, y}, at({x, y}));
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, c);
    std::uint8_t largest = 0;
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        EXPECT_EQ(a.cost({x, y}), at({x, y}));
        EXPECT_EQ(a.passable({x, y}), at({x, y}) != 0);
        largest = std::max(largest, at({x, y}));
      }
    EXPECT_EQ(a.max_cost(), largest);
  }
}

TEST(CostMap, RingAroundTheMapIsImpassable) {
  const CostMap map(Size{5, 3}, 4);
  EXPECT_EQ(map.stride(), 7u);
  EXPECT_EQ(map.padded_cell_count(), 7u * 5u);
  for (std::size_t i = 0; i < map.padded_cell_count(); ++i) {
    const Point p = map.point(i);
    const bool inside = map.in_bounds(p);
    EXPECT_EQ(map.padded()[i], inside ? 4 : 0) << p.x << "," << p.y;
    if (inside) {
      EXPECT_EQ(map.index(p), i);
    }
  }
  for (const Point p : {Point{-1, 0}, Point{5, 0}, Point{0, -1}, Point{0, 3}, Point{-9, 99}}) {
    EXPECT_EQ(map.cost(p), 0);
    EXPECT_FALSE(map.passable(p));
  }
}

TEST(CostMap, IndexAndPointRoundTrip) {
  const CostMap map(Size{13, 9});
  for (int y = -1; y <= 9; ++y)
    for (int x = -1; x <= 13; ++x) {
      const Point p{x, y};
      EXPECT_EQ(map.point(map.index(p)), p);
      EXPECT_EQ(map.index(p), static_cast<std::size_t>((y + 1) * 15 + x + 1));
    }
}

TEST(CostMap, MaxCostStaysAnUpperBound) {
  CostMap map(Size{4, 4}, 1);
  EXPECT_EQ(map.max_cost(), 1);
  map.set_cost({1, 1}, 200);
  EXPECT_EQ(map.max_cost(), 200);
  map.set_cost({1, 1}, 3);  // lowering keeps the bound
  EXPECT_GE(map.max_cost(), 3);
  EXPECT_EQ(CostMap(Size{0, 4}, 9).max_cost(), 0);  // no cells
  EXPECT_EQ(CostMap(Size{3, 3}, 0).max_cost(), 0);
}

TEST(CostMap, BadInputIsAnInputError) {
  EXPECT_THROW(CostMap(Size{-1, 3}), InputError);
  const std::vector<std::uint8_t> bytes(5, 1);
  EXPECT_THROW((void)CostMap::from_bytes(Size{2, 2}, bytes), InputError);
  EXPECT_THROW((void)CostMap::from_bytes(Size{-5, -1}, bytes), InputError);
  EXPECT_THROW((void)CostMap::from(Size{2, 2}, [](Point) { return 256; }), InputError);
  EXPECT_THROW((void)CostMap::from(Size{2, 2}, [](Point) { return -1; }), InputError);
  CostMap map(Size{3, 3});
  EXPECT_THROW(map.set_cost({3, 0}, 1), InputError);
  EXPECT_THROW(map.set_cost({0, -1}, 1), InputError);
}

}  // namespace
}  // namespace yendor::path
