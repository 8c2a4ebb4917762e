#include "yendor/cli/bot_main.hpp"

#include <chrono>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <thread>

#include "yendor/api/bots/main_match.hpp"
#include "yendor/api/bots/play_games.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/api/text_view.hpp"
#include "yendor/cli/gen_command.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/seed.hpp"

namespace yendor::cli {

namespace {

using api::bots::MainGameResult;

std::string csv_field(const std::string& text) {
  std::string out = "\"";
  for (const char c : text)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_text(const std::vector<MainGameResult>& results) {
  std::string out = "seed,outcome,deepest,level,xp,turns,kills,score,cause\n";
  for (const MainGameResult& r : results)
    out += std::to_string(r.seed) + "," + std::string(game::to_string(r.outcome)) + "," +
           std::to_string(r.deepest) + "," + std::to_string(r.level) + "," + std::to_string(r.xp) +
           "," + std::to_string(r.turns) + "," + std::to_string(r.kills) + "," +
           std::to_string(r.score) + "," + csv_field(r.cause) + "\n";
  return out;
}

}  // namespace

std::string percent_text(int part, int whole) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(2) << (whole == 0 ? 0.0 : 100.0 * part / whole) << " %";
  return s.str();
}

int run_main_bot(const BotCommandOptions& o, std::ostream& out, std::ostream& log) {
  if (o.require_winnable)
    throw InputError("bot: --require-winnable is for the dd rules (rules main: no such mode)");
  if (o.race != "human" || o.hero_class != "fighter")
    throw InputError("bot: --race and --class are for the dd rules (the main rules have none)");
  const int action_limit =
      o.action_limit > 0 ? o.action_limit : api::bots::k_default_main_action_limit;
  const auto content = std::make_shared<const game::Content>(
      game::load_content(o.content.empty() ? game::default_content_dir() : o.content));
  api::EnvOptions env_options;
  env_options.setup.generator = o.generator;
  env_options.name = "Bot";
  api::validate(env_options);
  std::vector<std::string> sets = o.sets;
  if (!o.genome.empty()) sets.push_back("genome=" + o.genome);
  const api::bots::BotFactory& factory = api::bots::builtin_bots().get(o.bot);
  const ParamSet params = factory.info().schema.parse(factory.info().name, parse_sets(sets));
  (void)factory.make_main(params, *content);  // bad parameters fail before any game
  const std::uint64_t first = parse_seed(o.seed).value;
  const std::string title =
      "bot " + o.bot + ", rules main" + (o.generator.empty() ? "" : ", generator " + o.generator);

  if (o.watch) {
    api::Env env(content, env_options);
    auto bot = factory.make_main(params, *content);
    const int delay = o.delay_ms >= 0 ? o.delay_ms : (o.terminal ? 40 : 0);
    const auto frame = [&](const api::Env& e, const api::StepResult&) {
      if (o.terminal) out << "\x1b[H\x1b[2J";
      out << title << ", seed " << first << "  step " << e.steps() << "\n"
          << api::render_text(e.game(), e.observation()) << std::flush;
      if (delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
    };
    const MainGameResult r = api::bots::play_main_game(env, *bot, first, action_limit, frame);
    out << "game over: " << game::to_string(r.outcome) << " on level " << r.deepest << ", " << r.xp
        << " experience, " << r.turns << " turns" << (r.cause.empty() ? "" : ": ") << r.cause
        << "\n";
    return 0;
  }

  std::vector<std::uint64_t> seeds;
  for (int i = 0; i < o.games; ++i)
    seeds.push_back(first + static_cast<std::uint64_t>(i));
  const auto started = std::chrono::steady_clock::now();
  const std::vector<MainGameResult> results = api::bots::play_games<MainGameResult>(
      seeds, o.threads, [&] { return api::Env(content, env_options); },
      [&] { return factory.make_main(params, *content); },
      [&](api::Env& env, api::bots::MainBot& bot, std::uint64_t seed) {
        return api::bots::play_main_game(env, bot, seed, action_limit);
      });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const api::bots::MainMatchSummary m = api::bots::summarize(results);
  out << title << ": " << m.games << " games, seeds " << first << "-"
      << first + static_cast<std::uint64_t>(o.games - 1) << "\n";
  out << "wins " << m.wins << " (" << percent_text(m.wins, m.games) << "), deaths " << m.deaths
      << ", cut at the action limit " << m.cut << "\n";
  out << std::fixed << std::setprecision(1) << "mean deepest level " << m.mean_deepest
      << ", experience " << m.mean_xp << ", experience level " << m.mean_level << ", turns "
      << m.mean_turns << ", kills " << m.mean_kills << ", score " << m.mean_score << "\n";
  log << std::fixed << std::setprecision(2) << "(" << seconds << " s, "
      << (seconds > 0 ? m.games / seconds : 0.0) << " games/s)\n";
  if (!o.csv.empty()) write_file_atomic(o.csv, csv_text(results));
  return 0;
}

}  // namespace yendor::cli
