#include "yendor/api/bots/evolution.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

#include "yendor/api/bots/play_games.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {

namespace {

using json = nlohmann::json;
constexpr std::string_view k_format = "yendor-evolution";
constexpr int k_version = 2;

// Runs f(i) for the items 0..n-1 this rank owns, over `threads` threads (items by stride).
template <typename F>
void for_owned(int n, const Cluster& cluster, int threads, F f) {
  std::vector<int> mine;
  for (int i = 0; i < n; ++i)
    if (cluster.owns(i)) mine.push_back(i);
  const auto work = [&](int t) {
    for (std::size_t k = static_cast<std::size_t>(t); k < mine.size();
         k += static_cast<std::size_t>(threads))
      f(mine[k]);
  };
  run_on_threads(threads, work);
}

json options_json(const EvolutionOptions& o) {
  return json{{"population", o.population},
              {"generations", o.generations},
              {"runs", o.runs},
              {"elites", o.elites},
              {"mutation_rate", o.mutation_rate},
              {"mutation_size", o.mutation_size},
              {"smart_share", o.smart_share},
              {"validate_games", o.validate_games},
              {"action_limit", o.action_limit},
              {"seed", o.seed},
              {"race", o.setup.race},
              {"class", o.setup.hero_class},
              {"generator", o.setup.generator}};
}

EvolutionOptions options_from(const json& j) {
  EvolutionOptions o;
  o.population = j.at("population").get<int>();
  o.generations = j.at("generations").get<int>();
  o.runs = j.at("runs").get<int>();
  o.elites = j.at("elites").get<int>();
  o.mutation_rate = j.at("mutation_rate").get<double>();
  o.mutation_size = j.at("mutation_size").get<double>();
  o.smart_share = j.at("smart_share").get<double>();
  o.validate_games = j.at("validate_games").get<int>();
  o.action_limit = j.at("action_limit").get<int>();
  o.seed = j.at("seed").get<std::uint64_t>();
  o.setup.race = j.at("race").get<std::string>();
  o.setup.hero_class = j.at("class").get<std::string>();
  o.setup.generator = j.at("generator").get<std::string>();
  return o;
}

}  // namespace

double clamp_gene_value(GeneKind kind, double v, int count_max) {
  switch (kind) {
    case GeneKind::priority:
    case GeneKind::share:
      return std::clamp(v, 0.0, 1.0);
    case GeneKind::flag:
      return v >= 0.5 ? 1.0 : 0.0;
    case GeneKind::count:
      return std::clamp(std::round(v), 0.0, static_cast<double>(count_max));
  }
  return v;
}

void validate(const EvolutionOptions& o, const EvolutionRules& rules) {
  const auto need = [](bool ok, const std::string& what) {
    if (!ok) throw InputError("evolve: " + what);
  };
  need(o.population >= 2 && o.population <= 100000, "population must be 2 to 100000");
  need(o.generations >= 1 && o.generations <= 100000, "generations must be 1 to 100000");
  need(o.runs >= 1 && o.runs <= 1000, "runs must be 1 to 1000");
  need(o.elites >= 0 && o.elites < o.population, "elites must be 0 to population - 1");
  need(o.mutation_rate >= 0 && o.mutation_rate <= 1, "mutation rate must be 0 to 1");
  need(o.mutation_size >= 0 && o.mutation_size <= 1, "mutation size must be 0 to 1");
  need(o.smart_share >= 0 && o.smart_share <= 1, "smart mutation share must be 0 to 1");
  need(o.validate_games >= 1 && o.validate_games <= 1000000, "validate games must be 1 to 1000000");
  need(o.action_limit >= 0, "the action limit must not be negative");
  need(o.threads >= 1 && o.threads <= 256, "threads must be 1 to 256");
  rules.validate(o.setup);
}

Evolution::Evolution(std::shared_ptr<const EvolutionRules> rules, const EvolutionOptions& options)
    : rules_(std::move(rules)), options_(options), rng_(Rng::for_stream(options.seed, "evolve")) {
  validate(options_, *rules_);
  for (int i = 0; i < options_.population; ++i)
    population_.push_back(random_genes());
}

std::vector<double> Evolution::random_genes() {
  const int n = rules_->gene_count();
  std::vector<double> genes(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    switch (rules_->gene_kind(i)) {
      case GeneKind::priority:
      case GeneKind::share:
        genes[static_cast<std::size_t>(i)] = rng_.unit();
        break;
      case GeneKind::flag:
        genes[static_cast<std::size_t>(i)] = rng_.chance(0.6) ? 1 : 0;
        break;
      case GeneKind::count:
        genes[static_cast<std::size_t>(i)] = rng_.range(0, std::min(3, rules_->count_max(i)));
        break;
    }
  }
  return genes;
}

