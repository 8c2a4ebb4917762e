// The dd ruleset's evolution (api/bots/evolution_rules.hpp): the genes of dd_genes.hpp, the
// paper's smart mutation (no potions on monsters below level 5) and fitness (dd::run_fitness).

#include "yendor/api/bots/dd_genes.hpp"
#include "yendor/api/bots/dd_match.hpp"
#include "yendor/api/bots/dd_strategy_bot.hpp"
#include "yendor/api/bots/evolution_rules.hpp"

namespace yendor::api::bots {

namespace {

class DdEvolutionRules final : public EvolutionRules {
 public:
  explicit DdEvolutionRules(std::shared_ptr<const dd::Content> content)
      : content_(std::move(content)) {}
  std::string_view name() const override { return "dd"; }
  std::uint64_t content_hash() const override { return content_->hash; }
  int gene_count() const override { return k_gene_count; }
  int priority_genes() const override { return k_priority_genes; }
  GeneKind gene_kind(int gene) const override { return bots::gene_kind(gene); }
  int count_max(int /*gene*/) const override { return k_max_potions_per_fight; }
  void smart_mutation(std::vector<double>& genes) const override {
    DdGenome g = genome_of(genes);
    for (int level = 0; level < 4; ++level) {
      g.health_potions[static_cast<std::size_t>(level)] = 0;
      g.mana_potions[static_cast<std::size_t>(level)] = 0;
    }
    genes = genes_of(g);
  }
  void validate(const EvolutionSetup& setup) const override {
    api::validate(env_options(setup), *content_);
  }
  RunScore play(std::span<const double> genes, const EvolutionSetup& setup, std::uint64_t seed,
                int action_limit) const override {
    DdEnv env(content_, env_options(setup));
    DdStrategyBot bot(genome_of(genes));
    const DdGameResult g =
        play_dd_game(env, bot, seed, action_limit > 0 ? action_limit : k_default_action_limit);
    return {static_cast<double>(g.fitness), g.outcome == dd::Outcome::won};
  }
  std::string genome_text(std::span<const double> genes) const override {
    return bots::genome_text(genome_of(genes), spell_ids(*content_));
  }

 private:
  static DdEnvOptions env_options(const EvolutionSetup& setup) {
    DdEnvOptions o;
    o.setup.race = setup.race;
    o.setup.hero_class = setup.hero_class;
    o.setup.generator = setup.generator;
    return o;
  }

  std::shared_ptr<const dd::Content> content_;
};

}  // namespace

std::shared_ptr<const EvolutionRules> dd_evolution_rules(
    std::shared_ptr<const dd::Content> content) {
  return std::make_shared<DdEvolutionRules>(std::move(content));
}

}  // namespace yendor::api::bots
