// The genetic algorithm over decision trees (thesis 4.5): the gene map's layout against an
// independent recursive numbering, crossover that keeps every individual isomorphic, mutation
// of the size asked, Table 4.2's selection frequencies, and an evolution that learns an oracle
// policy (and does not when selection is turned round).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "ai/fake_view.hpp"
#include "yendor/ai/tree_genetics.hpp"
#include "yendor/core/error.hpp"

namespace yendor::ai {
namespace {

using testing::FakeView;
using testing::open_room;

// ---- an independent layout oracle: number a complete tree's nodes by walking it ----

struct Place {
  int level, index;
  auto operator<=>(const Place&) const = default;
};

// Pre-order positions of every inner node (into conditions) and leaf (into behaviours).
struct Layout {
  std::map<Place, int> condition_at;
  std::map<Place, int> behaviour_at;
};

void number(int depth, Place p, Layout& out) {
  if (p.level == depth) {
    const int next = static_cast<int>(out.behaviour_at.size());
    out.behaviour_at[p] = next;
    return;
  }
  const int next = static_cast<int>(out.condition_at.size());
  out.condition_at[p] = next;
  number(depth, {p.level + 1, 2 * p.index}, out);
  number(depth, {p.level + 1, 2 * p.index + 1}, out);
}

Layout layout(int depth) {
  Layout l;
  number(depth, {0, 0}, l);
  return l;
}

// Whether `p` lies in the sub-tree rooted at `root`.
bool under(Place p, Place root) {
  return p.level >= root.level && (p.index >> (p.level - root.level)) == root.index;
}

TEST(GeneMap, SubtreeGenesMatchARecursiveNumbering) {
  for (int depth = 1; depth <= k_max_genome_depth; ++depth) {
    const Layout l = layout(depth);
    ASSERT_EQ(static_cast<int>(l.condition_at.size()), condition_genes(depth));
    ASSERT_EQ(static_cast<int>(l.behaviour_at.size()), behaviour_genes(depth));
    for (int level = 0; level <= depth; ++level)
      for (int index = 0; index < (1 << level); ++index) {
        std::vector<int> conditions, behaviours;
        for (const auto& [p, at] : l.condition_at)
          if (under(p, {level, index})) conditions.push_back(at);
        for (const auto& [p, at] : l.behaviour_at)
          if (under(p, {level, index})) behaviours.push_back(at);
        std::sort(conditions.begin(), conditions.end());
        std::sort(behaviours.begin(), behaviours.end());
        const SubtreeGenes s = subtree_genes(depth, level, index);
        ASSERT_EQ(s.condition_count, static_cast<int>(conditions.size()));
        ASSERT_EQ(s.behaviour_count, static_cast<int>(behaviours.size()));
        // Contiguous runs: locality (4.5) holds for every sub-tree.
        for (int k = 0; k < s.condition_count; ++k)
          ASSERT_EQ(conditions[static_cast<std::size_t>(k)], s.first_condition + k);
        for (int k = 0; k < s.behaviour_count; ++k)
          ASSERT_EQ(behaviours[static_cast<std::size_t>(k)], s.first_behaviour + k);
      }
  }
  EXPECT_THROW(subtree_genes(3, 4, 0), std::invalid_argument);
  EXPECT_THROW(subtree_genes(3, 1, 2), std::invalid_argument);
}

// The oracle walker: interpret a genome by (level, index) places and the recursive numbering.
Behaviour oracle_choose(const Genome& g, const Layout& l, const View& view, const Memory& memory) {
  Rng unused(0);
  Place p{0, 0};
  while (p.level < g.depth) {
    const Condition& c = g.conditions[static_cast<std::size_t>(l.condition_at.at(p))];
    p = {p.level + 1, 2 * p.index + (holds(c, view, memory, unused) ? 0 : 1)};
  }
  return g.behaviours[static_cast<std::size_t>(l.behaviour_at.at(p))];
}

// A spread of situations over what the default alphabet's conditions test.
std::vector<FakeView> situations() {
  std::vector<FakeView> out;
  for (const int distance : {0, 1, 2, 4})
    for (const bool low_hp : {false, true})
      for (const bool can_fire : {false, true})
        for (const bool hurt : {false, true}) {
          FakeView view(distance == 0 ? open_room(9, 3, {0, 1})
                                      : open_room(9, 3, {0, 1}, {distance, 1}));
          view.hp_now = low_hp ? 2 : 10;
          view.can_fire = can_fire;
          view.damage = hurt ? 1 : 0;
          out.push_back(std::move(view));
        }
  return out;
}

TEST(GeneMap, ATreeOfAGenomeDecidesAsTheGeneMapSays) {
  Rng rng(21);
  const std::vector<FakeView> views = situations();
  for (int depth = 1; depth <= 5; ++depth) {
    const Layout l = layout(depth);
    for (int trial = 0; trial < 20; ++trial) {
      const Genome g = random_genome(depth, default_alphabet(), rng);
      const DecisionTree tree = to_tree(g);
      EXPECT_EQ(tree.depth(), depth);
      for (const FakeView& view : views) {
        Memory memory;
        Rng unused(0);
        ASSERT_EQ(tree.choose(view, memory, unused), oracle_choose(g, l, view, memory));
      }
    }
  }
}

TEST(GeneMap, AShallowTreeGrowsIntoAGenomeThatDecidesTheSame) {
  const DecisionTree look = look_and_chase_tree();
  for (int depth = 2; depth <= 4; ++depth) {
    const Genome g = to_genome(look, depth);
    ASSERT_TRUE(well_formed(g));
    const DecisionTree grown = to_tree(g);
    for (const FakeView& view : situations()) {
      Memory memory;
      Rng a(0), b(0);
      EXPECT_EQ(grown.choose(view, memory, a), look.choose(view, memory, b));
    }
  }
  EXPECT_THROW(to_genome(look, 1), std::invalid_argument);
}

// ---- crossover ----

// The links of a tree: its shape without its genes.
std::vector<std::pair<int, int>> shape(const DecisionTree& t) {
  std::vector<std::pair<int, int>> out;
  for (const DecisionNode& n : t.nodes)
    out.emplace_back(n.then_node, n.else_node);
  return out;
}

// Property: a child has its parents' shape, and exactly the genes of one sub-tree come from
// the donor, the rest from the base (the oracle: the recursive numbering's sub-tree).
TEST(Crossover, PreservesIsomorphismAndSwapsExactlyOneSubtree) {
  Rng rng(8);
  // Two alphabets with nothing in common, so every gene tells which parent it came from.
  GeneAlphabet a, b;
  a.conditions = {parse_condition("sees_player"), parse_condition("hurt")};
  a.behaviours = {Behaviour::attack, Behaviour::chase};
  b.conditions = {parse_condition("cornered"), parse_condition("can_fire")};
  b.behaviours = {Behaviour::flee, Behaviour::hold};
  auto from_b = [&](const auto& gene) {
    return std::find(b.conditions.begin(), b.conditions.end(), gene) != b.conditions.end();
  };
  for (int depth = 1; depth <= 5; ++depth) {
    const Layout l = layout(depth);
    for (int trial = 0; trial < 40; ++trial) {
      const Genome base = random_genome(depth, a, rng);
      const Genome donor = random_genome(depth, b, rng);
      const Genome child = crossover(base, donor, rng);
      ASSERT_TRUE(well_formed(child));
      ASSERT_EQ(child.depth, depth);
      ASSERT_EQ(shape(to_tree(child)), shape(to_tree(base)));
      // The donor's genes: find the highest place holding one; all of its sub-tree and
      // nothing else must be the donor's.
      std::vector<Place> donor_places;
      for (const auto& [p, at] : l.condition_at)
        if (from_b(child.conditions[static_cast<std::size_t>(at)])) donor_places.push_back(p);
      for (const auto& [p, at] : l.behaviour_at) {
        const Behaviour gene = child.behaviours[static_cast<std::size_t>(at)];
        if (gene == Behaviour::flee || gene == Behaviour::hold) donor_places.push_back(p);
      }
      ASSERT_FALSE(donor_places.empty());
      const Place root = *std::min_element(donor_places.begin(), donor_places.end());
      ASSERT_GE(root.level, 1);  // never the whole tree
      std::size_t expected = 0;
      for (const auto& [p, at] : l.condition_at)
        expected += under(p, root) ? 1 : 0;
      for (const auto& [p, at] : l.behaviour_at)
        expected += under(p, root) ? 1 : 0;
      ASSERT_EQ(donor_places.size(), expected);
      for (const Place& p : donor_places)
        ASSERT_TRUE(under(p, root));
      // ... and it is the donor's own sub-tree, gene for gene, at the same place.
      ASSERT_EQ(child, crossover_at(base, donor, root.level, root.index));
    }
  }
}

TEST(Crossover, RefusesGenomesOfDifferentShapes) {
  Rng rng(1);
  const Genome two = random_genome(2, default_alphabet(), rng);
  const Genome three = random_genome(3, default_alphabet(), rng);
  EXPECT_THROW(crossover(two, three, rng), std::invalid_argument);
}

// Every level is drawn, and at the bottom level every leaf (a uniform choice of place).
TEST(Crossover, DrawsEveryLevelOfTheTree) {
  Rng rng(4);
  GeneAlphabet a, b;
  a.conditions = {parse_condition("sees_player")};
  a.behaviours = {Behaviour::attack};
  b.conditions = {parse_condition("hurt")};
  b.behaviours = {Behaviour::flee};
  const Genome base = random_genome(3, a, rng), donor = random_genome(3, b, rng);
  std::array<int, 4> swapped_leaves{};  // by the number of leaves moved: 1, 2, 4 -> level 3, 2, 1
  for (int i = 0; i < 3000; ++i) {
    const Genome child = crossover(base, donor, rng);
    const auto moved =
        std::count(child.behaviours.begin(), child.behaviours.end(), Behaviour::flee);
    ++swapped_leaves.at(static_cast<std::size_t>(moved == 1 ? 3 : moved == 2 ? 2 : 1));
  }
  for (int level = 1; level <= 3; ++level)
    EXPECT_NEAR(swapped_leaves[static_cast<std::size_t>(level)] / 3000.0, 1.0 / 3, 0.04);
}

// ---- mutation ----

TEST(Mutation, RedrawsExactlyItsSizeFromTheAlphabet) {
  Rng rng(12);
  const GeneAlphabet alphabet = default_alphabet();
  for (const int size : {1, 2, 5, 15}) {
    for (int trial = 0; trial < 50; ++trial) {
      const Genome before = random_genome(3, alphabet, rng);
      Genome after = before;
      mutate(after, alphabet, size, rng);
      ASSERT_TRUE(well_formed(after));
      int changed = 0;
      for (std::size_t i = 0; i < before.conditions.size(); ++i) {
        changed += before.conditions[i] == after.conditions[i] ? 0 : 1;
        ASSERT_NE(
            std::find(alphabet.conditions.begin(), alphabet.conditions.end(), after.conditions[i]),
            alphabet.conditions.end());
      }
      for (std::size_t i = 0; i < before.behaviours.size(); ++i) {
        changed += before.behaviours[i] == after.behaviours[i] ? 0 : 1;
        ASSERT_NE(
            std::find(alphabet.behaviours.begin(), alphabet.behaviours.end(), after.behaviours[i]),
            alphabet.behaviours.end());
      }
      ASSERT_EQ(changed, size);
    }
  }
}

// ---- selection (Table 4.2) ----

struct Table42Row {
  Elitism elitism;
  std::array<double, 3> breed, replace;  // best, medium, worst, as printed in the thesis
};

// Typed in from the thesis, not from the code.
const std::array<Table42Row, 3> k_table_4_2{{
    {Elitism::normal, {0.50, 0.30, 0.20}, {0.20, 0.30, 0.50}},
    {Elitism::small, {0.40, 0.35, 0.25}, {0.25, 0.35, 0.40}},
    {Elitism::slight, {0.35, 0.34, 0.31}, {0.32, 0.33, 0.35}},
}};

// The rank of `who` among the three by fitness (0 best), computed from the fitness alone.
int rank_in(const std::array<int, 3>& trio, int who, const std::vector<double>& fitness) {
  int better = 0;
  for (int other : trio)
    better += fitness[static_cast<std::size_t>(other)] > fitness[static_cast<std::size_t>(who)];
  return better;
}

TEST(Selection, FrequenciesMatchTable42) {
  // Ten individuals of distinct fitness, not in index order.
  const std::vector<double> fitness{3, 9, 1, 7, 5, 0, 8, 2, 6, 4};
  constexpr int k_draws = 100000;
  for (const Table42Row& row : k_table_4_2) {
    Rng rng(42);
    std::array<int, 3> breed{}, replace{}, mate{};
    std::vector<int> picked(fitness.size());
    for (int i = 0; i < k_draws; ++i) {
      const Selection s = select_three(fitness, row.elitism, rng);
      for (int who : s.ranked)
        ++picked[static_cast<std::size_t>(who)];
      ASSERT_NE(s.ranked[0], s.ranked[1]);
      ASSERT_NE(s.ranked[0], s.ranked[2]);
      ASSERT_NE(s.ranked[1], s.ranked[2]);
      ASSERT_NE(s.mate, s.breeder);
      ++breed[static_cast<std::size_t>(rank_in(s.ranked, s.breeder, fitness))];
      ++replace[static_cast<std::size_t>(rank_in(s.ranked, s.replaced, fitness))];
      ++mate[static_cast<std::size_t>(rank_in(s.ranked, s.mate, fitness))];
    }
    for (std::size_t r = 0; r < 3; ++r) {
      EXPECT_NEAR(breed[r] / double{k_draws}, row.breed[r], 0.006) << to_string(row.elitism);
      EXPECT_NEAR(replace[r] / double{k_draws}, row.replace[r], 0.006) << to_string(row.elitism);
      // The mate: another of the three with the breed chances of those two.
      double expected_mate = 0;
      for (std::size_t b = 0; b < 3; ++b)
        if (b != r) expected_mate += row.breed[b] * row.breed[r] / (1 - row.breed[b]);
      EXPECT_NEAR(mate[r] / double{k_draws}, expected_mate, 0.006) << to_string(row.elitism);
    }
    // The three are picked uniformly: each individual in 3 of 10 trios.
    for (int count : picked)
      EXPECT_NEAR(count / double{k_draws}, 0.3, 0.008);
  }
}

TEST(Selection, ElitismNamesReadBack) {
  for (const Table42Row& row : k_table_4_2)
    EXPECT_EQ(parse_elitism(to_string(row.elitism)), row.elitism);
  EXPECT_THROW(parse_elitism("extreme"), InputError);
  Rng rng(1);
  EXPECT_THROW(select_three(std::vector<double>{1, 2}, Elitism::normal, rng),
               std::invalid_argument);
}

// ---- evolution ----

// The policy evolution should find (depth 3): seen, attack when adjacent, else shoot when it
// can, else charge; unseen, rest when badly hurt, else roam.
Behaviour oracle_policy(const View& view) {
  if (view.sees_player()) {
    if (chebyshev(view.self(), view.player()) == 1) return Behaviour::attack;
    return view.can_fire_at_player() ? Behaviour::fire : Behaviour::chase;
  }
  return view.hp() * 10 < view.max_hp() * 3 ? Behaviour::hold : Behaviour::wander;
}

GeneAlphabet oracle_alphabet() {
  GeneAlphabet a;
  for (const char* c :
       {"sees_player", "adjacent_player", "can_fire", "hp_below:0.3", "hurt", "player_within:3"})
    a.conditions.push_back(parse_condition(c));
  a.behaviours = {Behaviour::attack, Behaviour::chase,  Behaviour::fire,
                  Behaviour::flee,   Behaviour::wander, Behaviour::hold};
  return a;
}

// The share of situations in which the genome's tree does what the oracle does.
double agreement(const Genome& g, const std::vector<FakeView>& views) {
  const DecisionTree tree = to_tree(g);
  int agree = 0;
  for (const FakeView& view : views) {
    Memory memory;
    Rng unused(0);
    agree += tree.choose(view, memory, unused) == oracle_policy(view) ? 1 : 0;
  }
  return agree / static_cast<double>(views.size());
}

EvolutionParams oracle_params() {
  EvolutionParams p;
  p.depth = 3;
  p.population = 40;
  p.generations = 60;
  p.elitism = Elitism::normal;
  p.mutation_chance = 0.3;
  p.mutation_genes = 1;
  p.alphabet = oracle_alphabet();
  return p;
}

struct OracleRun {
  std::vector<GenerationStats> stats;
  std::vector<Individual> population;
};

OracleRun run_oracle(Elitism elitism, std::uint64_t seed, double sign = 1) {
  static const std::vector<FakeView> views = situations();
  EvolutionParams params = oracle_params();
  params.elitism = elitism;
  Rng rng(seed);
  OracleRun run;
  run.population = initial_population(params, rng);
  run.stats = evolve(
      run.population, [&](const Genome& g) { return sign * agreement(g, views); }, params, rng);
  return run;
}

constexpr std::array<std::uint64_t, 4> k_seeds{1, 2, 3, 4};

// The test: on fixed seeds the loop raises the mean fitness over the generations, from
// the ~1/6 agreement of random trees to most situations, and finds a tree close to the oracle.
TEST(Evolution, RaisesMeanFitnessTowardsAnOraclePolicy) {
  for (const std::uint64_t seed : k_seeds) {
    const OracleRun run = run_oracle(Elitism::normal, seed);
    const std::vector<GenerationStats>& stats = run.stats;
    ASSERT_EQ(stats.size(), static_cast<std::size_t>(oracle_params().generations + 1));
    const GenerationStats &first = stats.front(), &last = stats.back();
    EXPECT_LT(first.mean, 0.3) << seed;
    EXPECT_GT(last.mean, first.mean + 0.4) << seed;
    EXPECT_GE(last.best, 0.75) << seed;
    // The best never falls below the first generation's.
    for (const GenerationStats& s : stats)
      EXPECT_GE(s.best, first.best - 0.2) << seed;
    // The statistics describe the population evolve leaves behind.
    double sum = 0;
    for (const Individual& i : run.population) {
      EXPECT_DOUBLE_EQ(i.fitness, agreement(i.genome, situations()));
      sum += i.fitness;
    }
    EXPECT_NEAR(last.mean, sum / static_cast<double>(run.population.size()), 1e-9);
    EXPECT_DOUBLE_EQ(run.population[static_cast<std::size_t>(last.best_index)].fitness, last.best);
  }
}

// Table 4.2's degrees order the selection pressure: averaged over the seeds, normal elitism
// ends fitter than small, small fitter than slight.
TEST(Evolution, MoreElitismConvergesFaster) {
  std::array<double, 3> final_mean{};
  for (const Elitism e : {Elitism::normal, Elitism::small, Elitism::slight})
    for (const std::uint64_t seed : k_seeds)
      final_mean[static_cast<std::size_t>(e)] += run_oracle(e, seed).stats.back().mean;
  EXPECT_GT(final_mean[0], final_mean[1] + 0.1 * k_seeds.size());
  EXPECT_GT(final_mean[1], final_mean[2] + 0.1 * k_seeds.size());
}

// The control: the same runs with fitness turned round breed away from the oracle, so the rise
// above comes from selection, not from crossover and mutation alone.
TEST(Evolution, SelectionIsWhatRaisesIt) {
  for (const std::uint64_t seed : k_seeds) {
    const OracleRun run = run_oracle(Elitism::normal, seed, -1);
    EXPECT_GE(run.stats.back().mean, run.stats.front().mean);  // the negated score rises ...
    EXPECT_LT(-run.stats.back().mean, 0.1);                    // ... so agreement falls
  }
}

TEST(Evolution, IsDeterministicForASeed) {
  const std::vector<FakeView> views = situations();
  EvolutionParams params = oracle_params();
  params.generations = 5;
  auto run = [&] {
    Rng rng(77);
    std::vector<Individual> population = initial_population(params, rng);
    evolve(
        population, [&](const Genome& g) { return agreement(g, views); }, params, rng);
    return population;
  };
  EXPECT_EQ(run(), run());
}

TEST(Evolution, RefusesBadParameters) {
  EvolutionParams p = oracle_params();
  Rng rng(1);
  std::vector<Individual> population = initial_population(p, rng);
  auto constant = [](const Genome&) { return 1.0; };
  EvolutionParams wrong = p;
  wrong.population = 2;
  EXPECT_THROW(evolve(population, constant, wrong, rng), std::invalid_argument);
  wrong = p;
  wrong.depth = 2;  // the population is of depth 3
  EXPECT_THROW(evolve(population, constant, wrong, rng), std::invalid_argument);
  wrong = p;
  wrong.mutation_chance = 1.5;
  EXPECT_THROW(evolve(population, constant, wrong, rng), std::invalid_argument);
  wrong = p;
  wrong.alphabet.behaviours.clear();
  EXPECT_THROW(initial_population(wrong, rng), std::invalid_argument);
}

}  // namespace
}  // namespace yendor::ai
