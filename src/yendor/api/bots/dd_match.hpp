#pragma once
// Games of the dd ruleset played by a bot (docs/bots.md): one game per seed through a DdEnv,
// each summed up (outcome, experience, turns, potions, what killed the hero), and the totals
// `yendor bot` prints. Games are independent: any split of the seeds over threads or MPI ranks
// gives the same results.

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/api/bots/dd_bot.hpp"
#include "yendor/api/bots/play_games.hpp"
#include "yendor/api/dd_env.hpp"

namespace yendor::api::bots {

struct DdGameResult {
  std::uint64_t seed = 0;
  dd::Outcome outcome = dd::Outcome::playing;  // playing: cut at the action limit
  int level = 1;
  int xp = 0;     // experience gained
  int turns = 0;  // accepted actions
  int health_potions_used = 0;
  int mana_potions_used = 0;
  int health_potions_left = 0;
  int mana_potions_left = 0;
  int health_left = 0;
  int kills = 0;
  int explored = 0;
  int killer_level = 0;      // the level of the monster that killed the hero (0: not killed)
  std::int64_t fitness = 0;  // dd::run_fitness
  bool operator==(const DdGameResult&) const = default;
};

inline constexpr int k_default_action_limit = 5000;

// Plays one game with `seed` in `env` (reset with its options) to its end or `action_limit`.
// `on_step`, when given, sees the game after every action (for --watch).
template <typename OnStep>
DdGameResult play_dd_game(DdEnv& env, DdBot& bot, std::uint64_t seed, int action_limit,
                          OnStep on_step);
DdGameResult play_dd_game(DdEnv& env, DdBot& bot, std::uint64_t seed,
                          int action_limit = k_default_action_limit);

struct DdMatchSummary {
  int games = 0;
  int wins = 0;
  int deaths = 0;
  int gave_up = 0;
  int cut = 0;  // stopped at the action limit
  double mean_xp = 0;
  double mean_turns = 0;
  double mean_level = 0;
  double mean_health_potions_used = 0;
  double mean_mana_potions_used = 0;
  double mean_fitness = 0;
  double win_rate() const { return games == 0 ? 0.0 : static_cast<double>(wins) / games; }
};
DdMatchSummary summarize(const std::vector<DdGameResult>& results);

// The result of the game `env` holds now.
DdGameResult result_of(const DdEnv& env);

template <typename OnStep>
DdGameResult play_dd_game(DdEnv& env, DdBot& bot, std::uint64_t seed, int action_limit,
                          OnStep on_step) {
  play_episode(env, bot, seed, action_limit, on_step);
  return result_of(env);
}

}  // namespace yendor::api::bots
