#pragma once
// `yendor play`: the game in the terminal (tui/play.hpp). `yendor play --headless --bot
// random`: a game played by the scripted random player
// (game/random_player.hpp) in a session directory (game/session.hpp): a saved game there is
// continued, a finished one leaves its score, morgue and replay. `yendor scores` prints the
// high-score list of a session directory.

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "yendor/game/content.hpp"
#include "yendor/game/session.hpp"

namespace yendor::cli {

struct PlayOptions {
  bool headless = false;
  std::string bot;                  // "random"
  std::optional<std::string> seed;  // a number or any text; none = a fresh random seed
  std::int64_t turns = 1000;        // play at most this many turns, then save
  std::string dir;                  // empty = game::default_game_dir()
  std::string name = "Adventurer";
  std::string content;  // content directory; empty = the shipped content
  // A new game's setup (game/setup.hpp); in the terminal, what the new-game screen shows first.
  std::string difficulty = "normal";
  std::string generator;  // empty: the dungeon recipe
  std::string size;       // "WxH"; empty: the recipe's
};

// What a headless play did.
struct PlayResult {
  bool restored = false;
  std::string warning;     // from the session start (a bad save moved aside...)
  std::int64_t turns = 0;  // the game's turns at the end (the whole game's, not this run's)
  std::int64_t steps = 0;  // actions this run
  int depth = 1;
  game::Outcome outcome = game::Outcome::playing;
  std::string cause;
  std::int64_t score = 0;
  int rank = 0;
  std::uint64_t seed = 0;
  std::string save_path;    // the save, when the game goes on
  std::string replay_path;  // the replay (in progress or finished)
  std::string morgue_path;  // when the game ended
};

// Checks the options that need no files (InputError): --headless, --bot, --turns, --name,
// --difficulty, --generator, --size.
void validate_play_options(const PlayOptions& options);
// The new game's setup the options ask for (InputError when they are no good).
game::DungeonSetup play_setup(const PlayOptions& options);
// The content of --content, or the shipped content.
std::shared_ptr<const game::Content> load_play_content(const std::string& dir);

// Plays in `dir` with `content`: continues the save or starts a new game, lets the bot play
// until the game ends or `options.turns` turns have passed, then saves.
PlayResult play_headless(std::shared_ptr<const game::Content> content, const std::string& dir,
                         const PlayOptions& options);
// The one-line summary `yendor play` prints.
std::string play_summary(const PlayResult& result);

// The whole command: loads the content, plays, prints the summary on `out` and any warning
// on `log`.
void run_play(const PlayOptions& options, std::ostream& out, std::ostream& log);

// `yendor scores`: the high-score table of `dir` (empty = the default directory).
void run_scores(const std::string& dir, std::ostream& out);

}  // namespace yendor::cli
