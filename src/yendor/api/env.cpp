#include "yendor/api/env.hpp"

#include <charconv>
#include <stdexcept>
#include <string>
#include <utility>

#include "yendor/api/action_space.hpp"
#include "yendor/api/option_text.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/game/highscore.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::api {

std::string_view to_string(RewardKind k) {
  switch (k) {
    case RewardKind::score:
      return "score";
    case RewardKind::depth:
      return "depth";
    case RewardKind::win:
      return "win";
  }
  return "?";
}

std::optional<RewardKind> reward_kind_from_string(std::string_view text) {
  for (RewardKind k : {RewardKind::score, RewardKind::depth, RewardKind::win})
    if (to_string(k) == text) return k;
  return std::nullopt;
}

void validate(const EnvOptions& options) {
  if (options.rules == "dd")
    throw InputError("env: rules dd are played by api::DdEnv (docs/dd.md), not api::Env");
  if (options.rules != "main")
    throw InputError("env: unknown rules '" + options.rules + "' (known: main, dd)");
  game::validate_setup(options.setup);
  if (options.levels < 0 || options.levels > 100)
    throw InputError("env: levels " + std::to_string(options.levels) +
                     " outside 0..100 (0: the recipe's)");
  if (options.start_depth < 1 || (options.levels > 0 && options.start_depth > options.levels))
    throw InputError("env: start_depth " + std::to_string(options.start_depth) +
                     " outside 1..levels");
  if (options.max_steps < 0)
    throw InputError("env: max_steps " + std::to_string(options.max_steps) + " is negative");
  if (options.check_every < 1)
    throw InputError("env: check_every " + std::to_string(options.check_every) +
                     " must be at least 1");
}

