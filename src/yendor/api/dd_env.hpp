#pragma once
// The Desktop Dungeons environment (docs/dd.md; `rules = dd`): one game of the dd ruleset
// behind the same Gymnasium contract as api::Env — reset(seed, options), step(action) with a
// reward and terminated/truncated, the observation and the legal mask beside it, clone and
// restore. The whole state is plain fixed-size data, so a clone is a copy of a few kilobytes
// and a step costs what it changes: the speed search and evolution need.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/api/dd_actions.hpp"
#include "yendor/api/dd_observation.hpp"
#include "yendor/api/step_result.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/dd/content.hpp"
#include "yendor/dd/dungeon.hpp"
#include "yendor/dd/rules.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::api {

enum class DdReward : std::uint8_t {
  xp,       // experience gained by the step
  fitness,  // the change of the paper's fitness (dd::run_fitness)
  win,      // 1 when the boss dies, else 0
};
std::string_view to_string(DdReward r);
std::optional<DdReward> dd_reward_from_string(std::string_view text);

struct DdEnvOptions {
  dd::Setup setup;  // race, class, generator (and its parameters)
  DdReward reward = DdReward::xp;
  std::int64_t max_steps = 0;  // truncation after this many steps; 0: none
  // Only levels the omniscient search bot wins (api/bots/winnable.hpp): a seed whose level it
  // cannot win is replaced by the next candidate of that seed.
  bool require_winnable = false;
  bool operator==(const DdEnvOptions&) const = default;
};

inline constexpr std::string_view k_dd_option_names =
    "rules, race, class, generator, reward, max_steps";
// Sets option `key` from its text; InputError naming the option for an unknown name or a bad
// value ("rules" must be "dd"). Check the whole set with validate() after.
void set_option(DdEnvOptions& options, std::string_view key, std::string_view value);
void validate(const DdEnvOptions& options, const dd::Content& content);

class DdEnv {
 public:
  explicit DdEnv(std::shared_ptr<const dd::Content> content, DdEnvOptions options = {});

  const DdObservation& reset(std::uint64_t seed);
  const DdObservation& reset(std::uint64_t seed, const DdEnvOptions& options);

  // One action: a discrete index (api/dd_actions.hpp; std::out_of_range outside it) or any
  // rules action (a fireball at any revealed monster). Stepping a finished episode throws
  // std::logic_error.
  StepResult step(int action);
  StepResult step(const dd::Action& action);

  const DdObservation& observation() const { return obs_; }
  const DdMask& legal_mask();
  int legal_count() {
    legal_mask();
    return legal_count_;
  }
  // Why the last step was refused (dd::Refusal::none when it was not).
  dd::Refusal last_refusal() const { return last_refusal_; }

  DdEnv clone() const { return *this; }
  void restore(const DdEnv& snapshot) { *this = snapshot; }

  bool started() const { return started_; }
  bool done() const { return terminated_ || truncated_; }
  bool terminated() const { return terminated_; }
  bool truncated() const { return truncated_; }
  std::int64_t steps() const { return steps_; }
  // The game's seed (with require_winnable, the candidate that was kept).
  std::uint64_t seed() const { return state_.seed; }
  const DdEnvOptions& options() const { return options_; }
  const dd::State& state() const { return state_; }
  const dd::Content& content() const { return *content_; }
  const std::shared_ptr<const dd::Content>& content_ptr() const { return content_; }
  std::uint64_t state_hash() const { return dd::state_hash(state_); }

 private:
  double measure() const;

  std::shared_ptr<const dd::Content> content_;
  DdEnvOptions options_;
  dd::State state_;
  DdObservation obs_;
  dd::Changes changes_;
  DdMask mask_{};
  int legal_count_ = 0;
  bool mask_ready_ = false;
  bool started_ = false;
  bool terminated_ = false;
  bool truncated_ = false;
  dd::Refusal last_refusal_ = dd::Refusal::none;
  std::int64_t steps_ = 0;
};

// A uniformly random legal action of `env` other than giving up, drawn from `rng` (a random
// player that gave up one step in ten would end most games at once); k_dd_give_up when
// nothing else is legal (the episode is over).
int random_legal_action(DdEnv& env, Rng& rng);
// The same over any mask (api/dd_actions.hpp's dd_legal_mask).
int random_allowed_action(const DdMask& mask, Rng& rng);

}  // namespace yendor::api
