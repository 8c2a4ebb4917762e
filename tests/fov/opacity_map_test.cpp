#include "yendor/fov/opacity_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::fov {
namespace {

// Every cell's bit in the row-major and the transposed words equals opaque(); the padding
// bits of both are opaque; cells outside are opaque.
void expect_consistent(const OpacityMap& map, const std::string& what) {
  const int w = map.width(), h = map.height();
  ASSERT_EQ(map.words_per_row(), static_cast<std::size_t>((w + 63) / 64)) << what;
  ASSERT_EQ(map.words_per_column(), static_cast<std::size_t>((h + 63) / 64)) << what;
  for (int y = 0; y < h; ++y)
    for (std::size_t i = 0; i < map.words_per_row() * 64; ++i) {
      const bool bit = (map.row(y)[i / 64] >> (i % 64)) & 1U;
      const int x = static_cast<int>(i);
      ASSERT_EQ(bit, x < w ? map.opaque({x, y}) : true) << what << " row " << y << " bit " << i;
    }
  for (int x = 0; x < w; ++x)
    for (std::size_t i = 0; i < map.words_per_column() * 64; ++i) {
      const bool bit = (map.column(x)[i / 64] >> (i % 64)) & 1U;
      const int y = static_cast<int>(i);
      ASSERT_EQ(bit, y < h ? map.opaque({x, y}) : true) << what << " column " << x << " bit " << i;
    }
  for (Point p : {Point{-1, 0}, Point{0, -1}, Point{w, 0}, Point{0, h}, Point{w, h}, Point{-5, -5}})
    EXPECT_TRUE(map.opaque(p)) << what;
}

const std::vector<Size> k_sizes{{0, 0},   {1, 1},  {63, 1},  {64, 1},   {65, 1},  {1, 63},
                                {1, 64},  {1, 65}, {63, 64}, {64, 65},  {65, 63}, {128, 3},
                                {3, 129}, {0, 7},  {7, 0},   {130, 70}, {40, 200}};

std::vector<std::uint8_t> random_bytes(Rng& rng, Size size) {
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size.area()));
  const double density = rng.unit();
  for (auto& b : bytes)
    b = rng.chance(density) ? static_cast<std::uint8_t>(rng.range(1, 255)) : 0;
  return bytes;
}

TEST(OpacityMap, NewMapIsTransparentInsideOpaqueOutside) {
  for (Size s : k_sizes) {
    const OpacityMap map(s);
    EXPECT_EQ(map.size(), s);
    for (int y = 0; y < s.height; ++y)
      for (int x = 0; x < s.width; ++x)
        ASSERT_FALSE(map.opaque({x, y}));
    expect_consistent(map, std::to_string(s.width) + "x" + std::to_string(s.height));
  }
}

TEST(OpacityMap, BuildersAgree) {
  Rng rng(701);
  for (Size s : k_sizes)
    for (int k = 0; k < 4; ++k) {
      const std::vector<std::uint8_t> bytes = random_bytes(rng, s);
      const auto at = [&](Point p) {
        return bytes[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(s.width) +
                     static_cast<std::size_t>(p.x)] != 0;
      };
      const OpacityMap from_bytes = OpacityMap::from_bytes(s, bytes);
      const OpacityMap from = OpacityMap::from(s, at);
      Grid<Tile> tiles(s, Tile::floor);
      const std::vector<Tile> opaque_tiles{Tile::wall, Tile::door_closed, Tile::tree,
                                           Tile::door_secret, Tile::door_locked};
      const std::vector<Tile> clear_tiles{Tile::floor, Tile::door_open, Tile::water_deep,
                                          Tile::chasm, Tile::shop_counter};
      for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x)
          tiles[{x, y}] = at({x, y}) ? rng.pick(opaque_tiles) : rng.pick(clear_tiles);
      const OpacityMap from_tiles = OpacityMap::from_tiles(tiles);
      OpacityMap by_cell(s);
      for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x)
          if (at({x, y})) by_cell.set_opaque({x, y}, true);
      const std::string what = std::to_string(s.width) + "x" + std::to_string(s.height);
      EXPECT_EQ(from_bytes, from) << what;
      EXPECT_EQ(from_tiles, from) << what;
      EXPECT_EQ(by_cell, from) << what;
      for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x)
          ASSERT_EQ(from.opaque({x, y}), at({x, y})) << what;
      expect_consistent(from, what);
    }
}

TEST(OpacityMap, SetOpaqueKeepsBothCopiesInSync) {
  Rng rng(702);
  for (Size s : k_sizes) {
    if (s.area() == 0) continue;
    OpacityMap map(s);
    std::vector<bool> model(static_cast<std::size_t>(s.area()), false);
    for (int k = 0; k < 300; ++k) {
      const Point p{rng.range(0, s.width - 1), rng.range(0, s.height - 1)};
      const bool v = rng.chance(0.5);
      map.set_opaque(p, v);
      model[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(s.width) +
            static_cast<std::size_t>(p.x)] = v;
    }
    for (int y = 0; y < s.height; ++y)
      for (int x = 0; x < s.width; ++x)
        ASSERT_EQ(map.opaque({x, y}),
                  model[static_cast<std::size_t>(y) * static_cast<std::size_t>(s.width) +
                        static_cast<std::size_t>(x)]);
    expect_consistent(map, std::to_string(s.width) + "x" + std::to_string(s.height));
  }
}

TEST(OpacityMap, BadInput) {
  EXPECT_THROW(OpacityMap({-1, 3}), InputError);
  EXPECT_THROW(OpacityMap::from({3, -1}, [](Point) { return false; }), InputError);
  const std::vector<std::uint8_t> bytes(11, 0);
  EXPECT_THROW(OpacityMap::from_bytes({3, 4}, bytes), InputError);
  EXPECT_THROW(OpacityMap::from_bytes({-3, -4}, std::vector<std::uint8_t>(12, 0)), InputError);
  OpacityMap map({3, 4});
  EXPECT_THROW(map.set_opaque({3, 0}, true), std::out_of_range);
  EXPECT_THROW(map.set_opaque({0, -1}, false), std::out_of_range);
}

}  // namespace
}  // namespace yendor::fov
