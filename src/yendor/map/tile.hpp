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
  // New kinds go here, before `count`; the byte values of existing kinds never change
  // (they are stored in saves). Tiles 19..255 are free.
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

const TileInfo& tile_info(Tile t);
std::optional<Tile> tile_from_symbol(char symbol);
std::optional<Tile> tile_from_name(std::string_view name);

// What connectivity means everywhere in Yendor: a cell that a walker can stand on or that
// is a door (doors can be opened, unlocked or found). Deep water, lava and chasms are not.
inline bool is_traversable(Tile t) {
  const TileInfo& info = tile_info(t);
  return info.passable || info.door;
}

}  // namespace yendor
