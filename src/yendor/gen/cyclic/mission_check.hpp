#pragma once
// What a finished mission graph must be before it is laid out (the vocabulary of
// map/mission_graph.hpp, documented in docs/cyclic.md), and the cycles it was built from.
//
// A finished graph has: exactly one start and one goal; no `path` edges left; every `link`
// between places; places connected when links are taken both ways; each lock node with
// exactly one incoming and one outgoing link (its entry side is the incoming link's source),
// a `realize` among lock_realizations() and `type`, `duration`, `direction` attributes whose
// names map/locks.hpp knows; every key contained in exactly one place, with an `item` among
// key_kinds() and unlocking at least one lock; contents (key, treasure, monster, trap) hang
// off exactly one place; `sees` edges between places.
//
// Cycles: the grammar marks the entrance node of cycle C with `entrance_of = C`, its goal
// with `goal_of = C`, the places on its paths with `cycle = C` and `path = "a"|"b"`, the
// pattern applied with `pattern = NAME` on the entrance, and a nested cycle's entrance with
// `parent_cycle = P`.

#include <string>
#include <vector>

#include "yendor/map/locks.hpp"
#include "yendor/map/mission_graph.hpp"

namespace yendor::cyclic {

// Every way the graph breaks the rules above, one line each (empty: fine).
std::vector<std::string> mission_problems(const MissionGraph& graph);

// The cycles recorded in the graph's attributes, numbered 1.. in the order of their entrance
// nodes' ids; lengths count places (rooms and locks) on each path.
std::vector<CycleInfo> mission_cycles(const MissionGraph& graph);

}  // namespace yendor::cyclic
