#pragma once
// `yendor eval --bot B --generators g1,g2 --seeds 1..N`: each generator judged by a bot's games
// on its levels (api/bots/dd_eval.hpp, docs/bots.md): win rate, turns, deaths by the killer's
// level, potions used and `yendor analyze`'s metrics of the levels, as a table and a CSV.
// Under mpirun the games go round the ranks; rank 0 prints and writes.

#include <iosfwd>
#include <string>
#include <vector>

namespace yendor::cli {

struct EvalCommandOptions {
  std::string bot = "search";
  std::vector<std::string> sets;  // bot parameters key=value
  std::string generators = "dd";  // comma-separated
  std::string seeds = "1..100";
  std::string race = "human";
  std::string hero_class = "fighter";
  bool require_winnable = false;
  std::string csv;  // one row per generator
  int threads = 1;
  int action_limit = 5000;
  std::string content;
};

int run_eval(const EvalCommandOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
