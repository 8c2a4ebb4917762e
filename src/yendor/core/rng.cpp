#include "yendor/core/rng.hpp"

#include "yendor/core/hash.hpp"

namespace yendor {

namespace {
constexpr std::uint64_t k_golden = 0x9e3779b97f4a7c15ULL;

constexpr std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}
}  // namespace

Rng::Rng(std::uint64_t seed) {
  // SplitMix64: the seeding recommended by xoshiro's authors; never yields an all-zero state
  // in practice, and we guard against it anyway.
  std::uint64_t s = seed;
  for (auto& word : state_) {
    s += k_golden;
    word = mix64(s);
  }
  if ((state_[0] | state_[1] | state_[2] | state_[3]) == 0) state_[0] = k_golden;
}

std::uint64_t Rng::stream_seed(std::uint64_t run_seed, std::string_view purpose,
                               std::uint64_t index) {
  const std::uint64_t key = mix64(fnv1a64(purpose) + index * k_golden);
  return mix64(run_seed ^ key);
}

Rng Rng::for_stream(std::uint64_t run_seed, std::string_view purpose, std::uint64_t index) {
  return Rng(stream_seed(run_seed, purpose, index));
}

std::size_t Rng::weighted_index(std::span<const std::uint32_t> weights) {
  std::uint64_t total = 0;
  for (auto w : weights)
    total += w;
  if (total == 0 || total > 0xffffffffULL)
    throw std::invalid_argument("Rng::weighted_index: weights must sum to 1..2^32-1");
  std::uint32_t r = below(static_cast<std::uint32_t>(total));
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return weights.size() - 1;  // unreachable
}

std::size_t Rng::weighted_index(std::span<const double> weights) {
  double total = 0;
  for (double w : weights) {
    if (!(w >= 0)) throw std::invalid_argument("Rng::weighted_index: negative or NaN weight");
    total += w;
  }
  if (!(total > 0)) throw std::invalid_argument("Rng::weighted_index: weights sum to zero");
  double r = unit() * total;
  std::size_t last_positive = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    last_positive = i;
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return last_positive;  // rounding left r just above the last weight
}

void Rng::set_state(const State& s) {
  if ((s[0] | s[1] | s[2] | s[3]) == 0)
    throw std::invalid_argument("Rng::set_state: the all-zero state is invalid");
  state_ = s;
}

std::array<std::uint8_t, Rng::k_serialized_size> Rng::serialize() const {
  std::array<std::uint8_t, k_serialized_size> out{};
  for (std::size_t w = 0; w < 4; ++w)
    for (std::size_t b = 0; b < 8; ++b)
      out[w * 8 + b] = static_cast<std::uint8_t>(state_[w] >> (8 * b));
  return out;
}

Rng Rng::deserialize(std::span<const std::uint8_t> bytes) {
  if (bytes.size() != k_serialized_size)
    throw std::invalid_argument("Rng::deserialize: expected 32 bytes");
  State s{};
  for (std::size_t w = 0; w < 4; ++w)
    for (std::size_t b = 0; b < 8; ++b)
      s[w] |= std::uint64_t{bytes[w * 8 + b]} << (8 * b);
  Rng rng;
  rng.set_state(s);
  return rng;
}

}  // namespace yendor
