#pragma once
// Yendor's random numbers: xoshiro256** with our own range, chance, shuffle and weighted-pick
// functions, so the same seed gives the same numbers with every compiler and standard library
// (std::*_distribution does not). All game and generator randomness comes from an Rng.
//
// Streams: one 64-bit run seed derives independent generators keyed by purpose and index
// (e.g. "map" at depth 3, "spawn" at depth 3, "combat"), so drawing more numbers for one
// purpose never reshuffles another. See docs/determinism.md for the exact derivation.

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace yendor {

// Well-known stream purposes. Any other string works too; these keep spellings consistent.
namespace stream {
inline constexpr std::string_view map_gen = "map";        // level generation, index = depth
inline constexpr std::string_view spawn = "spawn";        // monsters and items, index = depth
inline constexpr std::string_view combat = "combat";      // to-hit and damage rolls
inline constexpr std::string_view ai = "ai";              // monster decisions
inline constexpr std::string_view cosmetic = "cosmetic";  // flourishes that never change the game
}  // namespace stream

class Rng {
 public:
  using State = std::array<std::uint64_t, 4>;
  static constexpr std::size_t k_serialized_size = 32;

  // Seeds the state by running SplitMix64 from `seed`.
  explicit Rng(std::uint64_t seed = 0);

  // The generator for `purpose` and `index` under a run seed.
  static Rng for_stream(std::uint64_t run_seed, std::string_view purpose, std::uint64_t index = 0);
  // The 64-bit seed that for_stream() feeds to Rng(seed).
  static std::uint64_t stream_seed(std::uint64_t run_seed, std::string_view purpose,
                                   std::uint64_t index = 0);

  std::uint64_t next_u64() {  // xoshiro256**
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  std::uint32_t next_u32() { return static_cast<std::uint32_t>(next_u64() >> 32); }

  // Uniform integer in [0, bound); bound must be > 0. Lemire's multiply-and-reject method.
  std::uint32_t below(std::uint32_t bound) {
    if (bound == 0) throw std::invalid_argument("Rng::below: bound must be positive");
    std::uint64_t m = std::uint64_t{next_u32()} * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
      while (low < threshold) {
        m = std::uint64_t{next_u32()} * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
  // Uniform integer in [lo, hi], both inclusive; lo <= hi.
  int range(int lo, int hi) {
    if (lo > hi) throw std::invalid_argument("Rng::range: lo > hi");
    const std::uint64_t span = static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) - lo) + 1;
    const std::uint32_t offset =
        span > 0xffffffffULL ? next_u32() : below(static_cast<std::uint32_t>(span));
    return static_cast<int>(static_cast<std::int64_t>(lo) + offset);
  }
  // Uniform double in [0, 1) with 53 random bits.
  double unit() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }
  // Uniform double in [lo, hi).
  double real(double lo, double hi) { return lo + (hi - lo) * unit(); }
  // True with probability p (p <= 0 never, p >= 1 always).
  bool chance(double p) { return unit() < p; }

  // Fisher-Yates shuffle.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }
  template <typename Container>
  void shuffle(Container& c) {
    shuffle(std::span(c));
  }
  // A uniformly chosen element; the span must not be empty.
  template <typename T>
  T& pick(std::span<T> items) {
    if (items.empty()) throw std::invalid_argument("Rng::pick: empty");
    return items[below(static_cast<std::uint32_t>(items.size()))];
  }
  template <typename Container>
  auto& pick(Container& c) {
    return pick(std::span(c));
  }

  // Index chosen with probability proportional to its weight. Weights must be >= 0 with a
  // positive sum; integer weights are exact, real weights use one unit() draw.
  std::size_t weighted_index(std::span<const std::uint32_t> weights);
  std::size_t weighted_index(std::span<const double> weights);

  const State& state() const { return state_; }
  void set_state(const State& s);
  // Little-endian bytes of the four state words.
  std::array<std::uint8_t, k_serialized_size> serialize() const;
  static Rng deserialize(std::span<const std::uint8_t> bytes);

  bool operator==(const Rng&) const = default;

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  State state_{};
};

}  // namespace yendor
