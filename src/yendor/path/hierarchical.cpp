#include "yendor/path/hierarchical.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <tuple>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

namespace yendor::path {

namespace {

// Splits the cells with a group (>= 0, per padded cell) into parts connected by the steps of
// `steps` that stay within one group. Returns the part of every cell (k_no_zone without a
// group) as a ZoneGrid; parts are numbered in scan order of their first cell, since the seeds
// are taken in padded (row-major) order.
ZoneGrid connected_parts(const CostMap& map, const StepTable& steps,
                         const std::vector<std::int64_t>& group) {
  const std::uint8_t* const cells = map.padded();
  std::vector<std::int32_t> part(map.padded_cell_count(), k_no_zone);
  std::vector<std::size_t> queue;
  std::int32_t parts = 0;
  for (std::size_t seed = 0; seed < part.size(); ++seed) {
    if (group[seed] < 0 || part[seed] != k_no_zone) continue;
    const std::int32_t id = parts++;
    part[seed] = id;
    queue.assign(1, seed);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::size_t i = queue[head];
      for (int k = 0; k < steps.count(); ++k) {
        if (steps.step_cost(cells, i, k) == 0) continue;
        const std::size_t j = i + static_cast<std::size_t>(steps.offset(k));
        if (part[j] != k_no_zone || group[j] != group[i]) continue;
        part[j] = id;
        queue.push_back(j);
      }
    }
  }
  ZoneGrid zones(map.size(), k_no_zone);
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x)
      zones[{x, y}] = part[map.index({x, y})];
  return zones;
}

// The group of a cell in square chunks of side `side`.
std::int64_t chunk_of(Point p, int side, int chunks_per_row) {
  return std::int64_t{p.y / side} * chunks_per_row + p.x / side;
}

}  // namespace

ZoneGrid zones_from_rooms(const Level& level, const CostMap& map, const Movement& movement,
                          int max_zone_cells) {
  if (level.size() != map.size())
    throw InputError("zones from rooms: the level is " + size_text(level.size()) +
                     ", the cost map " + size_text(map.size()));
  if (max_zone_cells < 4)
    throw InputError("zones from rooms: max_zone_cells " + std::to_string(max_zone_cells) +
                     " below 4");
  check(movement);
  const StepTable steps(map, movement);
  // Rooms first (a cell in two rooms belongs to the first), then the rest as one group.
  const auto rooms = static_cast<std::int64_t>(level.meta.rooms.size());
  std::vector<std::int64_t> group(map.padded_cell_count(), -1);
  for (std::int64_t r = 0; r < rooms; ++r) {
    const Rect rect = level.meta.rooms[static_cast<std::size_t>(r)].rect;
    for (int y = std::max(rect.top(), 0); y <= std::min(rect.bottom(), map.height() - 1); ++y)
      for (int x = std::max(rect.left(), 0); x <= std::min(rect.right(), map.width() - 1); ++x) {
        const std::size_t i = map.index({x, y});
        if (map.passable({x, y}) && group[i] < 0) group[i] = r;
      }
  }
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      const std::size_t i = map.index({x, y});
      if (map.passable({x, y}) && group[i] < 0) group[i] = rooms;
    }
  const ZoneGrid parts = connected_parts(map, steps, group);

  // Parts of the rest larger than max_zone_cells: regrouped by chunks, then split again.
  std::vector<std::int64_t> part_size;
  for (const std::int32_t p : parts.cells())
    if (p != k_no_zone) {
      if (static_cast<std::size_t>(p) >= part_size.size())
        part_size.resize(static_cast<std::size_t>(p) + 1, 0);
      ++part_size[static_cast<std::size_t>(p)];
    }
  const int side = std::max(2, static_cast<int>(std::sqrt(static_cast<double>(max_zone_cells))));
  const int chunks_per_row = (map.width() + side - 1) / side;
  bool regrouped = false;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      const std::size_t i = map.index({x, y});
      const std::int32_t p = parts[{x, y}];
      if (group[i] == rooms && part_size[static_cast<std::size_t>(p)] > max_zone_cells) {
        group[i] = rooms + 1 + chunk_of({x, y}, side, chunks_per_row);
        regrouped = true;
      }
    }
  return regrouped ? connected_parts(map, steps, group) : parts;
}

