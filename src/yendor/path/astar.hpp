#pragma once
// A* (thesis 4.1): one path between two cells, searched in order of cost so far plus the
// octile estimate of the rest. Ties between equal estimates are broken deterministically, and
// the path is rebuilt keeping its direction where a cheapest path allows, so of several
// shortest paths a straight one is taken (Rabin's path straightening, without its extra
// search: it never changes the path's cost). Buffers are kept between calls: once they have
// grown to the map and to the largest open set so far, a call allocates nothing (`path`
// aside: reserve it) and clears nothing the size of the map.
//
// Where every step costs the same (8-connected, weights 1 and 1, every passable cell costing
// 1, corners allowed or never cut) and no mask restricts the search, find_path runs jump point
// search (jump_point.hpp) by default: the same optimal cost, far fewer cells expanded, and a
// path that runs diagonally first. set_jump_points(false) keeps plain A* everywhere.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/jump_point.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

class AStar {
 public:
  // A cheapest path from `from` to `to`: `path` gets the cells after `from` up to and
  // including `to` (empty when from == to). Returns false, `path` empty, when none exists.
  // `allowed` (same size, nonzero = may enter) restricts the search, as hierarchical
  // path-finding restricts it to two zones. Throws InputError when a point is outside the map,
  // `allowed` has another size, or check(map, movement) fails.
  bool find_path(const CostMap& map, Point from, Point to, const Movement& movement,
                 std::vector<Point>& path, const Grid<std::uint8_t>* allowed = nullptr);

  // The cost of the last path found (k_unreachable when none).
  Distance cost() const { return cost_; }
  // Cells the last call expanded (took off the queue to visit their neighbours; jump points
  // when it ran jump point search).
  std::int64_t expanded() const { return expanded_; }

  // Whether find_path runs jump point search where it applies (the default: true).
  void set_jump_points(bool on) { jump_points_ = on; }
  bool jump_points() const { return jump_points_; }

 private:
  struct Search;  // the per-call constants of the inner loop (astar.cpp)
  template <typename Queue, bool Masked>
  std::size_t search(const Search& s, Queue& queue, const std::uint8_t* allowed);
  template <bool Eight, bool Unit, bool Masked>
  std::size_t search_small(const Search& s, const std::uint8_t* allowed, std::uint64_t& last_f);
  void rebuild(const CostMap& map, const Search& s, std::vector<Point>& path) const;

  Distance cost_ = k_unreachable;
  std::int64_t expanded_ = 0;
  bool jump_points_ = true;
  JumpPointSearch jump_;
  // Working space, kept between calls; astar.cpp explains the layout.
  std::vector<std::uint32_t> g_;  // per padded cell: base_ + g when seen this call
  std::uint32_t base_ = 1;
  std::vector<std::uint64_t> heap_;                   // binary heap of packed keys
  std::vector<std::vector<std::uint32_t>> bucket_;    // bucket queue: (f, deviation) -> cells
  std::vector<std::uint32_t> level_mask_;             // per f level: its non-empty buckets
  std::array<std::vector<std::uint32_t>, 16> stack_;  // small costs: f mod 2^k -> cells
};

}  // namespace yendor::path
