#include "yendor/gen/stairs.hpp"

#include <vector>

#include "yendor/gen/generate.hpp"

namespace yendor {

namespace {

// Cells where stairs may go: plain floor inside rooms, or any plain floor without rooms.
std::vector<Point> stair_candidates(const Level& level) {
  std::vector<Point> out;
  if (!level.meta.rooms.empty()) {
    for (const Room& room : level.meta.rooms)
      for (int y = room.rect.top(); y <= room.rect.bottom(); ++y)
        for (int x = room.rect.left(); x <= room.rect.right(); ++x)
          if (level.tiles[{x, y}] == Tile::floor) out.push_back({x, y});
  }
  if (out.empty()) {
    for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
      if (level.tiles[i] == Tile::floor) out.push_back(level.tiles.point_of(i));
  }
  if (out.empty()) {
    for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
      if (tile_info(level.tiles[i]).passable) out.push_back(level.tiles.point_of(i));
  }
  return out;
}

}  // namespace

StairsReport place_stairs(Level& level, Rng& rng) {
  Stairs& stairs = level.meta.stairs;
  std::vector<Point> candidates;
  if (!stairs.up || !stairs.down) {
    candidates = stair_candidates(level);
    if (candidates.size() < 2)
      throw GenerationError(level.meta.generator + ": no room for two stairs");
  }
  if (!stairs.up) {
    stairs.up = rng.pick(candidates);
    level.tiles[*stairs.up] = Tile::stairs_up;
  }

  const Grid<std::int32_t> dist = walk_distances(level.tiles, *stairs.up);
  if (!stairs.down) {
    std::int32_t farthest = 0;
    for (Point p : candidates)
      if (p != *stairs.up && dist[p] > farthest) farthest = dist[p];
    // Among the far candidates (>= 90% of the farthest) pick one at random.
    const std::int32_t threshold = farthest - farthest / 10;
    std::vector<Point> far;
    for (Point p : candidates)
      if (p != *stairs.up && dist[p] >= threshold && dist[p] != k_unreachable) far.push_back(p);
    if (far.empty())
      throw GenerationError(level.meta.generator + ": no reachable cell for the down stairs");
    stairs.down = rng.pick(far);
    level.tiles[*stairs.down] = Tile::stairs_down;
  }

  StairsReport report;
  report.walk_distance = dist[*stairs.down];
  for (std::size_t i = 0; i < level.tiles.cell_count(); ++i) {
    if (!is_traversable(level.tiles[i])) continue;
    ++report.connectivity.traversable;
    if (dist[i] != k_unreachable) ++report.connectivity.reachable;
  }
  return report;
}

}  // namespace yendor