void set_option(EnvOptions& o, std::string_view key, std::string_view value) {
  const auto bad = [&](std::string_view what) {
    return InputError("env: option " + std::string(key) + " must be " + std::string(what) +
                      ", not '" + std::string(value) + "'");
  };
  if (key == "rules") {
    o.rules = std::string(value);
  } else if (key == "difficulty") {
    const auto d = game::difficulty_from_string(value);
    if (!d) throw bad("easy, normal or hard");
    o.setup.difficulty = *d;
  } else if (key == "generator") {
    o.setup.generator = std::string(value);
  } else if (key == "size") {
    const auto size = parse_size_text(value);
    if (!size) throw bad("WIDTHxHEIGHT, e.g. 80x50");
    o.setup.size = *size;
  } else if (key == "levels") {
    o.levels = option_number<int>(key, value, 0, 100);
  } else if (key == "start_depth") {
    o.start_depth = option_number<int>(key, value, 1, 100);
  } else if (key == "reward") {
    const auto r = reward_kind_from_string(value);
    if (!r) throw bad("score, depth or win");
    o.reward = *r;
  } else if (key == "max_steps") {
    o.max_steps = option_number<std::int64_t>(key, value, 0, 1'000'000'000'000LL);
  } else if (key == "record") {
    if (value == "true" || value == "True" || value == "1")
      o.record = true;
    else if (value == "false" || value == "False" || value == "0")
      o.record = false;
    else
      throw bad("true or false");
  } else if (key == "check_every") {
    o.check_every = option_number<int>(key, value, 1, 1'000'000'000);
  } else if (key == "name") {
    if (value.empty() || value.size() > 40) throw bad("1 to 40 characters");
    o.name = std::string(value);
  } else {
    throw InputError("env: unknown option '" + std::string(key) +
                     "' (known: " + std::string(k_option_names) + ")");
  }
}

Env::Env(std::shared_ptr<const game::Content> content) : Env(std::move(content), EnvOptions()) {}

Env::Env(std::shared_ptr<const game::Content> content, const EnvOptions& options)
    : content_(std::move(content)), options_(options) {
  if (!content_) throw std::invalid_argument("Env: no content");
  validate(options_);
}

const Observation& Env::reset(std::uint64_t seed, const EnvOptions& options) {
  validate(options);
  options_ = options;
  return reset(seed);
}

const Observation& Env::reset(std::uint64_t seed) {
  // Checked before the game is replaced, so a bad start depth leaves the last episode alone.
  const int levels = options_.levels > 0 ? options_.levels : content_->dungeon.levels;
  if (options_.start_depth > levels)
    throw InputError("env: start_depth " + std::to_string(options_.start_depth) +
                     " is below the dungeon's last level " + std::to_string(levels));
  game::GameOptions g;
  g.seed = seed;
  g.name = options_.name;
  g.levels = options_.levels;
  g.setup = options_.setup;
  g.start_depth = options_.start_depth;
  game_.emplace(content_, g);
  recorder_.reset();
  if (options_.record) recorder_.emplace(game::replay_header(g, *content_, options_.check_every));
  seed_ = seed;
  steps_ = 0;
  terminated_ = false;
  truncated_ = false;
  mask_ready_ = false;
  tracker_.reset(*game_);
  last_value_ = reward_value();
  return tracker_.observation();
}

const game::Game& Env::game() const {
  if (!game_) throw std::logic_error("env: reset it first");
  return *game_;
}

double Env::reward_value() const {
  const game::GameState& s = game_->state();
  switch (options_.reward) {
    case RewardKind::score:
      return static_cast<double>(game::compute_score(s, *content_));
    case RewardKind::depth:
      return static_cast<double>(s.info.deepest);
    case RewardKind::win:
      return s.outcome == game::Outcome::won ? 1.0 : 0.0;
  }
  return 0;
}

StepResult Env::step(int action) {
  if (!game_) throw std::logic_error("env: reset it first");
  return step(to_game_action(action, *game_));
}

StepResult Env::step(const game::Action& action) {
  if (!game_) throw std::logic_error("env: reset it first");
  if (done()) throw std::logic_error("env: the episode is over; reset it");
  const std::vector<game::Event>& events = game_->step(action);
  ++steps_;
  if (recorder_) recorder_->record(action, *game_);
  mask_ready_ = false;
  tracker_.update(*game_, events);
  StepResult r;
  for (const game::Event& e : events)
    if (e.kind == game::EventKind::refused && e.actor == game::k_player_id) r.refused = true;
  const double value = reward_value();
  r.reward = value - last_value_;
  last_value_ = value;
  terminated_ = game_->over();
  truncated_ = !terminated_ && options_.max_steps > 0 && steps_ >= options_.max_steps;
  r.terminated = terminated_;
  r.truncated = truncated_;
  return r;
}

const std::vector<std::uint8_t>& Env::legal_mask() {
  if (!game_) throw std::logic_error("env: reset it first");
  if (!mask_ready_) {
    mask_.resize(static_cast<std::size_t>(k_action_count));
    if (!done()) {
      legal_count_ = api::legal_mask(*game_, mask_);
    } else {
      std::fill(mask_.begin(), mask_.end(), std::uint8_t{0});
      legal_count_ = 0;
    }
    mask_ready_ = true;
  }
  return mask_;
}

std::vector<int> Env::legal_actions() {
  const std::vector<std::uint8_t>& mask = legal_mask();
  std::vector<int> out;
  for (std::size_t i = 0; i < mask.size(); ++i)
    if (mask[i] != 0) out.push_back(static_cast<int>(i));
  return out;
}

void Env::restore(const Env& snapshot) {
  if (snapshot.content_ != content_)
    throw std::invalid_argument("env: restore from an Env of other content");
  *this = snapshot;
}

void Env::redraw_dice(std::uint64_t seed) {
  if (!game_) throw std::logic_error("env: reset it first");
  recorder_.reset();
  game::GameState& state = game_->state();
  state.combat_rng = Rng::for_stream(seed, "combat");
  state.ai_rng = Rng::for_stream(seed, "ai");
  state.world_rng = Rng::for_stream(seed, "world");
}

std::uint64_t Env::state_hash() const {
  return game::state_hash(game().state(), *content_);
}

game::Replay Env::replay() const {
  if (!recorder_) throw std::logic_error("env: not recording; reset with the option record on");
  return recorder_->finished(*game_);
}

int random_legal_action(Env& env, Rng& rng) {
  const std::vector<std::uint8_t>& mask = env.legal_mask();
  const int legal = env.legal_count();
  if (legal == 0) return k_wait;
  auto pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(legal)));
  for (std::size_t i = 0; i < mask.size(); ++i)
    if (mask[i] != 0 && pick-- == 0) return static_cast<int>(i);
  return k_wait;
}

}  // namespace yendor::api
