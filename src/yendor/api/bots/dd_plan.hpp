#pragma once
// A plan a dd bot is playing (docs/bots.md): its actions, and where the game must be for the
// next one to follow — the action count it left the game at. A plan goes on only while the
// game is there and the rules accept its next action; otherwise the bot decides again (after a
// restore, a step someone else took, or a plan that ran out).

#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/dd/rules.hpp"

namespace yendor::api::bots {

class DdPlan {
 public:
  // The plan's next action when it goes on in `state`.
  std::optional<dd::Action> next(const dd::State& state, const dd::Content& content) {
    if (next_ >= actions_.size() || state.tally.actions != expected_actions_ ||
        !dd::accepts(state, content, actions_[next_]))
      return std::nullopt;
    ++expected_actions_;
    return actions_[next_++];
  }
  // Starts `actions` (not empty) in `state`; returns the first.
  dd::Action start(std::vector<dd::Action> actions, const dd::State& state) {
    actions_ = std::move(actions);
    next_ = 1;
    expected_actions_ = state.tally.actions + 1;
    return actions_.front();
  }
  void clear() {
    actions_.clear();
    next_ = 0;
  }

 private:
  std::vector<dd::Action> actions_;
  std::size_t next_ = 0;
  std::int32_t expected_actions_ = -1;
};

}  // namespace yendor::api::bots
