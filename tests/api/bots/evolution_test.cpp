// Evolution of dd strategy bots: genomes as genes and back, determinism by seed whatever the
// threads and ranks (two in-process ranks sharing like MPI's Allreduce), a checkpoint resuming
// to exactly the uninterrupted run, the smart mutation, and bad checkpoints refused.

#include <gtest/gtest.h>

#include <thread>

#include "api/bots/rank_pair.hpp"
#include "api/env_test_support.hpp"
#include "dd/dd_support.hpp"
#include "yendor/api/bots/dd_genes.hpp"
#include "yendor/api/bots/evolution.hpp"
#include "yendor/api/bots/main_genes.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {
namespace {

using dd::testing::shipped;
using dd::testing::shipped_ptr;

std::shared_ptr<const EvolutionRules> dd_rules() {
  return dd_evolution_rules(shipped_ptr());
}

EvolutionOptions tiny() {
  EvolutionOptions o;
  o.population = 8;
  o.generations = 3;
  o.runs = 2;
  o.validate_games = 6;
  o.seed = 77;
  return o;
}

TEST(DdGenes, GenomesRoundTripThroughGenes) {
  Rng rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<double> genes(k_gene_count);
    for (double& g : genes)
      g = rng.real(-1.0, 7.0);  // out of range on purpose: clamped
    const DdGenome genome = genome_of(genes);
    EXPECT_EQ(genome_of(genes_of(genome)), genome);
    for (int i = 0; i < k_gene_count; ++i) {
      const double v = genes_of(genome)[static_cast<std::size_t>(i)];
      EXPECT_GE(v, 0.0);
      EXPECT_LE(v, gene_kind(i) == GeneKind::count ? k_max_potions_per_fight : 1.0);
    }
  }
  EXPECT_EQ(genome_of(genes_of(greedy_genome())), greedy_genome());
}

std::vector<GenerationRecord> run_all(EvolutionOptions o, Cluster& cluster) {
  Evolution e(dd_rules(), o);
  while (!e.done())
    e.step(cluster);
  return e.history();
}

TEST(Evolution, SameSeedSameRunWhateverTheThreads) {
  Cluster alone;
  const auto a = run_all(tiny(), alone);
  ASSERT_EQ(a.size(), 3u);
  EvolutionOptions two = tiny();
  two.threads = 2;
  EXPECT_EQ(run_all(two, alone), a);
  EvolutionOptions other = tiny();
  other.seed = 78;
  EXPECT_NE(run_all(other, alone), a);
  for (const GenerationRecord& r : a) {
    EXPECT_GE(r.best, r.mean);
    EXPECT_EQ(r.best_genes.size(), static_cast<std::size_t>(k_gene_count));
  }
}

TEST(Evolution, TwoRanksGiveTheSingleProcessResult) {
  Cluster alone;
  const auto single = run_all(tiny(), alone);
  Evolution single_run(dd_rules(), tiny());
  while (!single_run.done())
    single_run.step(alone);
  const EvolutionChoice single_choice = single_run.choose(alone);

  test::RankPair::Shared shared;
  std::vector<GenerationRecord> ranked[2];
  EvolutionChoice choices[2];
  {
    std::vector<std::jthread> ranks;
    for (int r = 0; r < 2; ++r)
      ranks.emplace_back([&, r] {
        test::RankPair cluster(r, shared);
        Evolution e(dd_rules(), tiny());
        while (!e.done())
          e.step(cluster);
        ranked[r] = e.history();
        choices[r] = e.choose(cluster);
      });
  }
  EXPECT_EQ(ranked[0], single);
  EXPECT_EQ(ranked[1], single);
  for (const EvolutionChoice& c : choices) {
    EXPECT_EQ(c.genes, single_choice.genes);
    EXPECT_EQ(c.wins, single_choice.wins);
    EXPECT_EQ(c.mean_fitness, single_choice.mean_fitness);
  }
}

TEST(Evolution, ACheckpointResumesToTheSameRun) {
  Cluster alone;
  Evolution whole(dd_rules(), tiny());
  while (!whole.done())
    whole.step(alone);
  Evolution first(dd_rules(), tiny());
  first.step(alone);
  const std::string saved = first.checkpoint();
  Evolution resumed = Evolution::from_checkpoint(dd_rules(), saved, "cp.json", 2);
  EXPECT_EQ(resumed.generation(), 1);
  while (!resumed.done())
    resumed.step(alone);
  EXPECT_EQ(resumed.history(), whole.history());
  EXPECT_EQ(resumed.checkpoint(), whole.checkpoint());
  EXPECT_EQ(resumed.choose(alone).genes, whole.choose(alone).genes);
}

