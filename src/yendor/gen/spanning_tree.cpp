#include "yendor/gen/spanning_tree.hpp"

#include "yendor/core/radix_sort.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace yendor {
namespace {

// Union-find with union by size and path halving.
class DisjointSets {
 public:
  explicit DisjointSets(std::size_t n) : parent_(n), size_(n, 1) {
    for (std::size_t i = 0; i < n; ++i)
      parent_[i] = static_cast<int>(i);
  }

  int find(int v) {
    while (parent_[static_cast<std::size_t>(v)] != v) {
      int& p = parent_[static_cast<std::size_t>(v)];
      p = parent_[static_cast<std::size_t>(p)];
      v = p;
    }
    return v;
  }

  // Joins the sets of a and b; false when they were already one set.
  bool unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (size_[static_cast<std::size_t>(a)] < size_[static_cast<std::size_t>(b)]) std::swap(a, b);
    parent_[static_cast<std::size_t>(b)] = a;
    size_[static_cast<std::size_t>(a)] += size_[static_cast<std::size_t>(b)];
    return true;
  }

 private:
  std::vector<int> parent_;
  std::vector<int> size_;
};

// Sorts `edges` by (weight, a, b), where weight[i] belongs to edges[i] and edges is already in
// (a, b) order: a stable sort by weight. Weights below 2^32 (always so for coordinates within
// +-23000, e.g. Delaunay input) use an LSD radix sort on (weight << 32 | position), heavier ones
// a stable merge sort.
void sort_by_weight(std::vector<Edge>& edges, const std::vector<std::int64_t>& weight) {
  const std::int64_t heaviest =
      weight.empty() ? 0 : *std::max_element(weight.begin(), weight.end());
  const std::vector<Edge> by_position = edges;
  if (heaviest >= 0 && heaviest < (std::int64_t{1} << 32) &&
      edges.size() < (std::size_t{1} << 32)) {
    std::vector<std::uint64_t> keys(edges.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
      keys[i] = (static_cast<std::uint64_t>(weight[i]) << 32) | i;
    radix_sort_by_key(keys, static_cast<int>(std::bit_width(static_cast<std::uint64_t>(heaviest))));
    for (std::size_t i = 0; i < keys.size(); ++i)
      edges[i] = by_position[keys[i] & 0xffffffffu];
    return;
  }
  std::vector<std::size_t> order(edges.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t l, std::size_t r) { return weight[l] < weight[r]; });
  for (std::size_t i = 0; i < order.size(); ++i)
    edges[i] = by_position[order[i]];
}

}  // namespace

std::vector<Edge> minimum_spanning_tree(std::span<const Point> points,
                                        std::span<const Edge> edges) {
  const std::size_t n = points.size();
  for (const Edge& e : edges) {
    if (e.a < 0 || e.b < 0 || static_cast<std::size_t>(e.a) >= n ||
        static_cast<std::size_t>(e.b) >= n)
      throw std::invalid_argument("minimum_spanning_tree: edge refers to a missing point");
  }
  std::vector<Edge> sorted(edges.begin(), edges.end());
  if (!std::is_sorted(sorted.begin(), sorted.end())) std::sort(sorted.begin(), sorted.end());
  std::vector<std::int64_t> weight(sorted.size());
  for (std::size_t i = 0; i < sorted.size(); ++i)
    weight[i] = distance_squared(points[static_cast<std::size_t>(sorted[i].a)],
                                 points[static_cast<std::size_t>(sorted[i].b)]);
  sort_by_weight(sorted, weight);

  std::vector<Edge> tree;
  if (n == 0) return tree;
  tree.reserve(std::min(n - 1, sorted.size()));
  DisjointSets sets(n);
  for (const Edge& e : sorted) {
    if (tree.size() == n - 1) break;  // spanning already
    if (sets.unite(e.a, e.b)) tree.push_back(e);
  }
  return tree;
}

}  // namespace yendor
