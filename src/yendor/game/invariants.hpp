#pragma once
// The invariants every reachable game state keeps (docs/rules.md), checked by the random-play
// tests after every step: actors on passable cells in bounds, one per cell, the occupancy grid
// in step with them, hit points in bounds, no dead monster left over, items conserved
// (made - destroyed == on the floors + in the packs), inventory letters unique, equipment in
// the pack, items on passable cells, lock records sized to the level's locks, and the clock
// at the player's turn.

#include <string>

#include "yendor/game/game.hpp"

namespace yendor::game {

// "" when every invariant holds, else a one-line description of the first broken one.
std::string check_invariants(const Game& game);

}  // namespace yendor::game
