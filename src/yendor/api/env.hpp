#pragma once
// The agent platform's environment (docs/env.md): one game behind the Gymnasium contract.
// reset(seed, options) starts a game; step(action) plays one player action and returns the
// reward and whether the episode ended (terminated: died, won, quit) or was cut short
// (truncated: the step limit). The observation (api/observation.hpp) and the legal-action
// mask (api/action_space.hpp) are kept beside it. An Env is a value: copying it clones the
// whole state, and restore() puts a copy back, reusing this Env's buffers — the forward model
// search needs. Environments share nothing mutable but the read-only Content, so different
// instances may be used from different threads at once.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/api/observation.hpp"
#include "yendor/api/step_result.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/replay.hpp"
#include "yendor/game/setup.hpp"

namespace yendor::api {

enum class RewardKind : std::uint8_t {
  score,  // the change of the high-score value (gold + experience + depth bonus, win bonus)
  depth,  // 1 for each level reached deeper than before
  win,    // 1 when the game is won, else 0
};
std::string_view to_string(RewardKind k);
std::optional<RewardKind> reward_kind_from_string(std::string_view text);

struct EnvOptions {
  std::string rules = "main";  // "main" here; "dd" is api/dd_env.hpp's DdEnv
  game::DungeonSetup setup;    // difficulty, one generator for every level, the map size
  int levels = 0;              // the dungeon's depth; 0: the recipe's
  int start_depth = 1;         // the level the player starts on (on its up stairs)
  RewardKind reward = RewardKind::score;
  std::int64_t max_steps = 0;  // truncation after this many steps; 0: none
  std::string name = "Agent";
  bool record = false;    // keep the episode as a replay (replay() below)
  int check_every = 100;  // steps between the replay's state checks
  bool operator==(const EnvOptions&) const = default;
};

// Throws InputError naming the option: unknown rules, a bad setup, levels or start depth out
// of range, a negative step limit.
void validate(const EnvOptions& options);

// The options by name, as the protocol and Python give them (docs/env.md).
inline constexpr std::string_view k_option_names =
    "rules, difficulty, generator, size, levels, start_depth, reward, max_steps, name, record, "
    "check_every";
// Sets option `key` from its text ("levels" "12", "size" "80x50", "generator" "" for the
// recipe's); InputError naming the option for an unknown name or a bad value. Check the whole
// set with validate() after.
void set_option(EnvOptions& options, std::string_view key, std::string_view value);

class Env {
 public:
  explicit Env(std::shared_ptr<const game::Content> content);  // the default options
  Env(std::shared_ptr<const game::Content> content, const EnvOptions& options);

  // Starts a new episode with `seed` (and new options when given); returns the observation.
  const Observation& reset(std::uint64_t seed);
  const Observation& reset(std::uint64_t seed, const EnvOptions& options);

  // One action: a discrete index (action_space.hpp; std::out_of_range outside it), or any
  // game action. Stepping a finished episode throws std::logic_error: reset it first.
  StepResult step(int action);
  StepResult step(const game::Action& action);

  const Observation& observation() const { return tracker_.observation(); }
  // The legal-action mask for the current state (computed on first use after each step).
  const std::vector<std::uint8_t>& legal_mask();
  // How many actions the mask allows (computing it first when needed).
  int legal_count() {
    legal_mask();
    return legal_count_;
  }
  std::vector<int> legal_actions();

  // Cloning: a copy is a full, independent snapshot; restore() makes this Env equal to it.
  Env clone() const { return *this; }
  void restore(const Env& snapshot);

  // Re-seeds the game's own random streams (to-hit and damage, monster decisions, item
  // effects, traps) from `seed`, leaving the state as it is: on a clone, one sampled future
  // for a planner that must not know the dice ahead (api/bots). Levels not made yet still
  // come from the run seed. The Env stops recording (its replay could no longer verify).
  // std::logic_error before the first reset.
  void redraw_dice(std::uint64_t seed);

  bool started() const { return game_.has_value(); }
  bool done() const { return terminated_ || truncated_; }
  std::int64_t steps() const { return steps_; }
  std::uint64_t seed() const { return seed_; }
  const EnvOptions& options() const { return options_; }
  const game::Game& game() const;  // std::logic_error before the first reset
  const game::Content& content() const { return *content_; }
  // A hash of the whole game state (game/state_codec): equal states, equal hashes.
  std::uint64_t state_hash() const;

  // The episode so far as a replay (game/replay.hpp: seed, setup, every action, a state check
  // every check_every steps) ending with the current outcome and state hash, so any prefix
  // verifies with `yendor replay FILE --headless`. std::logic_error unless the episode was
  // reset with the option record on.
  game::Replay replay() const;
  bool recording() const { return recorder_.has_value(); }

 private:
  double reward_value() const;

  std::shared_ptr<const game::Content> content_;
  EnvOptions options_;
  std::optional<game::Game> game_;                // engaged from the first reset
  std::optional<game::ReplayRecorder> recorder_;  // engaged while recording
  ObservationTracker tracker_;
  std::vector<std::uint8_t> mask_;
  bool mask_ready_ = false;
  int legal_count_ = 0;
  std::uint64_t seed_ = 0;
  std::int64_t steps_ = 0;
  bool terminated_ = false;
  bool truncated_ = false;
  double last_value_ = 0;  // the reward measure before the step
};

// A uniformly random legal action of `env` (the mask's), drawn from `rng`; k_wait when none
// is legal (a finished episode). The random agent of the tests, benchmarks and bots.
int random_legal_action(Env& env, Rng& rng);

}  // namespace yendor::api
