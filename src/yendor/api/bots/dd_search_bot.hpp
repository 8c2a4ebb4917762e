#pragma once
// The dd search bot (docs/bots.md): rollout search over the strategy bot's plans. At each
// decision it takes the base strategy bot's own plan unless that plan, played out to the end
// of the game by the base bot on `samples` sampled games, loses any of them; then it tries
// every strategy's plan (and every kill with all potions allowed) on the same samples and plays
// the one with the most wins, then the highest mean fitness. A sample is the real game with
// its unrevealed cells shuffled (dd/belief.hpp), so the search never peeks; with `omniscient`
// it plans on the real game instead (a solver, for --require-winnable). When the base bot has
// nothing left to do, a rollout goes on with the same genome allowing every potion.

#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/api/bots/dd_bot.hpp"
#include "yendor/api/bots/dd_genome.hpp"
#include "yendor/api/bots/dd_plan.hpp"
#include "yendor/api/bots/dd_strategy_bot.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::api::bots {

struct DdSearchOptions {
  int samples = 4;           // sampled games per candidate
  int rollout_limit = 3000;  // actions a rollout plays at most
  // After the base plan won every sample, the base bot's next decisions are played without a
  // check until this many decisions have passed (1: check every decision).
  int check_every = 50;
  bool omniscient = false;  // plan on the real game (a solver, not a fair player)
};

class DdSearchBot final : public DdBot {
 public:
  DdSearchBot(const DdGenome& base, const DdSearchOptions& options);

  void start(const DdEnv& env) override { start(env.seed()); }
  dd::Action act(const DdEnv& env) override { return act(env.state(), env.content()); }
  // The same on a bare state; the search's own random stream comes from `game_seed`.
  void start(std::uint64_t game_seed);
  dd::Action act(const dd::State& state, const dd::Content& content);

  // Decisions made, and how many of them searched beyond the base plan.
  int decisions() const { return decisions_; }
  int searches() const { return searches_; }

 private:
  struct Candidate {
    std::vector<dd::Action> plan;
    double value = 0;  // sum over samples: wins + fitness / 1e6
    int wins = 0;
  };
  // The plan to play now; nothing when there is none (the bot gives up).
  std::optional<std::vector<dd::Action>> decide(const dd::State& state, const dd::Content& content);
  // The candidate's value on sample `k` of this decision.
  void evaluate(Candidate& candidate, const dd::State& state, const dd::Content& content,
                std::uint64_t sample_seed);
  // Plays the base bot (then the potion-rich fallback) from `state` to the end.
  void roll_out(dd::State& state, const dd::Content& content);

  DdSearchOptions options_;
  DdStrategyBot base_;
  DdStrategyBot rich_;  // the base genome with every potion allowed
  DdStrategyBot roll_base_, roll_rich_;
  Rng rng_;
  DdPlan plan_;
  int decisions_ = 0;
  int searches_ = 0;
  int trusted_ = 0;  // base decisions still to play unchecked
};

// The base genome with every potion limit at its maximum and a health potion drunk before any
// blow that would kill.
DdGenome potion_rich(DdGenome genome);

}  // namespace yendor::api::bots
