#pragma once
// How different the maps of one generator are from each other (thesis 3.8, "Variability").

#include <cstdint>
#include <span>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::analysis {

// Maps compared pairwise for the Hamming distance: at most this many, evenly spread over the
// run (all pairs of 50 maps: 1225 comparisons), and at most k_hamming_cells cells in all, so
// big maps keep fewer (but always two): 50 at 1000x1000, 2 at 10000x10000.
inline constexpr std::size_t k_hamming_sample = 50;
inline constexpr std::int64_t k_hamming_cells = 50'000'000;
std::size_t hamming_sample_size(std::int64_t map_area);

struct Variability {
  std::uint64_t maps = 0;
  std::uint64_t distinct = 0;  // maps with distinct level_hash values
  double distinct_share = 0.0;
  std::uint64_t sampled = 0;  // maps in the Hamming sample
  double mean_hamming = 0.0;  // over sampled pairs: cells whose tiles differ / area; 0 to 1
};

// Which of `count` maps go into a sample of at most `k`: positions i * count / k.
std::vector<std::uint64_t> sample_positions(std::uint64_t count, std::size_t k);

std::uint64_t count_distinct(std::vector<std::uint64_t> hashes);

// The mean, over all pairs, of the share of cells whose tiles differ. 0 with fewer than two
// maps; std::invalid_argument when the maps differ in size.
double mean_pairwise_hamming(std::span<const Grid<Tile>> maps);

}  // namespace yendor::analysis
