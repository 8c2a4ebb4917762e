#pragma once
// `--explain` and `--graph`: a numbered walkthrough of a cyclic level in the manner of
// Dormans's Figure 9.1 (where you enter, what blocks you, where the key lies, the way back),
// written from the level's metadata and the solver's solution, and the mission graph as
// Graphviz DOT (places as boxes, contents as ellipses, lock -> key edges dashed).

#include <string>

#include "yendor/gen/cyclic/solver.hpp"
#include "yendor/map/level.hpp"

namespace yendor::cyclic {

// Numbered lines "(1) You enter the level in room 3 (a cave, north-west)...". Positions are
// named by compass zone of the map and coordinates. Needs meta.mission, meta.locks,
// meta.keys and rooms; `result` must come from solve_level(level).
// Throws InputError when the metadata does not fit the tiles or `result` does not fit the
// level (a step naming a lock, key or region the level does not have).
std::string explain_level(const Level& level, const SolveResult& result);
// The same with the lock graph already made (lock_graph_from_level(level)).
std::string explain_level(const Level& level, const LockGraph& graph, const SolveResult& result);

// The mission graph as DOT: `digraph mission { ... }`, deterministic text. Node `n<id>` per
// node (places as boxes, the start and goal doubled, locks as octagons, contents as
// ellipses; labels show kind, id and attributes), one edge per edge with `id="e<id>"`: links
// solid (one-way links with an arrowhead, others without), contains dotted, unlocks (key ->
// lock) dashed red, sees dashed blue.
std::string mission_to_dot(const MissionGraph& graph);

}  // namespace yendor::cyclic
