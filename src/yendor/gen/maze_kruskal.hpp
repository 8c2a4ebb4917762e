#pragma once
// `maze` algorithm=kruskal: randomised Kruskal (thesis section 3.3). Every inner wall of the
// lattice is a candidate; walls are drawn in random order and a wall is knocked out when the
// cells on its two sides are not yet joined (union-find), so the result is a spanning tree.

#include <cstdint>
#include <utility>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/gen/maze_cells.hpp"

namespace yendor::detail {

// Disjoint sets of cells: Rem's union-find with splicing. A parent's index is never below its
// child's; unite() walks up from both cells at once, re-hanging each cell it
// passes onto the other side's higher parent, and stops as soon as both paths meet, which in a
// maze (most late walls join cells already joined nearby) is usually after a step or two.
class MazeSets {
 public:
  explicit MazeSets(std::uint32_t n) : parent_(n) {
    for (std::uint32_t i = 0; i < n; ++i)
      parent_[i] = i;
  }
  // Joins the sets of a and b; false when they already were one.
  bool unite(std::uint32_t a, std::uint32_t b) {
    while (parent_[a] != parent_[b]) {
      if (parent_[a] > parent_[b]) std::swap(a, b);
      if (parent_[a] == a) {  // a is a root: hang it below b's parent
        parent_[a] = parent_[b];
        return true;
      }
      const std::uint32_t up = parent_[a];
      parent_[a] = parent_[b];
      a = up;
    }
    return false;
  }

 private:
  std::vector<std::uint32_t> parent_;
};

// Carves a perfect maze into `maze`, which has no open walls.
inline void carve_kruskal_maze(MazeCells& maze, Rng& rng) {
  // A wall is cell * 2 + 0 for the wall to its east neighbour, cell * 2 + 1 for the south one.
  std::vector<std::uint32_t> walls;
  walls.reserve(2 * static_cast<std::size_t>(maze.cell_count()));
  for (int row = 0; row < maze.rows(); ++row)
    for (int column = 0; column < maze.columns(); ++column) {
      const std::uint32_t c = maze.index(column, row);
      if (column + 1 < maze.columns()) walls.push_back(2 * c);
      if (row + 1 < maze.rows()) walls.push_back(2 * c + 1);
    }
  rng.shuffle(walls);
  MazeSets sets(maze.index_count());
  std::uint32_t joins_left = maze.cell_count() - 1;
  for (std::size_t i = 0; i < walls.size() && joins_left > 0; ++i) {
    const std::uint32_t cell = walls[i] / 2;
    const int side = walls[i] % 2 == 0 ? side_east : side_south;
    if (sets.unite(cell, maze.neighbour(cell, side))) {
      maze.open(cell, side);
      --joins_left;
    }
  }
}

}  // namespace yendor::detail
