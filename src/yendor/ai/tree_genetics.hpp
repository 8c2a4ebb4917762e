#pragma once
// Genetic algorithms over stateless decision trees, after Dillinger (thesis 4.5, Table 4.2).
//
// The gene map: a complete binary tree of fixed depth D, so that every individual has the same
// shape and the same gene always means the same thing (4.5, "method of combination"). Inner
// genes are conditions, leaf genes behaviours:
//   conditions: the 2^D - 1 inner nodes in pre-order (root, its then-subtree, its else-subtree)
//   behaviours: the 2^D leaves, left (all then) to right (all else)
// In pre-order every sub-tree is one contiguous run of each vector, so the sub-tree swap of
// crossover moves a contiguous block of genes: the locality 4.5 asks of a gene map.
//
// Breeding is steady-state: pick three individuals at random, rank them by fitness, draw the
// one that breeds and the one that is replaced with the percentages of Table 4.2.
#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/ai/decision_tree.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::ai {

// Depth bounds of a gene map (a depth-6 tree has 63 conditions and 64 behaviours).
inline constexpr int k_min_genome_depth = 1;
inline constexpr int k_max_genome_depth = 6;

struct Genome {
  int depth = 0;
  std::vector<Condition> conditions;  // 2^depth - 1, pre-order
  std::vector<Behaviour> behaviours;  // 2^depth, left to right
  bool operator==(const Genome&) const = default;
};

int condition_genes(int depth);  // 2^depth - 1
int behaviour_genes(int depth);  // 2^depth
// Right depth and vector sizes.
bool well_formed(const Genome& genome);

// The genes of the sub-tree whose root is node `index` (0 = leftmost) of level `level`
// (0 = the root, `depth` = the leaves).
struct SubtreeGenes {
  int first_condition = 0;
  int condition_count = 0;
  int first_behaviour = 0;
  int behaviour_count = 0;
  bool operator==(const SubtreeGenes&) const = default;
};
SubtreeGenes subtree_genes(int depth, int level, int index);

// The genes evolution draws from.
struct GeneAlphabet {
  std::vector<Condition> conditions;
  std::vector<Behaviour> behaviours;
  bool operator==(const GeneAlphabet&) const = default;
};
// What a melee or ranged monster can sense and do: sight, adjacency, distance, health, ranged
// attack, cornered, noise, scent, memory, allies; attack, chase, fire, flee, wander, hold,
// search, hunt, fight, return_home, shout.
GeneAlphabet default_alphabet();

Genome random_genome(int depth, const GeneAlphabet& alphabet, Rng& rng);
// The genome as a decision tree (the genetic brain walks it like any tree).
DecisionTree to_tree(const Genome& genome, std::string name = "");
// The tree grown into a complete tree of `depth`: a leaf above the bottom becomes an "always"
// test over two copies of itself, so it decides the same everywhere. Throws
// std::invalid_argument when the tree is deeper than `depth`. Seeds a run with a known tree.
Genome to_genome(const DecisionTree& tree, int depth);

// Sub-tree-swap crossover: `base` with the sub-tree at (level, index) replaced by `donor`'s
// sub-tree at the same place. Both must have the same depth.
Genome crossover_at(const Genome& base, const Genome& donor, int level, int index);
// ... at a place drawn from `rng`: a level from 1 to depth (never the whole tree), then a node
// of that level, each uniformly.
Genome crossover(const Genome& base, const Genome& donor, Rng& rng);
// Mutation of `genes` distinct genes (its size; how often it happens is the caller's
// frequency): each redrawn from the alphabet to a different value when the alphabet has one.
void mutate(Genome& genome, const GeneAlphabet& alphabet, int genes, Rng& rng);

// Table 4.2: the degrees of elitism, in percent for the best, medium and worst of three.
enum class Elitism : std::uint8_t { normal, small, slight };
struct RankChances {
  std::array<std::uint32_t, 3> breed;    // best, medium, worst
  std::array<std::uint32_t, 3> replace;  // best, medium, worst
};
const RankChances& rank_chances(Elitism elitism);
std::string_view to_string(Elitism elitism);
// Throws InputError "unknown elitism 'x' (normal, small, slight)".
Elitism parse_elitism(std::string_view text);

// One breeding step's choice among three distinct individuals picked at random.
struct Selection {
  std::array<int, 3> ranked{};  // the three, best first (equal fitness: in drawing order)
  int breeder = 0;              // draws with the breed chances
  int mate = 0;                 // another of the three, with the breed chances of those two
  int replaced = 0;             // drawn on its own with the replace chances (may be the breeder)
};
// `fitness[i]` is individual i's; at least 3.
Selection select_three(std::span<const double> fitness, Elitism elitism, Rng& rng);

struct EvolutionParams {
  int depth = 3;
  int population = 24;   // individuals (at least 3)
  int generations = 40;  // each is `population` births
  Elitism elitism = Elitism::normal;
  double mutation_chance = 0.3;  // how often a child mutates (4.5's frequency) ...
  int mutation_genes = 1;        // ... and how many genes a mutation redraws (its size)
  GeneAlphabet alphabet = default_alphabet();
  bool operator==(const EvolutionParams&) const = default;
};
// Throws std::invalid_argument on parameters out of range.
void check(const EvolutionParams& params);

struct Individual {
  Genome genome;
  double fitness = 0;
  bool operator==(const Individual&) const = default;
};

struct GenerationStats {
  int generation = 0;  // 0: the population before breeding
  double mean = 0, best = 0, worst = 0;
  int best_index = 0;  // in the population at the end of that generation
};

using FitnessFn = std::function<double(const Genome&)>;

// `params.population` random genomes (fitness 0: evolve measures them).
std::vector<Individual> initial_population(const EvolutionParams& params, Rng& rng);

// Measures every individual, then runs `params.generations` generations of steady-state
// breeding: select_three, child = crossover(breeder, mate) then mutate with the mutation chance,
// the child measured and put in the replaced one's place. Returns generations + 1 rows of
// statistics (row 0: before breeding), each also handed to `on_generation` (when set) as soon
// as it is known. `population` must have params.population individuals of params.depth.
std::vector<GenerationStats> evolve(
    std::vector<Individual>& population, const FitnessFn& fitness, const EvolutionParams& params,
    Rng& rng, const std::function<void(const GenerationStats&)>& on_generation = {});

}  // namespace yendor::ai