ZoneGrid zones_from_chunks(const CostMap& map, const Movement& movement, int chunk) {
  if (chunk < 2) throw InputError("zones from chunks: chunk " + std::to_string(chunk) + " below 2");
  check(movement);
  const StepTable steps(map, movement);
  const int chunks_per_row = (map.width() + chunk - 1) / chunk;
  std::vector<std::int64_t> group(map.padded_cell_count(), -1);
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x)
      if (map.passable({x, y})) group[map.index({x, y})] = chunk_of({x, y}, chunk, chunks_per_row);
  return connected_parts(map, steps, group);
}

void HierarchicalPathfinder::build(const CostMap& map, const ZoneGrid& zones,
                                   const Movement& movement) {
  if (zones.size() != map.size())
    throw InputError("hierarchical path-finding: zones are " + size_text(zones.size()) +
                     ", the cost map " + size_text(map.size()));
  check(map, movement);
  std::int32_t count = 0;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      if (!map.passable({x, y})) continue;
      const std::int32_t z = zones[{x, y}];
      if (z < 0)
        throw InputError("hierarchical path-finding: passable cell " + point_text({x, y}) +
                         " has no zone");
      count = std::max(count, z + 1);
    }
  const auto n = static_cast<std::size_t>(count);

  // The passable cells of each zone, in scan order (a counting sort).
  cell_begin_.assign(n + 1, 0);
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x)
      if (map.passable({x, y})) ++cell_begin_[static_cast<std::size_t>(zones[{x, y}]) + 1];
  for (std::size_t z = 0; z < n; ++z)
    cell_begin_[z + 1] += cell_begin_[z];
  cells_.resize(cell_begin_[n]);
  {
    std::vector<std::uint32_t> next(cell_begin_.begin(), cell_begin_.end() - 1);
    for (int y = 0; y < map.height(); ++y)
      for (int x = 0; x < map.width(); ++x)
        if (map.passable({x, y})) cells_[next[static_cast<std::size_t>(zones[{x, y}])]++] = {x, y};
  }

  // Centres: the zone's cell nearest the mean of its cells (so a centre lies in its zone).
  centre_.assign(n, Point{0, 0});
  for (std::size_t z = 0; z < n; ++z) {
    const std::uint32_t begin = cell_begin_[z], end = cell_begin_[z + 1];
    if (begin == end) continue;
    std::int64_t sx = 0, sy = 0;
    for (std::uint32_t c = begin; c < end; ++c)
      sx += cells_[c].x, sy += cells_[c].y;
    const auto size = static_cast<std::int64_t>(end - begin);
    const Point mean{static_cast<int>(sx / size), static_cast<int>(sy / size)};
    Point best = cells_[begin];
    for (std::uint32_t c = begin; c < end; ++c)
      if (distance_squared(cells_[c], mean) < distance_squared(best, mean)) best = cells_[c];
    centre_[z] = best;
  }

  // Links: every allowed step from one zone into another, sorted by (from, to, cell entered).
  const StepTable steps(map, movement);
  std::vector<std::tuple<std::int32_t, std::int32_t, Point>> links;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      if (!map.passable({x, y})) continue;
      const std::int32_t za = zones[{x, y}];
      for (int k = 0; k < steps.count(); ++k) {
        if (steps.step_cost(map.padded(), map.index({x, y}), k) == 0) continue;
        const Point b = Point{x, y} + steps.delta(k);
        const std::int32_t zb = zones[b];
        if (zb != za) links.emplace_back(za, zb, b);
      }
    }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());
  edge_begin_.assign(n + 1, 0);
  edge_to_.clear();
  edge_cost_.clear();
  portal_begin_.clear();
  portal_.clear();
  for (std::size_t l = 0; l < links.size(); ++l) {
    const auto& [za, zb, cell] = links[l];
    if (l == 0 || std::get<0>(links[l - 1]) != za || std::get<1>(links[l - 1]) != zb) {
      ++edge_begin_[static_cast<std::size_t>(za) + 1];
      edge_to_.push_back(zb);
      edge_cost_.push_back(octile_distance(centre_[static_cast<std::size_t>(za)],
                                           centre_[static_cast<std::size_t>(zb)], movement));
      portal_begin_.push_back(static_cast<std::uint32_t>(portal_.size()));
    }
    portal_.push_back(cell);
  }
  portal_begin_.push_back(static_cast<std::uint32_t>(portal_.size()));
  for (std::size_t z = 0; z < n; ++z)
    edge_begin_[z + 1] += edge_begin_[z];

  allowed_ = Grid<std::uint8_t>(map.size(), 0);
  zone_g_.assign(n, 0);
  zone_stamp_.assign(n, 0);
  zone_parent_.assign(n, k_no_zone);
  zone_generation_ = 0;
  map_ = &map;
  movement_ = movement;
  zones_ = zones;
  zone_count_ = count;
}

