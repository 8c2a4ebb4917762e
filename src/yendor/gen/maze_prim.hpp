#pragma once
// `maze` algorithm=prim: randomised Prim, the variant of thesis section 3.3 that keeps a list
// of cells (not walls) next to the maze. Each step takes a random cell of that frontier and
// joins it to a random neighbour already in the maze; picking among all frontier cells grows
// the maze from everywhere at once, so it branches more than the wall-list version.

#include <array>
#include <cstdint>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/gen/maze_cells.hpp"

namespace yendor::detail {

// Carves a perfect maze into `maze`, which has no open walls.
inline void carve_prim_maze(MazeCells& maze, Rng& rng) {
  // The margin counts as part of the maze for the frontier (never added) but not for joining.
  enum : std::uint8_t { outside, frontier_cell, inside, margin };
  std::vector<std::uint8_t> state(maze.index_count());
  for (std::uint32_t c = 0; c < state.size(); ++c)
    state[c] = maze.inside(c) ? outside : margin;
  std::vector<std::uint32_t> frontier;
  const auto add = [&](std::uint32_t cell) {
    state[cell] = inside;
    for (int side = 0; side < 4; ++side) {
      const std::uint32_t next = maze.neighbour(cell, side);
      if (state[next] != outside) continue;
      state[next] = frontier_cell;
      frontier.push_back(next);
    }
  };
  add(maze.nth(rng.below(maze.cell_count())));
  // Each cell enters the frontier once, so this runs cells - 1 steps.
  while (!frontier.empty()) {
    const std::size_t k = rng.below(static_cast<std::uint32_t>(frontier.size()));
    const std::uint32_t cell = frontier[k];
    frontier[k] = frontier.back();
    frontier.pop_back();
    std::array<int, 4> joined{};
    int n = 0;
    for (int side = 0; side < 4; ++side)
      if (state[maze.neighbour(cell, side)] == inside) joined[static_cast<std::size_t>(n++)] = side;
    maze.open(cell, joined[n == 1 ? 0 : rng.below(static_cast<std::uint32_t>(n))]);
    add(cell);
  }
}

}  // namespace yendor::detail
