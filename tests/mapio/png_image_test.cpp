#include "yendor/mapio/png_image.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <stdexcept>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/mapio/png_map.hpp"

namespace yendor {
namespace {

std::vector<std::uint8_t> decode_rgb(const std::string& bytes, int& width, int& height) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (png_image_begin_read_from_memory(&image, bytes.data(), bytes.size()) == 0) {
    ADD_FAILURE() << "libpng: " << image.message;
    return {};
  }
  image.format = PNG_FORMAT_RGB;
  width = static_cast<int>(image.width);
  height = static_cast<int>(image.height);
  std::vector<std::uint8_t> rgb(PNG_IMAGE_SIZE(image));
  if (png_image_finish_read(&image, nullptr, rgb.data(), 0, nullptr) == 0)
    ADD_FAILURE() << "libpng: " << image.message;
  return rgb;
}

TEST(PngImage, EveryPixelReadsBack) {
  for (const auto& [w, h] :
       {std::pair{1, 1}, std::pair{3, 2}, std::pair{17, 5}, std::pair{1, 64}}) {
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * h * 3);
    for (std::size_t i = 0; i < rgb.size(); ++i)
      rgb[i] = static_cast<std::uint8_t>(i * 37 + 11);
    const std::string bytes = write_png_rgb(w, h, rgb);
    EXPECT_EQ(bytes.substr(0, 8), "\x89PNG\r\n\x1a\n");
    int width = 0, height = 0;
    EXPECT_EQ(decode_rgb(bytes, width, height), rgb) << w << "x" << h;
    EXPECT_EQ(width, w);
    EXPECT_EQ(height, h);
    EXPECT_EQ(write_png_rgb(w, h, rgb), bytes);  // deterministic
  }
}

TEST(PngImage, RejectsImpossibleSizes) {
  const std::vector<std::uint8_t> none;
  EXPECT_THROW(write_png_rgb(0, 5, none), InputError);
  EXPECT_THROW(write_png_rgb(5, -1, none), InputError);
  EXPECT_THROW(write_png_rgb(k_png_max_side + 1, 1, none), InputError);
  const std::vector<std::uint8_t> short_pixels(5);
  EXPECT_THROW(write_png_rgb(1, 2, short_pixels), std::invalid_argument);
}

}  // namespace
}  // namespace yendor
