#include "yendor/analysis/room_cells.hpp"

#include <algorithm>
#include <vector>

namespace yendor::analysis {

Grid<std::uint8_t> room_cells(const Level& level) {
  const int w = level.width(), h = level.height();
  Grid<std::uint8_t> out(level.size(), 0);
  if (level.meta.rooms.empty() || w == 0 || h == 0) return out;
  // +1 at a rectangle's top-left corner, -1 right of its top-right and below its bottom-left,
  // +1 beyond its bottom-right: the 2-D prefix sum is then the number of rooms over a cell.
  Grid<std::int32_t> diff(Size{w + 1, h + 1}, 0);
  for (const Room& room : level.meta.rooms) {
    const int x0 = std::max(room.rect.left(), 0), y0 = std::max(room.rect.top(), 0);
    const int x1 = std::min(room.rect.right(), w - 1), y1 = std::min(room.rect.bottom(), h - 1);
    if (room.rect.empty() || x0 > x1 || y0 > y1) continue;
    ++diff[Point{x0, y0}];
    --diff[Point{x1 + 1, y0}];
    --diff[Point{x0, y1 + 1}];
    ++diff[Point{x1 + 1, y1 + 1}];
  }
  std::vector<std::int32_t> above(static_cast<std::size_t>(w), 0);  // column sums of rows so far
  for (int y = 0; y < h; ++y) {
    std::int32_t row = 0;
    for (int x = 0; x < w; ++x) {
      row += diff[Point{x, y}];
      above[static_cast<std::size_t>(x)] += row;
      out[Point{x, y}] = above[static_cast<std::size_t>(x)] > 0 ? 1 : 0;
    }
  }
  return out;
}

}  // namespace yendor::analysis
