#include "yendor/api/bots/main_genome.hpp"

#include <stdexcept>

#include "yendor/api/bots/genome_toml.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::api::bots {

int main_strategy_index(std::string_view name) {
  for (std::size_t i = 0; i < k_main_rules_strategies.size(); ++i)
    if (k_main_rules_strategies[i] == name) return static_cast<int>(i);
  throw std::out_of_range("no main-rules strategy " + std::string(name));
}

MainGenome greedy_main_genome() {
  MainGenome g;
  const auto use = [&g](std::string_view name, double p) {
    const auto i = static_cast<std::size_t>(main_strategy_index(name));
    g.priority[i] = p;
    g.on[i] = true;
  };
  use("quaff_when_low", 1.0);
  use("escape_when_dying", 0.95);
  use("attack_adjacent", 0.9);
  use("eat_when_hungry", 0.85);
  use("pick_up", 0.8);
  use("equip_better", 0.75);
  use("read_scrolls", 0.7);
  use("hunt", 0.6);
  use("rest_when_hurt", 0.5);
  use("explore", 0.4);
  use("descend", 0.3);
  use("search", 0.2);
  return g;
}

std::string main_genome_text(const MainGenome& g) {
  std::string out =
      "# A main-rules strategy bot's genome (docs/bots.md): strategies in priority order "
      "(higher first), and parameters.\n";
  write_strategies(out, "strategies", k_main_rules_strategies, g.priority, g.on);
  out += "\n[params]\n";
  out += "drink_below = " + genome_number(g.drink_below) + "\n";
  out += "escape_below = " + genome_number(g.escape_below) + "\n";
  out += "rest_below = " + genome_number(g.rest_below) + "\n";
  out += "fight_keep = " + genome_number(g.fight_keep) + "\n";
  out += "hungry_below = " + std::to_string(g.hungry_below) + "\n";
  out += "fight_samples = " + std::to_string(g.fight_samples) + "\n";
  out += "raise = " + std::to_string(g.raise) + "\n";
  return out;
}

MainGenome parse_main_genome(std::string_view text, const std::string& file) {
  const toml::table root = parse_toml(text, file);
  const TomlWhere w{file, ""};
  check_known(w, root, {"strategies", "params"});
  MainGenome g;
  read_strategies(w, root, "strategies", k_main_rules_strategies, g.priority, g.on);
  if (const toml::node* node = root.get("params")) {
    const toml::table& p = as_table(w, *node, "params");
    check_known(w, p,
                {"drink_below", "escape_below", "rest_below", "fight_keep", "hungry_below",
                 "fight_samples", "raise"});
    const auto real = [&](std::string_view key, double& out) {
      if (const toml::node* n = p.get(key)) out = as_real(w, *n, key, 0, 1);
    };
    const auto integer = [&](std::string_view key, int& out, int lo, int hi) {
      if (const toml::node* n = p.get(key)) out = as_int(w, *n, key, lo, hi);
    };
    real("drink_below", g.drink_below);
    real("escape_below", g.escape_below);
    real("rest_below", g.rest_below);
    real("fight_keep", g.fight_keep);
    integer("hungry_below", g.hungry_below, 0, k_max_hungry_below);
    integer("fight_samples", g.fight_samples, 1, k_max_fight_samples);
    integer("raise", g.raise, 0, 2);
  }
  return g;
}

MainGenome load_main_genome(const std::string& path) {
  std::string text;
  try {
    text = read_file(path);
  } catch (const Error& e) {
    throw InputError(path + ": cannot read the genome (" + e.what() + ")");
  }
  return parse_main_genome(text, path);
}

MainGenome load_main_genome_for(const std::string& path, const game::Content& content) {
  return load_main_genome(path.empty() ? content.source_dir + "/evolved_bot.toml" : path);
}

}  // namespace yendor::api::bots
