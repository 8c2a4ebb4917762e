#include "yendor/analysis/variability.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

namespace yendor::analysis {
namespace {

TEST(Variability, SamplePositionsAreDistinctSpreadAndBounded) {
  for (const std::uint64_t count : {1ull, 2ull, 49ull, 50ull, 51ull, 1000ull, 999999ull}) {
    const auto positions = sample_positions(count, k_hamming_sample);
    EXPECT_EQ(positions.size(), std::min<std::uint64_t>(count, k_hamming_sample));
    EXPECT_EQ(positions.front(), 0u);
    EXPECT_EQ(std::set<std::uint64_t>(positions.begin(), positions.end()).size(), positions.size());
    for (std::size_t i = 1; i < positions.size(); ++i)
      EXPECT_LT(positions[i - 1], positions[i]);
    EXPECT_LT(positions.back(), count);
    if (count >= 1000) {
      EXPECT_GE(positions.back(), count - count / k_hamming_sample - 1);
    }
  }
}

TEST(Variability, SampleShrinksForBigMapsButKeepsAPair) {
  EXPECT_EQ(hamming_sample_size(80 * 50), k_hamming_sample);
  EXPECT_EQ(hamming_sample_size(1000 * 1000), 50u);
  EXPECT_EQ(hamming_sample_size(2000 * 2000), 12u);
  EXPECT_EQ(hamming_sample_size(std::int64_t{10000} * 10000), 2u);
}

TEST(Variability, CountsDistinctHashes) {
  EXPECT_EQ(count_distinct({}), 0u);
  EXPECT_EQ(count_distinct({5, 3, 5, 5, 9, 3}), 3u);
}

TEST(Variability, HammingDistanceIsTheShareOfDifferingCells) {
  const Grid<Tile> wall(Size{4, 5}, Tile::wall);
  const Grid<Tile> floor(Size{4, 5}, Tile::floor);
  Grid<Tile> half = wall;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 2; ++x)
      half[Point{x, y}] = Tile::floor;
  EXPECT_EQ(mean_pairwise_hamming(std::vector<Grid<Tile>>{wall}), 0.0);
  EXPECT_EQ(mean_pairwise_hamming(std::vector<Grid<Tile>>{wall, wall, wall}), 0.0);
  EXPECT_EQ(mean_pairwise_hamming(std::vector<Grid<Tile>>{wall, floor}), 1.0);
  // Pairs: wall-floor 1, wall-half 0.5, floor-half 0.5.
  EXPECT_DOUBLE_EQ(mean_pairwise_hamming(std::vector<Grid<Tile>>{wall, floor, half}), 2.0 / 3.0);
  EXPECT_THROW(mean_pairwise_hamming(std::vector<Grid<Tile>>{wall, Grid<Tile>(Size{5, 4})}),
               std::invalid_argument);
}

}  // namespace
}  // namespace yendor::analysis
