// Evolution of dd strategy bots: genomes as genes and back, determinism by seed whatever the
// threads and ranks (two in-process ranks sharing like MPI's Allreduce), a checkpoint resuming
// to exactly the uninterrupted run, the smart mutation, and bad checkpoints refused.

#include <gtest/gtest.h>

#include <thread>

#include "api/bots/rank_pair.hpp"
#include "dd/dd_support.hpp"
#include "yendor/api/bots/dd_evolution.hpp"
#include "yendor/api/bots/dd_genes.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {
namespace {

using dd::testing::shipped;
using dd::testing::shipped_ptr;

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
  DdEvolution e(shipped_ptr(), o);
  while (!e.done())
    e.step(cluster);
  return e.history();
}

TEST(DdEvolution, SameSeedSameRunWhateverTheThreads) {
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

TEST(DdEvolution, TwoRanksGiveTheSingleProcessResult) {
  Cluster alone;
  const auto single = run_all(tiny(), alone);
  DdEvolution single_run(shipped_ptr(), tiny());
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
        DdEvolution e(shipped_ptr(), tiny());
        while (!e.done())
          e.step(cluster);
        ranked[r] = e.history();
        choices[r] = e.choose(cluster);
      });
  }
  EXPECT_EQ(ranked[0], single);
  EXPECT_EQ(ranked[1], single);
  for (const EvolutionChoice& c : choices) {
    EXPECT_EQ(c.genome, single_choice.genome);
    EXPECT_EQ(c.wins, single_choice.wins);
    EXPECT_EQ(c.mean_fitness, single_choice.mean_fitness);
  }
}

TEST(DdEvolution, ACheckpointResumesToTheSameRun) {
  Cluster alone;
  DdEvolution whole(shipped_ptr(), tiny());
  while (!whole.done())
    whole.step(alone);
  DdEvolution first(shipped_ptr(), tiny());
  first.step(alone);
  const std::string saved = first.checkpoint();
  DdEvolution resumed = DdEvolution::from_checkpoint(shipped_ptr(), saved, "cp.json", 2);
  EXPECT_EQ(resumed.generation(), 1);
  while (!resumed.done())
    resumed.step(alone);
  EXPECT_EQ(resumed.history(), whole.history());
  EXPECT_EQ(resumed.checkpoint(), whole.checkpoint());
  EXPECT_EQ(resumed.choose(alone).genome, whole.choose(alone).genome);
}

TEST(DdEvolution, BadCheckpointsAreRefused) {
  DdEvolution e(shipped_ptr(), tiny());
  const std::string good = e.checkpoint();
  EXPECT_THROW(DdEvolution::from_checkpoint(shipped_ptr(), "{", "cp", 1), InputError);
  EXPECT_THROW(DdEvolution::from_checkpoint(shipped_ptr(), "{\"format\": 3}", "cp", 1), InputError);
  std::string other = good;
  other.replace(other.find("\"generation\": 0"), 15, "\"generation\": 2");
  EXPECT_THROW(DdEvolution::from_checkpoint(shipped_ptr(), other, "cp", 1), InputError);
  auto changed = std::make_shared<dd::Content>(shipped());
  changed->hash ^= 1;
  EXPECT_THROW(DdEvolution::from_checkpoint(changed, good, "cp", 1), InputError);
}

TEST(DdEvolution, SmartMutationTakesPotionsOffLowMonsters) {
  EvolutionOptions o = tiny();
  o.smart_share = 1.0;
  o.elites = 0;
  o.generations = 2;
  DdEvolution e(shipped_ptr(), o);
  Cluster alone;
  e.step(alone);
  // The second generation's population is in the checkpoint.
  const std::string text = e.checkpoint();
  DdEvolution copy = DdEvolution::from_checkpoint(shipped_ptr(), text, "cp", 1);
  copy.step(alone);
  const DdGenome best = genome_of(copy.history().back().best_genes);
  for (int level = 0; level < 4; ++level) {
    EXPECT_EQ(best.health_potions[static_cast<std::size_t>(level)], 0);
    EXPECT_EQ(best.mana_potions[static_cast<std::size_t>(level)], 0);
  }
}

TEST(DdEvolution, OptionsAreChecked) {
  EvolutionOptions o = tiny();
  o.population = 1;
  EXPECT_THROW(DdEvolution(shipped_ptr(), o), InputError);
  o = tiny();
  o.elites = 8;
  EXPECT_THROW(DdEvolution(shipped_ptr(), o), InputError);
  o = tiny();
  o.env.setup.hero_class = "bard";
  EXPECT_THROW(DdEvolution(shipped_ptr(), o), InputError);
}

}  // namespace
}  // namespace yendor::api::bots
