#pragma once
// The cells an FOV saw (or a light lit): a bit set the size of the map that costs only what
// was marked to clear, so a radius-9 view on a 1000x1000 map never touches the whole map.
//
// Like OpacityMap it keeps a row-major and a transposed bit set: algorithms that scan along
// rows mark row spans, those that scan along columns mark column spans, each 64 cells per
// store; a cell is visible when either set has it. clear() zeroes only the bounding box of
// what was marked since the last clear. Buffers are kept between calls: once sized, computing
// into the same VisibleSet allocates nothing.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/grid.hpp"

namespace yendor::fov {

class VisibleSet {
 public:
  VisibleSet() = default;
  explicit VisibleSet(Size size) { reset(size); }

  // Empties the set and sizes it for a map of `size` (allocating only when it grows).
  // Throws InputError for a negative size.
  void reset(Size size);
  // Empties the set: O(area of the bounding box of the marks), not O(map).
  void clear();

  Size size() const { return size_; }
  bool in_bounds(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }
  // False outside the map.
  bool visible(Point p) const {
    if (!in_bounds(p)) return false;
    return visible_unchecked(p);
  }

  // Marking: every cell must be in bounds (unchecked; the algorithms clip first).
  void mark(Point p) {
    row_bits_[row_index(p.y) + word(p.x)] |= std::uint64_t{1} << bit(p.x);
    grow_box(p.x, p.x, p.y, p.y);
  }
  // Cells x0..x1 (inclusive) of row y; nothing when x1 < x0.
  void mark_row_span(int y, int x0, int x1) {
    if (x1 < x0) return;
    set_bits(row(y), x0, x1);
    grow_box(x0, x1, y, y);
  }
  // Cells y0..y1 (inclusive) of column x; nothing when y1 < y0.
  void mark_column_span(int x, int y0, int y1) {
    if (y1 < y0) return;
    set_bits(column(x), y0, y1);  // column() notes that the column set is in use
    grow_box(x, x, y0, y1);
  }

  // The bounding box of everything marked since the last clear (empty Rect when none).
  Rect bounds() const;
  bool empty() const { return box_x1_ < box_x0_; }
  // Word-parallel over the row bits; per marked cell over the column bits.
  std::int64_t count() const;

  // f(Point) for every visible cell, in scan order (rows top to bottom, then x).
  template <typename F>
  void for_each(F&& f) const {
    if (empty()) return;
    for (int y = box_y0_; y <= box_y1_; ++y)
      for (int x = box_x0_; x <= box_x1_; ++x)
        if (visible_unchecked({x, y})) f(Point{x, y});
  }
  // Appends every visible cell, in scan order.
  void append_points(std::vector<Point>& out) const;
  // Adds every cell of `other`, word by word over its bounding box. Throws InputError when
  // the sizes differ.
  void merge(const VisibleSet& other);
  // 1 for visible cells, 0 elsewhere (for callers that want bytes: tests, Python, PNG).
  Grid<std::uint8_t> to_grid() const;

  // Raw words, for algorithms that set whole words themselves; they must then call
  // grow_box() with what they marked.
  std::uint64_t* row(int y) { return row_bits_.data() + row_index(y); }
  std::uint64_t* column(int x) {
    columns_marked_ = true;
    return column_bits_.data() + column_index(x);
  }
  std::size_t words_per_row() const { return row_words_; }
  std::size_t words_per_column() const { return column_words_; }
  void grow_box(int x0, int x1, int y0, int y1) {
    if (x0 < box_x0_) box_x0_ = x0;
    if (x1 > box_x1_) box_x1_ = x1;
    if (y0 < box_y0_) box_y0_ = y0;
    if (y1 > box_y1_) box_y1_ = y1;
  }

 private:
  static constexpr std::size_t word(int i) { return static_cast<std::size_t>(i) >> 6; }
  static constexpr unsigned bit(int i) { return static_cast<unsigned>(i) & 63U; }
  std::size_t row_index(int y) const { return static_cast<std::size_t>(y) * row_words_; }
  std::size_t column_index(int x) const { return static_cast<std::size_t>(x) * column_words_; }
  bool visible_unchecked(Point p) const {
    return ((row_bits_[row_index(p.y) + word(p.x)] >> bit(p.x)) |
            (column_bits_[column_index(p.x) + word(p.y)] >> bit(p.y))) &
           1U;
  }
  // Sets bits b0..b1 (inclusive, b0 <= b1) of the bit run starting at `words`.
  static void set_bits(std::uint64_t* words, int b0, int b1) {
    const std::size_t w0 = word(b0), w1 = word(b1);
    const std::uint64_t first = ~std::uint64_t{0} << bit(b0);
    const std::uint64_t last = ~std::uint64_t{0} >> (63U - bit(b1));
    if (w0 == w1) {
      words[w0] |= first & last;
      return;
    }
    words[w0] |= first;
    for (std::size_t w = w0 + 1; w < w1; ++w)
      words[w] = ~std::uint64_t{0};
    words[w1] |= last;
  }

  Size size_{};
  std::size_t row_words_ = 0, column_words_ = 0;
  std::vector<std::uint64_t> row_bits_, column_bits_;
  // Whether the column set may hold marks since the last clear: algorithms that mark only
  // rows then clear (and count) only rows.
  bool columns_marked_ = false;
  // Bounding box of the marks, inclusive; empty when x1 < x0.
  int box_x0_ = std::numeric_limits<int>::max(), box_x1_ = std::numeric_limits<int>::min();
  int box_y0_ = std::numeric_limits<int>::max(), box_y1_ = std::numeric_limits<int>::min();
};

}  // namespace yendor::fov
