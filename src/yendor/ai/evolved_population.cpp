#include "yendor/ai/evolved_population.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "yendor/core/error.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::ai {
namespace {

std::string tree_name(const std::string& population, std::size_t i) {
  return population + "[" + std::to_string(i) + "]";
}

void build_trees(EvolvedPopulation& p) {
  p.trees.clear();
  for (std::size_t i = 0; i < p.individuals.size(); ++i)
    p.trees.push_back(to_tree(p.individuals[i].genome, tree_name(p.name, i)));
}

std::string indexed(std::string_view field, std::size_t i) {
  return std::string(field) + "[" + std::to_string(i) + "]";
}

// Each element of the array `field` read by `read(node, element_field)`.
template <typename T, typename Read>
std::vector<T> read_list(const toml::node& node, const TomlWhere& where, const std::string& field,
                         Read&& read) {
  std::vector<T> out;
  const toml::array& array = as_array(where, node, field);
  for (std::size_t i = 0; i < array.size(); ++i)
    out.push_back(read(array[i], indexed(field, i)));
  return out;
}

std::vector<Condition> read_conditions(const toml::node& node, const TomlWhere& where,
                                       const std::string& field) {
  return read_list<Condition>(node, where, field, [&](const toml::node& n, const std::string& f) {
    const std::string text = as_text(where, n, f);
    try {
      return parse_condition(text);
    } catch (const InputError& e) {
      where.fail(n, f, e.what());
    }
  });
}

std::vector<Behaviour> read_behaviours(const toml::node& node, const TomlWhere& where,
                                       const std::string& field) {
  return read_list<Behaviour>(node, where, field, [&](const toml::node& n, const std::string& f) {
    const std::string text = as_text(where, n, f);
    try {
      return parse_behaviour(text);
    } catch (const InputError& e) {
      where.fail(n, f, e.what());
    }
  });
}

void check_count(const TomlWhere& where, const toml::node& node, const std::string& field,
                 std::size_t got, int expected, std::string_view rule, int depth) {
  if (got != static_cast<std::size_t>(expected))
    where.fail(node, field,
               std::to_string(expected) + " genes expected (" + std::string(rule) + " for depth " +
                   std::to_string(depth) + "), got " + std::to_string(got));
}

Individual read_genome(const toml::node& node, const TomlWhere& where, const std::string& field,
                       int depth) {
  const toml::table& table = as_table(where, node, field);
  const std::string prefix = field + ".";
  check_known(where, table, {"fitness", "conditions", "behaviours"}, prefix);
  Individual individual;
  individual.fitness =
      as_real(where, required(where, table, "fitness", prefix), prefix + "fitness",
              -std::numeric_limits<double>::max(), std::numeric_limits<double>::max());
  Genome& g = individual.genome;
  g.depth = depth;
  const toml::node& conditions = required(where, table, "conditions", prefix);
  g.conditions = read_conditions(conditions, where, prefix + "conditions");
  check_count(where, conditions, prefix + "conditions", g.conditions.size(), condition_genes(depth),
              "2^depth - 1", depth);
  const toml::node& behaviours = required(where, table, "behaviours", prefix);
  g.behaviours = read_behaviours(behaviours, where, prefix + "behaviours");
  check_count(where, behaviours, prefix + "behaviours", g.behaviours.size(), behaviour_genes(depth),
              "2^depth", depth);
  return individual;
}

// ---- writing ----

std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      constexpr char k_hex[] = "0123456789abcdef";
      out += "\\u00";
      out += k_hex[(c >> 4) & 0xf];
      out += k_hex[c & 0xf];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string key(std::string_view name) {
  const bool bare = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
  return bare ? std::string(name) : quoted(name);
}

std::string real(double v) {
  if (!std::isfinite(v)) throw std::invalid_argument("a fitness or chance that is not finite");
  return yendor::to_string(ParamValue{v});
}

template <typename T, typename Text>
std::string text_list(const std::vector<T>& values, Text&& text) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i)
    out += (i == 0 ? "" : ", ") + quoted(text(values[i]));
  return out + "]";
}

std::string conditions_text(const std::vector<Condition>& cs) {
  return text_list(cs, [](const Condition& c) { return to_string(c); });
}

std::string behaviours_text(const std::vector<Behaviour>& bs) {
  return text_list(bs, [](Behaviour b) { return std::string(to_string(b)); });
}

}  // namespace

