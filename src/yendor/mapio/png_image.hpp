#pragma once
// A generic 8-bit RGB PNG encoder, for pictures that are not maps (heat maps, charts).

#include <cstdint>
#include <span>
#include <string>

namespace yendor {

// The bytes of a PNG file of `width` x `height` pixels, `rgb` holding 3 bytes (red, green,
// blue) per pixel, row by row from the top. Throws InputError when a side is below 1 or
// above k_png_max_side (png_map.hpp), std::invalid_argument when rgb.size() is not
// width * height * 3.
std::string write_png_rgb(int width, int height, std::span<const std::uint8_t> rgb);

}  // namespace yendor
