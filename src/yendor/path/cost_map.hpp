#pragma once
// What a step costs, one byte per cell: the map every path-finder reads. 0 = cannot enter;
// 1..255 = the cost of stepping into the cell (Movement scales diagonal steps). Cells outside
// the map cannot be entered.
//
// Cells are stored with a one-cell ring of impassable cells around the map, so algorithms
// step by index offsets (StepTable) without bounds checks. Build one from a Level's tiles,
// from any callable (a game's own map type) or from raw bytes (a numpy array); change single
// cells with set_cost() when a door opens or a monster blocks a corridor.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::path {

// What each kind of terrain costs in CostMap::from_tiles. 0 = impassable.
struct TileCosts {
  std::uint8_t floor = 1;          // every passable tile without a cost of its own below
  std::uint8_t door_closed = 2;    // opening it takes a turn
  std::uint8_t door_locked = 0;    // needs a key
  std::uint8_t door_secret = 0;    // not known to be a door
  std::uint8_t water_shallow = 2;  // wading
  std::uint8_t hazard = 0;         // deep water, lava, chasm
  std::uint8_t rubble = 2;
};

class CostMap {
 public:
  CostMap() = default;
  // Every cell costing `fill` (1: open ground). Throws InputError for a negative size.
  explicit CostMap(Size size, std::uint8_t fill = 1);

  // `cost(Point) -> integer 0..255` for every cell, in scan order. InputError for a value
  // outside 0..255.
  template <typename Cost>
  static CostMap from(Size size, Cost&& cost) {
    CostMap map(size, 0);
    std::uint8_t max = 0;
    for (int y = 0; y < size.height; ++y) {
      std::uint8_t* row = map.cells_.data() + map.index({0, y});
      for (int x = 0; x < size.width; ++x) {
        const auto c = static_cast<long long>(cost(Point{x, y}));
        if (c < 0 || c > 255) throw_bad_cost(Point{x, y}, c);
        row[x] = static_cast<std::uint8_t>(c);
        max = std::max(max, row[x]);
      }
    }
    map.max_cost_ = max;
    return map;
  }
  static CostMap from_tiles(const Grid<Tile>& tiles, const TileCosts& costs = {});
  // Row-major bytes, one per cell (0 = impassable); InputError unless `bytes.size()` is the
  // cell count.
  static CostMap from_bytes(Size size, std::span<const std::uint8_t> bytes);

  Size size() const { return size_; }
  int width() const { return size_.width; }
  int height() const { return size_.height; }
  bool in_bounds(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }
  // 0 outside the map.
  std::uint8_t cost(Point p) const { return in_bounds(p) ? cells_[index(p)] : 0; }
  bool passable(Point p) const { return cost(p) != 0; }
  // InputError when `p` is outside the map.
  void set_cost(Point p, std::uint8_t cost);
  // At least the largest cost on the map (an upper bound: lowering a cell keeps it).
  std::uint8_t max_cost() const { return max_cost_; }

  // Padded index space: (x, y) lives at (y + 1) × stride() + x + 1.
  std::size_t stride() const { return stride_; }
  std::size_t index(Point p) const {
    return (static_cast<std::size_t>(p.y) + 1) * stride_ + static_cast<std::size_t>(p.x) + 1;
  }
  Point point(std::size_t index) const {
    return {static_cast<int>(index % stride_) - 1, static_cast<int>(index / stride_) - 1};
  }
  std::size_t padded_cell_count() const { return cells_.size(); }
  const std::uint8_t* padded() const { return cells_.data(); }

  bool operator==(const CostMap&) const = default;

 private:
  [[noreturn]] static void throw_bad_cost(Point p, long long cost);

  Size size_{};
  std::size_t stride_ = 0;
  std::uint8_t max_cost_ = 0;
  std::vector<std::uint8_t> cells_;
};

}  // namespace yendor::path
