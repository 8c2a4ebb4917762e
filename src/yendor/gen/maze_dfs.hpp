#pragma once
// `maze` algorithm=dfs: randomised depth-first search (thesis sections 3.3 and 5.3), without
// recursion. Section 5.5 found the prototype's recursive version overflowing the call stack
// above 80x80 and advises keeping the backtracking information in the maze itself: every
// cell remembers the side it was entered through, so backing out of a dead end follows these
// links. That chain is the search stack, kept explicitly at one byte per cell.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/core/sixteen_bit_draws.hpp"
#include "yendor/gen/maze_cells.hpp"

namespace yendor::detail {

namespace maze_dfs_detail {

// Per cell: the side it was entered by, or one of these (the margin counts as visited).
constexpr std::uint8_t k_unvisited = 4, k_root = 5, k_margin = 6;

// The 24 orders of the four sides, and for each order and 4-bit mask of sides the first side of
// the mask in that order. The first unvisited side in a uniformly random order is a uniformly
// random unvisited side, and the order can be drawn before the neighbours are read, which
// keeps the draw off the chain from one cell to the next.
constexpr int k_side_orders = 24;
constexpr std::array<std::array<std::uint8_t, 16>, k_side_orders> k_first_side_in_order = [] {
  std::array<std::array<std::uint8_t, 16>, k_side_orders> table{};
  std::array<std::uint8_t, 4> order{0, 1, 2, 3};
  for (auto& row : table) {
    for (unsigned mask = 1; mask < 16; ++mask)
      row[mask] = *std::find_if(order.begin(), order.end(),
                                [&](std::uint8_t side) { return ((mask >> side) & 1u) != 0; });
    std::next_permutation(order.begin(), order.end());
  }
  return table;
}();

// The unbiased search, free of branches on the maze's shape but one: whether the cell has an
// unvisited neighbour (a dead end starts a run of steps back). The unvisited neighbours are
// read into a mask and the side is looked up with a random order of the sides.
inline void carve_unbiased(MazeCells& maze, std::vector<std::uint8_t>& entered, std::uint32_t cell,
                           Rng& rng) {
  SixteenBitDraws draws(rng);
  std::array<std::uint32_t, 4> step{};
  for (int side = 0; side < 4; ++side)
    step[static_cast<std::size_t>(side)] = maze.neighbour(0, side);  // an offset, mod 2^32
  std::uint8_t* const seen = entered.data();  // the same bytes, read and written through one name
  for (;;) {
    const unsigned free = static_cast<unsigned>(seen[cell + step[0]] == k_unvisited) |
                          static_cast<unsigned>(seen[cell + step[1]] == k_unvisited) << 1 |
                          static_cast<unsigned>(seen[cell + step[2]] == k_unvisited) << 2 |
                          static_cast<unsigned>(seen[cell + step[3]] == k_unvisited) << 3;
    if (free == 0) {
      const std::uint8_t from = seen[cell];
      if (from == k_root) return;
      cell += step[static_cast<std::size_t>(opposite_side(from))];  // back to where we came from
      continue;
    }
    const std::uint8_t side = k_first_side_in_order[draws.below(k_side_orders)][free];
    maze.open(cell, side);
    cell += step[side];
    seen[cell] = side;
  }
}

}  // namespace maze_dfs_detail

// Carves a perfect maze (a spanning tree of the lattice) into `maze`, which has no open walls.
// bias in [-1, 1] weighs the next step: horizontal sides get weight 1 - bias and vertical ones
// 1 + bias, so bias < 0 makes long horizontal runs, bias > 0 vertical ones, and at +-1 the
// other direction is taken only when nothing else is left.
inline void carve_dfs_maze(MazeCells& maze, double bias, Rng& rng) {
  using namespace maze_dfs_detail;
  const std::array<double, 4> weight{1 + bias, 1 - bias, 1 + bias, 1 - bias};
  std::vector<std::uint8_t> entered(maze.index_count(), k_margin);
  for (int row = 0; row < maze.rows(); ++row)
    std::fill_n(entered.begin() + maze.index(0, row), maze.columns(), k_unvisited);
  std::uint32_t cell = maze.nth(rng.below(maze.cell_count()));
  entered[cell] = k_root;
  if (bias == 0) {
    carve_unbiased(maze, entered, cell, rng);
    return;
  }
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
      if (total <= 0) {
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
