// The genetic brain and its data: [evolved.NAME] entries read and written (round trip, errors
// naming file, line and field), each monster drawing one genome and following its tree.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "ai/fake_view.hpp"
#include "ai/library_test_util.hpp"
#include "support/counting_allocator.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/evolved_population.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::ai {
namespace {

using testing::BadText;
using testing::expect_load_errors;
using testing::FakeView;
using testing::has;
using testing::load_text;
using testing::open_room;

const Brain& genetic() {
  return builtin_brains().get("genetic");
}

Library load(const std::string& text) {
  return load_text(text, "e.toml");
}

// Two genomes of depth 1 that always do one thing each: 0 flees, 1 attacks (chases).
constexpr std::string_view k_two = R"(
[evolved.pair]
summary = "two fixed minds"
depth = 1

[[evolved.pair.genome]]
fitness = 3.5
conditions = ["always"]
behaviours = ["flee", "hold"]

[[evolved.pair.genome]]
fitness = 1
conditions = ["!always"]
behaviours = ["hold", "attack"]
)";

TEST(GeneticBrain, IsRegisteredWithItsSourceAndSection) {
  const BrainInfo& info = genetic().info();
  EXPECT_EQ(info.name, "genetic");
  EXPECT_EQ(info.section, "evolved");
  EXPECT_NE(info.source.find("thesis 4.5"), std::string::npos);
  EXPECT_NE(info.source.find("Table 4.2"), std::string::npos);
  EXPECT_FALSE(info.description.empty());
}

TEST(GeneticBrain, ResolvesPopulationsByName) {
  const Library library = load(std::string(k_two));
  EXPECT_EQ(genetic().resolve(library, ""), -1);
  EXPECT_EQ(genetic().resolve(library, "pair"), 0);
  try {
    genetic().resolve(library, "orc");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_TRUE(has(e.what(), "no evolved population 'orc' (known: pair)"));
  }
}

// Each genome's tree is followed: genome 0 flees from the adjacent player, genome 1 attacks.
TEST(GeneticBrain, FollowsTheTreeOfItsGenome) {
  const Library library = load(std::string(k_two));
  for (const int genome : {0, 1}) {
    FakeView view(open_room(7, 7, {3, 3}, {4, 3}));
    view.use(library, 0);
    Memory memory;
    memory.genome = genome;
    Rng rng(5);
    const Decision d = genetic().decide(view, memory, rng);
    if (genome == 0) {
      ASSERT_EQ(d.kind, DecisionKind::step);
      EXPECT_GT(chebyshev(view.self() + d.dir, view.player()), 1);
    } else {
      EXPECT_EQ(d.kind, DecisionKind::attack);
      EXPECT_EQ(d.dir, (Point{1, 0}));
    }
    EXPECT_EQ(memory.genome, genome);
  }
}

// An unset genome is drawn at the first decision, uniformly over the population, and kept.
TEST(GeneticBrain, DrawsAGenomeOnceAndKeepsIt) {
  const Library library = load(std::string(k_two));
  std::array<int, 2> drawn{};
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    FakeView view(open_room(7, 7, {3, 3}, {4, 3}));
    view.use(library, 0);
    Memory memory;
    Rng rng(seed);
    const Decision first = genetic().decide(view, memory, rng);
    ASSERT_GE(memory.genome, 0);
    ASSERT_LT(memory.genome, 2);
    ++drawn[static_cast<std::size_t>(memory.genome)];
    EXPECT_EQ(first.kind, memory.genome == 0 ? DecisionKind::step : DecisionKind::attack);
    const std::int32_t kept = memory.genome;
    for (int turn = 0; turn < 3; ++turn) {
      genetic().decide(view, memory, rng);
      ASSERT_EQ(memory.genome, kept);
    }
  }
  EXPECT_NEAR(drawn[0] / 2000.0, 0.5, 0.05);
}

