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

// Up stairs: a random floor cell inside a room (any floor cell when there are no rooms).
// Down stairs: a random candidate among those at least 90% as far, in walking steps, as the
// farthest candidate. Throws GenerationError when the level has fewer than two candidates.
StairsReport place_stairs(Level& level, Rng& rng);

}  // namespace yendor
