#include "yendor/gen/spanning_tree.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/gen/delaunay.hpp"

namespace yendor {
namespace {

std::int64_t weight(const std::vector<Point>& points, const Edge& e) {
  return distance_squared(points[static_cast<std::size_t>(e.a)],
                          points[static_cast<std::size_t>(e.b)]);
}

std::int64_t total_weight(const std::vector<Point>& points, const std::vector<Edge>& edges) {
  std::int64_t total = 0;
  for (const Edge& e : edges)
    total += weight(points, e);
  return total;
}

// Prim's algorithm on the complete graph, O(n^2): the weight of a Euclidean minimum spanning tree.
std::int64_t prim_weight(const std::vector<Point>& points) {
  const std::size_t n = points.size();
  if (n == 0) return 0;
  constexpr std::int64_t infinity = std::numeric_limits<std::int64_t>::max();
  std::vector<std::int64_t> best(n, infinity);
  std::vector<char> in_tree(n, 0);
  best[0] = 0;
  std::int64_t total = 0;
  for (std::size_t step = 0; step < n; ++step) {
    std::size_t next = n;
    for (std::size_t v = 0; v < n; ++v)
      if (!in_tree[v] && (next == n || best[v] < best[next])) next = v;
    in_tree[next] = 1;
    total += best[next];
    for (std::size_t v = 0; v < n; ++v)
      if (!in_tree[v]) best[v] = std::min(best[v], distance_squared(points[next], points[v]));
  }
  return total;
}

// Connected components of the graph (points, edges).
std::vector<int> components(std::size_t n, const std::vector<Edge>& edges) {
  std::vector<int> label(n);
  for (std::size_t i = 0; i < n; ++i)
    label[i] = static_cast<int>(i);
  // Relabel until stable: slow and obviously right.
  for (bool changed = true; changed;) {
    changed = false;
    for (const Edge& e : edges) {
      int& a = label[static_cast<std::size_t>(e.a)];
      int& b = label[static_cast<std::size_t>(e.b)];
      if (a != b) {
        a = b = std::min(a, b);
        changed = true;
      }
    }
  }
  return label;
}

int component_count(std::size_t n, const std::vector<Edge>& edges) {
  const auto label = components(n, edges);
  return static_cast<int>(std::set<int>(label.begin(), label.end()).size());
}

// Checks that `tree` is a minimum spanning forest of (points, graph) chosen by the stated rule.
testing::AssertionResult is_minimum_spanning_forest(const std::vector<Point>& points,
                                                    const std::vector<Edge>& graph,
                                                    const std::vector<Edge>& tree) {
  const std::size_t n = points.size();
  const std::set<Edge> available(graph.begin(), graph.end());
  for (const Edge& e : tree)
    if (!available.contains(e)) return testing::AssertionFailure() << "edge not in the input";
  // Acceptance order: ascending (weight, a, b).
  for (std::size_t i = 1; i < tree.size(); ++i) {
    const auto w0 = weight(points, tree[i - 1]), w1 = weight(points, tree[i]);
    if (w0 > w1 || (w0 == w1 && !(tree[i - 1] < tree[i])))
      return testing::AssertionFailure() << "not in Kruskal order at " << i;
  }
  // A forest spanning each component: n - c edges, and no edge joins two of its components.
  const int c = component_count(n, graph);
  if (tree.size() + static_cast<std::size_t>(c) != n)
    return testing::AssertionFailure()
           << tree.size() << " edges for " << n << " points in " << c << " components";
  if (component_count(n, tree) != c) return testing::AssertionFailure() << "not spanning";
  // Cycle property: every input edge outside the forest is at least as heavy as each forest
  // edge on the path between its endpoints.
  std::vector<std::vector<Edge>> adjacent(n);
  for (const Edge& e : tree) {
    adjacent[static_cast<std::size_t>(e.a)].push_back(e);
    adjacent[static_cast<std::size_t>(e.b)].push_back(e);
  }
  for (const Edge& e : graph) {
    if (e.a == e.b) continue;
    // Heaviest forest edge on the path from e.a, found by depth-first search.
    std::vector<std::int64_t> heaviest(n, -1);
    std::vector<int> stack{e.a};
    heaviest[static_cast<std::size_t>(e.a)] = 0;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      for (const Edge& f : adjacent[static_cast<std::size_t>(v)]) {
        const int w = f.a == v ? f.b : f.a;
        if (heaviest[static_cast<std::size_t>(w)] >= 0) continue;
        heaviest[static_cast<std::size_t>(w)] =
            std::max(heaviest[static_cast<std::size_t>(v)], weight(points, f));
        stack.push_back(w);
      }
    }
    if (heaviest[static_cast<std::size_t>(e.b)] > weight(points, e))
      return testing::AssertionFailure()
             << "a lighter edge (" << e.a << ", " << e.b << ") could replace a forest edge";
  }
  return testing::AssertionSuccess();
}

std::vector<Point> distinct_points(Rng& rng, int count, int extent) {
  std::set<Point> taken;
  std::vector<Point> points;
  count = std::min(count, (extent + 1) * (extent + 1));
  while (static_cast<int>(points.size()) < count) {
    const Point p{rng.range(0, extent), rng.range(0, extent)};
    if (taken.insert(p).second) points.push_back(p);
  }
  return points;
}

TEST(MinimumSpanningTree, SmallCaseAcceptsInWeightThenIndexOrder) {
  // A unit square: four sides of weight 1 (ties), two diagonals of weight 2.
  const std::vector<Point> points{{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  const std::vector<Edge> all{{2, 3}, {1, 2}, {0, 3}, {1, 3}, {0, 2}, {0, 1}};
  EXPECT_EQ(minimum_spanning_tree(points, all), (std::vector<Edge>{{0, 1}, {0, 2}, {1, 3}}));

  const std::vector<Point> line{{0, 0}, {10, 0}, {3, 0}};
  const std::vector<Edge> triangle{{0, 1}, {0, 2}, {1, 2}};
  EXPECT_EQ(minimum_spanning_tree(line, triangle), (std::vector<Edge>{{0, 2}, {1, 2}}));
}

TEST(MinimumSpanningTree, EmptyAndDegenerateInputs) {
  EXPECT_TRUE(minimum_spanning_tree({}, {}).empty());
  const std::vector<Point> one{{4, 4}};
  EXPECT_TRUE(minimum_spanning_tree(one, {}).empty());
  const std::vector<Edge> loop{{0, 0}};
  EXPECT_TRUE(minimum_spanning_tree(one, loop).empty());
  const std::vector<Point> two{{0, 0}, {3, 4}};
  EXPECT_TRUE(minimum_spanning_tree(two, {}).empty());  // disconnected: an empty forest
  const std::vector<Edge> repeated{{0, 1}, {0, 1}, {1, 1}};
  EXPECT_EQ(minimum_spanning_tree(two, repeated), (std::vector<Edge>{{0, 1}}));
}

TEST(MinimumSpanningTree, BadIndicesThrow) {
  const std::vector<Point> points{{0, 0}, {1, 0}};
  for (Edge bad : {Edge{0, 2}, Edge{-1, 1}, Edge{2, 3}}) {
    const std::vector<Edge> edges{{0, 1}, bad};
    EXPECT_THROW(minimum_spanning_tree(points, edges), std::invalid_argument);
  }
}

TEST(MinimumSpanningTree, DelaunayTreeWeighsTheSameAsBruteForcePrim) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    Rng rng(seed);
    // Small extents give many equal weights; larger ones, general position.
    const int extent = std::vector<int>{3, 10, 30, 1000, 20000}[seed % 5];
    std::vector<Point> points = distinct_points(rng, rng.range(0, 200), extent);
    if (seed % 7 == 0) {  // all on one line
      points.clear();
      std::set<int> used;
      const int count = rng.range(0, 50);
      while (static_cast<int>(points.size()) < count)
        if (const int t = rng.range(0, 500); used.insert(t).second) points.push_back({t, 2 * t});
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + ", n " + std::to_string(points.size()));
    const auto graph = delaunay_edges(points);
    const auto tree = minimum_spanning_tree(points, graph);
    EXPECT_EQ(total_weight(points, tree), prim_weight(points));
    EXPECT_EQ(tree.size(), points.empty() ? 0 : points.size() - 1);
    EXPECT_TRUE(is_minimum_spanning_forest(points, graph, tree));
  }
}

TEST(MinimumSpanningTree, ForestOfASparseGraph) {
  // Random subsets of the Delaunay edges: several components, a spanning forest of each.
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    const std::vector<Point> points = distinct_points(rng, rng.range(1, 120), 25);
    std::vector<Edge> graph;
    for (const Edge& e : delaunay_edges(points))
      if (rng.below(3) != 0) graph.push_back(e);
    const auto tree = minimum_spanning_tree(points, graph);
    EXPECT_TRUE(is_minimum_spanning_forest(points, graph, tree)) << "seed " << seed;
  }
}

