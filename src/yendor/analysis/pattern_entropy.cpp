#include "yendor/analysis/pattern_entropy.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "yendor/analysis/cell_mask.hpp"

namespace yendor::analysis {

double pattern_entropy(const Grid<Tile>& tiles) {
  const CellMask mask(tiles);
  const int w = mask.width(), h = mask.height();
  if (w == 0 || h == 0) return 0.0;
  std::array<std::int64_t, 512> counts{};
  // column[x + 1]: the 3 bits (above, here, below) of map column x, for x in -1..w.
  std::vector<unsigned> column(static_cast<std::size_t>(w) + 2);
  const std::uint8_t* cells = mask.data();
  for (int y = 0; y < h; ++y) {
    const std::size_t middle = mask.index({-1, y});
    const std::size_t above = middle - mask.stride(), below = middle + mask.stride();
    for (std::size_t c = 0; c < column.size(); ++c)
      column[c] = cells[above + c] | (cells[middle + c] << 1) | (cells[below + c] << 2);
    for (std::size_t c = 1; c + 1 < column.size(); ++c)
      ++counts[column[c - 1] | (column[c] << 3) | (column[c + 1] << 6)];
  }
  const double total = static_cast<double>(tiles.cell_count());
  double bits = 0.0;
  for (const std::int64_t n : counts)
    if (n > 0) {
      const double p = static_cast<double>(n) / total;
      bits -= p * std::log2(p);
    }
  return bits > 0.0 ? bits : 0.0;  // never -0
}

}  // namespace yendor::analysis
