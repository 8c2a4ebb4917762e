#pragma once
// Breadth-first search (thesis 4.1 and 5.4): the fewest steps between two cells, searching
// ring by ring. Step costs are ignored except that 0 blocks. A search may be restricted to a
// set of cells, as the thesis restricts its monsters to the player's field of view.
// Buffers are kept between calls; once warmed up on a map size, a call allocates nothing
// (but `path` growing) and costs the cells it visits, not the map's area.

#include <cstdint>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

class BreadthFirstSearch {
 public:
  // A path with the fewest steps from `from` to `to`: `path` gets the cells after `from` up to
  // and including `to` (empty when from == to). Among equally short paths the one found first
  // in k_directions8 order wins. `allowed` (same size as the map, nonzero = may enter)
  // restricts the search; `to` must be allowed too. Returns false, `path` empty, when no
  // path exists. Throws InputError when a point is outside the map or `allowed` has another
  // size.
  bool find_path(const CostMap& map, Point from, Point to, const Movement& movement,
                 std::vector<Point>& path, const Grid<std::uint8_t>* allowed = nullptr);

  // Step counts from `from` to every cell it reaches (k_unreachable elsewhere) into `out`,
  // resized to the map. This visits the whole reachable area.
  void distances(const CostMap& map, Point from, const Movement& movement, Grid<Distance>& out,
                 const Grid<std::uint8_t>* allowed = nullptr);

  // Cells the last call took off its queue: the work the thesis's benchmarks count.
  std::int64_t visited() const { return visited_; }

 private:
  std::vector<std::uint32_t> queue_;
  std::vector<std::uint32_t> seen_;   // stamp per padded cell: seen when == stamp_
  std::vector<std::uint8_t> parent_;  // direction taken into the cell
  std::uint32_t stamp_ = 0;
  std::int64_t visited_ = 0;
};

}  // namespace yendor::path
