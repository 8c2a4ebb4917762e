#pragma once
// `yendor bot NAME`: games of a ruleset played by a bot (api/bots/, docs/bots.md): the win
// rate, mean experience and turns, potions used, as a summary and optionally one CSV row per
// game; `--watch` shows one game in the terminal, frame by frame. `yendor bot list` lists
// the bots from the registry.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace yendor::cli {

struct BotCommandOptions {
  std::string bot;
  std::string rules = "dd";  // or "main" (cli/bot_main.hpp)
  int games = 100;
  std::string seed = "1";              // the first seed; game i plays seed + i
  std::string race = "human";          // dd only
  std::string hero_class = "fighter";  // dd only
  std::string generator;               // empty: the ruleset's recipe
  std::vector<std::string> sets;       // bot parameters key=value
  std::string genome;                  // shorthand for --set genome=FILE
  std::string csv;                     // a row per game to this file
  int threads = 1;
  int action_limit = 0;           // 0: the ruleset's (dd 5000, main 20000)
  bool require_winnable = false;  // only levels the omniscient search bot wins
  bool watch = false;
  int delay_ms = -1;      // between frames with --watch; -1: 80 on a terminal, else 0
  bool terminal = false;  // stdout is a terminal (set by main)
  bool markdown = false;  // with `list`
  std::string content;    // the ruleset's content directory; empty: the shipped one
};

// Returns the exit code. InputError for bad options (an unknown bot, rules it does not play).
int run_bot(const BotCommandOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