// A* over the zone graph, links costing the distance between centres and the estimate the
// distance from a zone's centre to the goal's (consistent: the distance is a metric).
bool HierarchicalPathfinder::zone_route(std::int32_t from, std::int32_t to) {
  if (zone_generation_ > std::numeric_limits<std::uint32_t>::max() - 4) {
    std::fill(zone_stamp_.begin(), zone_stamp_.end(), 0);
    zone_generation_ = 0;
  }
  zone_generation_ += 2;
  const std::uint32_t seen = zone_generation_, closed = zone_generation_ + 1;
  const Point goal = centre_[static_cast<std::size_t>(to)];
  const auto estimate = [&](std::int32_t z) {
    return std::int64_t{octile_distance(centre_[static_cast<std::size_t>(z)], goal, movement_)};
  };
  const auto push = [&](std::int64_t f, std::int32_t z) {
    zone_heap_.emplace_back(f, z);
    std::push_heap(zone_heap_.begin(), zone_heap_.end(), std::greater<>{});
  };
  zone_heap_.clear();
  zone_g_[static_cast<std::size_t>(from)] = 0;
  zone_stamp_[static_cast<std::size_t>(from)] = seen;
  zone_parent_[static_cast<std::size_t>(from)] = k_no_zone;
  push(estimate(from), from);
  while (!zone_heap_.empty()) {
    std::pop_heap(zone_heap_.begin(), zone_heap_.end(), std::greater<>{});
    const std::int32_t z = zone_heap_.back().second;
    zone_heap_.pop_back();
    const auto zi = static_cast<std::size_t>(z);
    if (zone_stamp_[zi] == closed) continue;
    zone_stamp_[zi] = closed;
    ++expanded_;
    if (z == to) {
      for (std::int32_t at = to; at != k_no_zone; at = zone_parent_[static_cast<std::size_t>(at)])
        route_.push_back(at);
      std::reverse(route_.begin(), route_.end());
      return true;
    }
    for (std::uint32_t e = edge_begin_[zi]; e < edge_begin_[zi + 1]; ++e) {
      const std::int32_t next = edge_to_[e];
      const auto ni = static_cast<std::size_t>(next);
      const std::int64_t g = zone_g_[zi] + edge_cost_[e];
      if (zone_stamp_[ni] == closed || (zone_stamp_[ni] == seen && zone_g_[ni] <= g)) continue;
      zone_stamp_[ni] = seen;
      zone_g_[ni] = g;
      zone_parent_[ni] = z;
      push(g + estimate(next), next);
    }
  }
  return false;
}

void HierarchicalPathfinder::mark(std::int32_t zone, std::uint8_t value) {
  const auto z = static_cast<std::size_t>(zone);
  for (std::uint32_t c = cell_begin_[z]; c < cell_begin_[z + 1]; ++c)
    allowed_[cells_[c]] = value;
}

