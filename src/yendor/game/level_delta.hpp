#pragma once
// How saves store a level's tiles and flags (docs/saves.md). A level is made again from its
// recipe (the generators are deterministic), so what a save needs is only what changed since:
// the cells whose tile or flags differ from build_level(recipe) (the FAQ's "save the seed and
// the changes"). Both grids are run-length encoded; the changes are the cell-wise XOR against
// the regenerated level, so a run of zeros is a run of untouched cells. When the changes take
// more bytes than the whole grids (a level dug over, or fully explored), the level is stored
// whole instead.
//
// Layout: u8 storage (0 whole, 1 delta), varint width, varint height, the tile runs
// (varint length >= 1, u8 value) covering every cell in row-major order, then the flag runs
// (varint length >= 1, varint value < 65536).

#include <cstddef>
#include <cstdint>

#include "yendor/core/byte_io.hpp"
#include "yendor/map/level.hpp"

namespace yendor::game {

// Saves never hold a level larger than this (a bound for reading untrusted files).
inline constexpr std::int64_t k_max_level_cells = std::int64_t{1} << 24;

enum class GridStorage : std::uint8_t { whole = 0, delta = 1 };

struct GridSizes {
  std::size_t whole_bytes = 0;
  std::size_t delta_bytes = 0;  // whole_bytes when there is no base to compare with
  bool stored_whole = true;
};

// The tiles and flags of `level`, whole.
void write_grids_whole(ByteWriter& out, const Level& level);
// As changes against `base` (a level of the same size), or whole when that is not smaller or
// there is no base.
GridSizes write_grids(ByteWriter& out, const Level& level, const Level* base);
// Reads what either wrote into level.tiles and level.flags (meta untouched). Delta storage
// needs the same `base` it was written against: InputError without one or on a size mismatch.
void read_grids(ByteReader& in, Level& level, const Level* base);

}  // namespace yendor::game
