#pragma once
// A player's session (docs/saves.md): one Game and its files in a directory. save.bin and
// current.replay are the game in progress (always written together, so they match);
// scores.txt is the high-score list; a finished game leaves morgue-*.txt and replay-*.replay.
// Permadeath: when the game ends (death, victory, the quit action) the save is removed, the
// score added, the morgue and the whole replay written.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "yendor/game/game.hpp"
#include "yendor/game/replay.hpp"

namespace yendor::game {

// Where a player's games live: $YENDOR_HOME, else $XDG_DATA_HOME/yendor, else
// $HOME/.local/share/yendor (InputError when none of them is set).
std::string default_game_dir();

struct SessionStart {
  bool restored = false;  // a saved game was continued
  std::string warning;    // one line, empty when all went well (a bad save moved aside...)
};

// How a finished game was recorded.
struct GameEnd {
  Outcome outcome = Outcome::playing;
  std::string cause;
  std::int64_t score = 0;
  int rank = 0;  // in the high-score list (0: not kept)
  std::string morgue_path;
  std::string replay_path;
  std::vector<std::string> warnings;  // records that could not be written (score list, ...)
};

class Session {
 public:
  // `dir` is created when missing.
  Session(std::shared_ptr<const Content> content, std::string dir, int check_every = 100);

  // Restores the saved game if there is one, else starts a new game with `options`. A save
  // that cannot be loaded is moved aside (never deleted) and reported in the warning; a new
  // game starts instead.
  SessionStart start(const GameOptions& options);

  // One step of the game, recorded in its replay. When it ends the game, the save is removed,
  // the score added, the morgue and the replay written (end()).
  const std::vector<Event>& step(const Action& action);

  // Quit-and-save: writes the save and the replay so far. The game may go on afterwards.
  void save();

  bool has_game() const { return game_ != nullptr; }
  Game& game() { return *game_; }
  const Game& game() const { return *game_; }
  // Set once the game has ended.
  const std::optional<GameEnd>& end() const { return end_; }
  // Whether this game's steps are being recorded (false only after a restore whose replay
  // file was missing or did not match the save).
  bool recording() const { return recorder_.has_value(); }
  const std::optional<ReplayRecorder>& recorder() const { return recorder_; }

  const std::string& dir() const { return dir_; }
  const Content& content() const { return *content_; }
  std::string save_path() const;
  std::string replay_path() const;  // the game in progress
  std::string scores_path() const;

 private:
  void finish_game();

  std::shared_ptr<const Content> content_;
  std::string dir_;
  int check_every_ = 100;
  std::unique_ptr<Game> game_;
  std::optional<ReplayRecorder> recorder_;
  std::optional<GameEnd> end_;
};

}  // namespace yendor::game