EvolvedPopulation make_evolved_population(std::string name, std::vector<Individual> individuals,
                                          const EvolutionParams& run, std::string seed) {
  if (individuals.empty()) throw std::invalid_argument("an evolved population of no genome");
  for (const Individual& i : individuals)
    if (!well_formed(i.genome) || i.genome.depth != run.depth)
      throw std::invalid_argument("an evolved genome not of the run's depth");
  std::stable_sort(individuals.begin(), individuals.end(),
                   [](const Individual& a, const Individual& b) { return a.fitness > b.fitness; });
  EvolvedPopulation p;
  p.name = std::move(name);
  p.seed = std::move(seed);
  p.run = run;
  p.individuals = std::move(individuals);
  build_trees(p);
  return p;
}

EvolvedPopulation parse_evolved_population(const toml::table& table, const TomlWhere& where,
                                           const std::string& name) {
  check_known(
      where, table,
      {"summary", "measured", "depth", "seed", "population", "generations", "elitism",
       "mutation_chance", "mutation_genes", "gene_conditions", "gene_behaviours", "genome"});
  EvolvedPopulation p;
  p.name = name;
  EvolutionParams& run = p.run;
  if (const toml::node* n = table.get("summary")) p.summary = as_text(where, *n, "summary");
  if (const toml::node* n = table.get("measured")) p.measured = as_text(where, *n, "measured");
  run.depth = as_int(where, required(where, table, "depth"), "depth", k_min_genome_depth,
                     k_max_genome_depth);
  if (const toml::node* n = table.get("seed")) {  // text; a plain integer is accepted
    if (n->is_integer())
      p.seed = std::to_string(n->as_integer()->get());
    else
      p.seed = as_text(where, *n, "seed");
  }
  if (const toml::node* n = table.get("population"))
    run.population = as_int(where, *n, "population", 3, 100000);
  if (const toml::node* n = table.get("generations"))
    run.generations = as_int(where, *n, "generations", 0, 1000000);
  if (const toml::node* n = table.get("elitism")) {
    const std::string text = as_text(where, *n, "elitism");
    try {
      run.elitism = parse_elitism(text);
    } catch (const InputError& e) {
      where.fail(*n, "elitism", e.what());
    }
  }
  if (const toml::node* n = table.get("mutation_chance"))
    run.mutation_chance = as_chance(where, *n, "mutation_chance");
  if (const toml::node* n = table.get("mutation_genes"))
    run.mutation_genes = as_int(where, *n, "mutation_genes", 1,
                                condition_genes(run.depth) + behaviour_genes(run.depth));
  if (const toml::node* n = table.get("gene_conditions")) {
    run.alphabet.conditions = read_conditions(*n, where, "gene_conditions");
    if (run.alphabet.conditions.empty()) where.fail(*n, "gene_conditions", "empty");
  }
  if (const toml::node* n = table.get("gene_behaviours")) {
    run.alphabet.behaviours = read_behaviours(*n, where, "gene_behaviours");
    if (run.alphabet.behaviours.empty()) where.fail(*n, "gene_behaviours", "empty");
  }
  const toml::node& genomes = required(where, table, "genome");
  p.individuals = read_list<Individual>(genomes, where, "genome",
                                        [&](const toml::node& n, const std::string& f) {
                                          return read_genome(n, where, f, run.depth);
                                        });
  if (p.individuals.empty()) where.fail(genomes, "genome", "at least one genome expected");
  build_trees(p);
  return p;
}

std::string write_evolved_population(const EvolvedPopulation& p) {
  const std::string header = "evolved." + key(p.name);
  const EvolutionParams& run = p.run;
  std::string out = "[" + header + "]\n";
  if (!p.summary.empty()) out += "summary = " + quoted(p.summary) + "\n";
  if (!p.measured.empty()) out += "measured = " + quoted(p.measured) + "\n";
  out += "depth = " + std::to_string(run.depth) + "\n";
  if (!p.seed.empty()) out += "seed = " + quoted(p.seed) + "\n";
  out += "population = " + std::to_string(run.population) + "\n";
  out += "generations = " + std::to_string(run.generations) + "\n";
  out += "elitism = " + quoted(to_string(run.elitism)) + "\n";
  out += "mutation_chance = " + real(run.mutation_chance) + "\n";
  out += "mutation_genes = " + std::to_string(run.mutation_genes) + "\n";
  out += "gene_conditions = " + conditions_text(run.alphabet.conditions) + "\n";
  out += "gene_behaviours = " + behaviours_text(run.alphabet.behaviours) + "\n";
  for (const Individual& i : p.individuals) {
    out += "\n[[" + header + ".genome]]\n";
    out += "fitness = " + real(i.fitness) + "\n";
    out += "conditions = " + conditions_text(i.genome.conditions) + "\n";
    out += "behaviours = " + behaviours_text(i.genome.behaviours) + "\n";
  }
  return out;
}

}  // namespace yendor::ai
