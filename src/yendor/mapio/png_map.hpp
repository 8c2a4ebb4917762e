#pragma once
// The "png" map format: a picture of the level, one scale x scale block of pixels per cell in
// the tile's colour (tile_info().color), 8-bit RGB without alpha. Export only.
// docs/formats.md lists the colours.

#include <string>

#include "yendor/map/level.hpp"

namespace yendor {

inline constexpr int k_png_min_scale = 1;
inline constexpr int k_png_max_scale = 32;
// libpng's limit on the width and the height of an image it writes, in pixels.
inline constexpr int k_png_max_side = 1000000;

// The bytes of a PNG file showing the level. Throws InputError when scale is outside
// 1..32, when the level is empty (PNG has no 0-pixel images) or when the image would be wider
// or taller than k_png_max_side; std::logic_error on an invalid Tile value.
std::string to_png(const Level& level, int scale);

}  // namespace yendor
