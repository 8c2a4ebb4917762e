#include "yendor/gen/stairs.hpp"

#include <algorithm>
#include <vector>

#include "yendor/gen/generate.hpp"

namespace yendor {

namespace {

// Where stairs may go: plain floor (room floor in room-and-corridor levels, since corridors
// are their own tile); on a level with fewer than two floor cells, any passable cell. Never
// inside a vault or a shop (rooms a feature pass made): a vault's way in may be secret.
struct Candidate {
  bool floor_only = true;
  std::vector<Rect> excluded;
  bool tile_ok(Tile t) const { return floor_only ? t == Tile::floor : tile_info(t).passable; }
  bool operator()(Tile t, Point p) const {
    if (!tile_ok(t)) return false;
    for (const Rect& r : excluded)
      if (r.contains(p)) return false;
    return true;
  }
  // The same by cell index, finding the point only when some room is excluded.
  bool at(const Grid<Tile>& tiles, std::size_t index) const {
    const Tile t = tiles.cells()[index];
    return excluded.empty() ? tile_ok(t) : (*this)(t, tiles.point_of(index));
  }
  bool excludes_row(int y) const {
    for (const Rect& r : excluded)
      if (y >= r.top() && y <= r.bottom()) return true;
    return false;
  }
};

std::int64_t count_tiles_in(std::span<const Tile> cells, const Candidate& accept) {
  std::int64_t n = 0;
  if (accept.floor_only) {
    // Bytes compared into an 8-bit sum per block of 240 (15 vectors; at most 240 fits):
    // this vectorises without widening every comparison (std::count's 64-bit counter over
    // an enum does not vectorise).
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(cells.data());
    constexpr auto k_floor = static_cast<std::uint8_t>(Tile::floor);
    constexpr std::size_t k_block = 240;
    for (std::size_t begin = 0; begin < cells.size(); begin += k_block) {
      const std::size_t end = std::min(cells.size(), begin + k_block);
      std::uint8_t block = 0;
      for (std::size_t i = begin; i < end; ++i)
        block = static_cast<std::uint8_t>(block + (bytes[i] == k_floor ? 1u : 0u));
      n += block;
    }
    return n;
  }
  for (Tile t : cells)
    n += accept.tile_ok(t) ? 1 : 0;
  return n;
}

// Candidates in row y: a vectorised count unless an excluded room crosses the row.
std::int64_t count_candidates_in_row(const Grid<Tile>& tiles, int y, const Candidate& accept) {
  const auto row = tiles.row(y);
  if (!accept.excludes_row(y)) return count_tiles_in(row, accept);
  std::int64_t n = 0;
  for (int x = 0; x < tiles.width(); ++x)
    n += accept(row[static_cast<std::size_t>(x)], {x, y}) ? 1 : 0;
  return n;
}

// Candidates per row, so a random one is found without counting the rows a second time.
struct CandidateRows {
  std::vector<std::int64_t> rows;
  std::int64_t total = 0;
};

CandidateRows count_candidates(const Grid<Tile>& tiles, const Candidate& accept) {
  CandidateRows out;
  out.rows.resize(static_cast<std::size_t>(tiles.height()));
  for (int y = 0; y < tiles.height(); ++y) {
    out.rows[static_cast<std::size_t>(y)] = count_candidates_in_row(tiles, y, accept);
    out.total += out.rows[static_cast<std::size_t>(y)];
  }
  return out;
}

// A uniformly random candidate (there is at least one).
Point random_candidate(const Grid<Tile>& tiles, const CandidateRows& count, Rng& rng,
                       const Candidate& accept) {
  std::int64_t k = rng.below(static_cast<std::uint32_t>(count.total));
  for (int y = 0; y < tiles.height(); ++y) {
    // Whole rows are skipped with their count.
    const std::int64_t in_row = count.rows[static_cast<std::size_t>(y)];
    if (k >= in_row) {
      k -= in_row;
      continue;
    }
    const auto row = tiles.row(y);
    for (int x = 0; x < tiles.width(); ++x)
      if (accept(row[static_cast<std::size_t>(x)], {x, y}) && k-- == 0) return {x, y};
  }
  return {};  // unreachable: the counts were exact
}

}  // namespace

StairsReport place_stairs(Level& level, Rng& rng) {
  Stairs& stairs = level.meta.stairs;
  Candidate accept;
  for (const Room& room : level.meta.rooms)
    if (room.kind == "vault" || room.kind == "shop") accept.excluded.push_back(room.rect);
  if (!stairs.up || !stairs.down) {
    CandidateRows count = count_candidates(level.tiles, accept);
    if (count.total < 2) {
      accept.floor_only = false;
      count = count_candidates(level.tiles, accept);
    }
    if (count.total < 2) {
      accept.excluded.clear();  // better stairs in a vault than no level
      count = count_candidates(level.tiles, accept);
    }
    if (count.total < 2) throw GenerationError(level.meta.generator + ": no room for two stairs");
    if (!stairs.up) {
      stairs.up = random_candidate(level.tiles, count, rng, accept);
      level.tiles[*stairs.up] = Tile::stairs_up;
    }
  }

  StairsReport report;
  // The flood's buffers (5 bytes a cell) are kept per thread between levels of up to 4M cells:
  // fresh pages cost more than the flood itself. Larger levels use buffers of their own, so
  // no thread keeps hundreds of megabytes. Only memory is reused, never results.
  constexpr std::int64_t k_cached_flood_cells = std::int64_t{1} << 22;
  thread_local FloodOrder cached_flood;
  FloodOrder own_flood;
  FloodOrder& flood = level.tiles.size().area() <= k_cached_flood_cells ? cached_flood : own_flood;
  // With locks, "connected" means connected once every lock is open (lava and chasm locks
  // are not traversable tiles); the solver proves the order they can be opened in.
  Grid<Tile> opened;
  if (!level.meta.locks.empty()) opened = tiles_with_locks_open(level);
  report.connectivity.reachable =
      flood.run(level.meta.locks.empty() ? level.tiles : opened, *stairs.up);
  const auto order = flood.order();
  if (!stairs.down) {
    // The flood visits cells layer by layer, so the far candidates (at least 90% as far as
    // the farthest) are the candidates in the last layers; one is picked at random.
    std::int32_t farthest = -1;
    for (std::int32_t d = flood.layers() - 1; d > 0 && farthest < 0; --d)
      for (std::size_t i = flood.layer_start(d); i < flood.layer_start(d + 1); ++i)
        if (accept.at(level.tiles, order[i])) {
          farthest = d;
          break;
        }
    if (farthest < 0)
      throw GenerationError(level.meta.generator + ": no reachable cell for the down stairs");
    const std::int32_t threshold = farthest - farthest / 10;
    const std::size_t first = flood.layer_start(threshold), last = flood.layer_start(farthest + 1);
    std::int64_t far = 0;
    for (std::size_t i = first; i < last; ++i)
      far += accept.at(level.tiles, order[i]) ? 1 : 0;
    std::int64_t k = rng.below(static_cast<std::uint32_t>(far));
    for (std::int32_t d = threshold; d <= farthest && !stairs.down; ++d)
      for (std::size_t i = flood.layer_start(d); i < flood.layer_start(d + 1); ++i) {
        if (!accept.at(level.tiles, order[i]) || k-- != 0) continue;
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
