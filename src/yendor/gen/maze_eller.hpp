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

#include <cstdint>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/core/sixteen_bit_draws.hpp"
#include "yendor/gen/maze_cells.hpp"

namespace yendor::detail {

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
  SixteenBitDraws draws(rng);
  // The chance to join two sets, and also the chance that a column stays out of the next row.
  const std::uint32_t join_chance = SixteenBitDraws::coin_threshold((1.0 - bias) / 2.0);
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
      const bool join = (right[i] != i + 1) & (draws.coin(join_chance) | last);
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
      const bool leave = (l != i) & draws.coin(join_chance);
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
