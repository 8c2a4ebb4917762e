#include "yendor/gen/delaunay.hpp"

#include "yendor/core/radix_sort.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>

// Algorithm: incremental Bowyer-Watson.
// - Points are inserted in Hilbert-curve order over their bounding box, so consecutive points
//   are close and locating each one is a short walk from the previous insertion.
// - The outside of the convex hull is covered by "ghost" triangles (u, v, G): one per hull edge,
//   sharing a symbolic vertex G at infinity. The triangulation is then a closed surface, every
//   edge has two triangles, and no super-triangle with huge (overflowing) coordinates is needed.
//   The "circumdisk" of a ghost triangle is the open half-plane beyond its hull edge plus the
//   open edge itself (the limit of circles through u and v as the third point goes to infinity).
// - Inserting p deletes every triangle whose open circumdisk contains p (the cavity, connected
//   and star-shaped around p) and joins p to the cavity's boundary. Using the strict test keeps
//   the cavity valid with cocircular points; which of several equally valid triangulations
//   results then depends only on the (deterministic) insertion order.
//
// Exactness. With |x|, |y| <= M = 20000, any coordinate difference is at most L = 2M = 40000.
// - orient(): two products of differences, each <= L^2 = 1.6e9; the result fits easily.
// - in_circle(): after translating so that d is the origin, each lift dx^2 + dy^2 <= 2L^2 =
//   3.2e9. Each 2x2 minor, e.g. bdx*cdy - bdy*cdx, is twice the signed area of the triangle
//   (d, b, c), whose vertices lie in a square of side L, so |minor| <= L^2 = 1.6e9 (a triangle
//   in a square covers at most half of it; the two products are <= L^2 each, so the subtraction
//   cannot overflow either). Each term lift * minor is therefore <= 2L^4 = 5.12e18 < 2^63 - 1
//   (about 9.22e18). The sum of the three terms is not bounded below 2^63 by this argument
//   (3 * 2L^4 = 1.54e19; a numerical search found no input where it exceeds 2L^4, but that is
//   not a proof), so it is never formed: each term is split into floor(t / 2) and its low bit,
//   the halves are added (<= 7.68e18) and the low bits carried, which gives the exact sign.

namespace yendor {
namespace {

using i64 = std::int64_t;

i64 orient(Point a, Point b, Point c) {
  return (i64{b.x} - a.x) * (i64{c.y} - a.y) - (i64{b.y} - a.y) * (i64{c.x} - a.x);
}

// > 0 iff d lies strictly inside the circle through a, b, c (counter-clockwise), < 0 iff strictly
// outside, 0 iff on it.
int in_circle(Point a, Point b, Point c, Point d) {
  const i64 adx = i64{a.x} - d.x, ady = i64{a.y} - d.y;
  const i64 bdx = i64{b.x} - d.x, bdy = i64{b.y} - d.y;
  const i64 cdx = i64{c.x} - d.x, cdy = i64{c.y} - d.y;
  const i64 t1 = (adx * adx + ady * ady) * (bdx * cdy - bdy * cdx);
  const i64 t2 = (bdx * bdx + bdy * bdy) * (cdx * ady - cdy * adx);
  const i64 t3 = (cdx * cdx + cdy * cdy) * (adx * bdy - ady * bdx);
  // t1 + t2 + t3 == 2 * half + low, with low in {0, 1} (>> is an arithmetic shift in C++20).
  const i64 bits = (t1 & 1) + (t2 & 1) + (t3 & 1);
  const i64 half = (t1 >> 1) + (t2 >> 1) + (t3 >> 1) + (bits >> 1);
  if (half != 0) return half > 0 ? 1 : -1;
  return static_cast<int>(bits & 1);
}

// p is on the line through u and v: is it strictly between them?
bool strictly_between(Point u, Point v, Point p) {
  const i64 ux = i64{p.x} - u.x, uy = i64{p.y} - u.y;
  const i64 vx = i64{p.x} - v.x, vy = i64{p.y} - v.y;
  return ux * vx + uy * vy < 0;  // the vectors to u and to v point in opposite directions
}

// Position of (x, y) along a Hilbert curve filling the 2^bits x 2^bits square; a bijection.
// Branch-free: the quadrant rotations are done with masks.
std::uint64_t hilbert_index(std::uint32_t x, std::uint32_t y, int bits) {
  std::uint64_t d = 0;
  for (int level = bits - 1; level >= 0; --level) {
    const std::uint32_t s = std::uint32_t{1} << level;
    const std::uint32_t rx = (x >> level) & 1, ry = (y >> level) & 1;
    d += (std::uint64_t{s} * s) * ((3 * rx) ^ ry);
    // Rotate the quadrant; only the bits below s matter from here on. If ry == 0: when
    // rx == 1, reflect (x, y) -> (s-1-x, s-1-y), which on those bits is x ^ (s-1); then swap.
    const std::uint32_t reflect = (0u - (rx & (ry ^ 1))) & (s - 1);
    x ^= reflect;
    y ^= reflect;
    const std::uint32_t swap = (x ^ y) & (0u - (ry ^ 1));
    x ^= swap;
    y ^= swap;
  }
  return d;
}

constexpr int next3(int i) {
  return i == 2 ? 0 : i + 1;
}

struct Triangle {
  std::array<int, 3> v;  // counter-clockwise; the ghost vertex G is outside every hull edge
  std::array<int, 3> n;  // n[i]: the triangle across the edge v[i] -> v[i + 1]
  std::uint32_t mark;    // == Triangulator::stamp_: in the cavity; stamp_ + 1: tested, not in it
};

class Triangulator {
 public:
  // Vertex i is points[i] and is inserted i-th; points[0..2] must not be collinear.
  explicit Triangulator(std::vector<Point> points)
      : points_(std::move(points)),
        ghost_(static_cast<int>(points_.size())),
        start_of_(points_.size() + 1, -1) {
    triangles_.reserve(2 * points_.size() + 2);
    start(0, 1, 2);
    for (int v = 3; v < ghost_; ++v)
      insert(v);
  }

