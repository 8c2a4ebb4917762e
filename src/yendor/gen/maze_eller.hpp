#pragma once
// `maze` algorithm=eller: Eller's algorithm, a perfect maze made one row at a time with only
// the current row's state (the algorithm rot.js ships as EllerMaze). Cells of a row that are
// already joined below it form sets; walls between neighbouring sets are knocked out at
// random, joining the sets, then each set goes down into the next row through at least one
// cell, and the last row joins every set left.
//
// A row's sets never cross (a maze is planar: if a and c are joined and b lies between them,
// b's set lies wholly between a and c), so each set is kept as a circular list of its columns
// in column order. Then column i + 1 is in i's set exactly when it follows i in that list,
// joining two sets is splicing one list into the other after i, and leaving a set is unlinking
// one column: every step is O(1), the whole maze O(cells).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/gen/maze_cells.hpp"

namespace yendor::detail {

// Coins that land true with probability q / 65536, four from each 64-bit draw.
class SixteenBitCoins {
 public:
  SixteenBitCoins(double p, Rng& rng)
      : q_(static_cast<std::uint32_t>(std::lround(std::clamp(p, 0.0, 1.0) * 65536.0))), rng_(rng) {}
  bool flip() {
    if (left_ == 0) {
      bits_ = rng_.next_u64();
      left_ = 4;
    }
    const auto chunk = static_cast<std::uint32_t>(bits_ & 0xffffu);
    bits_ >>= 16;
    --left_;
    return chunk < q_;
  }

 private:
  std::uint32_t q_;
  Rng& rng_;
  std::uint64_t bits_ = 0;
  int left_ = 0;
};

// `yes` where mask is all ones, `no` where it is zero.
inline std::uint32_t blend(std::uint32_t mask, std::uint32_t yes, std::uint32_t no) {
  return no ^ ((yes ^ no) & mask);
}

// Carves a perfect maze into `maze`, which has no open walls. Neighbouring sets of a row are
// joined with probability (1 - bias) / 2, and a cell that is not the last of its set stays
// out of the next row with the same probability (it goes down with (1 + bias) / 2): bias < 0
// makes long horizontal runs, bias > 0 long vertical ones, as for dfs.
inline void carve_eller_maze(MazeCells& maze, double bias, Rng& rng) {
  const auto columns = static_cast<std::uint32_t>(maze.columns());
  const int rows = maze.rows();
  if (columns == 0 || rows == 0) return;
  SixteenBitCoins coin((1.0 - bias) / 2.0, rng);
  // The circular list of each column's set in the current row: previous and next column.
  std::vector<std::uint32_t> left(columns), right(columns);
  for (std::uint32_t i = 0; i < columns; ++i)
    left[i] = right[i] = i;
  for (int row = 0; row < rows; ++row) {
    const bool last = row + 1 == rows;
    const std::uint32_t first = maze.index(0, row);
    // The coins decide unpredictably, so both loops blend values with masks rather than
    // branch (a coin is flipped for every cell, needed or not; when nothing is to change,
    // every store writes back the value it read).
    for (std::uint32_t i = 0; i + 1 < columns; ++i) {
      // Already one set: a knock-through would make a loop.
      const bool join = (right[i] != i + 1) & (coin.flip() | last);
      const std::uint32_t mask = 0u - static_cast<std::uint32_t>(join);
      maze.open_east_if(first + i, join);
      // Splice i + 1's list in after i. The sets do not cross, so the order stays sorted.
      const std::uint32_t after = right[i], before = left[i + 1];
      right[i] = blend(mask, i + 1, after);
      left[i + 1] = blend(mask, i, before);
      right[before] = blend(mask, after, right[before]);
      left[after] = blend(mask, before, left[after]);
    }
    if (last) break;
    for (std::uint32_t i = 0; i < columns; ++i) {
      // A column that is not the last of its set may stay out of the next row, where it starts
      // a set of its own; otherwise it goes down.
      const std::uint32_t l = left[i], r = right[i];
      const bool leave = (l != i) & coin.flip();
      const std::uint32_t mask = 0u - static_cast<std::uint32_t>(leave);
      maze.open_south_if(first + i, !leave);
      right[l] = blend(mask, r, right[l]);
      left[r] = blend(mask, l, left[r]);
      left[i] = blend(mask, i, left[i]);
      right[i] = blend(mask, i, right[i]);
    }
  }
}

}  // namespace yendor::detail
