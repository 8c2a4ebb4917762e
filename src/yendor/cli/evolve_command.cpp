#include "yendor/cli/evolve_command.hpp"

#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>

#include "yendor/api/bots/evolution.hpp"
#include "yendor/cli/mpi_cluster.hpp"
#include "yendor/cli/progress.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/seed.hpp"

namespace yendor::cli {

namespace {

std::string generation_line(const api::bots::GenerationRecord& r, int generations, int runs) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(0) << "generation " << r.generation + 1 << "/" << generations
    << ": best " << r.best << " (won " << r.best_wins << " of " << runs << "), mean " << r.mean;
  return s.str();
}

}  // namespace

int run_evolve(const EvolveCommandOptions& o, std::ostream& out, std::ostream& log) {
  std::shared_ptr<const api::bots::EvolutionRules> rules;
  if (o.rules == "dd")
    rules = api::bots::dd_evolution_rules(std::make_shared<const dd::Content>(
        dd::load_content(o.content.empty() ? dd::default_content_dir() : o.content)));
  else if (o.rules == "main")
    rules = api::bots::main_evolution_rules(std::make_shared<const game::Content>(
        game::load_content(o.content.empty() ? game::default_content_dir() : o.content)));
  else
    throw InputError("evolve: unknown rules '" + o.rules + "' (known: dd, main)");
  if (o.threads < 1 || o.threads > 256) throw InputError("evolve: --threads must be 1 to 256");
  if (o.stop_after < 0) throw InputError("evolve: --stop-after must not be negative");
  std::unique_ptr<api::bots::Cluster> cluster = make_cluster();
  const bool leader = cluster->rank() == 0;

  std::unique_ptr<api::bots::Evolution> evolution;
  if (!o.resume.empty()) {
    std::string text;
    try {
      text = read_file(o.resume);
    } catch (const Error& e) {
      throw InputError(o.resume + ": cannot read the checkpoint (" + e.what() + ")");
    }
    evolution = std::make_unique<api::bots::Evolution>(
        api::bots::Evolution::from_checkpoint(rules, text, o.resume, o.threads));
  } else {
    api::bots::EvolutionOptions e;
    e.population = o.population;
    e.generations = o.generations;
    e.runs = o.runs;
    e.elites = o.elites;
    e.mutation_rate = o.mutation_rate;
    e.smart_share = o.smart_share;
    e.validate_games = o.validate_games;
    e.seed = parse_seed(o.seed).value;
    e.setup.race = o.race;
    e.setup.hero_class = o.hero_class;
    e.setup.generator = o.generator;
    e.action_limit = o.action_limit;
    e.threads = o.threads;
    evolution = std::make_unique<api::bots::Evolution>(rules, e);
  }
  const api::bots::EvolutionOptions& e = evolution->options();
  if (leader) {
    out << "evolve: rules " << rules->name();
    if (rules->name() == "dd") out << ", " << e.setup.race << " " << e.setup.hero_class;
    if (!e.setup.generator.empty()) out << ", generator " << e.setup.generator;
    out << ", population " << e.population << ", " << e.generations << " generations, " << e.runs
        << (e.runs == 1 ? " game" : " games") << " each, seed " << e.seed << ", "
        << cluster->ranks() << " rank" << (cluster->ranks() == 1 ? "" : "s") << " x " << e.threads
        << " thread" << (e.threads == 1 ? "" : "s") << "\n";
    if (!o.resume.empty()) out << "resumed at generation " << evolution->generation() + 1 << "\n";
    out << std::flush;
  }
  {
    std::ostringstream quiet;
    Progress progress(leader ? log : quiet, o.terminal && leader, "evolve",
                      static_cast<double>(e.generations));
    progress.advance(evolution->generation());
    int ran = 0;
    while (!evolution->done()) {
      if (o.stop_after > 0 && ran == o.stop_after) {
        if (leader)
          out << "stopped after " << ran << " generations; resume with --resume " << o.checkpoint
              << "\n";
        return 0;
      }
      progress.running("generation " + std::to_string(evolution->generation() + 1));
      const api::bots::GenerationRecord& r = evolution->step(*cluster);
      ++ran;
      const std::string line = generation_line(r, e.generations, e.runs);
      if (leader) {
        write_file_atomic(o.checkpoint, evolution->checkpoint());
        out << line << "\n" << std::flush;
      }
      progress.advance(1);
    }
  }
  const api::bots::EvolutionChoice choice = evolution->choose(*cluster);
  if (leader) {
    write_file_atomic(o.output, rules->genome_text(choice.genes));
    const bool ever = choice.candidate == static_cast<int>(evolution->history().size());
    out << std::fixed << std::setprecision(1) << "chosen: "
        << (ever ? std::string("the best ever")
                 : "generation " + std::to_string(choice.candidate + 1) + "'s best")
        << ", won " << choice.wins << " of " << e.validate_games << " new games ("
        << 100.0 * choice.wins / e.validate_games << " %), mean fitness " << choice.mean_fitness
        << "\nwritten to " << o.output << " (play it: yendor bot evolved --rules " << rules->name()
        << " --genome " << o.output << ")\n";
  }
  return 0;
}

}  // namespace yendor::cli
