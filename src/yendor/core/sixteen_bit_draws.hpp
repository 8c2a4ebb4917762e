#pragma once
// Small random decisions made four to a 64-bit draw, for the hot loops of generators that make
// one per cell (the mazes): a coin with a fixed probability, or a uniform choice among a few.
// Each takes the next 16 bits of the current draw, low bits first.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

#include "yendor/core/rng.hpp"

namespace yendor {

class SixteenBitDraws {
 public:
  explicit SixteenBitDraws(Rng& rng) : rng_(rng) {}

  // The 16-bit threshold of a coin that lands true with probability p (rounded to 1/65536).
  static std::uint32_t coin_threshold(double p) {
    return static_cast<std::uint32_t>(std::lround(std::clamp(p, 0.0, 1.0) * 65536.0));
  }
  // True with probability threshold / 65536.
  bool coin(std::uint32_t threshold) { return next() < threshold; }

  // Uniform in [0, n) for n in 1..65536, exactly: Lemire's multiply-and-reject on 16 bits
  // (a draw is rejected with probability (65536 mod n) / 65536, at most n / 65536).
  std::uint32_t below(std::uint32_t n) {
    for (;;)
      if (const std::optional<std::uint32_t> v = scale(next(), n)) return *v;
  }
  // What below(n) makes of one 16-bit chunk: the value, or nothing when it is rejected. Each
  // value in [0, n) comes from exactly floor(65536 / n) chunks.
  static std::optional<std::uint32_t> scale(std::uint32_t chunk, std::uint32_t n) {
    const std::uint32_t m = chunk * n;
    if ((m & 0xffffu) < 65536u % n) return std::nullopt;  // the modulo folds for a constant n
    return m >> 16;
  }

 private:
  std::uint32_t next() {
    if (left_ == 0) {
      bits_ = rng_.next_u64();
      left_ = 4;
    }
    const auto chunk = static_cast<std::uint32_t>(bits_ & 0xffffu);
    bits_ >>= 16;
    --left_;
    return chunk;
  }

  Rng& rng_;
  std::uint64_t bits_ = 0;
  int left_ = 0;
};

}  // namespace yendor
