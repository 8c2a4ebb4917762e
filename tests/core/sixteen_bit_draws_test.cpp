// SixteenBitDraws: four decisions per 64-bit draw, taken low bits first; below(n) is exactly
// uniform (it rejects the few 16-bit values that would favour some results) and a coin lands
// true with its threshold's share of the 65536 values.

#include "yendor/core/sixteen_bit_draws.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

namespace yendor {
namespace {

TEST(SixteenBitDraws, TakesFourChunksPerDrawLowBitsFirst) {
  Rng reference(7), source(7);
  SixteenBitDraws draws(source);
  for (int word = 0; word < 3; ++word) {
    std::uint64_t bits = reference.next_u64();
    for (int chunk = 0; chunk < 4; ++chunk, bits >>= 16)
      // below(65536) rejects nothing and returns the chunk itself.
      EXPECT_EQ(draws.below(65536), static_cast<std::uint32_t>(bits & 0xffffu));
  }
  EXPECT_EQ(source, reference);  // three words drawn, no more
}

TEST(SixteenBitDraws, EveryValueComesFromAsManyChunks) {
  for (const std::uint32_t n : {1u, 2u, 3u, 4u, 5u, 24u, 1000u, 65535u, 65536u}) {
    std::vector<std::uint32_t> hits(n, 0);
    for (std::uint32_t chunk = 0; chunk < 65536; ++chunk)
      if (const auto v = SixteenBitDraws::scale(chunk, n)) {
        ASSERT_LT(*v, n);
        ++hits[*v];
      }
    for (std::uint32_t v = 0; v < n; ++v)
      ASSERT_EQ(hits[v], 65536u / n) << "n = " << n << ", value " << v;
  }
}

TEST(SixteenBitDraws, BelowStaysInRangeAndUsesEveryValue) {
  Rng rng(3);
  SixteenBitDraws draws(rng);
  std::array<int, 24> seen{};
  for (int i = 0; i < 24000; ++i) {
    const std::uint32_t v = draws.below(24);
    ASSERT_LT(v, 24u);
    ++seen[v];
  }
  for (const int count : seen) {  // 1000 expected; 5 standard deviations is about 156
    EXPECT_GT(count, 840);
    EXPECT_LT(count, 1160);
  }
}

TEST(SixteenBitDraws, CoinsLandTrueWithTheirShare) {
  EXPECT_EQ(SixteenBitDraws::coin_threshold(0.0), 0u);
  EXPECT_EQ(SixteenBitDraws::coin_threshold(1.0), 65536u);
  EXPECT_EQ(SixteenBitDraws::coin_threshold(0.5), 32768u);
  EXPECT_EQ(SixteenBitDraws::coin_threshold(-2.0), 0u);
  Rng rng(11);
  SixteenBitDraws draws(rng);
  int never = 0, always = 0, quarter = 0;
  for (int i = 0; i < 40000; ++i) {
    never += draws.coin(0) ? 1 : 0;
    always += draws.coin(65536) ? 1 : 0;
    quarter += draws.coin(SixteenBitDraws::coin_threshold(0.25)) ? 1 : 0;
  }
  EXPECT_EQ(never, 0);
  EXPECT_EQ(always, 40000);
  EXPECT_NEAR(quarter, 10000, 450);  // 5 standard deviations
}

}  // namespace
}  // namespace yendor
