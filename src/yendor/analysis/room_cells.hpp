#pragma once
// Which cells lie inside a room of the level's metadata.

#include <cstdint>

#include "yendor/core/grid.hpp"
#include "yendor/map/level.hpp"

namespace yendor::analysis {

// 1 on every map cell inside at least one room rectangle of level.meta.rooms (clipped to the
// map), 0 elsewhere. Linear in the area plus the number of rooms, however much rooms overlap
// (a difference grid summed once, not one fill per room).
Grid<std::uint8_t> room_cells(const Level& level);

}  // namespace yendor::analysis
