#pragma once
// `yendor evolve`: evolves a strategy bot of the dd or the main rules (api/bots/evolution.hpp,
// docs/bots.md) with a progress display, a checkpoint after every generation (--resume FILE
// goes on from one) and the chosen genome written to a file that `yendor bot evolved --genome
// FILE` plays. Under
// mpirun every rank measures its share of each generation and the result is exactly a single
// process's; rank 0 alone writes and prints.

#include <iosfwd>
#include <string>

namespace yendor::cli {

struct EvolveCommandOptions {
  std::string rules = "dd";  // or "main"
  int population = 100;
  int generations = 30;
  int runs = 3;
  int elites = 2;
  double mutation_rate = 0.05;
  double smart_share = 0.05;
  int validate_games = 300;
  std::string seed = "1";
  std::string race = "human";          // dd only
  std::string hero_class = "fighter";  // dd only
  std::string generator;
  int action_limit = 0;                 // per game; 0: the ruleset's (dd 5000, main 20000)
  std::string output = "evolved.toml";  // the chosen genome
  std::string checkpoint = "evolve-checkpoint.json";  // written after every generation
  std::string resume;                                 // a checkpoint to go on from
  int threads = 1;
  int stop_after = 0;  // stop after this many generations of this run (tests: an interruption)
  bool terminal = false;
  std::string content;
};

int run_evolve(const EvolveCommandOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
