#pragma once
// `maze` algorithm=dfs: randomised depth-first search (thesis sections 3.3 and 5.3), without
// recursion. Section 5.5 found the prototype's recursive version overflowing the call stack
// above 80x80 and advises keeping the backtracking information in the maze itself: every
// cell remembers the side it was entered through, so backing out of a dead end follows these
// links. That chain is the search stack, kept explicitly at one byte per cell.

#include <array>
#include <cstdint>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/gen/maze_cells.hpp"

namespace yendor::detail {

// Carves a perfect maze (a spanning tree of the lattice) into `maze`, which has no open walls.
// bias in [-1, 1] weighs the next step: horizontal sides get weight 1 - bias and vertical ones
// 1 + bias, so bias < 0 makes long horizontal runs, bias > 0 vertical ones, and at +-1 the
// other direction is taken only when nothing else is left.
inline void carve_dfs_maze(MazeCells& maze, double bias, Rng& rng) {
  // Per cell: the side it was entered by, or one of these (the margin counts as visited).
  constexpr std::uint8_t k_unvisited = 4, k_root = 5, k_margin = 6;
  const std::array<double, 4> weight{1 + bias, 1 - bias, 1 + bias, 1 - bias};
  std::vector<std::uint8_t> entered(maze.index_count());
  for (std::uint32_t c = 0; c < entered.size(); ++c)
    entered[c] = maze.inside(c) ? k_unvisited : k_margin;
  std::uint32_t cell = maze.nth(rng.below(maze.cell_count()));
  entered[cell] = k_root;
  // Every cell is entered once and left once, so this runs 2 x cells steps at most.
  for (;;) {
    std::array<int, 4> options{};
    int n = 0;
    for (int side = 0; side < 4; ++side)
      if (entered[maze.neighbour(cell, side)] == k_unvisited)
        options[static_cast<std::size_t>(n++)] = side;
    if (n == 0) {
      if (entered[cell] == k_root) return;
      cell = maze.neighbour(cell, opposite_side(entered[cell]));  // back to where we came from
      continue;
    }
    int side = options[0];
    if (n > 1) {
      double total = 0;
      for (int i = 0; i < n; ++i)
        total += weight[static_cast<std::size_t>(options[static_cast<std::size_t>(i)])];
      if (bias == 0 || total <= 0) {
        side = options[rng.below(static_cast<std::uint32_t>(n))];
      } else {
        double r = rng.unit() * total;
        for (int i = 0; i < n; ++i) {
          const int option = options[static_cast<std::size_t>(i)];
          const double w = weight[static_cast<std::size_t>(option)];
          if (w <= 0) continue;
          side = option;
          if (r < w) break;
          r -= w;
        }
      }
    }
    maze.open(cell, side);
    cell = maze.neighbour(cell, side);
    entered[cell] = static_cast<std::uint8_t>(side);
  }
}

}  // namespace yendor::detail
