#pragma once
// The replay viewer (`yendor replay FILE`): a recorded game (game/replay.hpp) played back on the
// game screen's view at a chosen speed. It can pause, step one action forward or back, jump
// a hundred actions or to either end, and change speed; going back restores the nearest kept
// snapshot and replays forward from it. Every state check of the file is verified on the way:
// a replay that diverges stops there and says where.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "yendor/game/game.hpp"
#include "yendor/game/replay.hpp"
#include "yendor/tui/screen.hpp"

namespace yendor::tui {

struct ReplayViewOptions {
  double speed = 10;    // actions per second, 0.5 to 1000
  bool paused = false;  // start paused on the first position
};

// The speeds +/- move through, in actions per second.
inline constexpr double k_replay_speeds[] = {0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

class ReplayScreen final : public Screen {
 public:
  // InputError when the replay's game cannot be made with `content` (another content, a bad
  // setup) or a speed is outside 0.5..1000.
  ReplayScreen(std::shared_ptr<const game::Content> content, game::Replay replay, std::string title,
               const ReplayViewOptions& options = {});

  std::string_view name() const override { return "replay"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;
  std::optional<int> wait_ms() const override;

  std::int64_t position() const { return position_; }  // actions played so far
  std::int64_t length() const { return static_cast<std::int64_t>(replay_.actions.size()); }
  bool paused() const { return paused_; }
  double speed() const { return speed_; }
  // Why playback stopped short: the first divergence, as `yendor replay --headless` says it.
  const std::string& problem() const { return problem_; }
  const game::Game& game() const { return *game_; }
  // The line over the messages: where, how fast, and the keys.
  std::string status_line() const;
  // Moves to `target` actions (clamped to what can be played), forward or back.
  void seek(std::int64_t target);

 private:
  // The milliseconds between ticks and the actions each tick plays, for the current speed.
  int tick_ms() const;
  std::int64_t actions_per_tick() const;
  // How far playback can go: the end, or the first divergence once found.
  std::int64_t limit() const;
  // One action forward; false when none can be played (the end, a divergence).
  bool advance();
  // Checks the recording's state checks (and its end) at the current position.
  void verify_checks();
  void keep_snapshot();

  std::shared_ptr<const game::Content> content_;
  game::Replay replay_;
  std::string title_;
  double speed_;
  bool paused_;
  std::optional<game::Game> game_;
  std::int64_t position_ = 0;
  std::size_t next_check_ = 0;  // the first check of replay_.checks not yet verified
  std::string problem_;
  std::int64_t problem_at_ = -1;  // the position where problem_ was found
  // Games at every k_snapshot_every actions played so far, for going back.
  std::vector<std::pair<std::int64_t, game::Game>> snapshots_;
};

}  // namespace yendor::tui
