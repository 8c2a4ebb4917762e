#include "yendor/tui/replay_screen.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "yendor/core/error.hpp"
#include "yendor/game/state_codec.hpp"
#include "yendor/tui/game_screen.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {
namespace {

// The shortest wait between frames: faster speeds play several actions per frame instead.
constexpr int k_min_tick_ms = 20;
constexpr std::int64_t k_jump = 100;  // [ and ] move this many actions
// At most about this many snapshots are kept, whatever the replay's length.
constexpr std::int64_t k_snapshot_budget = 200;

std::string speed_text(double speed) {
  if (speed < 1) return "1/" + std::to_string(static_cast<int>(std::lround(1 / speed))) + "s";
  return std::to_string(static_cast<int>(speed)) + "/s";
}

}  // namespace

ReplayScreen::ReplayScreen(std::shared_ptr<const game::Content> content, game::Replay replay,
                           std::string title, const ReplayViewOptions& options)
    : content_(std::move(content)),
      replay_(std::move(replay)),
      title_(std::move(title)),
      speed_(options.speed),
      paused_(options.paused) {
  if (!(speed_ >= k_replay_speeds[0] && speed_ <= std::end(k_replay_speeds)[-1]))
    throw InputError("replay speed must be from 0.5 to 1000 actions per second");
  if (std::string why = game::content_mismatch(replay_.header, *content_); !why.empty())
    throw InputError(title_ + ": " + why);
  try {
    game_.emplace(content_, game::replay_game_options(replay_.header));
  } catch (const InputError& e) {
    throw InputError(title_ + ": the replay's game cannot be made here: " + e.what());
  }
  verify_checks();
  keep_snapshot();
}

int ReplayScreen::tick_ms() const {
  return std::max(k_min_tick_ms, static_cast<int>(std::lround(1000.0 / speed_)));
}

std::int64_t ReplayScreen::actions_per_tick() const {
  return std::max<std::int64_t>(1, std::llround(speed_ * tick_ms() / 1000.0));
}

std::int64_t ReplayScreen::limit() const {
  return problem_at_ >= 0 ? problem_at_ : length();
}

std::optional<int> ReplayScreen::wait_ms() const {
  const bool can_go = position_ < limit() && !(game_->over() && problem_.empty());
  if (paused_ || !can_go) return std::nullopt;
  return tick_ms();
}

void ReplayScreen::verify_checks() {
  while (next_check_ < replay_.checks.size() && replay_.checks[next_check_].step <= position_) {
    const game::ReplayCheck& check = replay_.checks[next_check_++];
    if (check.step != position_ || !problem_.empty()) continue;
    if (game::state_hash(game_->state(), *content_) != check.hash) {
      problem_ = "Diverges at action " + std::to_string(position_) + " (turn " +
                 std::to_string(game_->state().info.turns) +
                 "): the state differs from the recording's check.";
      problem_at_ = position_;
    }
  }
  if (position_ == length() && replay_.outcome && problem_.empty()) {
    if (game_->state().outcome != *replay_.outcome ||
        game::state_hash(game_->state(), *content_) != replay_.final_hash) {
      problem_ = "Diverges at the end: the recording ended " +
                 std::string(game::to_string(*replay_.outcome)) + ", this game is " +
                 std::string(game::to_string(game_->state().outcome)) + ".";
      problem_at_ = position_;
    }
  }
}

void ReplayScreen::keep_snapshot() {
  const std::int64_t every = std::max<std::int64_t>(100, length() / k_snapshot_budget);
  if (position_ % every != 0) return;
  if (!snapshots_.empty() && snapshots_.back().first >= position_) return;
  snapshots_.emplace_back(position_, *game_);
}

