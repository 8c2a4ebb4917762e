#pragma once
// A game the player cannot tell from the real one (docs/bots.md): what lies under the
// unrevealed cells — wall or floor, a monster, an item — shuffled among those cells, and the
// rules' hidden random stream drawn anew. The player knows the dungeon recipe, so the set of
// hidden contents is known; only where each one lies is not. Search bots plan on such samples
// instead of on the real state, so cloning the environment never lets them peek.

#include "yendor/core/rng.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::dd {

// Shuffles the contents of the unrevealed cells of `state` with `rng` (revealed cells, the
// hero and every monster's stats stay as they are). The result depends only on what the
// player knows and on `rng`: two states that differ only in where the hidden contents lie give
// the same sample.
void resample_hidden(State& state, Rng& rng);

}  // namespace yendor::dd