template <typename SeedOf>
std::pair<double, int> Evolution::play_runs(const std::vector<double>& genes, int runs,
                                            SeedOf seed_of) const {
  double fitness = 0;
  int won = 0;
  for (int r = 0; r < runs; ++r) {
    const RunScore s = rules_->play(genes, options_.setup, seed_of(r), options_.action_limit);
    fitness += s.fitness;
    won += s.won ? 1 : 0;
  }
  return {fitness, won};
}

std::uint64_t Evolution::game_seed(int generation, int run) const {
  return Rng::stream_seed(
      options_.seed, "evolve.games",
      static_cast<std::uint64_t>(generation) * static_cast<std::uint64_t>(options_.runs) +
          static_cast<std::uint64_t>(run));
}

std::vector<double> Evolution::measure(const std::vector<std::vector<double>>& population,
                                       Cluster& cluster, std::vector<int>* wins) const {
  const int n = static_cast<int>(population.size());
  std::vector<double> values(static_cast<std::size_t>(2 * n), 0.0);  // fitness, then wins
  for_owned(n, cluster, options_.threads, [&](int i) {
    const auto [fitness, won] = play_runs(population[static_cast<std::size_t>(i)], options_.runs,
                                          [&](int r) { return game_seed(generation_, r); });
    values[static_cast<std::size_t>(i)] = fitness;
    values[static_cast<std::size_t>(n + i)] = won;
  });
  cluster.share(values);
  if (wins != nullptr) {
    wins->clear();
    for (int i = 0; i < n; ++i)
      wins->push_back(static_cast<int>(values[static_cast<std::size_t>(n + i)]));
  }
  values.resize(static_cast<std::size_t>(n));
  return values;
}

const GenerationRecord& Evolution::step(Cluster& cluster) {
  if (done()) throw std::logic_error("Evolution::step after the last generation");
  std::vector<int> wins;
  const std::vector<double> fitness = measure(population_, cluster, &wins);
  GenerationRecord record;
  record.generation = generation_;
  const auto best =
      static_cast<std::size_t>(std::max_element(fitness.begin(), fitness.end()) - fitness.begin());
  record.best = fitness[best];
  for (double f : fitness)
    record.mean += f;
  record.mean /= static_cast<double>(fitness.size());
  record.best_wins = wins[best];
  record.best_genes = population_[best];
  if (record.best > best_ever_fitness_) {
    best_ever_fitness_ = record.best;
    best_ever_ = record.best_genes;
  }
  history_.push_back(record);
  ++generation_;
  if (!done()) breed(fitness);
  return history_.back();
}

void Evolution::breed(const std::vector<double>& fitness) {
  const std::size_t n = population_.size();
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return fitness[a] > fitness[b]; });
  std::vector<std::vector<double>> next;
  for (int e = 0; e < options_.elites; ++e)
    next.push_back(population_[order[static_cast<std::size_t>(e)]]);
  const bool any = std::any_of(fitness.begin(), fitness.end(), [](double f) { return f > 0; });
  const auto pick = [&]() -> std::size_t {  // roulette: chance proportional to fitness
    if (!any) return rng_.below(static_cast<std::uint32_t>(n));
    return rng_.weighted_index(std::span<const double>(fitness));
  };
  while (next.size() < n) {
    const std::size_t a = pick(), b = pick();
    const std::vector<double>& pa = population_[a];
    const std::vector<double>& pb = population_[b];
    std::vector<double> child(pa);
    // One- or two-point crossover over all genes...
    const int gene_count = rules_->gene_count();
    const int first = rng_.range(1, gene_count - 1);
    const int last = rng_.chance(0.5) ? gene_count : rng_.range(first, gene_count);
    for (int g = first; g < last; ++g)
      child[static_cast<std::size_t>(g)] = pb[static_cast<std::size_t>(g)];
    // ...and the weighted average for the priorities, by the parents' fitness.
    const double total = fitness[a] + fitness[b];
    const double wa = total > 0 ? fitness[a] / total : 0.5;
    for (int g = 0; g < rules_->priority_genes(); ++g)
      child[static_cast<std::size_t>(g)] =
          wa * pa[static_cast<std::size_t>(g)] + (1 - wa) * pb[static_cast<std::size_t>(g)];
    // Small-change mutation.
    for (int g = 0; g < gene_count; ++g) {
      if (!rng_.chance(options_.mutation_rate)) continue;
      double& v = child[static_cast<std::size_t>(g)];
      switch (rules_->gene_kind(g)) {
        case GeneKind::priority:
        case GeneKind::share:
          v = std::clamp(v + rng_.real(-options_.mutation_size, options_.mutation_size), 0.0, 1.0);
          break;
        case GeneKind::flag:
          v = v > 0.5 ? 0 : 1;
          break;
        case GeneKind::count:
          v = std::clamp(v + (rng_.chance(0.5) ? 1 : -1), 0.0,
                         static_cast<double>(rules_->count_max(g)));
          break;
      }
    }
    // The ruleset's smart mutation.
    if (rng_.chance(options_.smart_share)) rules_->smart_mutation(child);
    next.push_back(std::move(child));
  }
  population_ = std::move(next);
}

