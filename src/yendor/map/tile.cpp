#include "yendor/map/tile.hpp"

namespace yendor {

using detail::k_tiles;

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
