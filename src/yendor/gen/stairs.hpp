#pragma once
// The shared stairs post-pass: places whichever stairs the generator did not, the down stairs
// far from the up stairs in walking distance, and measures connectivity from the up stairs
// with the same flood fill.

#include "yendor/core/rng.hpp"
#include "yendor/map/level.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {

struct StairsReport {
  ConnectivityReport connectivity;  // from the up stairs
  std::int32_t walk_distance = 0;   // orthogonal steps from the up to the down stairs
};

// Candidates are plain floor cells (room floor: corridors are their own tile), or any passable
// cell on a level with fewer than two floor cells; never inside rooms of kind "vault" or
// "shop" unless nothing else is left.
// Up stairs: a uniformly random candidate. Down stairs: a random candidate among those at
// least 90% as far, in walking steps, as the farthest reachable candidate. Throws
// GenerationError when the level has fewer than two candidates.
StairsReport place_stairs(Level& level, Rng& rng);

}  // namespace yendor
