#pragma once
// What blocks sight, one bit per cell: the map every FOV and line-of-sight algorithm reads.
//
// Bits are kept twice: row-major (bit x of row y) and transposed (bit y of column x), each row
// or column padded to whole 64-bit words, so an algorithm scanning along either axis reads 64
// cells per load. Cells outside the map are opaque. Build one from a Level's tiles, from any
// predicate (a game's own map type), or from raw bytes (a numpy array); flip single cells
// with set_opaque() when a door opens.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::fov {

class OpacityMap {
 public:
  OpacityMap() = default;
  // Every cell transparent. Throws InputError for a negative size.
  explicit OpacityMap(Size size);

  // `is_opaque(Point) -> bool` for every cell (InputError for a negative size).
  template <typename IsOpaque>
  static OpacityMap from(Size size, IsOpaque&& is_opaque) {
    OpacityMap map(size);
    for (int y = 0; y < size.height; ++y) {
      std::uint64_t* bits = map.row_bits_.data() + static_cast<std::size_t>(y) * map.row_words_;
      for (int x = 0; x < size.width; ++x)
        if (is_opaque(Point{x, y})) bits[word(x)] |= std::uint64_t{1} << bit(x);
    }
    map.transpose_rows();
    return map;
  }
  // Opaque where the tile is not transparent (walls, closed and secret doors, trees).
  static OpacityMap from_tiles(const Grid<Tile>& tiles);
  // Row-major bytes, nonzero = opaque; `bytes.size()` must be the cell count (InputError).
  static OpacityMap from_bytes(Size size, std::span<const std::uint8_t> bytes);

  Size size() const { return size_; }
  int width() const { return size_.width; }
  int height() const { return size_.height; }
  bool in_bounds(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }

  bool opaque(Point p) const {
    if (!in_bounds(p)) return true;
    return (row_bits_[static_cast<std::size_t>(p.y) * row_words_ + word(p.x)] >> bit(p.x)) & 1U;
  }
  // `p` must be in bounds (std::out_of_range otherwise).
  void set_opaque(Point p, bool opaque);

  // Raw words for algorithms. Bits past the map's width (height) in the last word are opaque.
  std::size_t words_per_row() const { return row_words_; }
  const std::uint64_t* row(int y) const {
    return row_bits_.data() + static_cast<std::size_t>(y) * row_words_;
  }
  std::size_t words_per_column() const { return column_words_; }
  const std::uint64_t* column(int x) const {
    return column_bits_.data() + static_cast<std::size_t>(x) * column_words_;
  }

  bool operator==(const OpacityMap&) const = default;

 private:
  static constexpr std::size_t word(int i) { return static_cast<std::size_t>(i) >> 6; }
  static constexpr unsigned bit(int i) { return static_cast<unsigned>(i) & 63U; }
  // Rebuilds the transposed copy from the row-major one (after a bulk fill of the rows).
  void transpose_rows();

  Size size_{};
  std::size_t row_words_ = 0, column_words_ = 0;
  std::vector<std::uint64_t> row_bits_, column_bits_;
};

}  // namespace yendor::fov
