#pragma once
// The "txt" map format: one line per row of the level, one tile symbol (tile_info().symbol)
// per cell, every line ending in '\n'. Terrain only: no metadata, no flags.
// docs/formats.md describes it for users.

#include <string>
#include <string_view>

#include "yendor/core/grid.hpp"
#include "yendor/map/level.hpp"
#include "yendor/map/tile.hpp"

namespace yendor {

// The largest width and height the map readers accept (txt and JSON).
inline constexpr int k_map_max_side = 10000;

// The level's tiles as txt. A level of width 0 gives `height` empty lines, a 0x0 level "".
std::string to_text(const Level& level);

// Parses txt back into tiles. Every line must have the same length and hold only known
// symbols; the '\n' after the last line may be missing and a '\r' before a '\n' is ignored.
// "" gives a 0x0 grid. Throws InputError with a one-line message naming the 1-based line and
// column: "map text line 3, column 7: unknown symbol '?'".
Grid<Tile> tiles_from_text(std::string_view text);

}  // namespace yendor
