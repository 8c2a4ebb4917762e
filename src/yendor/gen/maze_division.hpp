#pragma once
// `maze` algorithm=division: recursive division (the algorithm rot.js ships as DividedMaze).
// The lattice starts with every wall between cells knocked out; a region is cut in two by a
// straight wall with a single gap, and each half is cut again until every region is one cell
// wide (a straight corridor). Each cut joins two trees by one passage, so the result is a
// perfect maze. Mazes made this way show long straight walls and a visible hierarchy of
// regions, unlike the winding ones of dfs. The regions wait on an explicit stack, not the call
// stack (thesis 5.5's lesson from the recursive depth-first search).

#include <cstdint>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/gen/maze_cells.hpp"

namespace yendor::detail {

// Carves a perfect maze into `maze`, which has no open walls. A region of w x h cells is cut
// by a horizontal wall with weight (h - 1) x (1 - bias) and by a vertical one with weight
// (w - 1) x (1 + bias), the number of places each could go (so a long region is mostly cut
// across), shifted by bias: bias < 0 makes more horizontal walls and so long horizontal runs,
// bias > 0 vertical ones, as for dfs. The cut's place and its gap are uniform.
inline void carve_division_maze(MazeCells& maze, double bias, Rng& rng) {
  struct Region {
    int column, row, width, height;
  };
  if (maze.columns() == 0 || maze.rows() == 0) return;
  maze.open_all();
  const double horizontal_weight = 1.0 - bias, vertical_weight = 1.0 + bias;
  std::vector<Region> stack{{0, 0, maze.columns(), maze.rows()}};
  while (!stack.empty()) {
    const Region r = stack.back();
    stack.pop_back();
    if (r.width < 2 || r.height < 2) continue;  // a corridor: already a tree
    const double h = (r.height - 1) * horizontal_weight, v = (r.width - 1) * vertical_weight;
    // At bias = +-1 the favoured direction alone, unless it cannot be cut (both weights 0).
    const bool horizontal = h + v <= 0 ? r.height >= r.width : rng.unit() * (h + v) < h;
    if (horizontal) {
      // The wall goes below row r.row + k - 1.
      const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(r.height - 1)));
      const int gap = static_cast<int>(rng.below(static_cast<std::uint32_t>(r.width)));
      const std::uint32_t first = maze.index(r.column, r.row + k - 1);
      for (int i = 0; i < r.width; ++i)
        if (i != gap) maze.close(first + static_cast<std::uint32_t>(i), side_south);
      stack.push_back({r.column, r.row, r.width, k});
      stack.push_back({r.column, r.row + k, r.width, r.height - k});
    } else {
      // The wall goes east of column r.column + k - 1.
      const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(r.width - 1)));
      const int gap = static_cast<int>(rng.below(static_cast<std::uint32_t>(r.height)));
      for (int j = 0; j < r.height; ++j)
        if (j != gap) maze.close(maze.index(r.column + k - 1, r.row + j), side_east);
      stack.push_back({r.column, r.row, k, r.height});
      stack.push_back({r.column + k, r.row, r.width - k, r.height});
    }
  }
}

}  // namespace yendor::detail
