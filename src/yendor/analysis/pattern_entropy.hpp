#pragma once
// Tile-layout entropy: how varied the local shapes of a level are.

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::analysis {

inline constexpr double k_max_pattern_entropy = 9.0;  // bits: 512 equally likely patterns

// Shannon entropy, in bits, of the distribution of 3x3 patterns of traversable / not
// traversable cells: one pattern per map cell (its 3x3 neighbourhood, cells outside the map
// counting as not traversable), 512 possible patterns, so 0 (all alike: solid rock) to 9.
// Open floor and rock give ~0; corridors, doorways and ragged cave walls add patterns.
double pattern_entropy(const Grid<Tile>& tiles);

}  // namespace yendor::analysis
