#pragma once
// SwarmParams: one "[swarm.NAME]" entry of data/ai/*.toml, read by the `swarm` (flocking) and
// `ambush` brains (thesis 4.4, after Raytheon 2008). Every field is optional; a default-built
// SwarmParams is the brains' built-in behaviour (tactics -1). docs/brains.md shows the format.
#include <toml++/toml.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "yendor/core/toml_where.hpp"

namespace yendor::ai {

// The four steering rules of the thesis (4.4), in the order of SwarmParams::weights.
enum class SwarmRule : std::uint8_t { separation, alignment, cohesion, avoidance, count };
inline constexpr int k_swarm_rule_count = static_cast<int>(SwarmRule::count);
std::string_view to_string(SwarmRule rule);

// The most flockmates any member weighs (SwarmParams::flockmates is capped by it): keeps a
// turn's cost bounded however dense a crowd is.
inline constexpr int k_max_flockmates = 32;

struct SwarmParams {
  std::string name;
  // ---- perception (Raytheon's "most influential constraint") ----
  int perception = 8;    // cells it looks for flockmates and enemies (capped by its vision)
  int flockmates = 8;    // it weighs at most this many of the nearest flockmates it sees
  bool kin_only = true;  // flockmates are monsters of its own kind (false: any monster)
  // ---- the rules ----
  int separation_distance = 1;  // flockmates this close (Chebyshev) push it away
  int crowding = 2;  // hard rule: never step onto a cell next to more flockmates than this
  // Weight of each rule's vector (SwarmRule order) and the priority order in which the
  // steering budget is shared out (Reynolds' prioritized acceleration allocation).
  std::array<double, k_swarm_rule_count> weights{2.0, 1.0, 1.0, 2.0};
  std::array<SwarmRule, k_swarm_rule_count> priority{SwarmRule::separation, SwarmRule::avoidance,
                                                     SwarmRule::cohesion, SwarmRule::alignment};
  double budget = 2.0;   // total steering length the rules may claim, in priority order
  double inertia = 1.0;  // weight of its own last step (a boid's velocity)
  double wander = 0.4;   // weight of a random direction drawn each turn
  double seek = 2.0;     // weight of the way to where it last saw the player
  // ---- speed constraints ----
  // While flocking it turns at most this many 45-degree steps a turn (4: any), as long as a
  // step within that makes progress.
  int max_turn = 2;
  int pace = 1;  // with nothing to chase it moves one turn in `pace` (all on the same turns)
  // ---- the enemy ----
  int engage = 8;  // it closes in on the player it sees within this walking distance (0: never)
  bool attack_adjacent = true;  // it bites a player next to it even when not engaging
  double flee_below = 0.0;      // below this share of its hp it stops engaging and avoids him
  // ---- ambush (the `ambush` brain) ----
  int ring = 3;       // stalkers wait this many cells (Chebyshev) from the target
  int slack = 0;      // it may be this many cells ahead of the farthest stalker it perceives
  int patience = 20;  // turns of stalking after which it charges whoever is late
  bool operator==(const SwarmParams&) const = default;
};

// Reads one "[swarm.NAME]" entry; errors through `where` (file, line, field).
SwarmParams parse_swarm_params(const toml::table& table, const TomlWhere& where,
                               const std::string& name);

}  // namespace yendor::ai
