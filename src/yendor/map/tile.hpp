#pragma once
// Terrain: one byte per cell, and a static table of what each kind of terrain is.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace yendor {

enum class Tile : std::uint8_t {
  wall,
  floor,
  corridor,
  door_closed,
  door_open,
  door_locked,
  door_secret,
  stairs_up,
  stairs_down,
  water_shallow,
  water_deep,
  lava,
  chasm,
  bridge,
  tree,
  rubble,
  fountain,
  altar,
  shop_counter,
  herb,
  door_barred,  // bars: a lever or a timed mechanism opens them; transparent
  lever,        // a lever fixed in place (a key of map/locks.hpp), standing on floor
  ledge,        // a drop: one way down, the direction is in the level's lock record
  // New kinds go here, before `count`; the byte values of existing kinds never change
  // (they are stored in saves). Tiles 23..255 are free.
  count
};
inline constexpr std::size_t k_tile_count = static_cast<std::size_t>(Tile::count);

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  constexpr bool operator==(const Rgb&) const = default;
};

struct TileInfo {
  std::string_view name;  // snake_case id used in files ("door_closed")
  char symbol;            // the ASCII character in txt and JSON maps; unique per tile
  char32_t glyph;         // what a terminal shows (may equal symbol; secret doors look like wall)
  Rgb color;              // foreground for terminals, fill colour for PNG export
  bool passable;          // a walker may stand here now
  bool transparent;       // light and sight pass
  bool door;              // a door of any state: passable for connectivity checks
  bool locked;            // needs a key or lever (door_locked)
  bool hazard;            // passable at a price, or not at all, for walkers (water, lava, chasm)
};

namespace detail {
// name, symbol, glyph, colour, passable, transparent, door, locked, hazard
inline constexpr std::array<TileInfo, k_tile_count> k_tiles{{
    {"wall", '#', U'#', {128, 128, 128}, false, false, false, false, false},
    {"floor", '.', U'.', {200, 200, 190}, true, true, false, false, false},
    {"corridor", ',', U'.', {160, 150, 130}, true, true, false, false, false},
    {"door_closed", '+', U'+', {170, 110, 40}, false, false, true, false, false},
    {"door_open", '\'', U'\'', {170, 110, 40}, true, true, true, false, false},
    {"door_locked", 'L', U'+', {220, 180, 40}, false, false, true, true, false},
    {"door_secret", 'S', U'#', {140, 120, 120}, false, false, true, false, false},
    {"stairs_up", '<', U'<', {40, 200, 255}, true, true, false, false, false},
    {"stairs_down", '>', U'>', {255, 190, 0}, true, true, false, false, false},
    {"water_shallow", '~', U'~', {90, 160, 230}, true, true, false, false, true},
    {"water_deep", 'W', U'~', {20, 60, 180}, false, true, false, false, true},
    {"lava", 'V', U'~', {230, 70, 20}, false, true, false, false, true},
    {"chasm", ':', U':', {30, 20, 40}, false, true, false, false, true},
    {"bridge", '=', U'=', {150, 100, 50}, true, true, false, false, false},
    {"tree", 'T', U'T', {30, 140, 40}, false, false, false, false, false},
    {"rubble", ';', U';', {120, 100, 80}, true, true, false, false, false},
    {"fountain", '{', U'{', {80, 200, 255}, true, true, false, false, false},
    {"altar", '_', U'_', {240, 240, 120}, true, true, false, false, false},
    {"shop_counter", '|', U'|', {190, 150, 90}, false, true, false, false, false},
    {"herb", '"', U'"', {110, 190, 70}, true, true, false, false, false},
    {"door_barred", 'B', U'#', {150, 170, 200}, false, true, true, true, false},
    {"lever", '/', U'/', {230, 200, 90}, true, true, false, false, false},
    {"ledge", 'v', U'v', {170, 140, 110}, true, true, false, false, false},
}};

// is_traversable for every byte value (bytes beyond the table are not tiles: false).
inline constexpr std::array<bool, 256> k_traversable = [] {
  std::array<bool, 256> out{};
  for (std::size_t i = 0; i < k_tile_count; ++i)
    out[i] = k_tiles[i].passable || k_tiles[i].door;
  return out;
}();
}  // namespace detail

constexpr const TileInfo& tile_info(Tile t) {
  return detail::k_tiles[static_cast<std::size_t>(t)];
}
std::optional<Tile> tile_from_symbol(char symbol);
std::optional<Tile> tile_from_name(std::string_view name);

// What connectivity means everywhere in Yendor: a cell that a walker can stand on or that
// is a door (doors can be opened, unlocked or found). Deep water, lava and chasms are not.
constexpr bool is_traversable(Tile t) {
  return detail::k_traversable[static_cast<std::uint8_t>(t)];
}

}  // namespace yendor
