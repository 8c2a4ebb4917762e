#include "yendor/fov/line_of_sight.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor::fov {
namespace {

void check_end(const OpacityMap& map, Point p, const char* what) {
  if (!map.in_bounds(p))
    throw InputError(std::string("line of sight: ") + what + " (" + std::to_string(p.x) + "," +
                     std::to_string(p.y) + ") outside the " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()) + " map");
}

// The segment from `from` to `to` in the frame of the quadrant holding `to`: the cell at depth
// t and column c is from + t·depth_step + c·column_step; `to` is at depth `depth`, column
// ±`columns` (the sign is folded into column_step).
struct Line {
  Point from;
  Point depth_step, column_step;
  std::int64_t depth = 0, columns = 0;

  Line(Point a, Point b) : from(a) {
    const int dx = b.x - a.x, dy = b.y - a.y;
    if (std::abs(dy) >= std::abs(dx)) {  // north or south: depth along y
      depth_step = {0, dy < 0 ? -1 : 1};
      column_step = {dx < 0 ? -1 : 1, 0};
      depth = std::abs(dy);
      columns = std::abs(dx);
    } else {  // west or east: depth along x
      depth_step = {dx < 0 ? -1 : 1, 0};
      column_step = {0, dy < 0 ? -1 : 1};
      depth = std::abs(dx);
      columns = std::abs(dy);
    }
  }
  Point cell(std::int64_t t, std::int64_t c) const {
    return {from.x + static_cast<int>(t) * depth_step.x + static_cast<int>(c) * column_step.x,
            from.y + static_cast<int>(t) * depth_step.y + static_cast<int>(c) * column_step.y};
  }
};

// Walks depths 1..last of `line`: at depth t the line is at column t·columns/depth =
// whole + rest/depth. f(t, near, far) gets the cell the line crosses as both `near` and `far`,
// or at a corner (rest/depth = 1/2) the cell nearer the axis as `near` and the other as `far`;
// it returns false to stop.
template <typename F>
void walk(const Line& line, std::int64_t last, F&& f) {
  std::int64_t whole = 0, rest = 0;
  for (std::int64_t t = 1; t <= last; ++t) {
    rest += line.columns;
    if (rest >= line.depth) {  // columns <= depth: one carry at most
      rest -= line.depth;
      ++whole;
    }
    const std::int64_t twice = 2 * rest;
    bool go;
    if (twice < line.depth) {
      const Point p = line.cell(t, whole);
      go = f(t, p, p);
    } else if (twice > line.depth) {
      const Point p = line.cell(t, whole + 1);
      go = f(t, p, p);
    } else {
      go = f(t, line.cell(t, whole), line.cell(t, whole + 1));
    }
    if (!go) return;
  }
}

}  // namespace

bool line_of_sight(const OpacityMap& map, Point from, Point to) {
  check_end(map, from, "start");
  check_end(map, to, "end");
  const Line line(from, to);
  bool near_open = true, far_open = true;  // each side of the corners passed so far
  walk(line, line.depth - 1, [&](std::int64_t, Point near, Point far) {
    if (near == far) {
      if (map.opaque(near)) near_open = far_open = false;
    } else {
      near_open = near_open && !map.opaque(near);
      far_open = far_open && !map.opaque(far);
    }
    return near_open || far_open;
  });
  return near_open || far_open;
}

void line_path(const OpacityMap& map, Point from, Point to, std::vector<Point>& out) {
  check_end(map, from, "start");
  check_end(map, to, "end");
  out.clear();
  const Line line(from, to);
  // The first depth at which each side meets an opaque cell (past `to`: never).
  const std::int64_t never = line.depth + 1;
  std::int64_t near_stop = never, far_stop = never;
  walk(line, line.depth, [&](std::int64_t t, Point near, Point far) {
    if (near_stop == never && map.opaque(near)) near_stop = t;
    if (far_stop == never && map.opaque(far)) far_stop = t;
    return near_stop == never || far_stop == never;
  });
  const bool use_far = far_stop > near_stop;
  const std::int64_t stop = use_far ? far_stop : near_stop;
  walk(line, stop < never ? stop : line.depth, [&](std::int64_t, Point near, Point far) {
    out.push_back(use_far ? far : near);
    return true;
  });
}

}  // namespace yendor::fov
