#pragma once
// The fixed maps FOV and path-finding benchmarks (ours and the libtcod peer) run on, built
// once per process: caves from our `caves` generator at fixed seeds, and an open map (floor
// everywhere inside a wall ring). Every benchmark that compares two libraries uses these, so
// both see the same cells.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::bench {

inline constexpr std::uint64_t k_cave_seed = 20151;  // fixed forever: the figures are per map

// A level of `generator` (default parameters) of side `side`, at the fixed seed.
inline Level make_default_level(std::string_view generator, int side) {
  const Generator& g = builtin_generators().get(generator);
  return generate_level(g, {side, side}, k_cave_seed, g.info().schema.defaults());
}

// A `caves` level (default parameters, tunnels joining the caves) of side `side`.
inline Level make_cave_level(int side) {
  return make_default_level("caves", side);
}

inline const Level& cave_level_200() {
  static const Level level = make_cave_level(200);
  return level;
}
inline const Level& cave_level_1000() {
  static const Level level = make_cave_level(1000);
  return level;
}

// Floor everywhere but a ring of wall.
inline Grid<Tile> make_open_tiles(int side) {
  Grid<Tile> tiles({side, side}, Tile::wall);
  tiles.fill(Rect{1, 1, side - 2, side - 2}, Tile::floor);
  return tiles;
}
inline const Grid<Tile>& open_tiles_1000() {
  static const Grid<Tile> tiles = make_open_tiles(1000);
  return tiles;
}

// The cell of `tiles` nearest `target` (by Chebyshev rings, then scan order) that is floor:
// where benchmarks put viewers and path ends, so "the far corners" are the floor cells
// nearest the map's corners.
inline Point nearest_floor(const Grid<Tile>& tiles, Point target) {
  for (int r = 0; r < tiles.width() + tiles.height(); ++r)
    for (int y = target.y - r; y <= target.y + r; ++y)
      for (int x = target.x - r; x <= target.x + r; ++x) {
        const Point p{x, y};
        if (chebyshev(p, target) == r && tiles.in_bounds(p) && is_traversable(tiles[p])) return p;
      }
  return target;
}

// The thesis's chase scenario (5.4): the player at the floor cell nearest the centre and
// `count` monsters on distinct floor cells drawn with a fixed seed (never the player's).
struct ChaseScene {
  Point player;
  std::vector<Point> monsters;
};
inline ChaseScene make_chase_scene(const Grid<Tile>& tiles, int count, std::uint64_t seed = 5) {
  ChaseScene scene;
  scene.player = nearest_floor(tiles, {tiles.width() / 2, tiles.height() / 2});
  std::vector<Point> floor;
  for (int y = 0; y < tiles.height(); ++y)
    for (int x = 0; x < tiles.width(); ++x)
      if (is_traversable(tiles[{x, y}]) && Point{x, y} != scene.player) floor.push_back({x, y});
  Rng rng(seed);
  rng.shuffle(floor);
  floor.resize(std::min<std::size_t>(floor.size(), static_cast<std::size_t>(count)));
  scene.monsters = std::move(floor);
  return scene;
}

}  // namespace yendor::bench
