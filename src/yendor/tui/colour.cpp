#include "yendor/tui/colour.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace yendor::tui {
namespace {

constexpr std::array<int, 6> k_cube_levels{0, 95, 135, 175, 215, 255};

int distance2(int r, int g, int b, Rgb c) {
  const int dr = r - c.r, dg = g - c.g, db = b - c.b;
  return dr * dr + dg * dg + db * db;
}

int nearest_cube_level(int v) {
  int best = 0;
  for (int i = 1; i < 6; ++i)
    if (std::abs(k_cube_levels[static_cast<std::size_t>(i)] - v) <
        std::abs(k_cube_levels[static_cast<std::size_t>(best)] - v))
      best = i;
  return best;
}

}  // namespace

int xterm256(Rgb c) {
  const int ri = nearest_cube_level(c.r), gi = nearest_cube_level(c.g),
            bi = nearest_cube_level(c.b);
  const int cube = 16 + 36 * ri + 6 * gi + bi;
  const int cube_d = distance2(k_cube_levels[static_cast<std::size_t>(ri)],
                               k_cube_levels[static_cast<std::size_t>(gi)],
                               k_cube_levels[static_cast<std::size_t>(bi)], c);
  // Greys 232..255 are 8, 18, ..., 238.
  const int mean = (c.r + c.g + c.b) / 3;
  const int gi2 = std::clamp((mean - 8 + 5) / 10, 0, 23);
  const int grey = 8 + 10 * gi2;
  const int grey_d = distance2(grey, grey, grey, c);
  return grey_d < cube_d ? 232 + gi2 : cube;
}

BasicColour basic_colour(Rgb c) {
  // The 8 colours at normal (0/170) and bright (85/255) levels, as xterm's defaults.
  int best = 7, best_d = -1;
  bool best_bright = false;
  for (int bright = 0; bright < 2; ++bright)
    for (int i = 0; i < 8; ++i) {
      const int on = bright ? 255 : 170, off = bright ? 85 : 0;
      const int r = (i & 1) ? on : off, g = (i & 2) ? on : off, b = (i & 4) ? on : off;
      const int d = distance2(r, g, b, c);
      if (best_d < 0 || d < best_d) {
        best_d = d;
        best = i;
        best_bright = bright == 1;
      }
    }
  return {best, best_bright};
}

Rgb dimmed(Rgb c, int percent) {
  const auto scale = [percent](std::uint8_t v) {
    return static_cast<std::uint8_t>(std::clamp(v * percent / 100, 0, 255));
  };
  return {scale(c.r), scale(c.g), scale(c.b)};
}

}  // namespace yendor::tui
