#pragma once
// Stable, documented hash functions. Their values are part of Yendor's file formats
// (text seeds, golden hashes, stream keys): never change them.

#include <cstdint>
#include <span>
#include <string_view>

namespace yendor {

inline constexpr std::uint64_t k_fnv1a64_offset = 0xcbf29ce484222325ULL;
inline constexpr std::uint64_t k_fnv1a64_prime = 0x100000001b3ULL;

// FNV-1a, 64-bit, over bytes; `h` chains several calls.
constexpr std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = k_fnv1a64_offset) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= k_fnv1a64_prime;
  }
  return h;
}
inline std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes,
                             std::uint64_t h = k_fnv1a64_offset) {
  for (std::uint8_t c : bytes) {
    h ^= c;
    h *= k_fnv1a64_prime;
  }
  return h;
}

// SplitMix64's finaliser: a bijective mixer of 64-bit words.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace yendor
