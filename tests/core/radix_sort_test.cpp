#include "yendor/core/radix_sort.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "yendor/core/rng.hpp"

namespace yendor {
namespace {

// Agrees with a stable sort by key on inputs below and above the std::sort cut-over.
TEST(RadixSort, SortsByKeyKeepingIndexOrderOfEqualKeys) {
  Rng rng(17);
  for (std::size_t n : {0u, 1u, 5u, 255u, 256u, 1000u, 5000u}) {
    for (int key_bits : {1, 8, 13, 24, 32}) {
      std::vector<std::uint64_t> words;
      const std::uint64_t key_limit = key_bits == 32 ? 0xffffffffu : (1u << key_bits) - 1;
      for (std::size_t i = 0; i < n; ++i) {
        // Few distinct keys at times, so equal keys are common.
        const std::uint64_t key = rng.chance(0.5) ? rng.below(4) : rng.next_u32() & key_limit;
        words.push_back((key << 32) | i);
      }
      std::vector<std::uint64_t> expected = words;
      std::stable_sort(expected.begin(), expected.end(),
                       [](std::uint64_t a, std::uint64_t b) { return (a >> 32) < (b >> 32); });
      radix_sort_by_key(words, key_bits);
      EXPECT_EQ(words, expected) << n << " words, " << key_bits << " key bits";
    }
  }
}

}  // namespace
}  // namespace yendor
