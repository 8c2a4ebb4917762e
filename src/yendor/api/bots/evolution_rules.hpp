#pragma once
// What an evolution (api/bots/evolution.hpp) evolves, per ruleset (docs/bots.md): the genome
// as a flat list of genes of known kinds (the priorities first: the weighted-average
// crossover works on them), the ruleset's "smart mutation", and how one game is played and
// scored by the genome's strategy bot. dd_evolution_rules() and main_evolution_rules() make
// the two.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/dd/content.hpp"
#include "yendor/game/content.hpp"

namespace yendor::api::bots {

enum class GeneKind : std::uint8_t {
  priority,  // a real in [0, 1]
  share,     // a real in [0, 1]
  flag,      // 0 or 1
  count,     // an integer 0..count_max(gene)
};

// `v` made a valid gene of `kind`: reals clamped to [0, 1], flags and counts rounded.
double clamp_gene_value(GeneKind kind, double v, int count_max);

// The games' setup: race and class (dd only), the generator (empty: the recipe's).
struct EvolutionSetup {
  std::string race = "human";
  std::string hero_class = "fighter";
  std::string generator;
  bool operator==(const EvolutionSetup&) const = default;
};

struct RunScore {
  double fitness = 0;
  bool won = false;
};

class EvolutionRules {
 public:
  virtual ~EvolutionRules() = default;
  virtual std::string_view name() const = 0;  // "dd" or "main"
  // Identifies the content the games are played with (checkpoints must match it).
  virtual std::uint64_t content_hash() const = 0;
  virtual int gene_count() const = 0;
  virtual int priority_genes() const = 0;  // genes 0..priority_genes()-1 are priorities
  virtual GeneKind gene_kind(int gene) const = 0;
  virtual int count_max(int gene) const = 0;  // for count genes
  // The ruleset's domain-knowledge mutation (the paper's: no potions on monsters below 5).
  virtual void smart_mutation(std::vector<double>& genes) const = 0;
  // InputError naming what the ruleset does not take.
  virtual void validate(const EvolutionSetup& setup) const = 0;
  // One game of `seed` played by the genes' strategy bot; safe from several threads at once.
  virtual RunScore play(std::span<const double> genes, const EvolutionSetup& setup,
                        std::uint64_t seed, int action_limit) const = 0;
  // The genome file of `genes` (what `yendor bot evolved --genome FILE` reads).
  virtual std::string genome_text(std::span<const double> genes) const = 0;
};

std::shared_ptr<const EvolutionRules> dd_evolution_rules(
    std::shared_ptr<const dd::Content> content);
std::shared_ptr<const EvolutionRules> main_evolution_rules(
    std::shared_ptr<const game::Content> content);

}  // namespace yendor::api::bots
