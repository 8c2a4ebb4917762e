#include "yendor/gen/stairs.hpp"

#include <algorithm>

#include "yendor/gen/generate.hpp"

namespace yendor {

namespace {

// Where stairs may go: plain floor (room floor in room-and-corridor levels, since corridors
// are their own tile); on a level with fewer than two floor cells, any passable cell.
struct Candidate {
  bool floor_only = true;
  bool operator()(Tile t) const { return floor_only ? t == Tile::floor : tile_info(t).passable; }
};

std::int64_t count_candidates_in(std::span<const Tile> cells, Candidate accept) {
  std::int64_t n = 0;
  if (accept.floor_only) {
    // Bytes compared into a 32-bit sum per block: this vectorises (std::count's 64-bit
    // counter over an enum does not).
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(cells.data());
    constexpr auto k_floor = static_cast<std::uint8_t>(Tile::floor);
    constexpr std::size_t k_block = std::size_t{1} << 20;
    for (std::size_t begin = 0; begin < cells.size(); begin += k_block) {
      const std::size_t end = std::min(cells.size(), begin + k_block);
      std::uint32_t block = 0;
      for (std::size_t i = begin; i < end; ++i)
        block += bytes[i] == k_floor ? 1u : 0u;
      n += block;
    }
    return n;
  }
  for (Tile t : cells)
    n += accept(t) ? 1 : 0;
  return n;
}

// A uniformly random candidate, given that there are `count` of them.
Point random_candidate(const Grid<Tile>& tiles, std::int64_t count, Rng& rng, Candidate accept) {
  std::int64_t k = rng.below(static_cast<std::uint32_t>(count));
  for (int y = 0; y < tiles.height(); ++y) {
    const auto row = tiles.row(y);
    // Whole rows are skipped with a vectorised count.
    const std::int64_t in_row = count_candidates_in(row, accept);
    if (k >= in_row) {
      k -= in_row;
      continue;
    }
    for (int x = 0; x < tiles.width(); ++x)
      if (accept(row[static_cast<std::size_t>(x)]) && k-- == 0) return {x, y};
  }
  return {};  // unreachable: count was exact
}

}  // namespace

StairsReport place_stairs(Level& level, Rng& rng) {
  Stairs& stairs = level.meta.stairs;
  Candidate accept;
  if (!stairs.up || !stairs.down) {
    std::int64_t count = count_candidates_in(level.tiles.cells(), accept);
    if (count < 2) {
      accept.floor_only = false;
      count = count_candidates_in(level.tiles.cells(), accept);
    }
    if (count < 2) throw GenerationError(level.meta.generator + ": no room for two stairs");
    if (!stairs.up) {
      stairs.up = random_candidate(level.tiles, count, rng, accept);
      level.tiles[*stairs.up] = Tile::stairs_up;
    }
  }

  StairsReport report;
  FloodOrder flood;
  report.connectivity.reachable = flood.run(level.tiles, *stairs.up);
  const auto order = flood.order();
  if (!stairs.down) {
    // The flood visits cells layer by layer, so the far candidates (at least 90% as far as
    // the farthest) are the candidates in the last layers; one is picked at random.
    std::int32_t farthest = -1;
    for (std::int32_t d = flood.layers() - 1; d > 0 && farthest < 0; --d)
      for (std::size_t i = flood.layer_start(d); i < flood.layer_start(d + 1); ++i)
        if (accept(level.tiles[order[i]])) {
          farthest = d;
          break;
        }
    if (farthest < 0)
      throw GenerationError(level.meta.generator + ": no reachable cell for the down stairs");
    const std::int32_t threshold = farthest - farthest / 10;
    const std::size_t first = flood.layer_start(threshold), last = flood.layer_start(farthest + 1);
    std::int64_t far = 0;
    for (std::size_t i = first; i < last; ++i)
      far += accept(level.tiles[order[i]]) ? 1 : 0;
    std::int64_t k = rng.below(static_cast<std::uint32_t>(far));
    for (std::int32_t d = threshold; d <= farthest && !stairs.down; ++d)
      for (std::size_t i = flood.layer_start(d); i < flood.layer_start(d + 1); ++i) {
        if (!accept(level.tiles[order[i]]) || k-- != 0) continue;
        stairs.down = level.tiles.point_of(order[i]);
        report.walk_distance = d;
        break;
      }
    level.tiles[*stairs.down] = Tile::stairs_down;
  } else {
    // Stairs the generator placed: find the down stairs' layer, its walking distance.
    const std::size_t down_index = level.tiles.index_of(*stairs.down);
    report.walk_distance = k_unreachable;
    for (std::int32_t d = 0; d < flood.layers() && report.walk_distance == k_unreachable; ++d)
      for (std::size_t i = flood.layer_start(d); i < flood.layer_start(d + 1); ++i)
        if (order[i] == down_index) {
          report.walk_distance = d;
          break;
        }
  }
  report.connectivity.traversable = flood.traversable();
  return report;
}

}  // namespace yendor
