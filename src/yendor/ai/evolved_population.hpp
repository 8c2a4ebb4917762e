#pragma once
// The "[evolved.NAME]" entries of data/ai/*.toml: the decision trees an offline genetic run
// (`yendor evolve-monsters`, tree_genetics.hpp) wrote, each with its fitness, and the run's
// parameters. The genetic brain runs them (one genome per monster).
//
//   [evolved.orc]
//   summary = "..."                 (optional)
//   measured = "damage dealt ..."   (optional: what the fitness counted)
//   depth = 2                       (required: the gene map's depth D)
//   seed = "42"                     (optional from here on: the run's parameters; --seed text)
//   population = 24
//   generations = 40
//   elitism = "normal"              (normal, small, slight: Table 4.2)
//   mutation_chance = 0.3
//   mutation_genes = 1
//   gene_conditions = ["sees_player", ...]   (the alphabet the run drew from)
//   gene_behaviours = ["attack", ...]
//
//   [[evolved.orc.genome]]          (one or more)
//   fitness = 17.5
//   conditions = ["adjacent_player", "always", "sees_player"]  (2^D - 1, pre-order)
//   behaviours = ["attack", "attack", "chase", "wander"]        (2^D, left to right)
#include <toml++/toml.h>

#include <string>
#include <vector>

#include "yendor/ai/decision_tree.hpp"
#include "yendor/ai/tree_genetics.hpp"
#include "yendor/core/toml_where.hpp"

namespace yendor::ai {

struct EvolvedPopulation {
  std::string name;
  std::string summary;
  std::string measured;                 // what the run's fitness counted
  std::string seed;                     // the run's seed as it was given (a number or any text)
  EvolutionParams run;                  // depth, population, generations, elitism, ...
  std::vector<Individual> individuals;  // as written (the writer puts the fittest first)
  std::vector<DecisionTree> trees;      // individuals[i].genome as a tree, built at load
  bool operator==(const EvolvedPopulation&) const = default;
};

// A population from a run's result: `individuals` sorted fittest first (stable), trees built.
// Throws std::invalid_argument when a genome is not of run.depth or there is none.
EvolvedPopulation make_evolved_population(std::string name, std::vector<Individual> individuals,
                                          const EvolutionParams& run, std::string seed);

// Reads one "[evolved.NAME]" entry; errors through `where` (file, line, field).
EvolvedPopulation parse_evolved_population(const toml::table& table, const TomlWhere& where,
                                           const std::string& name);

// The entry as TOML text that parse_evolved_population reads back to an equal population.
// Throws std::invalid_argument on a fitness that is not finite.
std::string write_evolved_population(const EvolvedPopulation& population);

}  // namespace yendor::ai