TEST(GeneticBrain, RedrawsAGenomeOutOfRange) {
  const Library library = load(std::string(k_two));
  FakeView view(open_room(7, 7, {3, 3}, {4, 3}));
  view.use(library, 0);
  Memory memory;
  memory.genome = 7;  // a population that shrank under a saved game
  Rng rng(1);
  genetic().decide(view, memory, rng);
  EXPECT_TRUE(memory.genome == 0 || memory.genome == 1);
}

TEST(GeneticBrain, WithoutAPopulationItLooksAndChases) {
  FakeView view(open_room(7, 7, {3, 3}, {4, 3}));
  Memory memory;
  Rng rng(1);
  EXPECT_EQ(genetic().decide(view, memory, rng).kind, DecisionKind::attack);
  EXPECT_EQ(memory.genome, -1);
  FakeView far(open_room(7, 7, {0, 0}, {5, 5}));
  const Decision d = genetic().decide(far, memory, rng);
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir, (Point{1, 1}));
}

TEST(GeneticBrain, DecidingAllocatesNothing) {
  const Library library = load(std::string(k_two));
  FakeView view(open_room(7, 7, {3, 3}, {4, 3}));
  view.use(library, 0);
  Memory memory;
  Rng rng(2);
  genetic().decide(view, memory, rng);
  test::AllocationCounter counter;
  for (int turn = 0; turn < 100; ++turn) {
    view.sees = turn % 2 == 0;
    genetic().decide(view, memory, rng);
  }
  EXPECT_EQ(counter.allocations(), 0);
}

// ---- the data file ----

TEST(EvolvedPopulation, ReadsGenomesAndBuildsTheirTrees) {
  const Library library = load(std::string(k_two));
  ASSERT_EQ(library.evolved.size(), 1u);
  const EvolvedPopulation& p = library.evolved[0];
  EXPECT_EQ(p.name, "pair");
  EXPECT_EQ(p.summary, "two fixed minds");
  EXPECT_EQ(p.run.depth, 1);
  ASSERT_EQ(p.individuals.size(), 2u);
  EXPECT_EQ(p.individuals[0].fitness, 3.5);
  EXPECT_EQ(p.individuals[1].genome.behaviours[1], Behaviour::attack);
  ASSERT_EQ(p.trees.size(), 2u);
  EXPECT_EQ(p.trees[0].nodes, to_tree(p.individuals[0].genome).nodes);
  EXPECT_EQ(p.run.elitism, Elitism::normal);  // not written: the defaults
}

// Property: what a run writes reads back equal, parameters, fitness and genes included.
TEST(EvolvedPopulation, WriterOutputReadsBackEqual) {
  Rng rng(9);
  EvolutionParams run;
  run.depth = 3;
  run.population = 12;
  run.generations = 7;
  run.elitism = Elitism::slight;
  run.mutation_chance = 0.125;
  run.mutation_genes = 2;
  std::vector<Individual> individuals;
  for (int i = 0; i < 5; ++i)
    individuals.push_back({random_genome(3, run.alphabet, rng), rng.real(-10, 10)});
  EvolvedPopulation p = make_evolved_population("ogre-pack_2", individuals, run, "ogres\t1");
  p.summary = "ogres \"evolved\"\\ against a bot";
  p.measured = "damage dealt";
  for (std::size_t i = 1; i < p.individuals.size(); ++i)
    EXPECT_GE(p.individuals[i - 1].fitness, p.individuals[i].fitness);  // fittest first
  const std::string text = write_evolved_population(p);
  const Library library = load(text);
  ASSERT_EQ(library.evolved.size(), 1u);
  EXPECT_EQ(library.evolved[0], p) << text;
  // A name that is no bare TOML key is quoted.
  EvolvedPopulation spaced = make_evolved_population("two words", individuals, run, "1");
  EXPECT_EQ(load(write_evolved_population(spaced)).evolved.at(0).name, "two words");
}

