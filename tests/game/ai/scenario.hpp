#pragma once
// Shared set-up of the brain scenario tests: the test content (which carries the shipped AI
// library, data/ai) with one monster kind run by a chosen brain, and the player's actions.
#include <memory>
#include <string>
#include <utility>

#include "support/game_fixture.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/game/action.hpp"

namespace yendor::game::testing {

// The test content with monsters of `kind` run by `brain` on the library entry `tactics`
// ("" for the brain's default), the entries of `extra` (TOML text) added to the library.
inline std::shared_ptr<const Content> kind_with_brain(const std::string& kind,
                                                      const std::string& brain,
                                                      const std::string& tactics,
                                                      const std::string& extra = "") {
  Content c = test_content();
  if (!extra.empty()) ai::load_library_text(c.ai, extra, "extra.toml");
  for (MonsterKind& k : c.monsters)
    if (k.id == kind) {
      k.brain = brain;
      k.tactics = tactics;
      k.tactics_index = ai::builtin_brains().get(brain).resolve(c.ai, tactics);
    }
  return std::make_shared<const Content>(std::move(c));
}

inline Action wait_action() {
  Action a;
  a.type = ActionType::wait;
  return a;
}

inline Action move_action(Point dir) {
  Action a;
  a.type = ActionType::move;
  a.dir = dir;
  return a;
}

}  // namespace yendor::game::testing
