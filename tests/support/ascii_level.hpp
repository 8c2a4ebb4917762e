#pragma once
// Builds test levels from ASCII pictures in the txt legend ('#' wall, '.' floor, '+' door...).

#include <stdexcept>
#include <string>
#include <vector>

#include "yendor/map/level.hpp"

namespace yendor::test {

inline Level ascii_level(const std::vector<std::string>& rows) {
  Level level(Size{static_cast<int>(rows.at(0).size()), static_cast<int>(rows.size())});
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const auto t =
          tile_from_symbol(rows[static_cast<std::size_t>(y)].at(static_cast<std::size_t>(x)));
      if (!t) throw std::invalid_argument("ascii_level: unknown symbol");
      level.tiles[{x, y}] = *t;
    }
  return level;
}

}  // namespace yendor::test
