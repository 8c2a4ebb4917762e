#include "yendor/analysis/variability.hpp"

#include <algorithm>
#include <stdexcept>

namespace yendor::analysis {

std::size_t hamming_sample_size(std::int64_t map_area) {
  const std::int64_t fits = map_area > 0 ? k_hamming_cells / map_area : k_hamming_cells;
  return static_cast<std::size_t>(
      std::clamp<std::int64_t>(fits, 2, static_cast<std::int64_t>(k_hamming_sample)));
}

std::vector<std::uint64_t> sample_positions(std::uint64_t count, std::size_t k) {
  const std::uint64_t n = std::min<std::uint64_t>(count, k);
  std::vector<std::uint64_t> out;
  out.reserve(static_cast<std::size_t>(n));
  for (std::uint64_t i = 0; i < n; ++i)
    out.push_back(i * count / n);  // count <= 1e6 and n <= k: no overflow
  return out;
}

std::uint64_t count_distinct(std::vector<std::uint64_t> hashes) {
  std::sort(hashes.begin(), hashes.end());
  return static_cast<std::uint64_t>(std::unique(hashes.begin(), hashes.end()) - hashes.begin());
}

double mean_pairwise_hamming(std::span<const Grid<Tile>> maps) {
  if (maps.size() < 2) return 0.0;
  const std::size_t cells = maps[0].cell_count();
  for (const Grid<Tile>& m : maps)
    if (m.size() != maps[0].size())
      throw std::invalid_argument("mean_pairwise_hamming: maps of different sizes");
  if (cells == 0) return 0.0;
  std::int64_t differing = 0;
  for (std::size_t i = 0; i < maps.size(); ++i)
    for (std::size_t j = i + 1; j < maps.size(); ++j) {
      const Tile* a = maps[i].data();
      const Tile* b = maps[j].data();
      std::int64_t d = 0;
      for (std::size_t c = 0; c < cells; ++c)
        d += a[c] != b[c] ? 1 : 0;
      differing += d;
    }
  const double pairs = static_cast<double>(maps.size() * (maps.size() - 1) / 2);
  return static_cast<double>(differing) / (pairs * static_cast<double>(cells));
}

}  // namespace yendor::analysis