  // Each edge once, its vertices renamed by `id` and ordered (a < b), sorted by (a, b).
  std::vector<Edge> edges(std::span<const int> id) const {
    const std::size_t n = points_.size();
    std::vector<int> rename(id.begin(), id.end());
    rename.push_back(-1);  // the ghost
    // 3n - 3 - h <= 3n - 3 edges; each half-edge is written at found[count] before count may
    // advance, so one more slot is needed.
    std::vector<Edge> found(3 * n - 2);
    std::size_t count = 0;
    for (const Triangle& t : triangles_) {
      for (std::size_t i = 0; i < 3; ++i) {
        const int u = t.v[i], v = t.v[(i + 1) % 3];
        const int a = rename[static_cast<std::size_t>(u)], b = rename[static_cast<std::size_t>(v)];
        found[count] = {std::min(a, b), std::max(a, b)};
        // Each edge appears once in each direction; v == ghost_ marks a hull edge's ghost.
        // (Written unconditionally and kept by advancing count: the test is a coin flip.)
        count += static_cast<std::size_t>(u < v) & static_cast<std::size_t>(v != ghost_);
      }
    }
    found.resize(count);
    // Two stable counting sorts: by b, then by a.
    std::vector<Edge> out(count);
    const auto counting_sort = [n](const std::vector<Edge>& from, std::vector<Edge>& to,
                                   int Edge::*field) {
      std::vector<std::size_t> offset(n + 1, 0);
      for (const Edge& e : from)
        ++offset[static_cast<std::size_t>(e.*field) + 1];
      for (std::size_t i = 0; i < n; ++i)
        offset[i + 1] += offset[i];
      for (const Edge& e : from)
        to[offset[static_cast<std::size_t>(e.*field)]++] = e;
    };
    counting_sort(found, out, &Edge::b);
    counting_sort(out, found, &Edge::a);
    return found;
  }

 private:
  struct BoundaryEdge {
    int a;  // the edge a -> b, counter-clockwise around the cavity
    int b;
    int outside;  // the triangle across it, outside the cavity (later: the new triangle)
    int back;     // the index of this edge within `outside`
  };

  Point at(int v) const { return points_[static_cast<std::size_t>(v)]; }
  Triangle& tri(int t) { return triangles_[static_cast<std::size_t>(t)]; }
  const Triangle& tri(int t) const { return triangles_[static_cast<std::size_t>(t)]; }
  bool is_ghost(const Triangle& t) const {
    return t.v[0] == ghost_ || t.v[1] == ghost_ || t.v[2] == ghost_;
  }

  // Is p strictly inside the circumdisk of triangle t (see the top of the file for ghosts)?
  bool in_conflict(const Triangle& t, Point p) const {
    const int a = t.v[0], b = t.v[1], c = t.v[2];
    if (c == ghost_) return ghost_conflict(a, b, p);
    if (a == ghost_) return ghost_conflict(b, c, p);
    if (b == ghost_) return ghost_conflict(c, a, p);
    return in_circle(at(a), at(b), at(c), p) > 0;
  }
  // Ghost triangle (u, v, G): the outside lies to the left of u -> v.
  bool ghost_conflict(int u, int v, Point p) const {
    const i64 o = orient(at(u), at(v), p);
    if (o != 0) return o > 0;
    return strictly_between(at(u), at(v), p);
  }

