#include "yendor/gen/corridors.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor {

namespace {

bool diggable(const Level& level, Point p) {
  return p.x > 0 && p.y > 0 && p.x < level.width() - 1 && p.y < level.height() - 1 &&
         (level.flags[p] & cell_flag::no_dig) == 0;
}

Point clamp_inside(const Level& level, Point p) {
  return {std::clamp(p.x, 1, level.width() - 2), std::clamp(p.y, 1, level.height() - 2)};
}

// Walks one axis-aligned leg from `at` (exclusive) to the target coordinate.
void walk_leg(Level& level, Point& at, Point target, bool horizontal, std::vector<Point>& path) {
  const Point step =
      horizontal ? Point{at.x < target.x ? 1 : -1, 0} : Point{0, at.y < target.y ? 1 : -1};
  while (horizontal ? at.x != target.x : at.y != target.y) {
    at += step;
    Tile& t = level.tiles[at];
    if (t == Tile::wall && diggable(level, at)) t = Tile::corridor;
    if (t == Tile::corridor) path.push_back(at);
  }
}

void walk_l(Level& level, Point& at, Point to, bool horizontal_first, std::vector<Point>& path) {
  walk_leg(level, at, to, horizontal_first, path);
  walk_leg(level, at, to, !horizontal_first, path);
}

}  // namespace

CorridorStyle corridor_style_from(std::string_view name) {
  return name == "winding" ? CorridorStyle::winding : CorridorStyle::straight;
}

const Corridor& carve_corridor(Level& level, Point from, Point to, CorridorStyle style, Rng& rng,
                               int from_room, int to_room) {
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(manhattan(from, to)) + 1);
  Point at = from;
  {
    Tile& t = level.tiles[at];
    if (t == Tile::wall && diggable(level, at)) t = Tile::corridor;
    if (t == Tile::corridor) path.push_back(at);
  }
  if (style == CorridorStyle::winding) {
    // Waypoints every ~6 cells along the straight line, pushed sideways by up to 3 cells.
    const int length = manhattan(from, to);
    const int legs = std::max(1, length / 6);
    for (int i = 1; i < legs; ++i) {
      const double f = static_cast<double>(i) / legs;
      Point waypoint{from.x + static_cast<int>(std::lround((to.x - from.x) * f)),
                     from.y + static_cast<int>(std::lround((to.y - from.y) * f))};
      waypoint += Point{rng.range(-3, 3), rng.range(-3, 3)};
      walk_l(level, at, clamp_inside(level, waypoint), rng.chance(0.5), path);
    }
  }
  walk_l(level, at, to, rng.chance(0.5), path);
  level.meta.corridors.push_back({from_room, to_room, std::move(path)});
  return level.meta.corridors.back();
}

void check_not_above(std::string_view generator, const ParamSet& params, std::string_view low,
                     std::string_view high) {
  const std::int64_t a = params.get_int(low), b = params.get_int(high);
  if (a > b)
    throw InputError(std::string(generator) + ": " + std::string(low) + " (" + std::to_string(a) +
                     ") is greater than " + std::string(high) + " (" + std::to_string(b) + ")");
}

void check_room_fits(std::string_view generator, std::int64_t room_min, Size size) {
  if (room_min + 2 > std::min(size.width, size.height))
    throw InputError(std::string(generator) + ": room_min " + std::to_string(room_min) +
                     " needs a map of at least " + std::to_string(room_min + 2) + " on each side");
}

void add_corridor_params(ParamSchema& schema) {
  schema.add_choice("corridor", "straight", {"straight", "winding"},
                    "corridor shape: one L-shaped bend, or a chain of short jittered legs");
}

void add_door_params(ParamSchema& schema) {
  schema.add_real("doors", 1.0, 0.0, 1.0, "share of doorways (corridor meets room) given a door");
  schema.add_real("open_doors", 0.2, 0.0, 1.0, "share of doors that start open");
}

void place_doors(Level& level, Rng& rng, double door_share, double open_share) {
  auto& tiles = level.tiles;
  for (const Room& room : level.meta.rooms) {
    const Rect ring = room.rect.expanded(1);
    const auto consider = [&](Point p, Point inward, Point along) {
      // Corridors never dig the map's border, so a ring cell holding corridor is interior and
      // all its neighbours exist: no bounds checks past the first test.
      if (tiles[p] != Tile::corridor) return;
      if (!is_traversable(tiles[p + inward]) || !is_traversable(tiles[p - inward])) return;
      if (tiles[p + along] != Tile::wall || tiles[p - along] != Tile::wall) return;
      // Two rooms two walls apart: one door between them, not two back to back.
      if (tile_info(tiles[p - inward]).door) return;
      if (!rng.chance(door_share)) return;
      tiles[p] = rng.chance(open_share) ? Tile::door_open : Tile::door_closed;
      level.meta.doors.push_back({p, room.id});
    };
    for (int x = ring.left() + 1; x < ring.right(); ++x) {
      consider({x, ring.top()}, dir::south, dir::east);
      consider({x, ring.bottom()}, dir::north, dir::east);
    }
    for (int y = ring.top() + 1; y < ring.bottom(); ++y) {
      consider({ring.left(), y}, dir::east, dir::south);
      consider({ring.right(), y}, dir::west, dir::south);
    }
  }
}

void add_dead_ends(Level& level, Rng& rng, double share, int max_length) {
  const auto& rooms = level.meta.rooms;
  if (rooms.empty() || share <= 0) return;
  const auto count =
      static_cast<std::size_t>(std::lround(share * static_cast<double>(rooms.size())));
  // A cell may be dug for a dead end only if it and its sideways neighbours are rock, so the
  // corridor touches nothing but the room it leaves.
  const auto solid = [&](Point p, Point side) {
    return diggable(level, p) && level.tiles[p] == Tile::wall &&
           level.tiles[p + side] == Tile::wall && level.tiles[p - side] == Tile::wall;
  };
  for (std::size_t n = 0; n < count; ++n) {
    const Room& room = rooms[rng.below(static_cast<std::uint32_t>(rooms.size()))];
    const Point out = k_directions4[rng.below(4)];
    const Point side{out.y, out.x};
    const Rect r = room.rect;
    // The wall cell just outside the room on the chosen side.
    Point door =
        out.x != 0
            ? Point{out.x > 0 ? r.right() + 1 : r.left() - 1, rng.range(r.top(), r.bottom())}
            : Point{rng.range(r.left(), r.right()), out.y > 0 ? r.bottom() + 1 : r.top() - 1};
    const int length = rng.range(3, std::max(3, max_length));
    std::vector<Point> cells;
    if (!solid(door, side)) continue;
    cells.push_back(door);
    Point at = door;
    for (int i = 0; i < length; ++i) {
      const Point next = at + out;
      // Stop a cell short of anything open ahead, so the end stays blind.
      if (!solid(next, side) || !diggable(level, next + out) ||
          level.tiles[next + out] != Tile::wall)
        break;
      at = next;
      cells.push_back(at);
    }
    if (cells.size() < 3) continue;
    for (Point p : cells)
      level.tiles[p] = Tile::corridor;
    level.meta.features.push_back({cells.back(), "dead_end"});
    level.meta.corridors.push_back({room.id, -1, std::move(cells)});
  }
}

}  // namespace yendor
