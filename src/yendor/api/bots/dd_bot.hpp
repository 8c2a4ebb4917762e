#pragma once
// A bot for the dd ruleset (docs/bots.md): given the game as the player sees it through a
// DdEnv, the next action. Bots may look at the environment's state only as the player knows
// it (revealed cells, the hero, the content) and may simulate on copies of it; the search bot
// alone also clones the environment, with the unrevealed cells shuffled (no peeking).

#include <memory>

#include "yendor/api/dd_env.hpp"
#include "yendor/dd/rules.hpp"

namespace yendor::api::bots {

class DdBot {
 public:
  virtual ~DdBot() = default;
  // A new game starts in `env` (just reset).
  virtual void start(const DdEnv& env) = 0;
  // The next action; give_up when it has nothing left to try.
  virtual dd::Action act(const DdEnv& env) = 0;
};

}  // namespace yendor::api::bots
