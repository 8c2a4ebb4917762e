#pragma once
// Backtracking (issue 4, "Measures"; after Metazelda's nonlinearity): how much of an
// exploration of the level walks over ground already walked. The exploration walk starts on
// the up stairs, visits every room of level.meta.rooms (its nearest unvisited room next, by
// walking distance; ties by room id), and ends on the down stairs. A room is visited when
// the walk steps on any cell of its rectangle. Backtracking is
// (steps onto a cell already walked) / (steps of the walk).
//
// On a level with locks (meta.locks, meta.keys) the walk plays by the locks:
//  * a lock's cells are walkable once any of its keys has been walked over (an item taken, a
//    lever pulled); the keys of a lock are the particular keys listing it (either side's list)
//    and the non-particular keys of its class. A lock no key on the level opens is walkable
//    (dangerous and uncertain locks are crossable without one; so are drops and bridges).
//    Keys are never used up (the walk does not model consumption).
//  * valves (direction valve, and drops) are entered only from their `entry` side;
//    asymmetrical locks are first crossed from `entry`, then both ways; an uncertain lock
//    (a secret door) whose key is not yet walked over may be entered from `entry`, where it
//    is a plain door; a collapsing lock falls once the walk has stepped off it.
//  * one-way locks (valves, drops, collapsing bridges) are crossed only when no unvisited
//    room is reachable without them, so the walk explores before it commits.
//  * rooms it cannot yet reach wait until it can: when no unvisited room is reachable, the
//    walk fetches the nearest key not yet taken that opens a closed lock.
// Rooms the walk strands itself away from (behind a collapsed bridge, above a drop) stay
// unvisited: rooms_visited then counts fewer than the level's rooms.
//
// Cost: one breadth-first search per leg (each leg visits a room, takes a key or reaches the
// stairs), so O((rooms + keys) * area) in time and O(area) in memory: a few milliseconds on
// ordinary levels, too slow for a 300-room 1000x1000 map (measure_level skips it there).

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "yendor/map/level.hpp"

namespace yendor::analysis {

struct ExplorationWalk {
  std::vector<Point> cells;         // the walk, first cell the up stairs
  std::int64_t steps = 0;           // cells.size() - 1
  std::int64_t repeated_steps = 0;  // steps onto a cell walked before
  std::int64_t rooms_visited = 0;
  double backtracking = 0.0;  // repeated_steps / steps (0 when steps == 0)
};

// nullopt when the level has no rooms or no stairs (meta.stairs, else the first stairs
// tiles in scan order), when some room cannot be reached from the up stairs even with every
// lock open (a disconnected level), or when the walk cannot end on the down stairs.
std::optional<ExplorationWalk> exploration_walk(const Level& level);

// Counts of the cyclic metadata for `yendor analyze` (zeros for other generators).
struct LockKeyCounts {
  std::int64_t cycles = 0;
  double mean_a_length = 0.0;  // over meta.cycles (0 without cycles)
  double mean_b_length = 0.0;
  std::int64_t locks = 0;
  std::int64_t keys = 0;
  // "type:conditional" -> n, "duration:collapsing" -> n, "direction:valve" -> n,
  // "kind:lava" -> n, "safe:true" -> n; keys: "key:potion_fire_resistance", "consumed:true",
  // "particular:false", "fixed:true", "multipurpose:true". Sorted by name; only names with
  // n > 0 (both "safe:true" and "safe:false" appear when both occur).
  std::vector<std::pair<std::string, std::int64_t>> by_attribute;
};
LockKeyCounts count_locks_and_keys(const Level& level);

}  // namespace yendor::analysis