// Where leg `leg` enters the next zone of the route: of the cells of that zone one step from
// the current one, the one with the shortest estimate from `at` through it toward the zone
// after (its centre), or toward `to` when the next zone is the last.
Point HierarchicalPathfinder::entry_cell(std::size_t leg, Point at, Point to) const {
  const auto z = static_cast<std::size_t>(route_[leg]);
  const std::int32_t next = route_[leg + 1];
  const Point aim =
      leg + 2 < route_.size() ? centre_[static_cast<std::size_t>(route_[leg + 2])] : to;
  std::uint32_t e = edge_begin_[z];
  while (edge_to_[e] != next)
    ++e;  // the route follows links, so the link exists
  Point best = portal_[portal_begin_[e]];
  std::int64_t best_estimate = std::numeric_limits<std::int64_t>::max();
  for (std::uint32_t p = portal_begin_[e]; p < portal_begin_[e + 1]; ++p) {
    const std::int64_t estimate = std::int64_t{octile_distance(at, portal_[p], movement_)} +
                                  octile_distance(portal_[p], aim, movement_);
    if (estimate < best_estimate) {
      best = portal_[p];
      best_estimate = estimate;
    }
  }
  return best;
}

// Walks the route leg by leg, appending to `path`. A leg searches the current and the next
// zone; when that fails, the zones either side as well; when that fails too, the rest of the
// way is one search over the whole map.
bool HierarchicalPathfinder::walk(Point from, Point to, std::vector<Point>& path) {
  const CostMap& map = *map_;
  Point at = from;
  for (std::size_t leg = 0; leg < route_.size(); ++leg) {
    const bool last = leg + 1 == route_.size();
    const Point target = last ? to : entry_cell(leg, at, to);
    // The zones this leg may search: the current and next, then one either side too.
    std::array<std::int32_t, 4> zones{route_[leg], last ? k_no_zone : route_[leg + 1],
                                      leg > 0 ? route_[leg - 1] : k_no_zone,
                                      leg + 2 < route_.size() ? route_[leg + 2] : k_no_zone};
    bool found = false;
    std::size_t marked = 0;
    for (; marked < zones.size() && !found; marked += 2) {
      if (marked > 0 && zones[2] == k_no_zone && zones[3] == k_no_zone) break;  // no wider
      for (std::size_t z = marked; z < marked + 2; ++z)
        if (zones[z] != k_no_zone) mark(zones[z], 1);
      if (marked > 0) ++fallbacks_;
      found = local_.find_path(map, at, target, movement_, leg_, &allowed_);
      expanded_ += local_.expanded();
    }
    for (std::size_t z = 0; z < marked; ++z)
      if (zones[z] != k_no_zone) mark(zones[z], 0);
    if (!found) {
      ++fallbacks_;
      found = local_.find_path(map, at, to, movement_, leg_);
      expanded_ += local_.expanded();
      if (!found) return false;
      path.insert(path.end(), leg_.begin(), leg_.end());
      return true;
    }
    path.insert(path.end(), leg_.begin(), leg_.end());
    at = target;
  }
  return true;
}

bool HierarchicalPathfinder::find_path(Point from, Point to, std::vector<Point>& path) {
  if (map_ == nullptr) throw InputError("hierarchical path-finding: find_path before build");
  const CostMap& map = *map_;
  for (const Point p : {from, to})
    if (!map.in_bounds(p))
      throw InputError("hierarchical path-finding: point " + point_text(p) + " outside the " +
                       size_text(map.size()) + " map");
  path.clear();
  route_.clear();
  expanded_ = 0;
  fallbacks_ = 0;
  if (from == to) {
    if (zone_of(from) != k_no_zone) route_.push_back(zone_of(from));
    return true;
  }
  if (!map.passable(to)) return false;
  if (!map.passable(from)) {
    // No zone to start in: one search over the whole map.
    ++fallbacks_;
    const bool found = local_.find_path(map, from, to, movement_, path);
    expanded_ += local_.expanded();
    return found;
  }
  if (!zone_route(zone_of(from), zone_of(to))) return false;
  if (!walk(from, to, path)) {
    path.clear();
    return false;
  }
  return true;
}

}  // namespace yendor::path
