#pragma once
// Small random levels for checking the analysis against brute-force oracles: traversable
// cells (floor, corridor, doors) at a given density, the border included, so the passes see
// open borders, holes, pillars, diagonal gaps and many regions.

#include <array>

#include "yendor/core/rng.hpp"
#include "yendor/map/level.hpp"

namespace yendor::test {

inline Level random_level(Rng& rng, Size size, double density) {
  constexpr std::array<Tile, 4> k_open{Tile::floor, Tile::corridor, Tile::door_closed, Tile::floor};
  constexpr std::array<Tile, 3> k_closed{Tile::wall, Tile::water_deep, Tile::tree};
  Level level(size, Tile::wall);
  for (Tile& t : level.tiles.cells())
    t = rng.chance(density) ? k_open[rng.below(k_open.size())]
                            : k_closed[rng.below(k_closed.size())];
  return level;
}

// Random room rectangles (possibly overlapping, possibly over walls) in the level's metadata.
inline void add_random_rooms(Level& level, Rng& rng, int count) {
  for (int i = 0; i < count; ++i) {
    Room room;
    room.id = i;
    room.rect.x = rng.range(0, level.width() - 1);
    room.rect.y = rng.range(0, level.height() - 1);
    room.rect.width = rng.range(1, 4);
    room.rect.height = rng.range(1, 4);
    level.meta.rooms.push_back(room);
  }
}

}  // namespace yendor::test
