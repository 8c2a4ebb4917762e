#include "yendor/gen/delaunay.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "yendor/core/rng.hpp"

namespace yendor {
namespace {

// The checks below use their own exact arithmetic (128-bit), independent of delaunay.cpp.
__extension__ typedef __int128 Int128;

int sign(Int128 v) {
  return (v > 0) - (v < 0);
}

int orientation(Point a, Point b, Point c) {
  const Int128 abx = b.x - a.x, aby = b.y - a.y, acx = c.x - a.x, acy = c.y - a.y;
  return sign(abx * acy - aby * acx);
}

// > 0: d strictly inside the circle through the counter-clockwise triangle a, b, c.
int in_circumcircle(Point a, Point b, Point c, Point d) {
  const Int128 adx = a.x - d.x, ady = a.y - d.y, bdx = b.x - d.x, bdy = b.y - d.y;
  const Int128 cdx = c.x - d.x, cdy = c.y - d.y;
  const Int128 al = adx * adx + ady * ady, bl = bdx * bdx + bdy * bdy, cl = cdx * cdx + cdy * cdy;
  return sign(al * (bdx * cdy - bdy * cdx) - bl * (adx * cdy - ady * cdx) +
              cl * (adx * bdy - ady * bdx));
}

// p lies on the segment a-b, endpoints included.
bool on_closed_segment(Point p, Point a, Point b) {
  return orientation(a, b, p) == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
         std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
}

bool segments_intersect(Point a, Point b, Point c, Point d) {
  const int o1 = orientation(a, b, c), o2 = orientation(a, b, d);
  const int o3 = orientation(c, d, a), o4 = orientation(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return on_closed_segment(c, a, b) || on_closed_segment(d, a, b) || on_closed_segment(a, c, d) ||
         on_closed_segment(b, c, d);
}

bool all_collinear(const std::vector<Point>& points) {
  for (std::size_t i = 2; i < points.size(); ++i)
    if (orientation(points[0], points[1], points[i]) != 0) return false;
  return true;
}

// Number of points on the boundary of the convex hull (corners and points along its edges).
int hull_boundary_count(const std::vector<Point>& points) {
  std::vector<Point> sorted = points;
  std::sort(sorted.begin(), sorted.end(),
            [](Point a, Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  std::vector<Point> hull;  // strict corners, counter-clockwise (monotone chain)
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t base = hull.size();
    for (const Point& p : sorted) {
      while (hull.size() >= base + 2 && orientation(hull[hull.size() - 2], hull.back(), p) <= 0)
        hull.pop_back();
      hull.push_back(p);
    }
    hull.pop_back();
    std::reverse(sorted.begin(), sorted.end());
  }
  int count = 0;
  for (const Point& p : points) {
    for (std::size_t i = 0; i < hull.size(); ++i) {
      if (on_closed_segment(p, hull[i], hull[(i + 1) % hull.size()])) {
        ++count;
        break;
      }
    }
  }
  return count;
}

// Verifies that `edges` is the Delaunay triangulation of `points` (see the header's contract),
// by brute force.
testing::AssertionResult is_delaunay(const std::vector<Point>& points,
                                     const std::vector<Edge>& edges) {
  const int n = static_cast<int>(points.size());
  const auto at = [&](int i) { return points[static_cast<std::size_t>(i)]; };
  const auto edge_text = [](const Edge& e) {
    return "(" + std::to_string(e.a) + ", " + std::to_string(e.b) + ")";
  };
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Edge& e = edges[i];
    if (e.a < 0 || e.a >= e.b || e.b >= n)
      return testing::AssertionFailure() << "bad edge " << edge_text(e);
    if (i > 0 && !(edges[i - 1] < e))
      return testing::AssertionFailure() << "not sorted or repeated at " << edge_text(e);
  }
  if (n <= 1) {
    if (!edges.empty()) return testing::AssertionFailure() << "edges for n <= 1";
    return testing::AssertionSuccess();
  }

  std::vector<std::vector<int>> adjacent(static_cast<std::size_t>(n));
  for (const Edge& e : edges) {
    adjacent[static_cast<std::size_t>(e.a)].push_back(e.b);
    adjacent[static_cast<std::size_t>(e.b)].push_back(e.a);
  }
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  std::vector<int> stack{0};
  seen[0] = 1;
  int reached = 1;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (int w : adjacent[static_cast<std::size_t>(v)]) {
      if (seen[static_cast<std::size_t>(w)]) continue;
      seen[static_cast<std::size_t>(w)] = 1;
      ++reached;
      stack.push_back(w);
    }
  }
  if (reached != n) return testing::AssertionFailure() << "not connected";

  // Planar straight-line graph: no edge runs through a point, no two edges cross or touch
  // except at a shared endpoint.
  for (const Edge& e : edges) {
    for (int p = 0; p < n; ++p) {
      if (p != e.a && p != e.b && on_closed_segment(at(p), at(e.a), at(e.b)))
        return testing::AssertionFailure() << "edge " << edge_text(e) << " runs through " << p;
    }
  }
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Point a = at(edges[i].a), b = at(edges[i].b);
    for (std::size_t j = i + 1; j < edges.size(); ++j) {
      const Edge& f = edges[j];
      if (f.a == edges[i].a || f.a == edges[i].b || f.b == edges[i].a || f.b == edges[i].b)
        continue;
      const Point c = at(f.a), d = at(f.b);
      if (std::max(c.x, d.x) < std::min(a.x, b.x) || std::max(a.x, b.x) < std::min(c.x, d.x) ||
          std::max(c.y, d.y) < std::min(a.y, b.y) || std::max(a.y, b.y) < std::min(c.y, d.y))
        continue;
      if (segments_intersect(a, b, c, d))
        return testing::AssertionFailure()
               << "edges " << edge_text(edges[i]) << " and " << edge_text(f) << " cross";
    }
  }

