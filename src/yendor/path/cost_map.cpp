#include "yendor/path/cost_map.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

namespace yendor::path {
namespace {

// The cost of every tile byte (bytes beyond the tile table cost 0).
std::array<std::uint8_t, 256> tile_cost_table(const TileCosts& costs) {
  std::array<std::uint8_t, 256> table{};
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const auto t = static_cast<Tile>(i);
    const TileInfo& info = tile_info(t);
    switch (t) {
      case Tile::door_closed:
        table[i] = costs.door_closed;
        break;
      case Tile::door_locked:
      case Tile::door_barred:  // bars: a lever opens them, as a key opens a locked door
        table[i] = costs.door_locked;
        break;
      case Tile::door_secret:
        table[i] = costs.door_secret;
        break;
      case Tile::water_shallow:
        table[i] = costs.water_shallow;
        break;
      case Tile::rubble:
        table[i] = costs.rubble;
        break;
      default:
        if (info.passable)
          table[i] = costs.floor;
        else if (info.hazard)
          table[i] = costs.hazard;  // deep water, lava, chasm
        else
          table[i] = 0;
    }
  }
  return table;
}

}  // namespace

CostMap::CostMap(Size size, std::uint8_t fill) : size_(size) {
  if (size.width < 0 || size.height < 0)
    throw InputError("cost map: negative size " + size_text(size));
  stride_ = static_cast<std::size_t>(size.width) + 2;
  cells_.assign(stride_ * (static_cast<std::size_t>(size.height) + 2), 0);
  for (int y = 0; y < size.height; ++y)
    std::fill_n(cells_.begin() + static_cast<std::ptrdiff_t>(index({0, y})), size.width, fill);
  if (size.area() > 0) max_cost_ = fill;
}

void CostMap::throw_bad_cost(Point p, long long cost) {
  throw InputError("cost map: cost " + std::to_string(cost) + " at (" + std::to_string(p.x) + "," +
                   std::to_string(p.y) + ") outside 0..255");
}

CostMap CostMap::from_tiles(const Grid<Tile>& tiles, const TileCosts& costs) {
  const std::array<std::uint8_t, 256> table = tile_cost_table(costs);
  CostMap map(tiles.size(), 0);
  std::uint8_t max = 0;
  for (int y = 0; y < tiles.height(); ++y) {
    const std::span<const Tile> in = tiles.row(y);
    std::uint8_t* out = map.cells_.data() + map.index({0, y});
    for (std::size_t x = 0; x < in.size(); ++x) {
      out[x] = table[static_cast<std::uint8_t>(in[x])];
      max = std::max(max, out[x]);
    }
  }
  map.max_cost_ = max;
  return map;
}

CostMap CostMap::from_bytes(Size size, std::span<const std::uint8_t> bytes) {
  if (size.width < 0 || size.height < 0 || bytes.size() != static_cast<std::size_t>(size.area()))
    throw InputError("cost map: " + std::to_string(bytes.size()) + " bytes for a " +
                     size_text(size) + " map");
  CostMap map(size, 0);
  const auto w = static_cast<std::size_t>(size.width);
  for (int y = 0; y < size.height; ++y)
    std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(y) * w), w,
                map.cells_.begin() + static_cast<std::ptrdiff_t>(map.index({0, y})));
  map.max_cost_ = bytes.empty() ? 0 : *std::max_element(bytes.begin(), bytes.end());
  return map;
}

void CostMap::set_cost(Point p, std::uint8_t cost) {
  if (!in_bounds(p))
    throw InputError("cost map: (" + std::to_string(p.x) + "," + std::to_string(p.y) +
                     ") outside the " + size_text(size_) + " map");
  cells_[index(p)] = cost;
  max_cost_ = std::max(max_cost_, cost);
}

}  // namespace yendor::path
