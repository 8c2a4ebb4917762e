#pragma once
// A range of run seeds, as `--seeds A..B` names it.

#include <cstdint>
#include <string_view>

namespace yendor::analysis {

// At most this many maps per run: the rows of a seed-range run stay in memory.
inline constexpr std::uint64_t k_max_seed_count = 1000000;

struct SeedRange {
  std::uint64_t first = 1;
  std::uint64_t last = 1;  // inclusive
  std::uint64_t count() const { return last - first + 1; }
  bool operator==(const SeedRange&) const = default;
};

// "A..B" (inclusive, A <= B) or a single number "A"; decimal numbers that fit in 64 bits, at
// most k_max_seed_count seeds. Throws InputError naming `option` otherwise.
SeedRange parse_seed_range(std::string_view text, std::string_view option = "--seeds");

}  // namespace yendor::analysis
