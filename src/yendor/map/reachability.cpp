#include "yendor/map/reachability.hpp"

namespace yendor {

namespace {
// Breadth-first flood from `start` writing `value(dist)` into `out`; returns cells reached.
template <typename Write>
std::int64_t flood(const Grid<Tile>& tiles, Point start, std::vector<Point>& queue, Write write) {
  queue.clear();
  queue.push_back(start);
  write(start, 0);
  std::size_t head = 0;
  std::int32_t level_end = 1, dist = 0;
  while (head < queue.size()) {
    if (static_cast<std::int32_t>(head) == level_end) {
      ++dist;
      level_end = static_cast<std::int32_t>(queue.size());
    }
    const Point p = queue[head++];
    for (Point d : k_directions4) {
      const Point n = p + d;
      if (!tiles.in_bounds(n) || !is_traversable(tiles[n])) continue;
      if (write(n, dist + 1)) queue.push_back(n);
    }
  }
  return static_cast<std::int64_t>(queue.size());
}
}  // namespace

Grid<std::int32_t> walk_distances(const Grid<Tile>& tiles, Point from) {
  Grid<std::int32_t> dist(tiles.size(), k_unreachable);
  if (!tiles.in_bounds(from) || !is_traversable(tiles[from])) return dist;
  std::vector<Point> queue;
  queue.reserve(1024);
  flood(tiles, from, queue, [&](Point p, std::int32_t d) {
    if (dist[p] != k_unreachable) return false;
    dist[p] = d;
    return true;
  });
  return dist;
}

ConnectivityReport check_connectivity(const Grid<Tile>& tiles, Point from) {
  ConnectivityReport report;
  for (Tile t : tiles.cells())
    report.traversable += is_traversable(t) ? 1 : 0;
  if (!tiles.in_bounds(from) || !is_traversable(tiles[from])) return report;
  Grid<std::uint8_t> seen(tiles.size(), 0);
  std::vector<Point> queue;
  report.reachable = flood(tiles, from, queue, [&](Point p, std::int32_t) {
    if (seen[p]) return false;
    seen[p] = 1;
    return true;
  });
  return report;
}

RegionLabels label_regions(const Grid<Tile>& tiles) {
  RegionLabels out{Grid<std::int32_t>(tiles.size(), -1), {}};
  std::vector<Point> queue;
  for (std::size_t i = 0; i < tiles.cell_count(); ++i) {
    if (out.labels[i] != -1 || !is_traversable(tiles[i])) continue;
    const auto label = static_cast<std::int32_t>(out.sizes.size());
    out.sizes.push_back(flood(tiles, tiles.point_of(i), queue, [&](Point p, std::int32_t) {
      if (out.labels[p] != -1) return false;
      out.labels[p] = label;
      return true;
    }));
  }
  return out;
}

}  // namespace yendor
