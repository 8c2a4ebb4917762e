#pragma once
// From grid graph to tiles (Dormans, "Tilemaps"): the resolution goes up from one grid cell
// to a block of cell x cell tiles. Rooms are grown into shapes inside their blocks (rectangles,
// crosses, rounded rooms, cave blobs: by theme and seed), passages become corridors, links
// between neighbouring blocks become doors, and every lock and key of the mission graph
// becomes real things (map/locks.hpp lists the realizations): door tiles, bars, levers, lava
// and chasm bands, bridges, ledges, key items. Themes decorate rooms.
//
// The level's metadata gets: rooms (one per place, kind "room", "start", "goal" or "lock"),
// corridors, doors, stairs (up in the start room, down in the goal room), locks and keys
// with every attribute, features for contents ("key", "treasure", "monster", "trap", with
// the mission node in the tag: "treasure:12"), and each place node gets attributes `room`
// (the Room id) and locks `lock` (the LockInfo id), keys `key` (the KeyInfo id).
//
// Blocks: grid cell (gx, gy) covers tiles [1 + gx*cell, 1 + (gx+1)*cell) on each axis. Only
// exits cross a block edge (a corridor on the block's middle line), so a lock's cells cut the
// way between its entry and exit sides; windows are chasm (impassable, transparent), and
// decoration only turns floor into lava, chasm or rubble where the room stays connected, so
// it never opens a way around a lock. docs/cyclic.md describes every realization.

#include "yendor/core/param_value.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/cyclic/grid_layout.hpp"
#include "yendor/map/level.hpp"

namespace yendor::cyclic {

struct TileOptions {
  int cell = 7;                   // tiles per grid cell side (>= 5)
  std::string theme = "dungeon";  // dungeon | cave | fire | chasm (room shapes, decoration)
};

// The grid a level of `size` holds with blocks of `cell` tiles inside a one-tile border.
Size grid_size_for(Size level_size, int cell);

// Carves `level` (all wall, its size at least grid_size_for(...) * cell + 2) from `layout`.
// Writes the metadata above and attributes into `mission`. Leaves every traversable cell
// connected when every lock is open (tiles_with_locks_open), the border closed, and the
// stairs in place. Throws GenerationError when the layout and graph disagree (a bug).
void build_tiles(Level& level, const GridLayout& layout, MissionGraph& mission,
                 const TileOptions& options, Rng& rng);

}  // namespace yendor::cyclic