TEST(MinimumSpanningTree, TiesAreBrokenByIndicesNotInputOrder) {
  // A full grid: every side has the same weight, so only the (a, b) rule decides.
  std::vector<Point> grid;
  for (int y = 0; y < 12; ++y)
    for (int x = 0; x < 12; ++x)
      grid.push_back({x, y});
  std::vector<Edge> edges = delaunay_edges(grid);
  const auto expected = minimum_spanning_tree(grid, edges);
  EXPECT_TRUE(is_minimum_spanning_forest(grid, edges, expected));
  Rng rng(99);
  for (int round = 0; round < 20; ++round) {
    rng.shuffle(edges);
    EXPECT_EQ(minimum_spanning_tree(grid, edges), expected);
  }
  // Unit sides all tie (diagonals weigh 2), so the tree starts with the smallest indices.
  ASSERT_EQ(expected.size(), 143u);
  EXPECT_EQ(std::vector<Edge>(expected.begin(), expected.begin() + 4),
            (std::vector<Edge>{{0, 1}, {0, 12}, {1, 2}, {1, 13}}));
}

TEST(MinimumSpanningTree, LargeWeightsFollowTheSameRules) {
  // Weights of 2^32 and more take another sorting path; scaling a grid must not change its tree.
  std::vector<Point> grid, scaled;
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 9; ++x) {
      grid.push_back({x, y});
      scaled.push_back({x * 100000 - 400000, y * 100000 - 400000});
    }
  }
  std::vector<Edge> edges = delaunay_edges(grid);
  Rng rng(5);
  rng.shuffle(edges);
  const auto tree = minimum_spanning_tree(scaled, edges);
  EXPECT_EQ(tree, minimum_spanning_tree(grid, edges));
  EXPECT_TRUE(is_minimum_spanning_forest(scaled, edges, tree));

  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Rng points_rng(seed);
    std::vector<Point> points;
    const int n = points_rng.range(1, 40);
    for (int i = 0; i < n; ++i)
      points.push_back({points_rng.range(-1000000, 1000000), points_rng.range(-1000000, 1000000)});
    std::vector<Edge> complete;
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        complete.push_back({a, b});
    points_rng.shuffle(complete);
    const auto forest = minimum_spanning_tree(points, complete);
    EXPECT_EQ(total_weight(points, forest), prim_weight(points)) << "seed " << seed;
    EXPECT_TRUE(is_minimum_spanning_forest(points, complete, forest)) << "seed " << seed;
  }
}

}  // namespace
}  // namespace yendor
