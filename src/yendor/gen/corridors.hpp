#pragma once
// Corridor carving, doorways and dead ends shared by the room-based generators.

#include <string_view>
#include <vector>

#include "yendor/core/param_schema.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/map/level.hpp"

namespace yendor {

enum class CorridorStyle {
  straight,  // one L-shaped bend, horizontal or vertical leg first at random
  winding,   // a chain of short L-shaped legs through jittered waypoints
};
CorridorStyle corridor_style_from(std::string_view name);

// Carves from `from` to `to` (both inclusive). Only wall cells change (to Tile::corridor);
// floor, doors and anything already open stay, so a corridor may cross rooms. The map's
// outer border and no_dig cells are never carved. Records the corridor in the level's metadata
// between the given rooms, with the cells that are corridor after carving in walking order
// (cells inside rooms are left out), and returns that record.
const Corridor& carve_corridor(Level& level, Point from, Point to, CorridorStyle style, Rng& rng,
                               int from_room = -1, int to_room = -1);

// Throws InputError unless a room of side `room_min` with its wall ring fits `size`.
void check_room_fits(std::string_view generator, std::int64_t room_min, Size size);

// InputError "GEN: LOW (a) is greater than HIGH (b)" when the integer parameter `low` exceeds
// `high` (room_min and room_max, corridor_min and corridor_max...).
void check_not_above(std::string_view generator, const ParamSet& params, std::string_view low,
                     std::string_view high);

// Parameters shared by room-and-corridor generators: corridor, doors, open_doors.
void add_corridor_params(ParamSchema& schema);
void add_door_params(ParamSchema& schema);

// Turns every proper doorway of every room into a door: a corridor cell on the wall ring of a
// room (corners excluded), with room floor on one side, an open cell on the other and wall on
// both cells along the ring, and no door already on its outer side. Each doorway gets a door with
// probability `door_share`; a door is open with probability `open_share`. Records Door entries.
void place_doors(Level& level, Rng& rng, double door_share, double open_share);

// Adds about share x rooms corridors that leave a room through its wall and end in rock
// without touching anything else. Records them as corridors from the room to -1 and a
// "dead_end" feature at the blind end.
void add_dead_ends(Level& level, Rng& rng, double share, int max_length);

}  // namespace yendor
