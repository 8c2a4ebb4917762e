#pragma once
// Replays (docs/formats.md): a game is its seed plus its actions. A replay file is a text
// header (version, seed, name, levels, setup, start depth, content hash, check interval), one
// action per line, and every N turns a check line with the state hash (as Brogue does); it ends
// with the outcome. verify_replay re-runs it headless and names the first turn that differs.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "yendor/game/game.hpp"

namespace yendor::game {

struct ReplayHeader {
  int version = 3;
  std::uint64_t seed = 0;
  std::string name;
  int levels = 0;
  DungeonSetup setup;   // version 1 files have none: the default
  int start_depth = 1;  // version 3 on; earlier games all started on level 1
  std::uint64_t content_hash = 0;
  int check_every = 100;  // player actions between state checks
};

struct ReplayCheck {
  std::int64_t step = 0;  // actions performed before the check
  std::uint64_t hash = 0;
};

struct Replay {
  ReplayHeader header;
  std::vector<Action> actions;
  std::vector<ReplayCheck> checks;
  std::optional<Outcome> outcome;  // absent: the game did not end (saved and quit)
  std::uint64_t final_hash = 0;
};

// A hash of the content (every kind and the recipe), so a replay run with other content is
// reported as such instead of diverging mysteriously.
std::uint64_t content_hash(const Content& content);

class ReplayRecorder {
 public:
  ReplayRecorder(const ReplayHeader& header);
  // Continues a replay read back from its file (a restored game): its end line is dropped.
  explicit ReplayRecorder(Replay so_far);
  // After each Game::step: records the action and, every check_every steps, the state hash.
  void record(const Action& action, const Game& game);
  void finish(const Game& game);
  // The replay so far ending with the game's outcome and state hash now, leaving this
  // recorder as it is (a game still playing ends "playing").
  Replay finished(const Game& game) const;
  const Replay& replay() const { return replay_; }

 private:
  Replay replay_;
};

std::string format_replay(const Replay& replay);
Replay parse_replay(const std::string& text, const std::string& file_name);  // InputError
void write_replay(const std::string& path, const Replay& replay);            // atomic
Replay read_replay(const std::string& path);

// Empty when `content` is what the replay was recorded with; otherwise the one-line reason it
// cannot be run with it.
std::string content_mismatch(const ReplayHeader& header, const Content& content);
// The options of the game a replay starts from (seed, name, levels, setup, start depth), and
// the header of a replay of a game made with `options`, checked every `check_every` actions.
GameOptions replay_game_options(const ReplayHeader& header);
ReplayHeader replay_header(const GameOptions& options, const Content& content, int check_every);

struct ReplayResult {
  bool ok = false;
  std::int64_t steps = 0;
  std::optional<std::int64_t> first_divergence;  // the step whose check differs
  std::string message;                           // one line
  Outcome outcome = Outcome::playing;
};
ReplayResult verify_replay(const Replay& replay, std::shared_ptr<const Content> content);

}  // namespace yendor::game
