#pragma once
// The high-score list (docs/saves.md): a small text file of entries, best first, updated
// atomically (read, insert, write to a temporary file, rename); and the morgue file, a text
// record of one finished game.

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/game/game.hpp"

namespace yendor::game {

struct ScoreEntry {
  std::string name;
  std::int64_t score = 0;
  int depth = 1;      // deepest level reached
  std::string cause;  // "killed by a goblin on level 3", "won", "quit"
  std::int64_t turns = 0;
  std::uint64_t seed = 0;
  bool won = false;
  bool operator==(const ScoreEntry&) const = default;
};

std::int64_t compute_score(const GameState& state, const Content& content);
ScoreEntry score_entry(const GameState& state, const Content& content);
// Reads the list (empty when the file does not exist); InputError naming file and line.
std::vector<ScoreEntry> read_scores(const std::string& path);
// Inserts, keeps the best `keep`, writes atomically; returns the 1-based rank (0: not kept).
int add_score(const std::string& path, const ScoreEntry& entry, std::size_t keep = 100);

// A name made safe for file names (morgues, replays): letters, digits, '-' and '_' kept,
// anything else '_', at most 32 characters, "player" when empty.
std::string file_safe_name(const std::string& name);

// The morgue text: outcome, character, attributes, inventory, last messages, the map.
std::string morgue_text(const Game& game);
// Writes DIR/morgue-NAME-SEED-TURNS.txt atomically; returns the path.
std::string write_morgue(const std::string& dir, const Game& game);

}  // namespace yendor::game
