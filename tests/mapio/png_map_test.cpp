#include "yendor/mapio/png_map.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"

namespace yendor {
namespace {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // row-major, 3 bytes per pixel

  Rgb at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                           static_cast<std::size_t>(x)) *
                          3;
    return Rgb{rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

// Decodes PNG bytes with libpng's simplified API; fails the test if libpng refuses them.
Image decode(const std::string& bytes) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (png_image_begin_read_from_memory(&image, bytes.data(), bytes.size()) == 0) {
    ADD_FAILURE() << "libpng: " << image.message;
    return {};
  }
  image.format = PNG_FORMAT_RGB;
  Image out;
  out.width = static_cast<int>(image.width);
  out.height = static_cast<int>(image.height);
  out.rgb.resize(static_cast<std::size_t>(image.width) * image.height * 3);
  if (png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr) == 0) {
    ADD_FAILURE() << "libpng: " << image.message;
    png_image_free(&image);
    return {};
  }
  return out;
}

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i)
    v = (v << 8) | static_cast<std::uint8_t>(bytes[at + i]);
  return v;
}

Level every_tile_level_three_rows() {
  Level level(Size{static_cast<int>(k_tile_count), 3}, Tile::floor);
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    level.tiles[Point{static_cast<int>(i), 0}] = static_cast<Tile>(i);
    level.tiles[Point{static_cast<int>(k_tile_count - 1 - i), 2}] = static_cast<Tile>(i);
  }
  return level;
}

void expect_picture(const Level& level, int scale) {
  const std::string bytes = to_png(level, scale);
  ASSERT_GE(bytes.size(), 33u);
  EXPECT_EQ(bytes.substr(0, 8), "\x89PNG\r\n\x1a\n");
  EXPECT_EQ(bytes.substr(12, 4), "IHDR");
  EXPECT_EQ(bytes[24], 8) << "bit depth";
  EXPECT_EQ(bytes[25], 2) << "colour type: RGB";
  EXPECT_EQ(big_endian(bytes, 16), static_cast<std::uint32_t>(level.width() * scale));
  EXPECT_EQ(big_endian(bytes, 20), static_cast<std::uint32_t>(level.height() * scale));

  const Image image = decode(bytes);
  ASSERT_EQ(image.width, level.width() * scale);
  ASSERT_EQ(image.height, level.height() * scale);
  // Every pixel of every cell (the levels here are small).
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x)
      ASSERT_EQ(image.at(x, y), tile_info(level.tiles[Point{x / scale, y / scale}]).color)
          << "pixel " << x << "," << y << " at scale " << scale;
}

TEST(PngMap, OneBlockPerCellInTheTileColour) {
  const Level level = every_tile_level_three_rows();
  for (int scale : {1, 2, 5})
    expect_picture(level, scale);
}

TEST(PngMap, LargestScale) {
  Level level(Size{3, 2}, Tile::wall);
  level.tiles[Point{1, 1}] = Tile::lava;
  level.tiles[Point{2, 0}] = Tile::fountain;
  expect_picture(level, k_png_max_scale);
}

TEST(PngMap, SingleCell) {
  expect_picture(Level(Size{1, 1}, Tile::tree), 1);
}

TEST(PngMap, IsDeterministic) {
  EXPECT_EQ(to_png(every_tile_level_three_rows(), 3), to_png(every_tile_level_three_rows(), 3));
}

TEST(PngMap, ScaleOutOfRangeThrows) {
  const Level level(Size{2, 2});
  for (int scale : {0, -1, 33, 1000})
    EXPECT_THROW(to_png(level, scale), InputError) << scale;
  try {
    to_png(level, 0);
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "png map: scale 0 is outside 1..32");
  }
}

TEST(PngMap, EmptyOrHugeLevelsThrow) {
  EXPECT_THROW(to_png(Level(), 1), InputError);
  EXPECT_THROW(to_png(Level(Size{0, 4}), 1), InputError);
  EXPECT_THROW(to_png(Level(Size{4, 0}), 1), InputError);
  // 40000 * 32 pixels is more than libpng writes on a side.
  EXPECT_THROW(to_png(Level(Size{40000, 1}), 32), InputError);
  EXPECT_THROW(to_png(Level(Size{1, 40000}), 32), InputError);
}

}  // namespace
}  // namespace yendor
