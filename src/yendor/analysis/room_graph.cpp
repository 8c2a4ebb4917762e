#include "yendor/analysis/room_graph.hpp"

#include <algorithm>

#include "yendor/analysis/cell_mask.hpp"
#include "yendor/analysis/room_cells.hpp"

namespace yendor::analysis {

namespace {

constexpr std::uint8_t k_area = 1;
constexpr std::uint8_t k_walked = 2;  // a degree-2 passage cell already on a counted run

// Union-find over node ids, for the graph's connected components.
class Components {
 public:
  std::int32_t add() {
    parent_.push_back(static_cast<std::int32_t>(parent_.size()));
    return parent_.back();
  }
  void unite(std::int32_t a, std::int32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
  }
  std::size_t size() const { return parent_.size(); }
  std::int64_t count() {
    std::int64_t roots = 0;
    for (std::size_t i = 0; i < parent_.size(); ++i)
      roots += find(static_cast<std::int32_t>(i)) == static_cast<std::int32_t>(i) ? 1 : 0;
    return roots;
  }

 private:
  std::int32_t find(std::int32_t a) {
    while (parent_[static_cast<std::size_t>(a)] != a) {
      auto& p = parent_[static_cast<std::size_t>(a)];
      p = parent_[static_cast<std::size_t>(p)];  // path halving
      a = p;
    }
    return a;
  }
  std::vector<std::int32_t> parent_;
};

}  // namespace

std::int64_t RoomGraph::dead_end_areas() const {
  return std::count(area_degrees.begin(), area_degrees.end(), 1);
}

RoomGraph build_room_graph(const Level& level) {
  const CellMask mask(level.tiles);
  const Grid<std::uint8_t> in_room = room_cells(level);
  const int w = mask.width(), h = mask.height();
  const auto stride = static_cast<std::ptrdiff_t>(mask.stride());
  std::ptrdiff_t offsets[4];
  for (int d = 0; d < 4; ++d)
    offsets[d] = mask.offset(d);
  const auto step = [](std::size_t i, std::ptrdiff_t o) {
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + o);
  };

  // Area cells: room cells, and every cell of a 2x2 block of traversable cells.
  std::vector<std::uint8_t> kind(mask.padded_cells(), 0);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t i = mask.index({x, y});
      if (mask.open(i) && in_room[Point{x, y}] != 0) kind[i] = k_area;
    }
  std::int64_t blocks = 0;
  for (int y = 0; y + 1 < h; ++y)
    for (int x = 0; x + 1 < w; ++x) {
      const std::size_t i = mask.index({x, y});
      const std::size_t below = step(i, stride);
      if (mask.open(i) && mask.open(i + 1) && mask.open(below) && mask.open(below + 1)) {
        kind[i] = kind[i + 1] = kind[below] = kind[below + 1] = k_area;
        ++blocks;
      }
    }

  // Areas, numbered in scan order; their own cells and links count their holes.
  RoomGraph graph;
  std::vector<std::int32_t> node(mask.padded_cells(), -1);
  Components components;
  std::vector<std::uint32_t> queue;
  std::int64_t area_cells = 0, area_links = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t start = mask.index({x, y});
      if (kind[start] != k_area || node[start] != -1) continue;
      const std::int32_t id = components.add();
      queue.assign(1, static_cast<std::uint32_t>(start));
      node[start] = id;
      for (std::size_t head = 0; head < queue.size(); ++head) {
        const std::size_t i = queue[head];
        ++area_cells;
        area_links += (kind[i + 1] == k_area ? 1 : 0) + (kind[step(i, stride)] == k_area ? 1 : 0);
        for (const std::ptrdiff_t o : offsets) {
          const std::size_t n = step(i, o);
          if (kind[n] == k_area && node[n] == -1) {
            node[n] = id;
            queue.push_back(static_cast<std::uint32_t>(n));
          }
        }
      }
    }
  const auto area_count = static_cast<std::size_t>(components.size());
  graph.area_holes = area_links - area_cells + static_cast<std::int64_t>(area_count) - blocks;
  graph.area_degrees.assign(area_count, 0);

  // Passage cells whose degree is not 2 are nodes of their own.
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t i = mask.index({x, y});
      if (mask.open(i) && kind[i] != k_area && mask.degree(i) != 2) node[i] = components.add();
    }

  const auto add_edge = [&](std::int32_t a, std::int32_t b) {
    ++graph.edges;
    components.unite(a, b);
    if (static_cast<std::size_t>(a) < area_count) ++graph.area_degrees[static_cast<std::size_t>(a)];
    if (static_cast<std::size_t>(b) < area_count) ++graph.area_degrees[static_cast<std::size_t>(b)];
  };
  // The traversable neighbour of degree-2 passage cell `i` that is not `from`.
  const auto onward = [&](std::size_t i, std::size_t from) {
    for (const std::ptrdiff_t o : offsets) {
      const std::size_t n = step(i, o);
      if (n != from && mask.open(n)) return n;
    }
    return from;  // unreachable: a degree-2 cell has a second neighbour
  };

  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t i = mask.index({x, y});
      if (node[i] < 0) continue;
      // Different nodes side by side (east and south, so each pair once).
      for (const std::size_t n : {i + 1, step(i, stride)})
        if (node[n] >= 0 && node[n] != node[i]) add_edge(node[i], node[n]);
      // Runs of degree-2 passage cells leaving this node, walked to the node at their end.
      for (const std::ptrdiff_t o : offsets) {
        std::size_t prev = i, cur = step(i, o);
        if (!mask.open(cur) || node[cur] >= 0 || kind[cur] == k_walked) continue;
        while (true) {
          kind[cur] = k_walked;
          const std::size_t next = onward(cur, prev);
          if (node[next] >= 0) {
            add_edge(node[i], node[next]);
            break;
          }
          if (kind[next] == k_walked) break;  // cannot happen: runs end at nodes
          prev = cur;
          cur = next;
        }
      }
    }

  // Rings of degree-2 passage cells that touch no node: one node with an edge to itself.
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t start = mask.index({x, y});
      if (!mask.open(start) || node[start] >= 0 || kind[start] == k_walked) continue;
      const std::int32_t id = components.add();
      node[start] = id;
      std::size_t prev = start, cur = onward(start, start);
      kind[start] = k_walked;
      while (cur != start && kind[cur] != k_walked) {
        kind[cur] = k_walked;
        const std::size_t next = onward(cur, prev);
        prev = cur;
        cur = next;
      }
      add_edge(id, id);
    }

  graph.nodes = static_cast<std::int64_t>(components.size());
  graph.components = components.count();
  return graph;
}

}  // namespace yendor::analysis