  if (all_collinear(points)) {
    // A path along the line: consecutive points in (y, x) order, which is the line's order.
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      order[static_cast<std::size_t>(i)] = i;
    std::sort(order.begin(), order.end(), [&](int i, int j) { return at(i) < at(j); });
    std::vector<Edge> expected;
    for (std::size_t i = 1; i < order.size(); ++i)
      expected.push_back({std::min(order[i - 1], order[i]), std::max(order[i - 1], order[i])});
    std::sort(expected.begin(), expected.end());
    if (edges != expected) return testing::AssertionFailure() << "collinear: not the path";
    return testing::AssertionSuccess();
  }

  // A triangulation of n points with h on the hull boundary has 3n - 3 - h edges and
  // 2n - 2 - h triangles. With no crossings, the right edge count makes it a triangulation.
  const int h = hull_boundary_count(points);
  if (static_cast<int>(edges.size()) != 3 * n - 3 - h)
    return testing::AssertionFailure() << "edge count " << edges.size() << ", expected "
                                       << 3 * n - 3 - h << " (n = " << n << ", h = " << h << ")";

  // Faces: 3-cycles with no point inside (a 3-cycle around a point is not a face).
  std::vector<std::set<int>> neighbours(static_cast<std::size_t>(n));
  for (const Edge& e : edges) {
    neighbours[static_cast<std::size_t>(e.a)].insert(e.b);
    neighbours[static_cast<std::size_t>(e.b)].insert(e.a);
  }
  int faces = 0;
  for (const Edge& e : edges) {
    for (int c : neighbours[static_cast<std::size_t>(e.b)]) {
      if (c <= e.b || !neighbours[static_cast<std::size_t>(e.a)].contains(c)) continue;
      int a = e.a, b = e.b;
      const int turn = orientation(at(a), at(b), at(c));
      if (turn == 0) return testing::AssertionFailure() << "flat triangle";
      if (turn < 0) std::swap(a, b);
      bool empty = true;
      for (int p = 0; p < n && empty; ++p) {
        if (p == a || p == b || p == c) continue;
        empty = !(orientation(at(a), at(b), at(p)) >= 0 && orientation(at(b), at(c), at(p)) >= 0 &&
                  orientation(at(c), at(a), at(p)) >= 0);
      }
      if (!empty) continue;
      ++faces;
      for (int p = 0; p < n; ++p) {
        if (p != a && p != b && p != c && in_circumcircle(at(a), at(b), at(c), at(p)) > 0)
          return testing::AssertionFailure()
                 << "point " << p << " inside the circumcircle of " << a << ", " << b << ", " << c;
      }
    }
  }
  if (faces != 2 * n - 2 - h)
    return testing::AssertionFailure() << faces << " faces, expected " << 2 * n - 2 - h;
  return testing::AssertionSuccess();
}

std::vector<Point> distinct_points(Rng& rng, int count, int x0, int x1, int y0, int y1) {
  const long long room = static_cast<long long>(x1 - x0 + 1) * (y1 - y0 + 1);
  count = static_cast<int>(std::min<long long>(count, room));
  std::set<Point> taken;
  std::vector<Point> points;
  while (static_cast<int>(points.size()) < count) {
    const Point p{rng.range(x0, x1), rng.range(y0, y1)};
    if (taken.insert(p).second) points.push_back(p);
  }
  return points;
}

// `count` distinct points on a random line through the box [-limit, limit]^2.
std::vector<Point> collinear_points(Rng& rng, int count, int limit) {
  const Point step{rng.range(-3, 3), rng.range(-3, 3)};
  const Point direction = step == Point{0, 0} ? Point{1, 0} : step;
  const int reach = limit / 4;
  const Point base{rng.range(-reach, reach), rng.range(-reach, reach)};
  const int span = std::max(count, reach / 3);
  std::set<int> used;
  std::vector<Point> points;
  while (static_cast<int>(points.size()) < count) {
    const int t = rng.range(-span, span);
    if (used.insert(t).second) points.push_back(base + direction * t);
  }
  return points;
}

// Lattice points on the circle of radius r around c (many cocircular points).
std::vector<Point> circle_points(Point c, int r) {
  std::vector<Point> points;
  for (int x = -r; x <= r; ++x) {
    const long long y2 = static_cast<long long>(r) * r - static_cast<long long>(x) * x;
    auto y = static_cast<long long>(std::sqrt(static_cast<double>(y2)));
    while (y * y > y2)
      --y;
    while ((y + 1) * (y + 1) <= y2)
      ++y;
    if (y * y != y2) continue;
    points.push_back(c + Point{x, static_cast<int>(y)});
    if (y != 0) points.push_back(c + Point{x, static_cast<int>(-y)});
  }
  return points;
}

// A random point set of one of several kinds, chosen so that degenerate cases are common.
std::vector<Point> random_point_set(Rng& rng, int kind) {
  constexpr int limit = k_delaunay_coordinate_limit;
  std::vector<Point> points;
  switch (kind) {
    case 0: {  // a few cells of a tiny grid: collinear and cocircular everywhere
      const int w = rng.range(1, 8), h = rng.range(1, 8);
      points = distinct_points(rng, rng.range(0, w * h), 0, w - 1, 0, h - 1);
      break;
    }
    case 1:  // a small box, up to 300 points
      points = distinct_points(rng, rng.range(0, 300), 0, rng.range(5, 40), 0, rng.range(5, 40));
      break;
    case 2:  // the whole coordinate range
      points = distinct_points(rng, rng.range(0, 300), -limit, limit, -limit, limit);
      break;
    case 3:  // all on one line
      points = collinear_points(rng, rng.range(0, 60), limit);
      break;
    case 4: {  // one line plus one or two points off it
      points = collinear_points(rng, rng.range(2, 40), limit / 2);
      std::set<Point> taken(points.begin(), points.end());
      for (int extra = rng.range(1, 2); extra > 0;) {
        const Point p{rng.range(-limit / 2, limit / 2), rng.range(-limit / 2, limit / 2)};
        if (taken.insert(p).second) {
          points.push_back(p);
          --extra;
        }
      }
      break;
    }
    case 5: {  // cocircular lattice points, their centre, and a few others nearby
      const int r = std::vector<int>{5, 25, 65, 85, 325}[rng.below(5)];
      points = circle_points({rng.range(-100, 100), rng.range(-100, 100)}, r);
      std::set<Point> taken(points.begin(), points.end());
      const int others = rng.range(0, 20);
      for (int i = 0; i < others; ++i) {
        const Point p{rng.range(-r - 100, r + 100), rng.range(-r - 100, r + 100)};
        if (taken.insert(p).second) points.push_back(p);
      }
      break;
    }
    case 6: {  // a coarse lattice spanning the whole range: large and cocircular
      const int cells = rng.range(2, 9);
      const int pitch = 2 * limit / (cells - 1);
      std::vector<Point> lattice;
      for (int i = 0; i < cells; ++i)
        for (int j = 0; j < cells; ++j)
          lattice.push_back({-limit + i * pitch, -limit + j * pitch});
      rng.shuffle(lattice);
      lattice.resize(rng.below(static_cast<std::uint32_t>(lattice.size())) + 1);
      points = lattice;
      break;
    }
    default: {  // points on a few parallel lines
      const int lines = rng.range(2, 4);
      std::set<Point> taken;
      for (int l = 0; l < lines; ++l) {
        const int count = rng.range(1, 30);
        for (int i = 0; i < count; ++i) {
          const Point p{rng.range(-50, 50), 7 * l};
          if (taken.insert(p).second) points.push_back(p);
        }
      }
      break;
    }
  }
  rng.shuffle(points);
  return points;
}

TEST(Delaunay, CheckerRejectsWrongAnswers) {
  // The brute-force checker used below must be able to fail.
  const std::vector<Point> kite{{0, 0}, {10, -1}, {20, 0}, {10, 1}};
  const std::vector<Edge> right{{0, 1}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  EXPECT_TRUE(is_delaunay(kite, right));
  EXPECT_FALSE(is_delaunay(kite, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {2, 3}}));  // long diagonal
  EXPECT_FALSE(is_delaunay(kite, {{0, 1}, {0, 3}, {1, 2}, {2, 3}}));          // missing edge
  EXPECT_FALSE(is_delaunay(kite, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));  // crossing
  EXPECT_FALSE(is_delaunay(kite, {{0, 1}, {1, 2}, {0, 3}, {1, 3}, {2, 3}}));          // unsorted
  EXPECT_FALSE(is_delaunay(kite, {{0, 1}, {0, 3}, {1, 2}, {1, 3}, {1, 3}, {2, 3}}));  // repeated
  const std::vector<Point> line{{0, 0}, {1, 1}, {2, 2}};
  EXPECT_TRUE(is_delaunay(line, {{0, 1}, {1, 2}}));
  EXPECT_FALSE(is_delaunay(line, {{0, 1}, {0, 2}}));  // runs through point 1
  // A fan from one corner of a regular hexagon-like set: valid triangulation, not Delaunay.
  const std::vector<Point> hexagon{{0, 0}, {4, 0}, {6, 3}, {4, 6}, {0, 6}, {-2, 3}};
  EXPECT_FALSE(is_delaunay(
      hexagon, {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}));
  EXPECT_TRUE(is_delaunay(hexagon, delaunay_edges(hexagon)));
}

TEST(Delaunay, NoPointsOrOnePointGiveNoEdges) {
  EXPECT_TRUE(delaunay_edges({}).empty());
  const std::vector<Point> one{{3, -7}};
  EXPECT_TRUE(delaunay_edges(one).empty());
}

TEST(Delaunay, TwoPointsGiveOneEdge) {
  const std::vector<Point> two{{5, 5}, {-20000, 20000}};
  EXPECT_EQ(delaunay_edges(two), (std::vector<Edge>{{0, 1}}));
}

TEST(Delaunay, CollinearPointsArePathAlongTheLine) {
  const std::vector<Point> points{{4, 4}, {0, 0}, {2, 2}, {1, 1}, {-3, -3}};
  EXPECT_EQ(delaunay_edges(points), (std::vector<Edge>{{0, 2}, {1, 3}, {1, 4}, {2, 3}}));
  const std::vector<Point> vertical{{0, 9}, {0, -2}, {0, 4}};
  EXPECT_EQ(delaunay_edges(vertical), (std::vector<Edge>{{0, 2}, {1, 2}}));
}

TEST(Delaunay, TriangleAndSquare) {
  const std::vector<Point> triangle{{0, 0}, {10, 0}, {3, 8}};
  EXPECT_EQ(delaunay_edges(triangle), (std::vector<Edge>{{0, 1}, {0, 2}, {1, 2}}));

  // Cocircular: either diagonal is valid, but exactly one appears, and always the same one.
  const std::vector<Point> square{{0, 0}, {4, 0}, {4, 4}, {0, 4}};
  const auto edges = delaunay_edges(square);
  ASSERT_EQ(edges.size(), 5u);
  EXPECT_TRUE(is_delaunay(square, edges));
  const bool d02 = std::find(edges.begin(), edges.end(), Edge{0, 2}) != edges.end();
  const bool d13 = std::find(edges.begin(), edges.end(), Edge{1, 3}) != edges.end();
  EXPECT_NE(d02, d13);
  EXPECT_EQ(delaunay_edges(square), edges);
}

TEST(Delaunay, KnownSmallCase) {
  // A point inside a triangle joins all three corners.
  const std::vector<Point> points{{0, 0}, {10, 0}, {5, 9}, {5, 3}};
  EXPECT_EQ(delaunay_edges(points),
            (std::vector<Edge>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  // Thin quadrilateral: the short diagonal is the Delaunay one.
  const std::vector<Point> kite{{0, 0}, {10, -1}, {20, 0}, {10, 1}};
  EXPECT_EQ(delaunay_edges(kite), (std::vector<Edge>{{0, 1}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
}

TEST(Delaunay, FullGridIsTriangulated) {
  for (int side : {2, 3, 10, 17}) {
    std::vector<Point> grid;
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x)
        grid.push_back({x, y});
    const auto edges = delaunay_edges(grid);
    EXPECT_TRUE(is_delaunay(grid, edges)) << "side " << side;
    const int n = side * side, h = 4 * (side - 1);
    EXPECT_EQ(static_cast<int>(edges.size()), 3 * n - 3 - h);
  }
}

TEST(Delaunay, RandomSetsSatisfyEveryProperty) {
  for (std::uint64_t seed = 0; seed < 480; ++seed) {
    Rng rng(seed);
    const int kind = static_cast<int>(seed % 8);
    const std::vector<Point> points = random_point_set(rng, kind);
    SCOPED_TRACE("seed " + std::to_string(seed) + ", kind " + std::to_string(kind) + ", n " +
                 std::to_string(points.size()));
    const auto edges = delaunay_edges(points);
    ASSERT_TRUE(is_delaunay(points, edges));
    EXPECT_EQ(delaunay_edges(points), edges);  // deterministic
  }
}

TEST(Delaunay, ExtremeCoordinatesAreExact) {
  // Every point of a lattice at the corners and centre of the range, plus cocircular lattice
  // points of a circle of radius 16250 (108 of them): in-circle terms near their maximum.
  constexpr int m = k_delaunay_coordinate_limit;
  std::vector<Point> points;
  for (int x : {-m, -m + 1, -1, 0, 1, m - 1, m})
    for (int y : {-m, -m + 1, -1, 0, 1, m - 1, m})
      points.push_back({x, y});
  EXPECT_TRUE(is_delaunay(points, delaunay_edges(points)));

  std::vector<Point> circle = circle_points({0, 0}, 16250);
  ASSERT_EQ(circle.size(), 108u);
  EXPECT_TRUE(is_delaunay(circle, delaunay_edges(circle)));
  circle.push_back({0, 0});
  circle.push_back({m, m});
  circle.push_back({-m, m});
  circle.push_back({-m, -1});
  EXPECT_TRUE(is_delaunay(circle, delaunay_edges(circle)));

  // Nearly flat triangles spanning the range.
  const std::vector<Point> sliver{{-m, -m}, {m, m - 1}, {m - 1, m}, {0, 1}, {1, 0}, {-m, -m + 1}};
  EXPECT_TRUE(is_delaunay(sliver, delaunay_edges(sliver)));
}

TEST(Delaunay, UniqueTriangulationDoesNotDependOnInputOrder) {
  // In general position the Delaunay triangulation is unique, so permuting the input only
  // renames the edges. Sets with four cocircular points are skipped (checked by brute force).
  int compared = 0;
  for (std::uint64_t seed = 1000; seed < 1040; ++seed) {
    Rng rng(seed);
    constexpr int m = k_delaunay_coordinate_limit;
    const std::vector<Point> points = distinct_points(rng, rng.range(3, 200), -m, m, -m, m);
    const auto edges = delaunay_edges(points);
    bool unique = true;
    std::vector<std::set<int>> neighbours(points.size());
    for (const Edge& e : edges) {
      neighbours[static_cast<std::size_t>(e.a)].insert(e.b);
      neighbours[static_cast<std::size_t>(e.b)].insert(e.a);
    }
    for (const Edge& e : edges) {
      for (int c : neighbours[static_cast<std::size_t>(e.a)]) {
        if (!neighbours[static_cast<std::size_t>(e.b)].contains(c)) continue;
        const Point a = points[static_cast<std::size_t>(e.a)],
                    b = points[static_cast<std::size_t>(e.b)],
                    p = points[static_cast<std::size_t>(c)];
        if (orientation(a, b, p) == 0) continue;
        for (const Point& q : points)
          if (q != a && q != b && q != p && in_circumcircle(a, b, p, q) == 0) unique = false;
      }
    }
    if (!unique) continue;
    ++compared;

    std::vector<int> permutation(points.size());
    for (std::size_t i = 0; i < permutation.size(); ++i)
      permutation[i] = static_cast<int>(i);
    rng.shuffle(permutation);
    std::vector<Point> shuffled(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
      shuffled[static_cast<std::size_t>(permutation[i])] = points[i];
    std::vector<Edge> renamed;
    for (const Edge& e : edges) {
      const int a = permutation[static_cast<std::size_t>(e.a)];
      const int b = permutation[static_cast<std::size_t>(e.b)];
      renamed.push_back({std::min(a, b), std::max(a, b)});
    }
    std::sort(renamed.begin(), renamed.end());
    EXPECT_EQ(delaunay_edges(shuffled), renamed) << "seed " << seed;
  }
  EXPECT_GT(compared, 30);
}

TEST(Delaunay, DuplicatePointsThrow) {
  const std::vector<Point> two{{1, 2}, {1, 2}};
  EXPECT_THROW(delaunay_edges(two), std::invalid_argument);
  const std::vector<Point> collinear{{0, 0}, {1, 1}, {2, 2}, {1, 1}};
  EXPECT_THROW(delaunay_edges(collinear), std::invalid_argument);
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    Rng rng(seed);
    std::vector<Point> points = random_point_set(rng, static_cast<int>(seed % 8));
    if (points.empty()) continue;
    points.push_back(points[rng.below(static_cast<std::uint32_t>(points.size()))]);
    rng.shuffle(points);
    EXPECT_THROW(delaunay_edges(points), std::invalid_argument) << "seed " << seed;
  }
}

TEST(Delaunay, CoordinatesBeyondTheLimitThrow) {
  constexpr int m = k_delaunay_coordinate_limit;
  const std::vector<Point> corners{{-m, -m}, {m, -m}, {m, m}, {-m, m}};
  EXPECT_EQ(delaunay_edges(corners).size(), 5u);
  for (Point bad : {Point{m + 1, 0}, Point{0, -m - 1}, Point{-m - 1, m}, Point{0, m + 1}}) {
    std::vector<Point> points{{0, 0}, {1, 0}, {0, 1}};
    points.push_back(bad);
    EXPECT_THROW(delaunay_edges(points), std::invalid_argument);
  }
}

}  // namespace
}  // namespace yendor
