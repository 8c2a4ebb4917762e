#pragma once
// The traversable cells of a level as one byte per cell, with a ring of non-traversable
// cells around the map: every map cell then has four neighbours in the mask, so the analysis
// passes step by index offsets without bounds checks, whatever the level's border holds.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::analysis {

class CellMask {
 public:
  explicit CellMask(const Grid<Tile>& tiles)
      : width_(tiles.width()),
        height_(tiles.height()),
        stride_(static_cast<std::size_t>(tiles.width()) + 2),
        cells_(stride_ * (static_cast<std::size_t>(tiles.height()) + 2), 0) {
    for (int y = 0; y < height_; ++y) {
      const auto row = tiles.row(y);
      std::uint8_t* out = cells_.data() + index({0, y});
      for (std::size_t x = 0; x < row.size(); ++x)
        out[x] = is_traversable(row[x]) ? 1 : 0;
    }
  }

  int width() const { return width_; }
  int height() const { return height_; }
  // Padded index of map cell p (p may also lie on the ring: x or y of -1, width or height).
  std::size_t index(Point p) const {
    return static_cast<std::size_t>(p.y + 1) * stride_ + static_cast<std::size_t>(p.x + 1);
  }
  Point point(std::size_t i) const {
    return {static_cast<int>(i % stride_) - 1, static_cast<int>(i / stride_) - 1};
  }
  // Padded cells in all (the ring included): the size of per-cell arrays indexed like this.
  std::size_t padded_cells() const { return cells_.size(); }
  std::size_t stride() const { return stride_; }
  // Offsets of the four orthogonal neighbours, in the order of k_directions4 (N, E, S, W).
  std::ptrdiff_t offset(int direction) const {
    const auto s = static_cast<std::ptrdiff_t>(stride_);
    constexpr std::ptrdiff_t k_dx[4] = {0, 1, 0, -1};
    constexpr std::ptrdiff_t k_dy[4] = {-1, 0, 1, 0};
    return k_dy[direction] * s + k_dx[direction];
  }

  bool open(std::size_t i) const { return cells_[i] != 0; }
  // Traversable orthogonal neighbours of padded cell i (0..4).
  int degree(std::size_t i) const {
    return cells_[i - stride_] + cells_[i + 1] + cells_[i + stride_] + cells_[i - 1];
  }
  const std::uint8_t* data() const { return cells_.data(); }

 private:
  int width_;
  int height_;
  std::size_t stride_;
  std::vector<std::uint8_t> cells_;
};

}  // namespace yendor::analysis
