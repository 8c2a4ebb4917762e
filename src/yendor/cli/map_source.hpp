#pragma once
// What the commands that work on one map share: where the map comes from (generated like
// `yendor gen`, or read from a file), cells given on the command line, and pictures written
// as text or PNG.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "yendor/map/level.hpp"

namespace yendor::cli {

// The extension of a file name without the dot ("png"), "" when there is none.
std::string extension_of(const std::string& path);
// A .json or .txt map file. InputError starting with `what` for another extension or an
// unreadable file.
Level read_map_file(const std::string& path, const std::string& what);

// Where a command's map comes from: generated like `yendor gen` (--gen NAME with --size,
// --seed, --set) or read from a file (--map FILE.json or FILE.txt). Exactly one of the two.
struct MapSource {
  std::string gen;                  // a generator name
  std::string map;                  // a .json or .txt map file
  std::optional<std::string> size;  // WxH (default 80x50), generated maps only
  std::optional<std::string> seed;  // a number or any text (default 1), generated maps only
  std::vector<std::string> sets;    // generator parameters key=value
};

struct LoadedMap {
  Level level;
  std::string description;  // "caves v1 80x50 seed 1" or "file maps/a.json"
};

// Generates or reads the map. InputError naming the option for bad options, an unknown
// generator, a missing or unreadable file.
LoadedMap load_map(const MapSource& source);

// "X,Y" as a cell of `level` (in bounds); InputError naming `option` otherwise.
Point parse_point(const std::string& text, const std::string& option, const Level& level);
// The level's up (down) stairs: from its metadata, else the first such tile in scan order;
// InputError naming `option` when there is none ("give --at X,Y").
Point up_stairs(const Level& level, const std::string& option);
Point down_stairs(const Level& level, const std::string& option);

// txt (stdout or a .txt file) or png (a file): from --format, else -o's extension.
std::string picture_format(const std::string& output, const std::string& format);
// InputError unless 1 <= scale <= 32 (--scale, png pixels per cell).
void check_scale(int scale);
// The bytes of a PNG with one scale × scale block per cell in its colour. InputError for a
// scale outside 1..32 or a picture of more than 1 GiB.
std::string picture_png(const Grid<Rgb>& colors, int scale);
// A tile's colour at a quarter of its brightness: what is out of view.
Rgb darkened(Rgb color);

// Writes `bytes` to `output` (atomically), or to `out` when `output` is empty.
void write_picture(const std::string& bytes, const std::string& output, std::ostream& out);

}  // namespace yendor::cli
