#pragma once
// Points, sizes, rectangles and the 4- and 8-neighbourhoods every grid algorithm uses.

#include <array>
#include <compare>
#include <cstdint>
#include <cstdlib>

namespace yendor {

struct Point {
  int x = 0;
  int y = 0;

  constexpr Point operator+(Point o) const { return {x + o.x, y + o.y}; }
  constexpr Point operator-(Point o) const { return {x - o.x, y - o.y}; }
  constexpr Point& operator+=(Point o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  constexpr Point operator*(int k) const { return {x * k, y * k}; }
  // Row-major order (y, then x): the scan order of a Grid, so sorted points are scan-ordered.
  constexpr auto operator<=>(const Point& o) const {
    if (auto c = y <=> o.y; c != 0) return c;
    return x <=> o.x;
  }
  constexpr bool operator==(const Point&) const = default;
};

struct Size {
  int width = 0;
  int height = 0;

  constexpr bool operator==(const Size&) const = default;
  constexpr std::int64_t area() const { return std::int64_t{width} * height; }
};

// Distances between grid cells.
constexpr int manhattan(Point a, Point b) {
  return std::abs(a.x - b.x) + std::abs(a.y - b.y);
}
constexpr int chebyshev(Point a, Point b) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  return dx > dy ? dx : dy;
}
constexpr std::int64_t distance_squared(Point a, Point b) {
  const std::int64_t dx = a.x - b.x, dy = a.y - b.y;
  return dx * dx + dy * dy;
}

// Axis-aligned rectangle of cells: [x, x + width) x [y, y + height).
struct Rect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;

  static constexpr Rect from_corners(Point a, Point b) {  // inclusive corners, any order
    const int x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
    const int y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
  }

  constexpr int left() const { return x; }
  constexpr int top() const { return y; }
  constexpr int right() const { return x + width - 1; }    // inclusive
  constexpr int bottom() const { return y + height - 1; }  // inclusive
  constexpr Point origin() const { return {x, y}; }
  constexpr Size size() const { return {width, height}; }
  constexpr Point center() const { return {x + (width - 1) / 2, y + (height - 1) / 2}; }
  constexpr std::int64_t area() const { return std::int64_t{width} * height; }
  constexpr bool empty() const { return width <= 0 || height <= 0; }

  constexpr bool contains(Point p) const {
    return p.x >= x && p.y >= y && p.x < x + width && p.y < y + height;
  }
  constexpr bool contains(const Rect& r) const {
    return r.x >= x && r.y >= y && r.x + r.width <= x + width && r.y + r.height <= y + height;
  }
  constexpr bool intersects(const Rect& r) const {
    return r.x < x + width && x < r.x + r.width && r.y < y + height && y < r.y + r.height;
  }
  // Grown (or, for negative n, shrunk) by n cells on every side.
  constexpr Rect expanded(int n) const { return {x - n, y - n, width + 2 * n, height + 2 * n}; }

  constexpr bool operator==(const Rect&) const = default;
};

// Directions. Orthogonal ones come first so that the 4-neighbourhood is a prefix.
namespace dir {
inline constexpr Point north{0, -1};
inline constexpr Point east{1, 0};
inline constexpr Point south{0, 1};
inline constexpr Point west{-1, 0};
inline constexpr Point north_east{1, -1};
inline constexpr Point south_east{1, 1};
inline constexpr Point south_west{-1, 1};
inline constexpr Point north_west{-1, -1};
}  // namespace dir

inline constexpr std::array<Point, 4> k_directions4{dir::north, dir::east, dir::south, dir::west};
inline constexpr std::array<Point, 8> k_directions8{
    dir::north,      dir::east,       dir::south,      dir::west,
    dir::north_east, dir::south_east, dir::south_west, dir::north_west};

}  // namespace yendor
