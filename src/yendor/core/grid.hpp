#pragma once
// Grid<T>: a contiguous, row-major 2-D array. at() checks bounds and throws;
// operator[] does not (the hot paths of generators and FOV use it after their own checks).

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "yendor/core/geometry.hpp"

namespace yendor {

template <typename T>
class Grid {
 public:
  Grid() = default;
  Grid(Size size, const T& value = T{})
      : size_(checked(size)), cells_(static_cast<std::size_t>(size.area()), value) {}
  Grid(int width, int height, const T& value = T{}) : Grid(Size{width, height}, value) {}

  Size size() const { return size_; }
  int width() const { return size_.width; }
  int height() const { return size_.height; }
  Rect bounds() const { return {0, 0, size_.width, size_.height}; }
  std::size_t cell_count() const { return cells_.size(); }

  bool in_bounds(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }
  std::size_t index_of(Point p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size_.width) +
           static_cast<std::size_t>(p.x);
  }
  Point point_of(std::size_t index) const {
    const auto w = static_cast<std::size_t>(size_.width);
    return {static_cast<int>(index % w), static_cast<int>(index / w)};
  }

  T& at(Point p) {
    check(p);
    return cells_[index_of(p)];
  }
  const T& at(Point p) const {
    check(p);
    return cells_[index_of(p)];
  }
  T& operator[](Point p) { return cells_[index_of(p)]; }
  const T& operator[](Point p) const { return cells_[index_of(p)]; }
  T& operator[](std::size_t i) { return cells_[i]; }
  const T& operator[](std::size_t i) const { return cells_[i]; }

  void fill(const T& value) { std::fill(cells_.begin(), cells_.end(), value); }
  void fill(const Rect& r, const T& value) {
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x <= r.right(); ++x)
        cells_[index_of({x, y})] = value;
  }

  std::span<T> cells() { return cells_; }
  std::span<const T> cells() const { return cells_; }
  std::span<T> row(int y) {
    return std::span<T>(cells_).subspan(index_of({0, y}), static_cast<std::size_t>(size_.width));
  }
  std::span<const T> row(int y) const {
    return std::span<const T>(cells_).subspan(index_of({0, y}),
                                              static_cast<std::size_t>(size_.width));
  }
  T* data() { return cells_.data(); }
  const T* data() const { return cells_.data(); }

  bool operator==(const Grid&) const = default;

 private:
  static Size checked(Size s) {
    if (s.width < 0 || s.height < 0) throw std::invalid_argument("Grid: negative size");
    return s;
  }
  void check(Point p) const {
    if (!in_bounds(p))
      throw std::out_of_range("Grid::at: (" + std::to_string(p.x) + "," + std::to_string(p.y) +
                              ") outside " + std::to_string(size_.width) + "x" +
                              std::to_string(size_.height));
  }

  Size size_{};
  std::vector<T> cells_;
};

}  // namespace yendor
