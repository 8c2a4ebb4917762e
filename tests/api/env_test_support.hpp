#pragma once
// Shared by the api tests: content, and random legal play through an Env.

#include <memory>
#include <vector>

#include "support/game_test_content.hpp"
#include "yendor/api/action_space.hpp"
#include "yendor/api/env.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::api::testing {

inline std::shared_ptr<const game::Content> shipped_content() {
  static const auto content =
      std::make_shared<const game::Content>(game::load_content(game::default_content_dir()));
  return content;
}

// The library's random agent, under the name the tests use.
inline int random_legal_action(Env& env, Rng& rng) {
  return api::random_legal_action(env, rng);
}

}  // namespace yendor::api::testing
