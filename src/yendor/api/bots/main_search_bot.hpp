#pragma once
// The search bot of the main rules (docs/bots.md): the strategy bot (api/bots/
// main_strategy_bot.hpp) plays, and whenever the player is in danger — a hostile monster in
// view and health below danger_below of the maximum — each candidate action (every strategy's
// action, every step away from the nearest hostile, the up stairs) is tried on clones of the game
// with freshly drawn dice (Env::redraw_dice: the bot never knows a roll before it is made) and
// followed by the strategy bot for rollout_limit actions; the candidate with the best mean outcome
// is played. The same dice seeds serve every candidate (common random numbers), so candidates are
// compared on the same futures. What the clones still know that the player does not: the layout of
// the level beyond what was seen and the monsters there (docs/bots.md says how much that matters).

#include <cstdint>
#include <vector>

#include "yendor/api/bots/main_strategy_bot.hpp"

namespace yendor::api::bots {

struct MainSearchOptions {
  int samples = 4;            // futures each candidate is played in
  int rollout_limit = 20;     // actions the strategy bot plays after the candidate
  double danger_below = 0.6;  // searches only with a hostile in view and health below this share
};

class MainSearchBot final : public MainBot {
 public:
  MainSearchBot(const MainGenome& base, const MainSearchOptions& options);
  void start(Env& env) override;
  int act(Env& env) override;

 private:
  double value_after(const Env& env, int action, std::uint64_t dice);

  MainStrategyBot base_;
  MainSearchOptions options_;
  Rng rng_;
  std::vector<int> candidates_;
  std::vector<std::uint64_t> dice_;
};

}  // namespace yendor::api::bots
