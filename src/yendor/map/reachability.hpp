#pragma once
// Orthogonal flood fills over traversable cells (is_traversable: passable or a door).
// These define "connected" for every generator's guarantees.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor {

inline constexpr std::int32_t k_unreachable = -1;

// Steps from `from` to every cell by orthogonal moves over traversable cells;
// k_unreachable elsewhere (also everywhere when `from` is not traversable). `reached`, when
// given, receives the number of cells reached.
Grid<std::int32_t> walk_distances(const Grid<Tile>& tiles, Point from,
                                  std::int64_t* reached = nullptr);

// A lean orthogonal breadth-first flood for when only the visiting order and distances of
// reached cells matter: one byte per cell (a quarter of a distance grid), buffers kept between
// runs, and the level's traversable cells counted in the same vectorised pass that prepares
// the flood. Distances are the BFS layers: order()[i] is at distance d exactly when
// layer_start(d) <= i < layer_start(d + 1).
class FloodOrder {
 public:
  std::int64_t run(const Grid<Tile>& tiles, Point from);
  std::span<const std::uint32_t> order() const { return {order_.get(), reached_}; }
  // Number of distinct distances reached (max distance + 1); 0 after an empty run.
  std::int32_t layers() const { return static_cast<std::int32_t>(layer_starts_.size()) - 1; }
  std::size_t layer_start(std::int32_t d) const {
    return layer_starts_[static_cast<std::size_t>(d)];
  }
  // Traversable cells in the whole grid of the last run (reached or not).
  std::int64_t traversable() const { return traversable_; }

 private:
  template <bool Closed>
  void flood(const Grid<Tile>& tiles, std::size_t start);

  std::unique_ptr<std::uint8_t[]> open_;    // 1: traversable and not yet reached
  std::unique_ptr<std::uint32_t[]> order_;  // uninitialised beyond reached_
  std::size_t capacity_ = 0;
  std::size_t reached_ = 0;
  std::int64_t traversable_ = 0;
  std::vector<std::uint32_t> layer_starts_{0};  // with the end of the last layer appended
};

// Traversable cells in the whole grid.
std::int64_t count_traversable(const Grid<Tile>& tiles);

struct ConnectivityReport {
  std::int64_t traversable = 0;  // traversable cells in the level
  std::int64_t reachable = 0;    // of those, reachable from the start
  bool connected() const { return traversable == reachable && traversable > 0; }
};
ConnectivityReport check_connectivity(const Grid<Tile>& tiles, Point from);

// Connected components of traversable cells, labelled 0..count-1 in scan order of their
// first cell; -1 on cells that are not traversable.
struct RegionLabels {
  Grid<std::int32_t> labels;
  std::vector<std::int64_t> sizes;  // cells per label
};
RegionLabels label_regions(const Grid<Tile>& tiles);

}  // namespace yendor