TEST(Evolution, BadCheckpointsAreRefused) {
  Evolution e(dd_rules(), tiny());
  const std::string good = e.checkpoint();
  EXPECT_THROW(Evolution::from_checkpoint(dd_rules(), "{", "cp", 1), InputError);
  EXPECT_THROW(Evolution::from_checkpoint(dd_rules(), "{\"format\": 3}", "cp", 1), InputError);
  std::string other = good;
  other.replace(other.find("\"generation\": 0"), 15, "\"generation\": 2");
  EXPECT_THROW(Evolution::from_checkpoint(dd_rules(), other, "cp", 1), InputError);
  auto changed = std::make_shared<dd::Content>(shipped());
  changed->hash ^= 1;
  EXPECT_THROW(Evolution::from_checkpoint(dd_evolution_rules(changed), good, "cp", 1), InputError);
}

TEST(Evolution, SmartMutationTakesPotionsOffLowMonsters) {
  EvolutionOptions o = tiny();
  o.smart_share = 1.0;
  o.elites = 0;
  o.generations = 2;
  Evolution e(dd_rules(), o);
  Cluster alone;
  e.step(alone);
  // The second generation's population is in the checkpoint.
  const std::string text = e.checkpoint();
  Evolution copy = Evolution::from_checkpoint(dd_rules(), text, "cp", 1);
  copy.step(alone);
  const DdGenome best = genome_of(copy.history().back().best_genes);
  for (int level = 0; level < 4; ++level) {
    EXPECT_EQ(best.health_potions[static_cast<std::size_t>(level)], 0);
    EXPECT_EQ(best.mana_potions[static_cast<std::size_t>(level)], 0);
  }
}

TEST(Evolution, OptionsAreChecked) {
  EvolutionOptions o = tiny();
  o.population = 1;
  EXPECT_THROW(Evolution(dd_rules(), o), InputError);
  o = tiny();
  o.elites = 8;
  EXPECT_THROW(Evolution(dd_rules(), o), InputError);
  o = tiny();
  o.setup.hero_class = "bard";
  EXPECT_THROW(Evolution(dd_rules(), o), InputError);
}

// The main rules through the same evolution: a tiny run gives the same history on one or two
// threads, resumes from its checkpoint, and the chosen genes make a genome file that reads back.
TEST(Evolution, MainRulesRunDeterministicallyAndWriteAGenome) {
  const auto rules = main_evolution_rules(api::testing::shipped_content());
  EvolutionOptions o;
  o.population = 4;
  o.generations = 2;
  o.runs = 1;
  o.validate_games = 2;
  o.action_limit = 400;
  o.seed = 5;
  Cluster alone;
  Evolution one(rules, o);
  while (!one.done())
    one.step(alone);
  o.threads = 2;
  Evolution two(rules, o);
  two.step(alone);
  Evolution resumed = Evolution::from_checkpoint(rules, two.checkpoint(), "cp.json", 1);
  resumed.step(alone);
  EXPECT_EQ(resumed.history(), one.history());
  const EvolutionChoice choice = one.choose(alone);
  ASSERT_EQ(choice.genes.size(), static_cast<std::size_t>(k_main_gene_count));
  const std::string text = rules->genome_text(choice.genes);
  EXPECT_EQ(main_genome_text(parse_main_genome(text, "g.toml")), text);
  // A dd checkpoint is not a main one.
  EXPECT_THROW(Evolution::from_checkpoint(dd_rules(), two.checkpoint(), "cp", 1), InputError);
  o.setup.race = "elf";
  EXPECT_THROW(Evolution(rules, o), InputError);
}

TEST(Evolution, MainSmartMutationPutsSurvivalFirst) {
  const auto rules = main_evolution_rules(api::testing::shipped_content());
  Rng rng(4);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<double> genes(k_main_gene_count);
    for (double& g : genes)
      g = rng.unit();
    rules->smart_mutation(genes);
    const MainGenome g = main_genome_of(genes);
    double others = 0;
    for (std::size_t i = 0; i < k_main_rules_strategies.size(); ++i) {
      const std::string_view s = k_main_rules_strategies[i];
      if (s == "quaff_when_low" || s == "attack_adjacent" || s == "eat_when_hungry") {
        EXPECT_TRUE(g.on[i]) << s;
        EXPECT_GT(g.priority[i], 0.99) << s;
      } else {
        others = std::max(others, g.priority[i]);
      }
    }
    EXPECT_LE(others, 0.99);
  }
}

}  // namespace
}  // namespace yendor::api::bots
