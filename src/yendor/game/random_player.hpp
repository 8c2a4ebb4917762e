#pragma once
// A scripted random player (docs/rules.md): a bot for tests, benchmarks and `yendor play
// --bot random` that exercises every action type. It mostly walks in random directions,
// fights what stands next to it, and now and then picks up, drops, quaffs, reads, eats,
// wields, wears, takes off, throws at a visible cell, opens and closes doors, operates
// levers, searches, rests, takes the stairs, prays, drinks, buys and sells where those
// apply, and raises an attribute when a level-up is pending. It never quits. A small share
// of its actions are of a random type with random fields, to exercise the refusals.

#include "yendor/core/rng.hpp"
#include "yendor/game/game.hpp"

namespace yendor::game {

struct RandomPlayerOptions {
  bool descend = true;  // false: never takes the down stairs (benchmarks stay on level 1)
};

// The next action; every random draw comes from `rng` (not the game's streams), so the bot
// never changes what the game itself rolls. Allocates nothing.
Action random_action(const Game& game, Rng& rng);
Action random_action(const Game& game, Rng& rng, const RandomPlayerOptions& options);

}  // namespace yendor::game
