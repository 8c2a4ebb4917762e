#include "yendor/cli/eval_command.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>

#include "yendor/analysis/metric_columns.hpp"
#include "yendor/analysis/seed_range.hpp"
#include "yendor/api/bots/dd_eval.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/cli/gen_command.hpp"
#include "yendor/cli/mpi_cluster.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::cli {

namespace {

// The metrics the table shows (the CSV has them all).
constexpr std::array<std::string_view, 6> k_table_metrics = {
    "floor_share", "dead_end_cells", "loops", "articulation_points", "chokepoint_share", "entropy"};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string fixed(double v, int decimals) {
  if (std::isnan(v)) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(decimals) << v;
  return s.str();
}

std::string deaths_text(const api::bots::GeneratorEval& e) {
  std::string out;
  for (int level = 1; level <= dd::k_boss_level; ++level) {
    const int n = e.deaths_by_level[static_cast<std::size_t>(level)];
    if (n == 0) continue;
    out += (out.empty() ? "" : " ") +
           (level == dd::k_boss_level ? std::string("boss") : "L" + std::to_string(level)) + ":" +
           std::to_string(n);
  }
  return out.empty() ? "-" : out;
}

std::string csv_text(const std::vector<api::bots::GeneratorEval>& results) {
  const auto columns = analysis::metric_columns();
  std::string out =
      "generator,games,wins,win_rate,gave_up,cut,deaths,mean_turns,mean_xp,"
      "mean_health_potions_used,mean_mana_potions_used,replaced";
  for (int level = 1; level <= dd::k_boss_level; ++level)
    out += ",deaths_level_" + std::to_string(level);
  for (const analysis::MetricColumn& c : columns)
    out += "," + std::string(c.name);
  out += "\n";
  for (const auto& e : results) {
    out += e.generator + "," + std::to_string(e.games) + "," + std::to_string(e.wins) + "," +
           analysis::format_number(static_cast<double>(e.wins) / e.games, false) + "," +
           std::to_string(e.gave_up) + "," + std::to_string(e.cut) + "," +
           std::to_string(e.deaths()) + "," + analysis::format_number(e.mean_turns, false) + "," +
           analysis::format_number(e.mean_xp, false) + "," +
           analysis::format_number(e.mean_health_potions_used, false) + "," +
           analysis::format_number(e.mean_mana_potions_used, false) + "," +
           std::to_string(e.replaced);
    for (int level = 1; level <= dd::k_boss_level; ++level)
      out += "," + std::to_string(e.deaths_by_level[static_cast<std::size_t>(level)]);
    for (std::size_t c = 0; c < columns.size(); ++c)
      out += "," + (std::isnan(e.metrics[c]) ? std::string()
                                             : analysis::format_number(e.metrics[c], false));
    out += "\n";
  }
  return out;
}

}  // namespace

int run_eval(const EvalCommandOptions& o, std::ostream& out, std::ostream& log) {
  const auto content = std::make_shared<const dd::Content>(
      dd::load_content(o.content.empty() ? dd::default_content_dir() : o.content));
  api::bots::EvalOptions e;
  e.bot = o.bot;
  const api::bots::BotFactory& factory = api::bots::builtin_bots().get(o.bot);
  e.bot_params = factory.info().schema.parse(o.bot, parse_sets(o.sets));
  e.generators = split_commas(o.generators);
  if (e.generators.empty()) throw InputError("eval: --generators names none");
  const analysis::SeedRange seeds = analysis::parse_seed_range(o.seeds);
  if (seeds.count() > 10000000) throw InputError("eval: at most 10,000,000 seeds");
  e.first_seed = seeds.first;
  e.games = static_cast<int>(seeds.count());
  e.env.setup.race = o.race;
  e.env.setup.hero_class = o.hero_class;
  e.env.require_winnable = o.require_winnable;
  e.threads = o.threads;
  e.action_limit = o.action_limit;
  std::unique_ptr<api::bots::Cluster> cluster = make_cluster();
  const auto started = std::chrono::steady_clock::now();
  const std::vector<api::bots::GeneratorEval> results =
      api::bots::evaluate_generators(content, e, *cluster);
  if (cluster->rank() != 0) return 0;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  out << "eval: bot " << o.bot << ", " << o.race << " " << o.hero_class << ", seeds " << seeds.first
      << ".." << seeds.last << (o.require_winnable ? ", winnable levels" : "") << "\n";
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header = {"generator", "wins",   "win %",      "turns",
                                     "gave up",   "deaths", "potions h/m"};
  if (o.require_winnable) header.push_back("replaced");
  for (std::string_view m : k_table_metrics)
    header.emplace_back(m);
  rows.push_back(header);
  for (const auto& r : results) {
    std::vector<std::string> row = {
        r.generator,
        std::to_string(r.wins),
        fixed(100.0 * r.wins / r.games, 2),
        fixed(r.mean_turns, 1),
        std::to_string(r.gave_up + r.cut),
        deaths_text(r),
        fixed(r.mean_health_potions_used, 2) + "/" + fixed(r.mean_mana_potions_used, 2)};
    if (o.require_winnable) row.push_back(std::to_string(r.replaced));
    for (std::string_view m : k_table_metrics)
      row.push_back(fixed(r.metrics[analysis::metric_column_index(m, "--metrics")], 3));
    rows.push_back(std::move(row));
  }
  std::vector<std::size_t> widths(header.size(), 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size());
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i)
      out << (i == 0 ? "" : "  ") << (i == 0 ? std::left : std::right)
          << std::setw(static_cast<int>(widths[i])) << row[i];
    out << "\n";
  }
  log << std::fixed << std::setprecision(2) << "(" << seconds << " s, " << cluster->ranks()
      << " rank" << (cluster->ranks() == 1 ? "" : "s") << " x " << o.threads << " thread"
      << (o.threads == 1 ? "" : "s") << ")\n";
  if (!o.csv.empty()) write_file_atomic(o.csv, csv_text(results));
  return 0;
}

}  // namespace yendor::cli
