#include "yendor/map/tile.hpp"

namespace yendor {

namespace {
// name, symbol, glyph, colour, passable, transparent, door, locked, hazard
constexpr std::array<TileInfo, k_tile_count> k_tiles{{
    {"wall", '#', U'#', {128, 128, 128}, false, false, false, false, false},
    {"floor", '.', U'.', {200, 200, 190}, true, true, false, false, false},
    {"corridor", ',', U'.', {160, 150, 130}, true, true, false, false, false},
    {"door_closed", '+', U'+', {170, 110, 40}, false, false, true, false, false},
    {"door_open", '\'', U'\'', {170, 110, 40}, true, true, true, false, false},
    {"door_locked", 'L', U'+', {220, 180, 40}, false, false, true, true, false},
    {"door_secret", 'S', U'#', {140, 120, 120}, false, false, true, false, false},
    {"stairs_up", '<', U'<', {255, 255, 255}, true, true, false, false, false},
    {"stairs_down", '>', U'>', {255, 255, 255}, true, true, false, false, false},
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
}};
}  // namespace

const TileInfo& tile_info(Tile t) {
  return k_tiles[static_cast<std::size_t>(t)];
}

std::optional<Tile> tile_from_symbol(char symbol) {
  for (std::size_t i = 0; i < k_tile_count; ++i)
    if (k_tiles[i].symbol == symbol) return static_cast<Tile>(i);
  return std::nullopt;
}

std::optional<Tile> tile_from_name(std::string_view name) {
  for (std::size_t i = 0; i < k_tile_count; ++i)
    if (k_tiles[i].name == name) return static_cast<Tile>(i);
  return std::nullopt;
}

}  // namespace yendor