EvolutionChoice Evolution::choose(Cluster& cluster) const {
  std::vector<std::vector<double>> candidates;
  for (const GenerationRecord& r : history_)
    candidates.push_back(r.best_genes);
  candidates.push_back(best_ever_);
  const int n = static_cast<int>(candidates.size());
  std::vector<double> values(static_cast<std::size_t>(2 * n), 0.0);
  for_owned(n, cluster, options_.threads, [&](int i) {
    const auto [fitness, won] =
        play_runs(candidates[static_cast<std::size_t>(i)], options_.validate_games, [&](int k) {
          return Rng::stream_seed(options_.seed, "evolve.validate", static_cast<std::uint64_t>(k));
        });
    values[static_cast<std::size_t>(i)] = won;
    values[static_cast<std::size_t>(n + i)] = fitness / options_.validate_games;
  });
  cluster.share(values);
  int best = 0;
  for (int i = 1; i < n; ++i) {
    const auto w = [&](int k) { return values[static_cast<std::size_t>(k)]; };
    const auto f = [&](int k) { return values[static_cast<std::size_t>(n + k)]; };
    if (w(i) > w(best) || (w(i) == w(best) && f(i) > f(best))) best = i;
  }
  EvolutionChoice choice;
  choice.genes = candidates[static_cast<std::size_t>(best)];
  choice.candidate = best;
  choice.wins = static_cast<int>(values[static_cast<std::size_t>(best)]);
  choice.mean_fitness = values[static_cast<std::size_t>(n + best)];
  return choice;
}

std::string Evolution::checkpoint() const {
  json history = json::array();
  for (const GenerationRecord& r : history_)
    history.push_back({{"generation", r.generation},
                       {"best", r.best},
                       {"mean", r.mean},
                       {"best_wins", r.best_wins},
                       {"best_genes", r.best_genes}});
  json rng = json::array();
  for (std::uint64_t w : rng_.state())
    rng.push_back(w);
  const json j{{"format", k_format},
               {"version", k_version},
               {"rules", rules_->name()},
               {"content_hash", rules_->content_hash()},
               {"options", options_json(options_)},
               {"generation", generation_},
               {"rng", rng},
               {"population", population_},
               {"history", history},
               {"best_ever", {{"fitness", best_ever_fitness_}, {"genes", best_ever_}}}};
  return j.dump(1) + "\n";
}

Evolution Evolution::from_checkpoint(std::shared_ptr<const EvolutionRules> rules,
                                     std::string_view text, const std::string& file, int threads) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw InputError(file + ": not an evolution checkpoint (" + e.what() + ")");
  }
  try {
    if (j.at("format").get<std::string>() != k_format || j.at("version").get<int>() != k_version)
      throw InputError(file + ": not a version " + std::to_string(k_version) +
                       " evolution checkpoint");
    const std::string made_for = j.at("rules").get<std::string>();
    if (made_for != rules->name())
      throw InputError(file + ": a checkpoint of rules " + made_for + ", not " +
                       std::string(rules->name()));
    if (j.at("content_hash").get<std::uint64_t>() != rules->content_hash())
      throw InputError(file + ": made with other " + made_for + " content (its hash differs)");
    EvolutionOptions o = options_from(j.at("options"));
    o.threads = threads;
    Evolution e(rules, o);
    e.generation_ = j.at("generation").get<int>();
    Rng::State state{};
    const json& rng = j.at("rng");
    if (!rng.is_array() || rng.size() != state.size()) throw InputError(file + ": bad rng state");
    for (std::size_t i = 0; i < state.size(); ++i)
      state[i] = rng[i].get<std::uint64_t>();
    e.rng_.set_state(state);
    e.population_ = j.at("population").get<std::vector<std::vector<double>>>();
    if (static_cast<int>(e.population_.size()) != o.population)
      throw InputError(file + ": the population has the wrong size");
    for (const auto& genes : e.population_)
      if (genes.size() != static_cast<std::size_t>(rules->gene_count()))
        throw InputError(file + ": a genome has the wrong number of genes");
    for (const json& r : j.at("history")) {
      GenerationRecord record;
      record.generation = r.at("generation").get<int>();
      record.best = r.at("best").get<double>();
      record.mean = r.at("mean").get<double>();
      record.best_wins = r.at("best_wins").get<int>();
      record.best_genes = r.at("best_genes").get<std::vector<double>>();
      e.history_.push_back(std::move(record));
    }
    e.best_ever_fitness_ = j.at("best_ever").at("fitness").get<double>();
    e.best_ever_ = j.at("best_ever").at("genes").get<std::vector<double>>();
    if (e.generation_ < 0 || e.generation_ > o.generations ||
        static_cast<int>(e.history_.size()) != e.generation_)
      throw InputError(file + ": the generation count does not match its history");
    return e;
  } catch (const json::exception& e) {
    throw InputError(file + ": a broken evolution checkpoint (" + e.what() + ")");
  }
}

}  // namespace yendor::api::bots
