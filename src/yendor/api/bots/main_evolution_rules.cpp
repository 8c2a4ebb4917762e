// The main ruleset's evolution (api/bots/evolution_rules.hpp): the genes of main_genes.hpp,
// a smart mutation that puts survival first (drinking when low, fighting back and eating on
// and above every other strategy) and the fitness of main_match.hpp's main_run_fitness.

#include "yendor/api/bots/evolution_rules.hpp"
#include "yendor/api/bots/main_genes.hpp"
#include "yendor/api/bots/main_match.hpp"
#include "yendor/api/bots/main_strategy_bot.hpp"
#include "yendor/core/error.hpp"
#include "yendor/game/replay.hpp"

namespace yendor::api::bots {

namespace {

class MainEvolutionRules final : public EvolutionRules {
 public:
  explicit MainEvolutionRules(std::shared_ptr<const game::Content> content)
      : content_(std::move(content)), hash_(game::content_hash(*content_)) {}
  std::string_view name() const override { return "main"; }
  std::uint64_t content_hash() const override { return hash_; }
  int gene_count() const override { return k_main_gene_count; }
  int priority_genes() const override { return k_main_rules_count; }
  GeneKind gene_kind(int gene) const override { return main_gene_kind(gene); }
  int count_max(int gene) const override { return main_gene_count_max(gene); }
  void smart_mutation(std::vector<double>& genes) const override {
    MainGenome g = main_genome_of(genes);
    for (double& p : g.priority)
      p *= 0.99;  // the others keep their order below
    double top = 1.0;
    for (const std::string_view first : {"quaff_when_low", "attack_adjacent", "eat_when_hungry"}) {
      const auto i = static_cast<std::size_t>(main_strategy_index(first));
      g.on[i] = true;
      g.priority[i] = top;
      top -= 0.001;
    }
    genes = main_genes_of(g);
  }
  void validate(const EvolutionSetup& setup) const override {
    if (setup.race != "human" || setup.hero_class != "fighter")
      throw InputError("evolve: race and class are for the dd rules (the main rules have none)");
    api::validate(env_options(setup));
  }
  RunScore play(std::span<const double> genes, const EvolutionSetup& setup, std::uint64_t seed,
                int action_limit) const override {
    Env env(content_, env_options(setup));
    MainStrategyBot bot(main_genome_of(genes));
    const MainGameResult g = play_main_game(
        env, bot, seed, action_limit > 0 ? action_limit : k_default_main_action_limit);
    return {g.fitness, g.outcome == game::Outcome::won};
  }
  std::string genome_text(std::span<const double> genes) const override {
    return main_genome_text(main_genome_of(genes));
  }

 private:
  static EnvOptions env_options(const EvolutionSetup& setup) {
    EnvOptions o;
    o.setup.generator = setup.generator;
    o.name = "Bot";
    return o;
  }

  std::shared_ptr<const game::Content> content_;
  std::uint64_t hash_;
};

}  // namespace

std::shared_ptr<const EvolutionRules> main_evolution_rules(
    std::shared_ptr<const game::Content> content) {
  return std::make_shared<MainEvolutionRules>(std::move(content));
}

}  // namespace yendor::api::bots