TEST(EvolvedPopulation, ErrorsNameFileLineAndField) {
  const std::vector<BadText> bad{
      {"[evolved.x]\ndepth = 2\n\n[[evolved.x.genome]]\nfitness = 1\n"
       "conditions = [\"sees_player\"]\n"
       "behaviours = [\"attack\", \"chase\", \"wander\", \"hold\"]\n",
       "e.toml:6: [evolved.x]: field 'genome[0].conditions': 3 genes expected "
       "(2^depth - 1 for depth 2), got 1"},
      {"[evolved.x]\ndepth = 1\n\n[[evolved.x.genome]]\nfitness = 1\n"
       "conditions = [\"sees_player\"]\nbehaviours = [\"attack\", \"hold\"]\n"
       "\n[[evolved.x.genome]]\nfitness = 1\n"
       "conditions = [\"sees_player\"]\nbehaviours = [\"attack\", \"nap\"]\n",
       "e.toml:12: [evolved.x]: field 'genome[1].behaviours[1]': unknown behaviour "
       "'nap'"},
      {"[evolved.x]\ndepth = 1\n\n[[evolved.x.genome]]\nfitness = 1\n"
       "conditions = [\"sees_plyer\"]\nbehaviours = [\"attack\", \"hold\"]\n",
       "e.toml:6: [evolved.x]: field 'genome[0].conditions[0]': unknown condition "
       "'sees_plyer'"},
      {"[evolved.x]\ndepth = 9\n",
       "e.toml:2: [evolved.x]: field 'depth': range 1-6 expected, got 9"},
      {"[evolved.x]\ndepth = 1\nelitism = \"total\"\n",
       "e.toml:3: [evolved.x]: field 'elitism': unknown elitism 'total' (normal, "
       "small, slight)"},
      {"[evolved.x]\ndepth = 1\n",
       "e.toml:1: [evolved.x]: field 'genome': missing (it is required)"},
      {"[evolved.x]\ndepth = 1\ngenome = []\n",
       "e.toml:3: [evolved.x]: field 'genome': at least one genome expected"},
      {"[evolved.x]\ndepth = 1\n\n[[evolved.x.genome]]\n"
       "conditions = [\"sees_player\"]\nbehaviours = [\"attack\", \"hold\"]\n",
       "e.toml:4: [evolved.x]: field 'genome[0].fitness': missing (it is required)"},
      {"[evolved.x]\ndepth = 1\nmutation_genes = 4\n",
       "e.toml:3: [evolved.x]: field 'mutation_genes': range 1-3 expected, got 4"},
      {"[evolved.x]\ndepth = 1\nseed = 1.5\n",
       "e.toml:3: [evolved.x]: field 'seed': text expected, got a real number"},
      {"[evolved.x]\ndepth = 1\nmutation = 0.5\n",
       "e.toml:3: [evolved.x]: field 'mutation': unknown field"},
  };
  expect_load_errors("e.toml", bad);
}

// The population `yendor evolve-monsters` wrote for the shipped game reads back, fittest first,
// every genome of the run's depth, and a goblin running it decides.
TEST(EvolvedPopulation, TheShippedRunLoads) {
  Library library;
  const std::string path = default_library_dir() + "/evolved.toml";
  load_library_text(library, read_file(path), path);
  ASSERT_FALSE(library.evolved.empty());
  for (const EvolvedPopulation& p : library.evolved) {
    ASSERT_EQ(p.trees.size(), p.individuals.size());
    for (std::size_t i = 0; i < p.individuals.size(); ++i) {
      EXPECT_TRUE(well_formed(p.individuals[i].genome));
      EXPECT_EQ(p.individuals[i].genome.depth, p.run.depth);
      if (i > 0) {
        EXPECT_GE(p.individuals[i - 1].fitness, p.individuals[i].fitness);
      }
    }
  }
  FakeView view(open_room(7, 7, {3, 3}, {4, 3}));
  view.use(library, 0);
  Memory memory;
  Rng rng(1);
  genetic().decide(view, memory, rng);
  EXPECT_GE(memory.genome, 0);
}

}  // namespace
}  // namespace yendor::ai
