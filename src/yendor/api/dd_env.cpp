#include "yendor/api/dd_env.hpp"

#include <stdexcept>
#include <utility>

#include "yendor/api/bots/winnable.hpp"
#include "yendor/api/option_text.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::api {

std::string_view to_string(DdReward r) {
  switch (r) {
    case DdReward::xp:
      return "xp";
    case DdReward::fitness:
      return "fitness";
    case DdReward::win:
      return "win";
  }
  return "?";
}

std::optional<DdReward> dd_reward_from_string(std::string_view text) {
  for (DdReward r : {DdReward::xp, DdReward::fitness, DdReward::win})
    if (to_string(r) == text) return r;
  return std::nullopt;
}

void set_option(DdEnvOptions& o, std::string_view key, std::string_view value) {
  if (key == "rules") {
    if (value != "dd")
      throw InputError("env: option rules must be dd here, not '" + std::string(value) + "'");
  } else if (key == "race") {
    o.setup.race = std::string(value);
  } else if (key == "class") {
    o.setup.hero_class = std::string(value);
  } else if (key == "generator") {
    o.setup.generator = std::string(value);
    o.setup.params = {};
  } else if (key == "reward") {
    const auto r = dd_reward_from_string(value);
    if (!r)
      throw InputError("env: option reward must be xp, fitness or win, not '" + std::string(value) +
                       "'");
    o.reward = *r;
  } else if (key == "require_winnable") {
    if (value == "true" || value == "1")
      o.require_winnable = true;
    else if (value == "false" || value == "0")
      o.require_winnable = false;
    else
      throw InputError("env: option require_winnable must be true or false, not '" +
                       std::string(value) + "'");
  } else if (key == "max_steps") {
    o.max_steps = option_number<std::int64_t>(key, value, 0, std::int64_t{1} << 40);
  } else {
    throw InputError("env: unknown option '" + std::string(key) +
                     "' for rules dd (options: " + std::string(k_dd_option_names) + ")");
  }
}

void validate(const DdEnvOptions& options, const dd::Content& content) {
  try {
    dd::validate(options.setup, content);
  } catch (const InputError& e) {
    throw InputError(std::string("env: ") + e.what());
  }
  if (options.max_steps < 0)
    throw InputError("env: max_steps " + std::to_string(options.max_steps) + " is negative");
}

DdEnv::DdEnv(std::shared_ptr<const dd::Content> content, DdEnvOptions options)
    : content_(std::move(content)), options_(std::move(options)) {
  if (!content_) throw std::invalid_argument("DdEnv: no content");
  validate(options_, *content_);
}

const DdObservation& DdEnv::reset(std::uint64_t seed) {
  return reset(seed, options_);
}

const DdObservation& DdEnv::reset(std::uint64_t seed, const DdEnvOptions& options) {
  validate(options, *content_);
  options_ = options;
  state_ = options_.require_winnable ? bots::winnable_game(*content_, options_.setup, seed).state
                                     : dd::new_game(*content_, options_.setup, seed);
  observe(state_, *content_, obs_);
  started_ = true;
  terminated_ = truncated_ = false;
  mask_ready_ = false;
  last_refusal_ = dd::Refusal::none;
  steps_ = 0;
  return obs_;
}

double DdEnv::measure() const {
  switch (options_.reward) {
    case DdReward::xp:
      return state_.hero.total_xp;
    case DdReward::fitness:
      return static_cast<double>(dd::run_fitness(state_));
    case DdReward::win:
      return state_.outcome == dd::Outcome::won ? 1.0 : 0.0;
  }
  return 0;
}

StepResult DdEnv::step(int action) {
  if (!started_) throw std::logic_error("DdEnv::step before reset");
  return step(to_dd_action(action, state_));
}

StepResult DdEnv::step(const dd::Action& action) {
  if (!started_) throw std::logic_error("DdEnv::step before reset");
  if (done()) throw std::logic_error("DdEnv::step after the episode ended: reset first");
  const double before = measure();
  last_refusal_ = dd::step(state_, *content_, action, &changes_);
  ++steps_;
  mask_ready_ = false;
  StepResult r;
  r.refused = last_refusal_ != dd::Refusal::none;
  if (!r.refused) observe_changes(state_, *content_, changes_, obs_);
  r.reward = measure() - before;
  terminated_ = r.terminated = state_.outcome != dd::Outcome::playing;
  truncated_ = r.truncated = !terminated_ && options_.max_steps > 0 && steps_ >= options_.max_steps;
  return r;
}

const DdMask& DdEnv::legal_mask() {
  if (!mask_ready_) {
    legal_count_ = dd_legal_mask(state_, *content_, mask_);
    if (truncated_) {
      mask_.fill(0);
      legal_count_ = 0;
    }
    mask_ready_ = true;
  }
  return mask_;
}

int random_allowed_action(const DdMask& mask, Rng& rng) {
  int count = 0;
  for (int i = 0; i < k_dd_give_up; ++i)
    count += mask[static_cast<std::size_t>(i)];
  if (count == 0) return k_dd_give_up;
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(count)));
  for (int i = 0; i < k_dd_give_up; ++i)
    if (mask[static_cast<std::size_t>(i)] != 0 && pick-- == 0) return i;
  return k_dd_give_up;
}

int random_legal_action(DdEnv& env, Rng& rng) {
  return random_allowed_action(env.legal_mask(), rng);
}

}  // namespace yendor::api
