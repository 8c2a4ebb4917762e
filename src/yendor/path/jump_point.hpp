#pragma once
// Jump point search (Harabor and Grastien, "Online Graph Pruning for Pathfinding on Grid
// Maps", AAAI 2011): A* on a grid where every step costs the same, expanding only the cells
// where an optimal path may have to turn ("jump points") and scanning straight over the rest.
// It returns a path of the same, optimal cost as A* (AStar uses it by default where it
// applies), and on open ground expands a small fraction of A*'s cells.
//
// It applies to 8-connected movement with both weights 1 (the roguelike convention: diagonals
// cost one step, so distances are Chebyshev) on maps where every passable cell costs 1, with
// corners either allowed or never cut. docs/path.md gives the jump and forced-neighbour
// rules for both corner rules, and why they stay exact when diagonals cost 1 (the published
// rules assume diagonals cost √2).
//
// Buffers are kept between calls; once they have grown to the map, a call allocates nothing
// but its open list's growth and clears nothing the size of the map.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/huge_page_array.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

class JumpPointSearch {
 public:
  // Whether the search applies to `map` and `movement` (see above).
  static bool supports(const CostMap& map, const Movement& movement);

  // A cheapest path from `from` to `to`, as AStar::find_path (without its mask): `path` gets
  // the cells after `from` up to and including `to`, empty when from == to. Returns false,
  // `path` empty, when none exists. Throws InputError when a point is outside the map or the
  // search does not support the map and movement.
  bool find_path(const CostMap& map, Point from, Point to, const Movement& movement,
                 std::vector<Point>& path);

  // The cost of the last path found (k_unreachable when none).
  Distance cost() const { return cost_; }
  // Jump points the last call expanded (took off the open list to jump from).
  std::int64_t expanded() const { return expanded_; }

 private:
  void build_lines(const CostMap& map);
  template <bool Cut>
  std::uint32_t search(const CostMap& map, std::uint32_t start, std::uint32_t goal);
  void rebuild(const CostMap& map, std::uint32_t start, std::uint32_t goal,
               std::vector<Point>& path) const;

  Distance cost_ = k_unreachable;
  std::int64_t expanded_ = 0;
  // Per padded cell, valid only where g says the cell was seen this call: base_ + its cost,
  // the directions it was reached in at that cost (bit k: k_directions8[k]), and those it
  // has jumped from already. Kept together: on a large map each touch of a cell is a cache
  // miss, and one is cheaper than three.
  struct Seen {
    std::uint32_t g = 0;
    std::uint8_t arrived = 0, jumped = 0;
  };
  HugePageArray<Seen> seen_;
  std::uint32_t base_ = 1;
  std::uint32_t top_ = 0;                         // the largest g the last call wrote
  std::vector<std::vector<std::uint64_t>> open_;  // per f (in a ring): h << 32 | cell
  // Open cells as bits, per padded row and per padded column, each line with a zero word at
  // either end (build_lines).
  std::vector<std::uint64_t> rows_, columns_;
  std::size_t row_words_ = 0, column_words_ = 0;
  std::vector<std::uint8_t> lines_of_;  // the padded cells the lines were built from
  std::size_t lines_width_ = 0;         // and their stride
};

}  // namespace yendor::path