bool ReplayScreen::advance() {
  if (position_ >= limit()) return false;
  if (game_->over()) {
    const std::int64_t left = length() - position_;
    problem_ = "Diverges at action " + std::to_string(position_) + ": the game ended (" +
               std::string(game::to_string(game_->state().outcome)) + ") with " +
               std::to_string(left) + (left == 1 ? " action" : " actions") + " left.";
    problem_at_ = position_;
    return false;
  }
  game_->step(replay_.actions[static_cast<std::size_t>(position_)]);
  ++position_;
  keep_snapshot();
  verify_checks();  // a divergence found here sets the limit: the next advance stops
  return true;
}

void ReplayScreen::seek(std::int64_t target) {
  target = std::clamp<std::int64_t>(target, 0, limit());
  if (target < position_) {
    // The last snapshot at or before the target, then forward from it.
    auto it = std::upper_bound(snapshots_.begin(), snapshots_.end(), target,
                               [](std::int64_t t, const auto& s) { return t < s.first; });
    --it;  // snapshots_ starts at position 0
    game_ = it->second;
    position_ = it->first;
    next_check_ = static_cast<std::size_t>(
        std::upper_bound(replay_.checks.begin(), replay_.checks.end(), position_,
                         [](std::int64_t p, const game::ReplayCheck& c) { return p < c.step; }) -
        replay_.checks.begin());
  }
  while (position_ < target && advance()) {
  }
}

std::string ReplayScreen::status_line() const {
  if (!problem_.empty() && position_ == problem_at_) return problem_ + "  , back  q quit";
  const std::string where = std::to_string(position_) + "/" + std::to_string(length());
  if (position_ == length() || game_->over()) {
    std::string end =
        "End of replay at " + where + ": " + std::string(game::to_string(game_->state().outcome));
    if (!game_->state().info.cause.empty()) end += " (" + game_->state().info.cause + ")";
    return end + ".  , back  Home start  q quit";
  }
  // The title (a file name, maybe long) last: the position and the keys always show.
  return "Replay " + where + " " + (paused_ ? "paused" : "at " + speed_text(speed_)) + "  space " +
         (paused_ ? "play" : "pause") + "  . , step  [ ] 100  +/- speed  q quit  " + title_;
}

void ReplayScreen::draw(Canvas& canvas) const {
  draw_game_view(canvas, game_layout(canvas.size()), *game_, status_line());
}

Transition ReplayScreen::handle(const Input& input) {
  if (input.kind == InputKind::tick) {
    if (!paused_)
      for (std::int64_t i = actions_per_tick(); i > 0 && advance(); --i) {
      }
    return Transition::stay();
  }
  if (input.kind != InputKind::key) return Transition::stay();
  const char32_t k = input.key;
  if (k == U'q' || k == U'Q' || input.is(Key::escape) || k == ctrl('c')) return Transition::pop();
  if (k == U' ' || k == U'p') {
    paused_ = !paused_;
  } else if (k == U'.' || k == U'l' || input.is(Key::right)) {
    paused_ = true;
    seek(position_ + 1);
  } else if (k == U',' || k == U'h' || input.is(Key::left)) {
    paused_ = true;
    seek(position_ - 1);
  } else if (k == U']' || input.is(Key::page_down)) {
    seek(position_ + k_jump);
  } else if (k == U'[' || input.is(Key::page_up)) {
    seek(position_ - k_jump);
  } else if (k == U'g' || input.is(Key::home)) {
    seek(0);
  } else if (k == U'G' || input.is(Key::end)) {
    seek(length());
  } else if (k == U'+' || k == U'=') {
    const auto* faster =
        std::upper_bound(std::begin(k_replay_speeds), std::end(k_replay_speeds), speed_);
    if (faster != std::end(k_replay_speeds)) speed_ = *faster;
  } else if (k == U'-' || k == U'_') {
    const auto* slower =
        std::lower_bound(std::begin(k_replay_speeds), std::end(k_replay_speeds), speed_);
    if (slower != std::begin(k_replay_speeds)) speed_ = *std::prev(slower);
  }
  return Transition::stay();
}

}  // namespace yendor::tui