  int add_triangle() {
    triangles_.push_back({});
    return static_cast<int>(triangles_.size()) - 1;
  }

  void start(int a, int b, int c) {
    if (orient(at(a), at(b), at(c)) < 0) std::swap(a, b);
    const int real = add_triangle();
    const std::array<int, 3> ghosts{add_triangle(), add_triangle(), add_triangle()};
    const std::array<int, 3> v{a, b, c};
    tri(real).v = v;
    for (std::size_t i = 0; i < 3; ++i) {
      // Ghost i lies across edge v[i] -> v[i+1]; its edge (v[i+1], G) meets ghost i+1 and its
      // edge (G, v[i]) meets ghost i-1.
      const std::size_t next = (i + 1) % 3, prev = (i + 2) % 3;
      tri(ghosts[i]).v = {v[next], v[i], ghost_};
      tri(ghosts[i]).n = {real, ghosts[prev], ghosts[next]};
      tri(real).n[i] = ghosts[i];
    }
    last_ = real;
  }

  // A triangle whose circumdisk contains p: the real triangle containing p (closed), or a
  // ghost triangle whose hull edge has p strictly outside it.
  int locate(Point p) {
    int t = last_;
    int previous = -1;
    const std::size_t limit = 4 * triangles_.size() + 64;
    for (std::size_t step = 0; step < limit; ++step) {
      const Triangle& here = tri(t);
      // Remembering stochastic walk: start at a pseudo-random edge so that the walk cannot
      // cycle among cocircular triangles; the sequence is fixed, so the result is too.
      walk_state_ = walk_state_ * 1664525u + 1013904223u;
      int i = static_cast<int>(((walk_state_ >> 16) * 3u) >> 16);
      int next = -1;
      for (int k = 0; k < 3; ++k, i = next3(i)) {
        const int across = here.n[static_cast<std::size_t>(i)];
        if (across == previous) continue;
        const Point u = at(here.v[static_cast<std::size_t>(i)]);
        const Point v = at(here.v[static_cast<std::size_t>(next3(i))]);
        if (orient(u, v, p) < 0) {
          next = across;
          break;
        }
      }
      if (next < 0) return t;
      previous = t;
      t = next;
      if (is_ghost(tri(t))) return t;
    }
    return locate_by_scan(p);  // not expected to happen; kept as a guarantee of termination
  }

  int locate_by_scan(Point p) const {
    for (std::size_t i = 0; i < triangles_.size(); ++i) {
      const Triangle& t = triangles_[i];
      const bool found = is_ghost(t) ? in_conflict(t, p)
                                     : orient(at(t.v[0]), at(t.v[1]), p) >= 0 &&
                                           orient(at(t.v[1]), at(t.v[2]), p) >= 0 &&
                                           orient(at(t.v[2]), at(t.v[0]), p) >= 0;
      if (found) return static_cast<int>(i);
    }
    throw std::logic_error("delaunay_edges: point location failed");
  }

  void insert(int vertex) {
    const Point p = at(vertex);
    const int first = locate(p);
    stamp_ += 2;
    const std::uint32_t in_cavity = stamp_, outside = stamp_ + 1;

    // Grow the cavity from the located triangle; record its boundary edges as they are found.
    cavity_.clear();
    boundary_.clear();
    stack_.clear();
    tri(first).mark = in_cavity;
    cavity_.push_back(first);
    stack_.push_back(first);
    while (!stack_.empty()) {
      const int t = stack_.back();
      stack_.pop_back();
      for (std::size_t i = 0; i < 3; ++i) {
        const Triangle& here = tri(t);
        const int across = here.n[i];
        Triangle& other = tri(across);
        if (other.mark == in_cavity) continue;
        if (other.mark != outside && in_conflict(other, p)) {
          other.mark = in_cavity;
          cavity_.push_back(across);
          stack_.push_back(across);
          continue;
        }
        other.mark = outside;
        const int back = other.n[0] == t ? 0 : other.n[1] == t ? 1 : 2;
        boundary_.push_back({here.v[i], here.v[(i + 1) % 3], across, back});
      }
    }

    // Fan p to the boundary, reusing the cavity's slots (a cavity of k triangles has k + 2
    // boundary edges). New triangle (a, b, p) meets the outside across a -> b, the new triangle
    // starting at b across b -> p, and the one ending at a across p -> a.
    for (std::size_t i = 0; i < boundary_.size(); ++i) {
      BoundaryEdge& e = boundary_[i];
      const int t = i < cavity_.size() ? cavity_[i] : add_triangle();
      Triangle& fresh = tri(t);
      fresh.v = {e.a, e.b, vertex};
      fresh.n[0] = e.outside;
      tri(e.outside).n[static_cast<std::size_t>(e.back)] = t;
      start_of_[static_cast<std::size_t>(e.a)] = t;
      if (e.a != ghost_ && e.b != ghost_) last_ = t;
      e.outside = t;
    }
    for (const BoundaryEdge& e : boundary_) {
      const int next = start_of_[static_cast<std::size_t>(e.b)];
      tri(e.outside).n[1] = next;
      tri(next).n[2] = e.outside;
    }
  }

