#pragma once
// What `maze` does with the pattern its cellular automaton left (live cells are passages):
// join every separate region, braid, find the dead ends and draw it. One byte per cell with a
// margin of `outside` cells all round, so no neighbour lookup needs a bounds check.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/maze_automaton.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::detail {

class CellularMaze {
 public:
  explicit CellularMaze(const LifeGrid& life)
      : width_(life.width()),
        height_(life.height()),
        stride_(static_cast<std::size_t>(life.width()) + 2),
        cells_(stride_ * (static_cast<std::size_t>(life.height()) + 2), k_outside),
        offset_{0u - static_cast<std::uint32_t>(stride_), 1u, static_cast<std::uint32_t>(stride_),
                0u - 1u} {
    for (int y = 0; y < height_; ++y) {
      const std::uint64_t* words = life.row_words(y);
      std::uint8_t* line = &cells_[index(0, y)];
      for (std::size_t x = 0; x < static_cast<std::size_t>(width_); ++x)
        line[x] = static_cast<std::uint8_t>(words[x / 64] >> (x % 64) & k_live);
    }
  }

  int width() const { return width_; }
  int height() const { return height_; }
  bool live(int x, int y) const { return (cells_[index(x, y)] & k_live) != 0; }
  void set_live(int x, int y) { cells_[index(x, y)] |= k_live; }
  std::int64_t live_count() const {
    return std::count_if(cells_.begin(), cells_.end(),
                         [](std::uint8_t c) { return (c & k_live) != 0; });
  }

  // Joins every region (4-connected live cells) to the first one by digging tunnels through as
  // few dead cells as possible: a 0-1 breadth-first search from the first live cell, in which
  // entering a live cell costs nothing and a dead one costs one, records for every cell the
  // side it was reached from. A region is flooded whole the moment the search first touches
  // it, so each region is entered once, from a dead cell, by a cheapest way. Walking back from
  // each entry then digs dead cells up to the first live one (a region entered earlier, itself
  // joined by its own tunnel). Regions one dead cell apart are joined through that one cell.
  void join_regions() {
    const auto first = std::find_if(cells_.begin(), cells_.end(),
                                    [](std::uint8_t c) { return (c & k_live) != 0; });
    if (first == cells_.end()) return;
    std::int64_t unseen_live = live_count();
    std::vector<std::uint32_t> entries;  // the first cell reached of each region but the first
    // Every cell is queued at most once, so one array holds both the dead cells waiting, in
    // order of distance, from the front (queue[head, tail)) and the cells of the region being
    // flooded from the back. The slot past each end may be written whether or not the cell
    // goes in, which avoids branching on the unpredictable live/dead pattern.
    const std::size_t end = cells_.size() + 1;
    const auto queue = std::make_unique_for_overwrite<std::uint32_t[]>(end);
    std::size_t head = 0, tail = 0;
    const auto flood = [&](std::uint32_t from) {
      std::size_t taken = 0, added = 1;
      queue[end - 1] = from;
      while (taken < added) {
        const std::uint32_t i = queue[end - 1 - taken++];
        for (std::uint8_t side = 0; side < 4; ++side) {
          const std::uint32_t j = step(i, side);
          const std::uint8_t c = cells_[j];
          const std::uint8_t fresh = (c & (k_seen | k_outside)) == 0 ? 1 : 0;
          const std::uint8_t live = fresh & c & k_live;
          cells_[j] = static_cast<std::uint8_t>(
              c | ((k_seen | side << k_side_shift) & -static_cast<int>(fresh)));
          queue[end - 1 - added] = j;
          queue[tail] = j;
          added += live;
          tail += fresh & ~live & 1u;
        }
      }
      unseen_live -= static_cast<std::int64_t>(added);
    };
    const auto start = static_cast<std::uint32_t>(first - cells_.begin());
    cells_[start] |= k_seen;
    flood(start);
    while (head < tail && unseen_live > 0) {
      const std::uint32_t i = queue[head++];
      for (std::uint8_t side = 0; side < 4; ++side) {
        const std::uint32_t j = step(i, side);
        const std::uint8_t c = cells_[j];
        if ((c & (k_seen | k_outside)) != 0) continue;
        cells_[j] = static_cast<std::uint8_t>(c | k_seen | side << k_side_shift);
        if ((c & k_live) != 0) {
          entries.push_back(j);
          flood(j);
        } else {
          queue[tail++] = j;
        }
      }
    }
    for (const std::uint32_t entry : entries)
      for (std::uint32_t j = back_step(entry); (cells_[j] & k_live) == 0; j = back_step(j))
        cells_[j] |= k_live;
    for (std::uint8_t& c : cells_)
      c &= k_live | k_outside;
  }

