#pragma once
// Turn-based flocking (thesis 4.4, after Raytheon 2008 and Reynolds' boids): the steering
// arithmetic the `swarm` and `ambush` brains share. Each turn a member sums the vectors of
// four rules over the flockmates it perceives (separation, alignment, cohesion, avoidance of
// walls and enemies), sharing a steering budget out in the data's priority order (Reynolds'
// "prioritized acceleration allocation": the first rules get what they ask, the last what is
// left), adds its own last step (inertia), a goal and a random wander, and then steps to the
// free neighbouring cell best aligned with the result. Separation is also a hard rule: it
// never steps onto a cell next to more flockmates than `crowding` allows.
// Implemented in swarm_brain.cpp. No allocation; cost is O(flockmates) per candidate cell.
#include <array>
#include <cstdint>
#include <span>

#include "yendor/ai/brain.hpp"
#include "yendor/ai/swarm_params.hpp"

namespace yendor::ai {

// A steering vector in cells (x east, y south).
struct Steer {
  double x = 0;
  double y = 0;
  bool operator==(const Steer&) const = default;
};

double length(Steer v);
// `d` scaled to length 1 ({0, 0} stays {0, 0}); a diagonal step becomes (±0.707, ±0.707).
Steer unit(Point d);

// A flockmate as a member perceives it.
struct Mate {
  Point pos{};
  Point heading{};
  bool awake = false;
};

// The flockmates a member perceives this turn: among the monsters it sees within
// params.perception (View::others, nearest first), those of its kind (or any, by
// params.kin_only), at most params.flockmates of the nearest.
class Flock {
 public:
  Flock(const View& view, const SwarmParams& params);
  std::span<const Mate> mates() const { return {mates_.data(), count_}; }
  // How many of them stand on a cell next to `cell` (Chebyshev distance 1). Constant time for
  // the member's own cell and its neighbours (a bit mask of the 5 x 5 cells round it).
  int crowding_at(Point cell) const;
  // The 5 x 5 cells round the member (box5_bit): walkable, and walkable with nobody there.
  std::uint32_t walkable() const { return walkable_; }
  std::uint32_t free() const { return free_; }

 private:
  std::array<Mate, k_max_flockmates> mates_;
  std::size_t count_ = 0;
  Point self_;
  std::uint32_t near_ = 0;  // bit (dy + 2) * 5 + (dx + 2): a flockmate at self + (dx, dy)
  std::uint32_t walkable_ = 0;
  std::uint32_t free_ = 0;
};

// The vector each rule asks for (length at most 1 before weighting).
Steer separation(Point self, const Flock& flock, const SwarmParams& params);
Steer alignment(const Flock& flock);
Steer cohesion(Point self, const Flock& flock, const SwarmParams& params);
// Walls within 2 cells push it away; so does `enemy` within its perception when `avoid_enemy`.
// `walkable`: the 5 x 5 box round `self` (View::walkable_box, Flock::walkable).
Steer avoidance(Point self, std::uint32_t walkable, const SwarmParams& params, bool avoid_enemy,
                Point enemy);

// Reynolds' prioritized allocation: the vectors, in priority order, are summed while their
// lengths fit in `budget`; the first that does not fit is cut to what is left, later ones get
// nothing. So in a conflict the higher-priority rule wins instead of being averaged away.
Steer allocate(std::span<const Steer> by_priority, double budget);

// What else pulls a member this turn.
struct FlockGoal {
  Point step{};              // a step towards a goal (a path's first step); {0, 0}: none
  bool avoid_enemy = false;  // steer away from `enemy` (avoidance rule)
  Point enemy{};
  bool drifting = false;  // nothing to chase: the pace constraint applies
};

// The summed desired vector of one turn (the rules by priority, inertia, goal, wander). Draws
// one number from `rng` when params.wander > 0.
Steer desired_direction(const View& view, const Memory& memory, const SwarmParams& params,
                        const Flock& flock, const FlockGoal& goal, Rng& rng);

// The step that best follows `desired`: among free neighbouring cells that break no hard rule
// (crowding; turning at most params.max_turn eighths from its heading, a soft rule given up
// when no such cell makes progress), the one whose direction has the largest dot product with
// `desired` (ties: the order of k_directions8); it waits when no step helps, unless it stands
// crowded, when it must move to a less crowded cell.
Decision choose_step(const View& view, const Memory& memory, const SwarmParams& params,
                     const Flock& flock, Steer desired);

// What flocking remembers, in Memory::blackboard (brains keep their own state in `state`,
// `counter` and `scratch`): where it last saw (most of) its flock, for how many turns it has
// been cut off from it (0: not cut off, or nothing to go back to), and how many flockmates it
// knows it has.
inline constexpr std::size_t k_flock_x = 0, k_flock_y = 1, k_flock_lost = 2, k_flock_size = 3;
// A member cut off from its flock walks back to where it last saw it for this many turns.
inline constexpr std::int32_t k_regroup_turns = 16;

// One flocking turn: desired_direction, then choose_step (waiting on off-pace turns when
// drifting, unless crowded). A member with no goal that sees fewer than half the flockmates it
// knows it has is cut off: it heads for where it last saw most of them (the flock's last known
// position, as a monster tracks the player's), so members split by a pillar find each other
// again; when nobody is there it accepts the smaller flock.
Decision flock_step(const View& view, Memory& memory, const SwarmParams& params, const Flock& flock,
                    FlockGoal goal, Rng& rng);

// The brain's parameters: the library entry its kind names (view.tactics()) or the built-in
// defaults (tactics -1).
const SwarmParams& swarm_params(const View& view);

}  // namespace yendor::ai
