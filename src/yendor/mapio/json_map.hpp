#pragma once
// The "json" map format: a level's tiles (as rows of txt symbols) and all its metadata in
// one JSON document, {"format": "yendor-map", "version": 1, ...}. Per-cell flags are not
// stored. docs/formats.md describes every field for users.

#include <string>
#include <string_view>

#include "yendor/map/level.hpp"

namespace yendor {

inline constexpr int k_map_json_version = 1;

// The level as a JSON document: one top-level field per line, one row, legend entry or list
// element per line. Deterministic: the same level always gives the same bytes.
// Throws InputError when the level holds something JSON cannot carry (a string that is not
// valid UTF-8, a real parameter that is NaN or infinite) and std::logic_error on an invalid
// Tile value or partition split.
std::string to_json(const Level& level);

// Reads a document written by to_json() (or by hand: only format, version, width, height and
// rows are required). Validates everything and throws InputError with a one-line message
// naming the field: "map json: field 'stairs.up': (80, 3) is outside the map (80x25)".
// level_from_json(to_json(L)) == L for every level whose metadata is consistent (inside the
// map, references resolve) and whose flags are all zero: flags come back zero.
Level level_from_json(std::string_view text);

}  // namespace yendor
