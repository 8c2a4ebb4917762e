#pragma once
// Who stands on each cell of a level, kept twice: the ids of each 4x4 block fill one 64-byte
// cache line, and one bit per cell says whether anybody stands there, 8x8 cells to a 64-bit
// word. With 10,000 monsters on 1000x1000 the ids (4 MB) do not stay in the cache but the
// bits (125 KB) do, so a search for the actors near a cell (a monster looking at its flock)
// finds their cells from the bits and reads only the lines of the ids it needs. Writes go
// through set(), which keeps both in step.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "yendor/core/geometry.hpp"

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

  // Whether somebody stands at `p`, which must be in bounds (reads only the bits).
  bool occupied(Point p) const { return (bits_[word_index(p)] >> bit_index(p)) & 1U; }

  // f(Point) for every occupied cell of the box [lo, hi] (inclusive, clipped to the map) in
  // row-major order, from the bits alone: no id is read.
  template <typename F>
  void for_each_cell_in(Point lo, Point hi, F&& f) const {
    if (!clip(lo, hi)) return;
    for (int y = lo.y; y <= hi.y; ++y) {
      const std::uint64_t* words = bits_.data() + (y / k_word_side) * words_wide_;
      const int shift = (y % k_word_side) * k_word_side;
      for (int wx = lo.x / k_word_side; wx <= hi.x / k_word_side; ++wx) {
        const int x0 = wx * k_word_side;
        auto row = static_cast<unsigned>((words[wx] >> shift) & 0xffU);
        if (lo.x > x0) row &= ~0U << (lo.x - x0);
        if (hi.x < x0 + k_word_side - 1) row &= (1U << (hi.x - x0 + 1)) - 1U;
        for (; row != 0; row &= row - 1)
          f(Point{x0 + std::countr_zero(row), y});
      }
    }
  }
  // f(Point, ActorId) for every occupied cell of the box [lo, hi] (clipped) in row-major
  // order.
  template <typename F>
  void for_each_in(Point lo, Point hi, F&& f) const {
    for_each_cell_in(lo, hi, [&](Point p) { f(p, cell(p)); });
  }
  // Starts loading into the cache the bits of the box [lo, hi] (for_each_cell_in) and the id
  // lines of its occupied blocks within `id_reach` of its centre: on a big level they lie far
  // apart in memory, so asking for all of them at once saves waiting for each in turn. A hint:
  // no effect on results.
  void prefetch(Point lo, Point hi, int id_reach) const {
    const Point centre{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2};
    if (!clip(lo, hi)) return;
    for (int wy = lo.y / k_word_side; wy <= hi.y / k_word_side; ++wy) {
      const std::uint64_t* words = bits_.data() + static_cast<std::ptrdiff_t>(wy) * words_wide_;
      __builtin_prefetch(words + lo.x / k_word_side);
      __builtin_prefetch(words + hi.x / k_word_side);
    }
    if (id_reach >= 0)
      prefetch_ids(centre - Point{id_reach, id_reach}, centre + Point{id_reach, id_reach});
  }
  // Starts loading the id lines of the occupied blocks of the box [lo, hi] (the bits tell
  // which; best when they are in the cache already). A hint.
  void prefetch_ids(Point lo, Point hi) const {
    if (!clip(lo, hi)) return;
    for (int by = lo.y / k_block; by <= hi.y / k_block; ++by)
      for (int bx = lo.x / k_block; bx <= hi.x / k_block; ++bx)
        if (block_occupied(bx, by)) __builtin_prefetch(&blocks_[block_index(bx, by)]);
  }
  // Starts loading the line holding the id at `p` (in bounds). A hint.
  void prefetch(Point p) const { __builtin_prefetch(&blocks_[block_index(p)]); }
  // f(Point, ActorId) for every occupied cell of the map, in row-major order.
  template <typename F>
  void for_each(F&& f) const {
    for_each_in({0, 0}, {size_.width - 1, size_.height - 1}, f);
  }

  // Equal when the same actors stand on the same cells (the block counts follow).
  bool operator==(const Occupancy& o) const;

 private:
  static constexpr int k_word_side = 8;  // a bit word covers 8x8 cells, row-major
  struct alignas(64) Block {
    std::array<ActorId, k_block * k_block> ids{};  // row-major within the block
  };
  std::size_t block_index(int bx, int by) const {
    return static_cast<std::size_t>(by * blocks_wide_ + bx);
  }
  std::size_t block_index(Point p) const { return block_index(p.x / k_block, p.y / k_block); }
  static std::size_t index_in_block(Point p) {
    return static_cast<std::size_t>((p.y % k_block) * k_block + p.x % k_block);
  }
  std::size_t word_index(Point p) const {
    return static_cast<std::size_t>((p.y / k_word_side) * words_wide_ + p.x / k_word_side);
  }
  static unsigned bit_index(Point p) {
    return static_cast<unsigned>((p.y % k_word_side) * k_word_side + p.x % k_word_side);
  }
  // Whether anybody stands in block (bx, by): its 4x4 quarter of an 8x8 word.
  bool block_occupied(int bx, int by) const {
    static_assert(k_word_side == 2 * k_block);
    constexpr std::uint64_t k_quarter = 0x0f0f0f0fULL;  // rows 0..3, columns 0..3
    const Point corner{bx * k_block, by * k_block};
    const unsigned shift = bit_index(corner);
    return (bits_[word_index(corner)] >> shift & k_quarter) != 0;
  }
  ActorId cell(Point p) const { return blocks_[block_index(p)].ids[index_in_block(p)]; }
  // Clips the box [lo, hi] to the map; false when nothing of it is left.
  bool clip(Point& lo, Point& hi) const {
    lo = {std::max(lo.x, 0), std::max(lo.y, 0)};
    hi = {std::min(hi.x, size_.width - 1), std::min(hi.y, size_.height - 1)};
    return lo.x <= hi.x && lo.y <= hi.y;
  }

  Size size_{};
  int blocks_wide_ = 0;
  int words_wide_ = 0;
  std::vector<Block> blocks_;        // row-major over the blocks
  std::vector<std::uint64_t> bits_;  // row-major over the 8x8 words
};

}  // namespace yendor::game
