#include "yendor/analysis/pattern_entropy.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/random_level.hpp"
#include "support/ascii_level.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::analysis {
namespace {

using test::ascii_level;

TEST(PatternEntropy, SolidRockIsZero) {
  EXPECT_EQ(pattern_entropy(Level(Size{10, 7}).tiles), 0.0);
  EXPECT_EQ(pattern_entropy(Level(Size{0, 0}).tiles), 0.0);
  EXPECT_EQ(pattern_entropy(ascii_level({"."}).tiles), 0.0);  // one cell, one pattern
}

TEST(PatternEntropy, CountsOnePatternPerCell) {
  // Two cells with two different neighbourhoods: one bit.
  EXPECT_DOUBLE_EQ(pattern_entropy(ascii_level({".."}).tiles), 1.0);
  // ".#" over "##": each of the four cells sees the one floor cell in another place.
  EXPECT_DOUBLE_EQ(pattern_entropy(ascii_level({".#", "##"}).tiles), 2.0);
  // "..#": floor with floor east, floor with floor west, rock with floor west.
  EXPECT_DOUBLE_EQ(pattern_entropy(ascii_level({"..#"}).tiles), std::log2(3.0));
}

Level mirrored(const Level& level) {
  Level out = level;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      out.tiles[Point{level.width() - 1 - x, y}] = level.tiles[Point{x, y}];
  return out;
}

TEST(PatternEntropy, BoundedAndUnchangedByMirroringOnRandomMaps) {
  Rng rng(9);
  for (int trial = 0; trial < 200; ++trial) {
    const Level level = test::random_level(rng, {rng.range(1, 30), rng.range(1, 30)}, rng.unit());
    const double bits = pattern_entropy(level.tiles);
    EXPECT_GE(bits, 0.0);
    EXPECT_LE(bits, k_max_pattern_entropy);
    EXPECT_LE(bits, std::log2(static_cast<double>(level.tiles.cell_count())) + 1e-9);
    EXPECT_NEAR(pattern_entropy(mirrored(level).tiles), bits, 1e-9);
  }
}

TEST(PatternEntropy, NoiseIsMoreVariedThanADungeon) {
  Rng rng(3);
  const Level noise = test::random_level(rng, {80, 50}, 0.5);
  const Level dungeon = generate_level(builtin_generators().get("rooms"), {80, 50}, 3, {});
  EXPECT_GT(pattern_entropy(noise.tiles), pattern_entropy(dungeon.tiles));
  EXPECT_GT(pattern_entropy(dungeon.tiles), 0.0);
}

}  // namespace
}  // namespace yendor::analysis
