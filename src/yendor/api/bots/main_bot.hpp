#pragma once
// A bot for the main rules (docs/bots.md): given the game through an api::Env, the next
// action as an index of the discrete action space (api/action_space.hpp). Bots decide from
// what the player knows — the observation, the monsters and items in view, the pack — and may
// simulate on clones of the environment whose dice are redrawn (Env::redraw_dice), so they
// never know a roll before it is made.

#include "yendor/api/env.hpp"

namespace yendor::api::bots {

class MainBot {
 public:
  virtual ~MainBot() = default;
  // A new game starts in `env` (just reset).
  virtual void start(Env& env) = 0;
  // The next action: an index the legal mask allows (k_wait when nothing is legal).
  virtual int act(Env& env) = 0;
};

}  // namespace yendor::api::bots
