#pragma once
// Evolving strategy bots (docs/bots.md; the DD platform paper section 4) of either ruleset
// (api/bots/evolution_rules.hpp): a population of genomes measured by playing games, bred by
// roulette selection, one- and two-point crossover with the weighted-average crossover for the
// priorities, small-change mutation and the ruleset's "smart mutation" (dd: the paper's, no
// potions on monsters below level 5). Fitness: a game's fitness summed over `runs` games (dd:
// the paper's 10 xp + 150 health potions + 75 mana potions + health, tripled for a won game).
//
// Deterministic from its seed: the breeding randomness is one stream, the games' seeds are
// derived from the seed and the generation, and a checkpoint after any generation resumes to
// exactly the run that was not interrupted. Fitness is measured over a Cluster (this process,
// or MPI ranks) and threads; neither changes any result.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yendor/api/bots/cluster.hpp"
#include "yendor/api/bots/evolution_rules.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::api::bots {

struct EvolutionOptions {
  int population = 100;         // the paper's
  int generations = 30;         // the paper's
  int runs = 3;                 // games per fitness measurement (the paper's)
  int elites = 2;               // the best copied unchanged into the next generation (ours)
  double mutation_rate = 0.05;  // chance per gene of a small change
  double mutation_size = 0.15;  // how far a real gene moves at most
  double smart_share = 0.05;    // share of children given the smart mutation
  int validate_games = 300;     // games measuring the candidates for the final choice
  int action_limit = 0;         // 0: the ruleset's (dd 5000, main 20000)
  std::uint64_t seed = 1;
  EvolutionSetup setup;
  int threads = 1;  // per process; changes no result
  bool operator==(const EvolutionOptions&) const = default;
};

// InputError naming the option.
void validate(const EvolutionOptions& options, const EvolutionRules& rules);

struct GenerationRecord {
  int generation = 0;
  double best = 0;  // fitness of the generation's best
  double mean = 0;
  int best_wins = 0;  // of its runs, how many it won
  std::vector<double> best_genes;
  bool operator==(const GenerationRecord&) const = default;
};

struct EvolutionChoice {
  std::vector<double> genes;  // the genome (EvolutionRules::genome_text writes it)
  int candidate = 0;          // which: generation g's best is g, the best ever is generations
  int wins = 0;               // of validate_games
  double mean_fitness = 0;
};

class Evolution {
 public:
  Evolution(std::shared_ptr<const EvolutionRules> rules, const EvolutionOptions& options);
  // Resumes from checkpoint() text; InputError for a file that is not one or was made for
  // other rules or content. `threads` replaces the saved thread count (it changes no result).
  static Evolution from_checkpoint(std::shared_ptr<const EvolutionRules> rules,
                                   std::string_view text, const std::string& file, int threads);

  int generation() const { return generation_; }  // the next to measure
  bool done() const { return generation_ >= options_.generations; }
  // Measures the current generation, records it and breeds the next.
  const GenerationRecord& step(Cluster& cluster);
  std::string checkpoint() const;
  const std::vector<GenerationRecord>& history() const { return history_; }
  const EvolutionOptions& options() const { return options_; }
  const EvolutionRules& rules() const { return *rules_; }
  // The genome to keep: every generation's best and the best ever, each measured on
  // validate_games games of seeds no generation played; the most wins, then the highest mean
  // fitness, then the earliest.
  EvolutionChoice choose(Cluster& cluster) const;
  // The game seed of `run` in `generation`.
  std::uint64_t game_seed(int generation, int run) const;

 private:
  // Fitness of each genome, measured over the cluster and threads.
  std::vector<double> measure(const std::vector<std::vector<double>>& population, Cluster& cluster,
                              std::vector<int>* wins) const;
  void breed(const std::vector<double>& fitness);

  std::vector<double> random_genes();
  // `runs` games of the genes from `seed_of(run)`: the summed fitness and the wins.
  template <typename SeedOf>
  std::pair<double, int> play_runs(const std::vector<double>& genes, int runs,
                                   SeedOf seed_of) const;

  std::shared_ptr<const EvolutionRules> rules_;
  EvolutionOptions options_;
  Rng rng_;
  int generation_ = 0;
  std::vector<std::vector<double>> population_;
  std::vector<GenerationRecord> history_;
  std::vector<double> best_ever_;
  double best_ever_fitness_ = -1;
};

}  // namespace yendor::api::bots
