#pragma once
// `yendor evolve-monsters`: Dillinger's offline genetic run (thesis 4.5, ai/tree_genetics.hpp)
// for one monster kind. Each genome is measured by headless games against the random bot in
// an "arena" copy of the content: the kind runs the genome (brain genetic) and is the only
// ordinary kind spawned on level 1, and at the start of each game its monsters are gathered
// 3 to 8 cells from the player (a random bot alone seldom meets them). Its fitness is what the
// kind's monsters cost the player over their lives (ai::Memory.damage_dealt, plus a little per turn
// awake: turns_alive), the mean over the monsters that woke. The run writes an "[evolved.NAME]"
// entry the game loads from data/ai (a kind then names it: brain = "genetic", tactics = "NAME").
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "yendor/ai/evolved_population.hpp"
#include "yendor/ai/tree_genetics.hpp"
#include "yendor/game/content.hpp"

namespace yendor::cli {

struct EvolveMonstersOptions {
  std::string kind;        // the monster kind id (required)
  std::string name;        // the population's name; empty: the kind id
  std::string output;      // the TOML file to write; empty: stdout
  std::string seed = "1";  // a number or any text
  int population = 16;
  int generations = 10;
  int tree_depth = 3;
  std::string elitism = "normal";  // Table 4.2: normal, small, slight
  double mutation_chance = 0.3;
  int mutation_genes = 1;
  int games = 3;               // games per measurement (the same seeds for every genome)
  int turns = 300;             // player turns per game (the bot never descends)
  double turn_weight = 0.005;  // fitness per turn a monster stays awake and alive
  std::string content;         // content directory; empty: the shipped content
};

// Checks the options that need no files (InputError).
void validate_evolve_options(const EvolveMonstersOptions& options);

// How a genome is measured: the arena and the games.
struct ArenaGames {
  std::shared_ptr<game::Content> arena;  // the kind runs slot `population` of arena->ai.evolved
  int kind = -1;
  int population = -1;
  std::vector<std::uint64_t> seeds;  // one game each
  int turns = 300;
  double turn_weight = 0.005;
};

// The arena for `kind_id` (InputError for an unknown kind, a boss or a shopkeeper).
ArenaGames make_arena(const game::Content& content, const EvolveMonstersOptions& options);
// The fitness of `genome`: the mean over the kind's monsters that woke in the games of
// damage_dealt + turn_weight * turns_alive (0 when none woke).
double measure_genome(ArenaGames& games, const ai::Genome& genome);

struct EvolveMonstersResult {
  ai::EvolvedPopulation population;  // fittest first, named and described
  std::vector<ai::GenerationStats> stats;
};

// The whole run: the initial population is random plus the look_and_chase tree grown to the
// depth (so the run starts no worse than the default), then ai::evolve. `progress` (may be
// empty) hears each generation's statistics as they come.
EvolveMonstersResult evolve_monsters(
    const game::Content& content, const EvolveMonstersOptions& options,
    const std::function<void(const ai::GenerationStats&)>& progress = {});

// The command: loads the content, runs, writes the entry (to --output or `out`), and a line
// per generation on `log`.
void run_evolve_monsters(const EvolveMonstersOptions& options, std::ostream& out,
                         std::ostream& log);

}  // namespace yendor::cli
