#include "yendor/ai/tree_genetics.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "yendor/core/error.hpp"

namespace yendor::ai {
namespace {

constexpr RankChances k_normal{{50, 30, 20}, {20, 30, 50}};
constexpr RankChances k_small{{40, 35, 25}, {25, 35, 40}};
constexpr RankChances k_slight{{35, 34, 31}, {32, 33, 35}};

int power_of_two(int exponent) {
  return 1 << exponent;
}

Condition make_condition(ConditionKind kind) {
  Condition c;
  c.kind = kind;
  c.value = info(kind).default_value;
  return c;
}

Condition make_condition(ConditionKind kind, double value) {
  Condition c = make_condition(kind);
  c.value = value;
  return c;
}

void check_depth(int depth) {
  if (depth < k_min_genome_depth || depth > k_max_genome_depth)
    throw std::invalid_argument("genome depth " + std::to_string(depth) + " outside " +
                                std::to_string(k_min_genome_depth) + "-" +
                                std::to_string(k_max_genome_depth));
}

// A value of `pool` other than `current`, uniformly (`current` itself when there is none).
template <typename T>
T redraw(const std::vector<T>& pool, const T& current, Rng& rng) {
  const auto others = static_cast<std::uint32_t>(
      std::count_if(pool.begin(), pool.end(), [&](const T& v) { return !(v == current); }));
  if (others == 0) return current;
  std::uint32_t k = rng.below(others);
  for (const T& v : pool) {
    if (v == current) continue;
    if (k-- == 0) return v;
  }
  return current;
}

// Appends the pre-order nodes of the complete sub-tree at `level` whose genes start at
// conditions[ci] and behaviours[bi]; advances both.
void append_subtree(const Genome& g, int level, std::size_t& ci, std::size_t& bi,
                    std::vector<DecisionNode>& nodes) {
  if (level == g.depth) {
    DecisionNode leaf;
    leaf.behaviour = g.behaviours[bi++];
    nodes.push_back(leaf);
    return;
  }
  const std::size_t self = nodes.size();
  DecisionNode inner;
  inner.condition = g.conditions[ci++];
  nodes.push_back(inner);
  nodes[self].then_node = static_cast<std::int32_t>(nodes.size());
  append_subtree(g, level + 1, ci, bi, nodes);
  nodes[self].else_node = static_cast<std::int32_t>(nodes.size());
  append_subtree(g, level + 1, ci, bi, nodes);
}

void grow(const DecisionTree& tree, std::size_t node, int level, int depth, Genome& out) {
  const DecisionNode& n = tree.nodes.at(node);
  if (level == depth) {
    if (!n.is_leaf())
      throw std::invalid_argument("tree '" + tree.name + "' is deeper than " +
                                  std::to_string(depth));
    out.behaviours.push_back(n.behaviour);
    return;
  }
  if (n.is_leaf()) {  // the same leaf either way
    out.conditions.push_back(make_condition(ConditionKind::always));
    grow(tree, node, level + 1, depth, out);
    grow(tree, node, level + 1, depth, out);
    return;
  }
  out.conditions.push_back(n.condition);
  grow(tree, static_cast<std::size_t>(n.then_node), level + 1, depth, out);
  grow(tree, static_cast<std::size_t>(n.else_node), level + 1, depth, out);
}

GenerationStats statistics(int generation, std::span<const double> fitness) {
  GenerationStats s;
  s.generation = generation;
  s.best = s.worst = fitness[0];
  double sum = 0;
  for (std::size_t i = 0; i < fitness.size(); ++i) {
    sum += fitness[i];
    if (fitness[i] > s.best) {
      s.best = fitness[i];
      s.best_index = static_cast<int>(i);
    }
    s.worst = std::min(s.worst, fitness[i]);
  }
  s.mean = sum / static_cast<double>(fitness.size());
  return s;
}

}  // namespace

int condition_genes(int depth) {
  return power_of_two(depth) - 1;
}

int behaviour_genes(int depth) {
  return power_of_two(depth);
}

bool well_formed(const Genome& genome) {
  return genome.depth >= k_min_genome_depth && genome.depth <= k_max_genome_depth &&
         genome.conditions.size() == static_cast<std::size_t>(condition_genes(genome.depth)) &&
         genome.behaviours.size() == static_cast<std::size_t>(behaviour_genes(genome.depth));
}

SubtreeGenes subtree_genes(int depth, int level, int index) {
  check_depth(depth);
  if (level < 0 || level > depth || index < 0 || index >= power_of_two(level))
    throw std::invalid_argument("no node " + std::to_string(index) + " at level " +
                                std::to_string(level) + " of a depth-" + std::to_string(depth) +
                                " tree");
  SubtreeGenes s;
  // Walk down from the root: the then-child's genes follow its parent's at once, the
  // else-child's come after the whole then-subtree.
  for (int l = 0; l < level; ++l) {
    const int went_else = (index >> (level - 1 - l)) & 1;
    const int child_leaves = power_of_two(depth - l - 1);
    s.first_condition += 1 + went_else * (child_leaves - 1);
    s.first_behaviour += went_else * child_leaves;
  }
  s.behaviour_count = power_of_two(depth - level);
  s.condition_count = s.behaviour_count - 1;
  return s;
}

GeneAlphabet default_alphabet() {
  using K = ConditionKind;
  using B = Behaviour;
  GeneAlphabet a;
  a.conditions = {make_condition(K::sees_player),
                  make_condition(K::adjacent_player),
                  make_condition(K::player_within, 3),
                  make_condition(K::hp_below, 0.3),
                  make_condition(K::hp_below, 0.6),
                  make_condition(K::player_hp_below, 0.5),
                  make_condition(K::can_fire),
                  make_condition(K::cornered),
                  make_condition(K::hurt),
                  make_condition(K::heard_noise),
                  make_condition(K::smells_player),
                  make_condition(K::remembers_player),
                  make_condition(K::allies_near, 2)};
  a.behaviours = {B::attack, B::chase, B::fire,  B::flee,  B::wander,     B::hold,
                  B::search, B::hunt,  B::fight, B::shout, B::return_home};
  return a;
}

Genome random_genome(int depth, const GeneAlphabet& alphabet, Rng& rng) {
  check_depth(depth);
  if (alphabet.conditions.empty() || alphabet.behaviours.empty())
    throw std::invalid_argument("random_genome: an empty gene alphabet");
  Genome g;
  g.depth = depth;
  for (int i = 0; i < condition_genes(depth); ++i)
    g.conditions.push_back(
        alphabet.conditions[rng.below(static_cast<std::uint32_t>(alphabet.conditions.size()))]);
  for (int i = 0; i < behaviour_genes(depth); ++i)
    g.behaviours.push_back(
        alphabet.behaviours[rng.below(static_cast<std::uint32_t>(alphabet.behaviours.size()))]);
  return g;
}

DecisionTree to_tree(const Genome& genome, std::string name) {
  if (!well_formed(genome)) throw std::invalid_argument("to_tree: a malformed genome");
  DecisionTree tree;
  tree.name = std::move(name);
  tree.nodes.reserve(genome.conditions.size() + genome.behaviours.size());
  std::size_t ci = 0, bi = 0;
  append_subtree(genome, 0, ci, bi, tree.nodes);
  return tree;
}

Genome to_genome(const DecisionTree& tree, int depth) {
  check_depth(depth);
  if (tree.nodes.empty()) throw std::invalid_argument("to_genome: an empty tree");
  Genome g;
  g.depth = depth;
  grow(tree, 0, 0, depth, g);
  return g;
}

Genome crossover_at(const Genome& base, const Genome& donor, int level, int index) {
  if (!well_formed(base) || !well_formed(donor) || base.depth != donor.depth)
    throw std::invalid_argument("crossover: genomes of different shapes");
  const SubtreeGenes s = subtree_genes(base.depth, level, index);
  Genome child = base;
  std::copy_n(donor.conditions.begin() + s.first_condition, s.condition_count,
              child.conditions.begin() + s.first_condition);
  std::copy_n(donor.behaviours.begin() + s.first_behaviour, s.behaviour_count,
              child.behaviours.begin() + s.first_behaviour);
  return child;
}

Genome crossover(const Genome& base, const Genome& donor, Rng& rng) {
  const int level = rng.range(1, base.depth);
  const int index = static_cast<int>(rng.below(static_cast<std::uint32_t>(power_of_two(level))));
  return crossover_at(base, donor, level, index);
}

void mutate(Genome& genome, const GeneAlphabet& alphabet, int genes, Rng& rng) {
  if (!well_formed(genome)) throw std::invalid_argument("mutate: a malformed genome");
  const auto conditions = static_cast<int>(genome.conditions.size());
  std::vector<int> positions(genome.conditions.size() + genome.behaviours.size());
  std::iota(positions.begin(), positions.end(), 0);
  const int n = std::min(genes, static_cast<int>(positions.size()));
  for (int i = 0; i < n; ++i) {  // the first n of a partial Fisher-Yates shuffle
    const auto remaining =
        static_cast<std::uint32_t>(positions.size()) - static_cast<std::uint32_t>(i);
    std::swap(positions[static_cast<std::size_t>(i)],
              positions[static_cast<std::size_t>(i) + rng.below(remaining)]);
    const int p = positions[static_cast<std::size_t>(i)];
    if (p < conditions) {
      Condition& c = genome.conditions[static_cast<std::size_t>(p)];
      c = redraw(alphabet.conditions, c, rng);
    } else {
      Behaviour& b = genome.behaviours[static_cast<std::size_t>(p - conditions)];
      b = redraw(alphabet.behaviours, b, rng);
    }
  }
}

const RankChances& rank_chances(Elitism elitism) {
  switch (elitism) {
    case Elitism::normal:
      return k_normal;
    case Elitism::small:
      return k_small;
    case Elitism::slight:
      return k_slight;
  }
  return k_normal;
}

std::string_view to_string(Elitism elitism) {
  switch (elitism) {
    case Elitism::normal:
      return "normal";
    case Elitism::small:
      return "small";
    case Elitism::slight:
      return "slight";
  }
  return "normal";
}

Elitism parse_elitism(std::string_view text) {
  for (Elitism e : {Elitism::normal, Elitism::small, Elitism::slight})
    if (to_string(e) == text) return e;
  throw InputError("unknown elitism '" + std::string(text) + "' (normal, small, slight)");
}

Selection select_three(std::span<const double> fitness, Elitism elitism, Rng& rng) {
  const auto n = static_cast<std::uint32_t>(fitness.size());
  if (n < 3) throw std::invalid_argument("select_three: fewer than 3 individuals");
  Selection s;
  for (std::size_t i = 0; i < 3; ++i) {
    int pick = 0;
    do {
      pick = static_cast<int>(rng.below(n));
    } while (std::find(s.ranked.begin(), s.ranked.begin() + static_cast<std::ptrdiff_t>(i), pick) !=
             s.ranked.begin() + static_cast<std::ptrdiff_t>(i));
    s.ranked[i] = pick;
  }
  std::stable_sort(s.ranked.begin(), s.ranked.end(), [&](int a, int b) {
    return fitness[static_cast<std::size_t>(a)] > fitness[static_cast<std::size_t>(b)];
  });
  const RankChances& chances = rank_chances(elitism);
  const std::size_t breeder = rng.weighted_index(std::span<const std::uint32_t>(chances.breed));
  // The mate: one of the other two, with their breed chances.
  std::array<std::uint32_t, 2> others{};
  std::array<std::size_t, 2> other_rank{};
  for (std::size_t r = 0, k = 0; r < 3; ++r)
    if (r != breeder) {
      other_rank[k] = r;
      others[k++] = chances.breed[r];
    }
  const std::size_t mate = other_rank[rng.weighted_index(std::span<const std::uint32_t>(others))];
  const std::size_t replaced = rng.weighted_index(std::span<const std::uint32_t>(chances.replace));
  s.breeder = s.ranked[breeder];
  s.mate = s.ranked[mate];
  s.replaced = s.ranked[replaced];
  return s;
}

void check(const EvolutionParams& p) {
  check_depth(p.depth);
  if (p.population < 3 || p.population > 100000)
    throw std::invalid_argument("population outside 3-100000");
  if (p.generations < 0 || p.generations > 1000000)
    throw std::invalid_argument("generations outside 0-1000000");
  if (!(p.mutation_chance >= 0 && p.mutation_chance <= 1))
    throw std::invalid_argument("mutation_chance outside 0-1");
  if (p.mutation_genes < 1 ||
      p.mutation_genes > condition_genes(p.depth) + behaviour_genes(p.depth))
    throw std::invalid_argument("mutation_genes outside 1 to the genome's gene count");
  if (p.alphabet.conditions.empty() || p.alphabet.behaviours.empty())
    throw std::invalid_argument("an empty gene alphabet");
}

std::vector<Individual> initial_population(const EvolutionParams& params, Rng& rng) {
  check(params);
  std::vector<Individual> population(static_cast<std::size_t>(params.population));
  for (Individual& i : population)
    i.genome = random_genome(params.depth, params.alphabet, rng);
  return population;
}

std::vector<GenerationStats> evolve(
    std::vector<Individual>& population, const FitnessFn& fitness, const EvolutionParams& params,
    Rng& rng, const std::function<void(const GenerationStats&)>& on_generation) {
  check(params);
  if (population.size() != static_cast<std::size_t>(params.population))
    throw std::invalid_argument("evolve: the population does not have params.population");
  for (const Individual& i : population)
    if (!well_formed(i.genome) || i.genome.depth != params.depth)
      throw std::invalid_argument("evolve: a genome not of params.depth");
  std::vector<double> scores(population.size());
  for (std::size_t i = 0; i < population.size(); ++i)
    scores[i] = population[i].fitness = fitness(population[i].genome);
  std::vector<GenerationStats> stats{statistics(0, scores)};
  if (on_generation) on_generation(stats.back());
  for (int generation = 1; generation <= params.generations; ++generation) {
    for (std::size_t birth = 0; birth < population.size(); ++birth) {
      const Selection s = select_three(scores, params.elitism, rng);
      Genome child = crossover(population[static_cast<std::size_t>(s.breeder)].genome,
                               population[static_cast<std::size_t>(s.mate)].genome, rng);
      if (rng.chance(params.mutation_chance))
        mutate(child, params.alphabet, params.mutation_genes, rng);
      const double score = fitness(child);
      const auto r = static_cast<std::size_t>(s.replaced);
      population[r] = Individual{std::move(child), score};
      scores[r] = score;
    }
    stats.push_back(statistics(generation, scores));
    if (on_generation) on_generation(stats.back());
  }
  return stats;
}

}  // namespace yendor::ai