  std::vector<Point> points_;
  int ghost_;
  std::vector<Triangle> triangles_;
  std::uint32_t stamp_ = 0;
  std::vector<int> start_of_;  // per vertex: the new triangle whose boundary edge starts there
  std::vector<int> cavity_;
  std::vector<int> stack_;
  std::vector<BoundaryEdge> boundary_;
  int last_ = 0;  // a real triangle from the latest insertion: where the next walk starts
  std::uint32_t walk_state_ = 0x9e3779b9u;
};

std::vector<Edge> collinear_edges(std::span<const Point> points) {
  std::vector<int> order(points.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = static_cast<int>(i);
  // On one line, (y, x) order is the order along the line.
  std::sort(order.begin(), order.end(), [&](int i, int j) {
    return points[static_cast<std::size_t>(i)] < points[static_cast<std::size_t>(j)];
  });
  std::vector<Edge> out;
  out.reserve(order.size());
  for (std::size_t i = 1; i < order.size(); ++i)
    out.push_back({std::min(order[i - 1], order[i]), std::max(order[i - 1], order[i])});
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<Edge> delaunay_edges(std::span<const Point> points) {
  constexpr int limit = k_delaunay_coordinate_limit;
  if (points.size() > static_cast<std::size_t>(1) << 30)
    throw std::invalid_argument("delaunay_edges: too many points");
  if (points.empty()) return {};
  int min_x = points[0].x, max_x = points[0].x, min_y = points[0].y, max_y = points[0].y;
  for (const Point& p : points) {
    if (p.x < -limit || p.x > limit || p.y < -limit || p.y > limit)
      throw std::invalid_argument("delaunay_edges: coordinate out of range");
    min_x = std::min(min_x, p.x);
    max_x = std::max(max_x, p.x);
    min_y = std::min(min_y, p.y);
    max_y = std::max(max_y, p.y);
  }
  const auto extent = static_cast<std::uint32_t>(std::max(max_x - min_x, max_y - min_y));
  const int bits = static_cast<int>(std::bit_width(extent));  // <= 16

  // Hilbert order, ties (only duplicates tie: the index is a bijection) by input index.
  std::vector<std::uint64_t> keys(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto x = static_cast<std::uint32_t>(points[i].x - min_x);
    const auto y = static_cast<std::uint32_t>(points[i].y - min_y);
    keys[i] = (hilbert_index(x, y, bits) << 32) | i;
  }
  radix_sort_by_key(keys, 2 * bits);
  for (std::size_t i = 1; i < keys.size(); ++i)
    if (keys[i] >> 32 == keys[i - 1] >> 32)
      throw std::invalid_argument("delaunay_edges: duplicate points");
  if (points.size() < 2) return {};

  std::vector<int> order(points.size());
  for (std::size_t i = 0; i < keys.size(); ++i)
    order[i] = static_cast<int>(keys[i] & 0xffffffffu);

  // Start from the first two points and the first later one off their line.
  const auto point = [&](std::size_t i) { return points[static_cast<std::size_t>(order[i])]; };
  std::size_t third = 2;
  while (third < order.size() && orient(point(0), point(1), point(third)) == 0)
    ++third;
  if (third == order.size()) return collinear_edges(points);
  std::rotate(order.begin() + 2, order.begin() + static_cast<std::ptrdiff_t>(third),
              order.begin() + static_cast<std::ptrdiff_t>(third) + 1);

  // Triangulate a copy in insertion order (better locality), then rename back.
  std::vector<Point> sorted(points.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    sorted[i] = point(i);
  const Triangulator triangulation(std::move(sorted));
  return triangulation.edges(order);
}

}  // namespace yendor
