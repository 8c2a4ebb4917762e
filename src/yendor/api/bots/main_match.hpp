#pragma once
// Games of the main rules played by a bot (docs/bots.md): one game per seed through an Env,
// each summed up (outcome, depth, experience, turns, score, what ended it), and the totals
// `yendor bot --rules main` prints. Games are independent: any split of the seeds over
// threads gives the same results.

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/api/bots/main_bot.hpp"
#include "yendor/api/bots/play_games.hpp"
#include "yendor/api/env.hpp"

namespace yendor::api::bots {

struct MainGameResult {
  std::uint64_t seed = 0;
  game::Outcome outcome = game::Outcome::playing;  // playing: cut at the action limit
  int deepest = 1;                                 // the deepest level reached
  int level = 1;                                   // experience level
  int xp = 0;
  std::int64_t turns = 0;  // player actions that took time
  int kills = 0;
  std::int64_t score = 0;  // the high-score value (game/highscore)
  std::string cause;       // how it ended ("killed by a goblin on level 3"; empty when cut)
  double fitness = 0;      // main_run_fitness
  bool operator==(const MainGameResult&) const = default;
};

inline constexpr int k_default_main_action_limit = 20000;

// Plays one game with `seed` in `env` (reset with its options) to its end or `action_limit`
// actions. `on_step`, when given, sees the game after every action (for --watch).
template <typename OnStep>
MainGameResult play_main_game(Env& env, MainBot& bot, std::uint64_t seed, int action_limit,
                              OnStep on_step);
MainGameResult play_main_game(Env& env, MainBot& bot, std::uint64_t seed,
                              int action_limit = k_default_main_action_limit);

struct MainMatchSummary {
  int games = 0;
  int wins = 0;
  int deaths = 0;
  int cut = 0;  // stopped at the action limit
  double mean_deepest = 0;
  double mean_level = 0;
  double mean_xp = 0;
  double mean_turns = 0;
  double mean_kills = 0;
  double mean_score = 0;
  double mean_fitness = 0;
};
MainMatchSummary summarize(const std::vector<MainGameResult>& results);

// The evolution's fitness of a main game (docs/bots.md), the paper's carried over: 10 per
// experience point + 150 per healing potion kept + the health left + 100 per level reached,
// tripled when the game is won.
double main_run_fitness(const Env& env);

// The result of the game `env` holds now.
MainGameResult result_of(const Env& env);

template <typename OnStep>
MainGameResult play_main_game(Env& env, MainBot& bot, std::uint64_t seed, int action_limit,
                              OnStep on_step) {
  play_episode(env, bot, seed, action_limit, on_step);
  return result_of(env);
}

}  // namespace yendor::api::bots