  // Live cells with exactly one live neighbour, as (x, y) in scan order.
  std::vector<Point> dead_ends() const {
    std::vector<Point> out, row(static_cast<std::size_t>(width_) + 1);
    for (int y = 0; y < height_; ++y) {
      std::size_t n = 0;
      for (int x = 0; x < width_; ++x) {
        const std::size_t i = index(x, y);
        row[n] = {x, y};  // kept only when it is a dead end: no branch on the pattern
        n += static_cast<std::size_t>((cells_[i] & k_live) & (degree(i) == 1 ? 1 : 0));
      }
      out.insert(out.end(), row.begin(), row.begin() + static_cast<std::ptrdiff_t>(n));
    }
    return out;
  }

  // Removes about `share` of the dead ends, in random order, each by bringing to life one dead
  // cell beside it that has a live cell right behind it (a wall one cell thick), which makes
  // a loop. It stops once round(share x dead ends) are gone; a dead end walled in by thicker
  // rock on its three other sides stays.
  void braid(double share, Rng& rng) {
    if (share <= 0) return;
    std::vector<Point> ends = dead_ends();
    rng.shuffle(ends);
    const auto target = static_cast<std::int64_t>(std::llround(share * std::ssize(ends)));
    std::int64_t removed = 0;
    for (std::size_t e = 0; e < ends.size() && removed < target; ++e) {
      const std::size_t i = index(ends[e].x, ends[e].y);
      if (degree(i) != 1) continue;  // an earlier knock-through already removed it
      std::array<std::size_t, 4> walls{};
      std::uint32_t n = 0;
      for (std::uint8_t side = 0; side < 4; ++side) {
        const std::size_t wall = step(i, side);
        if (cells_[wall] == 0 && (cells_[step(wall, side)] & k_live) != 0) walls[n++] = wall;
      }
      if (n == 0) continue;
      const std::size_t wall = walls[n == 1 ? 0 : rng.below(n)];
      for (std::uint8_t side = 0; side < 4; ++side) {
        const std::size_t j = step(wall, side);
        removed += (cells_[j] & k_live) != 0 && degree(j) == 1 ? 1 : 0;
      }
      cells_[wall] |= k_live;
    }
  }

  // Draws every live cell as a cell x cell block of floor, cell (0, 0) at `origin`.
  void render(Grid<Tile>& tiles, Point origin, int cell) const {
    const auto side = static_cast<std::size_t>(cell);
    const auto width = static_cast<std::size_t>(width_);
    for (int y = 0; y < height_; ++y) {
      const int top = origin.y + y * cell;
      Tile* line = tiles.row(top).data() + origin.x;
      const std::uint8_t* from = &cells_[index(0, y)];
      if (cell == 1) {
        for (std::size_t x = 0; x < width; ++x)
          line[x] = (from[x] & k_live) != 0 ? Tile::floor : Tile::wall;
        continue;
      }
      for (std::size_t x = 0; x < width; ++x)
        std::fill_n(line + x * side, side, (from[x] & k_live) != 0 ? Tile::floor : Tile::wall);
      for (int k = 1; k < cell; ++k)
        std::copy_n(line, width * side, tiles.row(top + k).data() + origin.x);
    }
  }

 private:
  static constexpr std::uint8_t k_live = 1;
  static constexpr std::uint8_t k_outside = 2;  // the margin
  static constexpr std::uint8_t k_seen = 4;     // join_regions: reached by the search
  static constexpr int k_side_shift = 4;        // join_regions: the side it was reached by

  std::size_t index(int x, int y) const {
    return (static_cast<std::size_t>(y) + 1) * stride_ + static_cast<std::size_t>(x) + 1;
  }
  std::uint32_t step(std::size_t i, int side) const {
    return static_cast<std::uint32_t>(i) + offset_[static_cast<std::size_t>(side)];
  }
  // join_regions: the cell that `i` was reached from.
  std::uint32_t back_step(std::uint32_t i) const {
    return step(i, (cells_[i] >> k_side_shift & 3) ^ 2);
  }
  int degree(std::size_t i) const {
    return (cells_[i - stride_] & k_live) + (cells_[i + 1] & k_live) +
           (cells_[i + stride_] & k_live) + (cells_[i - 1] & k_live);
  }

  int width_;
  int height_;
  std::size_t stride_;
  std::vector<std::uint8_t> cells_;
  std::array<std::uint32_t, 4> offset_;  // index steps north, east, south, west (mod 2^32)
};

}  // namespace yendor::detail
