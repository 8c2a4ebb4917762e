#pragma once
// The life-like cellular automaton behind `maze` algorithm=ca-maze and ca-mazectric (thesis
// section 3.3): Maze is B3/S12345, Mazectric B3/S1234. The grid is bit-packed, 64 cells per
// word, and one generation counts the eight neighbours of 64 cells at once with bitwise adders.
// Cells outside the grid count as dead.

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "yendor/core/rng.hpp"

namespace yendor::detail {

// Bit n of `birth` is set when a dead cell with n live neighbours comes alive; bit n of
// `survive` when a live cell with n live neighbours stays alive.
struct LifeRule {
  std::uint16_t birth = 0;
  std::uint16_t survive = 0;
};
inline constexpr LifeRule k_rule_maze{1u << 3, 0b111110};       // B3/S12345
inline constexpr LifeRule k_rule_mazectric{1u << 3, 0b011110};  // B3/S1234

class LifeGrid {
 public:
  LifeGrid(int width, int height)
      : width_(width),
        height_(height),
        words_((static_cast<std::size_t>(width) + 63) / 64),
        // One row of dead cells above and below, so every row has both neighbours.
        bits_((static_cast<std::size_t>(height) + 2) * words_, 0),
        next_(bits_.size(), 0) {}

  int width() const { return width_; }
  int height() const { return height_; }
  bool live(int x, int y) const {
    const auto ux = static_cast<std::size_t>(x);
    return ((row(y)[ux / 64] >> (ux % 64)) & 1u) != 0;
  }

  // Each cell alive with probability `share` (to 1/65536). Bit-sliced: 64 cells take one draw
  // per binary digit of the probability, combining draws with | for a 1 digit and & for a 0,
  // from the lowest set digit up (each draw halves the probability so far; a 1 adds a half).
  void randomize(double share, Rng& rng) {
    const auto scaled = static_cast<std::uint32_t>(share <= 0   ? 0
                                                   : share >= 1 ? 65536
                                                                : std::llround(share * 65536.0));
    int low = 0;
    while (low < 16 && ((scaled >> low) & 1u) == 0)
      ++low;
    for (int y = 0; y < height_; ++y)
      for (std::size_t k = 0; k < words_; ++k) {
        std::uint64_t word = 0;
        if (scaled >= 65536) {
          word = ~std::uint64_t{0};
        } else if (scaled > 0) {
          for (int digit = low; digit < 16; ++digit)
            word = ((scaled >> digit) & 1u) != 0 ? word | rng.next_u64() : word & rng.next_u64();
        }
        row(y)[k] = word & mask(k);
      }
  }

  // Runs one generation; false when nothing changed. The rule is a template argument so that
  // picking the counts it keeps compiles to a few bitwise operations.
  template <LifeRule Rule>
  bool step() {
    std::uint64_t changed = 0;
    for (int y = 0; y < height_; ++y) {
      const std::uint64_t* up = row(y - 1);
      const std::uint64_t* mid = row(y);
      const std::uint64_t* down = row(y + 1);
      std::uint64_t* out = next_.data() + static_cast<std::size_t>(y + 1) * words_;
      for (std::size_t k = 0; k < words_; ++k) {
        // Live neighbours per row, as two bit planes (ones, twos): three cells above and below,
        // the two beside on this row.
        const auto [u1, u2] = sum3(west(up, k), up[k], east(up, k));
        const auto [d1, d2] = sum3(west(down, k), down[k], east(down, k));
        const std::uint64_t l = west(mid, k), r = east(mid, k);
        const std::uint64_t m1 = l ^ r, m2 = l & r;
        // The total n = s1 + 2 s2 + 4 s4 + 8 s8 (0..8).
        const auto [s1, c1] = sum3(u1, m1, d1);  // c1: carries of weight two
        const std::uint64_t p = u2 ^ m2, pc = u2 & m2, q = d2 ^ c1, qc = d2 & c1;
        const std::uint64_t s2 = p ^ q, pq = p & q;
        const std::uint64_t s4 = pc ^ qc ^ pq, s8 = pc & qc;
        const std::uint64_t cell = mid[k];
        out[k] = ((~cell & with_counts<Rule.birth>(s1, s2, s4, s8)) |
                  (cell & with_counts<Rule.survive>(s1, s2, s4, s8))) &
                 mask(k);
        changed |= out[k] ^ cell;
      }
    }
    bits_.swap(next_);
    return changed != 0;
  }

  // Row y as words: bit x % 64 of word x / 64 is the cell at x.
  const std::uint64_t* row_words(int y) const { return row(y); }

 private:
  const std::uint64_t* row(int y) const {
    return bits_.data() + static_cast<std::size_t>(y + 1) * words_;
  }
  std::uint64_t* row(int y) { return bits_.data() + static_cast<std::size_t>(y + 1) * words_; }
  // Bit x of the result holds the cell at x - 1 (west) or x + 1 (east) of word k.
  std::uint64_t west(const std::uint64_t* r, std::size_t k) const {
    return (r[k] << 1) | (k > 0 ? r[k - 1] >> 63 : 0);
  }
  std::uint64_t east(const std::uint64_t* r, std::size_t k) const {
    return (r[k] >> 1) | (k + 1 < words_ ? r[k + 1] << 63 : 0);
  }
  // The cells whose neighbour count n = s1 + 2 s2 + 4 s4 + 8 s8 has bit n set in Counts.
  template <std::uint16_t Counts>
  static std::uint64_t with_counts(std::uint64_t s1, std::uint64_t s2, std::uint64_t s4,
                                   std::uint64_t s8) {
    std::uint64_t out = 0;
    [&]<unsigned... N>(std::integer_sequence<unsigned, N...>) {
      ((out |= (Counts >> N & 1u) == 0
                   ? 0
                   : ((N & 1u) != 0 ? s1 : ~s1) & ((N & 2u) != 0 ? s2 : ~s2) &
                         ((N & 4u) != 0 ? s4 : ~s4) & ((N & 8u) != 0 ? s8 : ~s8)),
       ...);
    }
    (std::make_integer_sequence<unsigned, 9>{});
    return out;
  }
  // Bit-parallel sum of three bits: (ones, twos).
  static std::pair<std::uint64_t, std::uint64_t> sum3(std::uint64_t a, std::uint64_t b,
                                                      std::uint64_t c) {
    const std::uint64_t ab = a ^ b;
    return {ab ^ c, (a & b) | (ab & c)};
  }
  // The bits of word k that are inside the grid.
  std::uint64_t mask(std::size_t k) const {
    const auto used = static_cast<std::size_t>(width_) - k * 64;
    return used >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << used) - 1;
  }

  int width_;
  int height_;
  std::size_t words_;
  std::vector<std::uint64_t> bits_;  // rows of words_ words, with a dead row above and below
  std::vector<std::uint64_t> next_;
};

}  // namespace yendor::detail
