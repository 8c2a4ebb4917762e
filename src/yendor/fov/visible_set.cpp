#include "yendor/fov/visible_set.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

namespace yendor::fov {
namespace {

constexpr std::size_t words_for(int bits) {
  return (static_cast<std::size_t>(bits) + 63) / 64;
}

}  // namespace

void VisibleSet::reset(Size size) {
  if (size == size_) {
    clear();
    return;
  }
  if (size.width < 0 || size.height < 0)
    throw InputError("visible set: negative size " + size_text(size));
  size_ = size;
  row_words_ = words_for(size.width);
  column_words_ = words_for(size.height);
  row_bits_.assign(row_words_ * static_cast<std::size_t>(size.height), 0);
  column_bits_.assign(column_words_ * static_cast<std::size_t>(size.width), 0);
  columns_marked_ = false;
  box_x0_ = box_y0_ = std::numeric_limits<int>::max();
  box_x1_ = box_y1_ = std::numeric_limits<int>::min();
}

void VisibleSet::clear() {
  // Boxes are mostly a word or two wide: plain loops, not a call to memset per row.
  if (!empty()) {
    const std::size_t xw0 = word(box_x0_), xw1 = word(box_x1_);
    for (int y = box_y0_; y <= box_y1_; ++y)
      for (std::size_t w = row_index(y) + xw0, end = row_index(y) + xw1; w <= end; ++w)
        row_bits_[w] = 0;
    if (columns_marked_) {
      const std::size_t yw0 = word(box_y0_), yw1 = word(box_y1_);
      for (int x = box_x0_; x <= box_x1_; ++x)
        for (std::size_t w = column_index(x) + yw0, end = column_index(x) + yw1; w <= end; ++w)
          column_bits_[w] = 0;
    }
  }
  columns_marked_ = false;
  box_x0_ = box_y0_ = std::numeric_limits<int>::max();
  box_x1_ = box_y1_ = std::numeric_limits<int>::min();
}

Rect VisibleSet::bounds() const {
  if (empty()) return {};
  return Rect::from_corners({box_x0_, box_y0_}, {box_x1_, box_y1_});
}

std::int64_t VisibleSet::count() const {
  if (empty()) return 0;
  std::int64_t n = 0;
  // Bits outside the box are zero, so whole words of the box's rows can be counted.
  for (int y = box_y0_; y <= box_y1_; ++y)
    for (std::size_t w = word(box_x0_); w <= word(box_x1_); ++w)
      n += std::popcount(row_bits_[row_index(y) + w]);
  // Column marks count where the row set does not already have the cell.
  if (!columns_marked_) return n;
  for (int x = box_x0_; x <= box_x1_; ++x)
    for (std::size_t w = word(box_y0_); w <= word(box_y1_); ++w) {
      std::uint64_t b = column_bits_[column_index(x) + w];
      while (b != 0) {
        const int y = static_cast<int>(w * 64 + static_cast<unsigned>(std::countr_zero(b)));
        n += ((row_bits_[row_index(y) + word(x)] >> bit(x)) & 1U) ^ 1U;
        b &= b - 1;
      }
    }
  return n;
}

void VisibleSet::append_points(std::vector<Point>& out) const {
  for_each([&](Point p) { out.push_back(p); });
}

void VisibleSet::merge(const VisibleSet& other) {
  if (other.size_ != size_)
    throw InputError("visible set: cannot merge a " + size_text(other.size_) + " set into a " +
                     size_text(size_) + " one");
  if (other.empty()) return;
  for (int y = other.box_y0_; y <= other.box_y1_; ++y)
    for (std::size_t w = word(other.box_x0_); w <= word(other.box_x1_); ++w)
      row_bits_[row_index(y) + w] |= other.row_bits_[row_index(y) + w];
  if (other.columns_marked_) {
    columns_marked_ = true;
    for (int x = other.box_x0_; x <= other.box_x1_; ++x)
      for (std::size_t w = word(other.box_y0_); w <= word(other.box_y1_); ++w)
        column_bits_[column_index(x) + w] |= other.column_bits_[column_index(x) + w];
  }
  grow_box(other.box_x0_, other.box_x1_, other.box_y0_, other.box_y1_);
}

Grid<std::uint8_t> VisibleSet::to_grid() const {
  Grid<std::uint8_t> out(size_, 0);
  for_each([&](Point p) { out[p] = 1; });
  return out;
}

}  // namespace yendor::fov
