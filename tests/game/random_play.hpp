#pragma once
// The random-play harness shared by random_play_test and the long sweep: the scripted random
// player (game/random_player.hpp) plays for a number of turns, the invariants are checked
// after every step, and a game that ends is followed by a new one.

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "yendor/core/hash.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/action.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/invariants.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/rules.hpp"

namespace yendor::game::testing {

struct RandomPlayStats {
  std::int64_t turns = 0;
  std::int64_t steps = 0;
  int games = 1;  // games started
  int deaths = 0;
  int wins = 0;
  int deepest = 1;
  std::array<std::int64_t, k_action_type_count> actions{};  // chosen, by type
  std::map<std::string, int> causes;                        // how games ended (without the level)
};

// Plays `turns` game turns from `seed` (new games started with derived seeds when one ends).
// Returns "" or the first problem: a broken invariant or an exception, with the seed, step
// and action that led to it. `dive_every` > 0: every that many turns the harness sends the
// player a level down (change_level, as a trapdoor would), so the deep levels, their
// generators and the boss are exercised too; a random walker seldom finds the stairs.
inline std::string play_randomly(const std::shared_ptr<const Content>& content, std::uint64_t seed,
                                 std::int64_t turns, RandomPlayStats& stats,
                                 std::int64_t dive_every = 0) {
  GameOptions options;
  options.seed = seed;
  auto game = std::make_unique<Game>(content, options);
  Rng bot = Rng::for_stream(seed, "bot");
  std::int64_t steps = 0;
  const auto where = [&](const Action& a) {
    return "seed " + std::to_string(game->state().seed) + " step " + std::to_string(steps) +
           " turn " + std::to_string(game->state().info.turns) + " depth " +
           std::to_string(game->state().depth) + " after '" + format_action(a) + "': ";
  };
  if (std::string problem = check_invariants(*game); !problem.empty())
    return "seed " + std::to_string(seed) + " new game: " + problem;
  // Refusals take no time: the step cap keeps a stuck bot from looping forever.
  const std::int64_t max_steps = turns * 10 + 1000;
  std::int64_t done = 0;
  std::int64_t dives = 0;
  while (done < turns && steps < max_steps) {
    const Action action = random_action(*game, bot);
    ++stats.actions[static_cast<std::size_t>(action.type)];
    const std::int64_t before = game->state().info.turns;
    try {
      game->step(action);
    } catch (const std::exception& e) {
      return where(action) + "exception: " + e.what();
    }
    ++steps;
    done += game->state().info.turns - before;
    if (std::string problem = check_invariants(*game); !problem.empty())
      return where(action) + problem;
    if (dive_every > 0 && !game->over() && game->state().info.turns / dive_every > dives &&
        game->state().depth < game->state().levels) {
      ++dives;
      try {
        change_level(*game, game->state().depth + 1, true);
        game->update_view();
      } catch (const std::exception& e) {
        return where(action) + "exception diving: " + e.what();
      }
      if (std::string problem = check_invariants(*game); !problem.empty())
        return where(action) + "after diving: " + problem;
    }
    stats.deepest = std::max(stats.deepest, game->state().info.deepest);
    if (game->over()) {
      stats.deaths += game->state().outcome == Outcome::died ? 1 : 0;
      stats.wins += game->state().outcome == Outcome::won ? 1 : 0;
      const std::string& cause = game->state().info.cause;
      ++stats.causes[cause.substr(0, cause.find(" on level"))];
      options.seed = mix64(options.seed + 1);
      try {
        game = std::make_unique<Game>(content, options);
      } catch (const std::exception& e) {
        return "seed " + std::to_string(options.seed) + " new game after a game over: " + e.what();
      }
      ++stats.games;
      dives = 0;
      if (std::string problem = check_invariants(*game); !problem.empty())
        return "seed " + std::to_string(options.seed) + " new game after a game over: " + problem;
    }
  }
  stats.turns += done;
  stats.steps += steps;
  if (done < turns)
    return "seed " + std::to_string(seed) + ": only " + std::to_string(done) + " turns in " +
           std::to_string(steps) + " steps (the bot is refused too often)";
  return {};
}

}  // namespace yendor::game::testing
