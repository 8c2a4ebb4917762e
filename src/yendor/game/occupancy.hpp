#pragma once
// Who stands on each cell of a level, stored block by block: the ids of each 4x4 block fill
// one 64-byte cache line, and a count of the occupied cells of every block sits beside them,
// so a search for the actors near a cell (a monster looking at its flock) skips the empty
// blocks and reads one line per occupied block instead of one per row: with 10,000 monsters
// on 1000x1000 the grid (4 MB) does not stay in the cache. Writes go through set(), which
// keeps both in step.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/grid.hpp"

namespace yendor::game {

using ActorId = std::uint32_t;  // 0: nobody

class Occupancy {
 public:
  static constexpr int k_block = 4;

  Occupancy() = default;
  // Everything empty. std::invalid_argument for a negative size.
  explicit Occupancy(Size size);

  Size size() const { return size_; }
  int width() const { return size_.width; }
  bool in_bounds(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }
  // Who stands at `p` (0: nobody); `p` must be in bounds.
  ActorId operator[](Point p) const { return cell(p); }
  // The same, throwing std::out_of_range outside.
  ActorId at(Point p) const;

  // Puts `id` (0: nobody) at `p`, which must be in bounds.
  void set(Point p, ActorId id);
  void clear();

  // f(Point, ActorId) for every occupied cell of the box [lo, hi] (inclusive, clipped to the
  // map) in row-major order, each row's run through an empty block skipped whole.
  template <typename F>
  void for_each_in(Point lo, Point hi, F&& f) const {
    lo = {lo.x < 0 ? 0 : lo.x, lo.y < 0 ? 0 : lo.y};
    hi = {hi.x >= size_.width ? size_.width - 1 : hi.x,
          hi.y >= size_.height ? size_.height - 1 : hi.y};
    prefetch(lo, hi);
    for (int y = lo.y; y <= hi.y; ++y) {
      const std::uint8_t* counts = counts_.data() + (y / k_block) * counts_.width();
      const Block* blocks = blocks_.data() + (y / k_block) * counts_.width();
      const int row = (y % k_block) * k_block;
      for (int x = lo.x; x <= hi.x;) {
        const int bx = x / k_block;
        const int end = (bx + 1) * k_block <= hi.x ? (bx + 1) * k_block : hi.x + 1;
        if (counts[bx] != 0)
          for (; x < end; ++x)
            if (const ActorId id = blocks[bx].ids[row + x % k_block]; id != 0) f(Point{x, y}, id);
        x = end;
      }
    }
  }
  // Starts loading the occupied blocks of the box [lo, hi] into the cache: they lie far apart
  // in memory, so asking for all of their lines at once saves waiting for each in turn. A
  // hint: no effect on results.
  void prefetch(Point lo, Point hi) const {
    lo = {lo.x < 0 ? 0 : lo.x, lo.y < 0 ? 0 : lo.y};
    hi = {hi.x >= size_.width ? size_.width - 1 : hi.x,
          hi.y >= size_.height ? size_.height - 1 : hi.y};
    for (int by = lo.y / k_block; by <= hi.y / k_block && lo.x <= hi.x; ++by)
      for (int bx = lo.x / k_block; bx <= hi.x / k_block; ++bx)
        if (const auto b = static_cast<std::size_t>(by * counts_.width() + bx);
            counts_.data()[b] != 0)
          __builtin_prefetch(&blocks_[b]);
  }
  // f(Point, ActorId) for every occupied cell of the map, in row-major order.
  template <typename F>
  void for_each(F&& f) const {
    for_each_in({0, 0}, {size_.width - 1, size_.height - 1}, f);
  }

  // Equal when the same actors stand on the same cells (the block counts follow).
  bool operator==(const Occupancy& o) const;

 private:
  struct alignas(64) Block {
    std::array<ActorId, k_block * k_block> ids{};  // row-major within the block
  };
  std::size_t block_index(Point p) const {
    return static_cast<std::size_t>((p.y / k_block) * counts_.width() + p.x / k_block);
  }
  static std::size_t index_in_block(Point p) {
    return static_cast<std::size_t>((p.y % k_block) * k_block + p.x % k_block);
  }
  ActorId cell(Point p) const { return blocks_[block_index(p)].ids[index_in_block(p)]; }

  Size size_{};
  std::vector<Block> blocks_;  // row-major over the blocks
  Grid<std::uint8_t> counts_;  // occupied cells of each block
};

}  // namespace yendor::game
