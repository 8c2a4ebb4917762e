#include "yendor/cli/bot_command.hpp"

#include <chrono>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <thread>

#include "yendor/api/bots/dd_match.hpp"
#include "yendor/api/bots/play_games.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/cli/bot_main.hpp"
#include "yendor/cli/gen_command.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/dd/text.hpp"

namespace yendor::cli {

namespace {

using api::bots::DdGameResult;

void print_list(std::ostream& out, bool markdown) {
  const auto bots = api::bots::builtin_bots().all();
  if (markdown) {
    out << "| bot | rules | what it does | source |\n| --- | --- | --- | --- |\n";
    for (const auto* b : bots)
      out << "| `" << b->info().name << "` | " << b->info().rules << " | " << b->info().summary
          << " | " << b->info().source << " |\n";
    for (const auto* b : bots)
      if (!b->info().schema.specs().empty()) {
        out << "\n`" << b->info().name << "` parameters:\n\n";
        print_schema_table(b->info().schema, out);
      }
    return;
  }
  for (const auto* b : bots) {
    out << b->info().name << " (rules: " << b->info().rules << ")\n  " << b->info().summary << "\n";
    print_schema_lines(b->info().schema, out);
  }
}

std::string csv_text(const std::vector<DdGameResult>& results) {
  std::string out =
      "seed,outcome,level,xp,turns,kills,explored,health_potions_used,mana_potions_used,"
      "health_potions_left,mana_potions_left,health_left,killer_level,fitness\n";
  for (const DdGameResult& r : results) {
    out += std::to_string(r.seed) + "," + std::string(dd::to_string(r.outcome)) + "," +
           std::to_string(r.level) + "," + std::to_string(r.xp) + "," + std::to_string(r.turns) +
           "," + std::to_string(r.kills) + "," + std::to_string(r.explored) + "," +
           std::to_string(r.health_potions_used) + "," + std::to_string(r.mana_potions_used) + "," +
           std::to_string(r.health_potions_left) + "," + std::to_string(r.mana_potions_left) + "," +
           std::to_string(r.health_left) + "," + std::to_string(r.killer_level) + "," +
           std::to_string(r.fitness) + "\n";
  }
  return out;
}

void draw_frame(const api::DdEnv& env, const std::string& title, bool clear, std::ostream& out) {
  if (clear) out << "\x1b[H\x1b[2J";
  out << title << "  action " << env.state().tally.actions << "\n";
  for (const std::string& line : dd::map_lines(env.state()))
    out << "|" << line << "|\n";
  out << dd::status_line(env.state(), env.content()) << "\n";
  if (env.last_refusal() != dd::Refusal::none)
    out << "refused: " << dd::to_string(env.last_refusal()) << "\n";
  out << std::flush;
}

}  // namespace

int run_bot(const BotCommandOptions& o, std::ostream& out, std::ostream& log) {
  if (o.bot == "list") {
    print_list(out, o.markdown);
    return 0;
  }
  if (o.bot.empty()) throw InputError("bot needs a bot name ('yendor bot list' lists them)");
  if (o.rules != "dd" && o.rules != "main")
    throw InputError("bot: unknown rules '" + o.rules + "' (known: dd, main)");
  if (o.games < 1) throw InputError("bot: --games must be at least 1");
  if (o.threads < 1 || o.threads > 256) throw InputError("bot: --threads must be 1 to 256");
  if (o.action_limit < 0) throw InputError("bot: --action-limit must be at least 1");
  if (o.rules == "main") return run_main_bot(o, out, log);
  const int action_limit = o.action_limit > 0 ? o.action_limit : api::bots::k_default_action_limit;
  const auto content = std::make_shared<const dd::Content>(
      dd::load_content(o.content.empty() ? dd::default_content_dir() : o.content));
  api::DdEnvOptions env_options;
  env_options.setup.race = o.race;
  env_options.setup.hero_class = o.hero_class;
  env_options.setup.generator = o.generator;
  env_options.require_winnable = o.require_winnable;
  api::validate(env_options, *content);
  std::vector<std::string> sets = o.sets;
  if (!o.genome.empty()) sets.push_back("genome=" + o.genome);
  const api::bots::BotFactory& factory = api::bots::builtin_bots().get(o.bot);
  const ParamSet params = factory.info().schema.parse(factory.info().name, parse_sets(sets));
  (void)factory.make_dd(params, *content);  // bad parameters fail before any game
  const std::uint64_t first = parse_seed(o.seed).value;
  const std::string title = "bot " + o.bot + ", " + o.race + " " + o.hero_class + ", rules dd" +
                            (o.generator.empty() ? "" : ", generator " + o.generator) +
                            (o.require_winnable ? ", winnable levels" : "");

  if (o.watch) {
    api::DdEnv env(content, env_options);
    auto bot = factory.make_dd(params, *content);
    const int delay = o.delay_ms >= 0 ? o.delay_ms : (o.terminal ? 80 : 0);
    const auto frame = [&](const api::DdEnv& e, const api::StepResult&) {
      draw_frame(e, title + ", seed " + std::to_string(first), o.terminal, out);
      if (delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
    };
    const DdGameResult r = api::bots::play_dd_game(env, *bot, first, action_limit, frame);
    out << "game over: " << dd::to_string(r.outcome) << " at level " << r.level << ", " << r.xp
        << " experience, " << r.turns << " turns\n";
    return 0;
  }

  // Game i plays seed first + i; games go round the threads by index (play_games), so the
  // results do not depend on the thread count.
  std::vector<std::uint64_t> seeds;
  for (int i = 0; i < o.games; ++i)
    seeds.push_back(first + static_cast<std::uint64_t>(i));
  const auto started = std::chrono::steady_clock::now();
  const std::vector<DdGameResult> results = api::bots::play_games<DdGameResult>(
      seeds, o.threads, [&] { return api::DdEnv(content, env_options); },
      [&] { return factory.make_dd(params, *content); },
      [&](api::DdEnv& env, api::bots::DdBot& bot, std::uint64_t seed) {
        return api::bots::play_dd_game(env, bot, seed, action_limit);
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const api::bots::DdMatchSummary m = api::bots::summarize(results);
  out << title << ": " << m.games << " games, seeds " << first << "-"
      << first + static_cast<std::uint64_t>(o.games - 1) << "\n";
  out << "wins " << m.wins << " (" << percent_text(m.wins, m.games) << "), deaths " << m.deaths
      << ", gave up " << m.gave_up << ", cut at the action limit " << m.cut << "\n";
  out << std::fixed << std::setprecision(1) << "mean experience " << m.mean_xp << ", level "
      << m.mean_level << ", turns " << m.mean_turns << ", health potions used "
      << m.mean_health_potions_used << ", mana potions used " << m.mean_mana_potions_used
      << ", fitness " << m.mean_fitness << "\n";
  log << std::fixed << std::setprecision(2) << "(" << seconds << " s, "
      << (seconds > 0 ? m.games / seconds : 0.0) << " games/s)\n";
  if (!o.csv.empty()) write_file_atomic(o.csv, csv_text(results));
  return 0;
}

}  // namespace yendor::cli
