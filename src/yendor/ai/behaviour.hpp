#pragma once
// The one vocabulary of behaviours (what a monster does this turn) every data-driven brain
// uses: the leaves of stateless decision trees and behaviour trees, the "AI" of each fsm
// state, the genes of the genetic brain's trees. Each turns the view and the memory into a
// Decision; none searches a path of its own (the View's shared maps do that).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "yendor/ai/brain.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::ai {

enum class Behaviour : std::uint8_t {
  attack,        // melee the adjacent player; otherwise as chase
  chase,         // close in on the player (shared distance map) and melee him
  fire,          // shoot when it can; otherwise as chase
  flee,          // down the safety map; cornered, it fights
  wander,        // a random free step (the thesis's roaming_ai)
  sleep,         // lie down: the game wakes it on sight, noise or harm
  hold,          // stand still, alert (ambushers, guards)
  search,        // go where it last knew the player to be, then forget
  follow_noise,  // towards the loudest noise it hears
  follow_scent,  // up the player's scent trail
  hunt,          // chase if seen, else scent, else noise, else last known place, else wander
  return_home,   // back to where it was placed
  shout,         // a loud cry: wakes and calls the monsters around
  fight,         // cornered_ai: attack the adjacent player, else hold
  count
};

struct BehaviourInfo {
  Behaviour behaviour;
  std::string_view name;
  std::string_view description;
};

std::span<const BehaviourInfo> behaviours();
const BehaviourInfo& info(Behaviour b);
std::string_view to_string(Behaviour b);
// Throws InputError "unknown behaviour 'x' (behaviours: ...)".
Behaviour parse_behaviour(std::string_view name);

// Updates what every brain remembers from its senses, before deciding: seeing the player
// wakes it and sets the target (where he is) and last_seen_turn. Every data-driven brain
// calls it first.
void perceive(const View& view, Memory& memory);

// This turn's decision for behaviour `b`. Draws from `rng` only for random choices.
Decision perform(Behaviour b, const View& view, Memory& memory, Rng& rng);

}  // namespace yendor::ai
