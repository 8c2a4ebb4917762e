#include "yendor/api/bots/dd_genome.hpp"

#include <toml++/toml.h>

#include "yendor/api/bots/genome_toml.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::api::bots {

namespace {

template <std::size_t N>
void read_ints(const TomlWhere& w, const toml::table& t, std::string_view key,
               std::array<int, N>& out, int lo, int hi) {
  const toml::node* node = t.get(key);
  if (node == nullptr) return;
  const toml::array& a = as_array(w, *node, key);
  if (a.size() != N) w.fail(*node, key, std::to_string(N) + " numbers expected");
  for (std::size_t i = 0; i < N; ++i)
    out[i] = as_int(w, *a.get(i), key, lo, hi);
}

}  // namespace

DdGenome greedy_genome() {
  DdGenome g;
  const auto main = [&g](std::string_view name, double p) {
    for (int i = 0; i < k_main_count; ++i)
      if (k_main_strategies[static_cast<std::size_t>(i)] == name) {
        g.main_priority[static_cast<std::size_t>(i)] = p;
        g.main_on[static_cast<std::size_t>(i)] = true;
      }
  };
  const auto attack = [&g](std::string_view name, double p) {
    for (int i = 0; i < k_attack_count; ++i)
      if (k_attack_strategies[static_cast<std::size_t>(i)] == name) {
        g.attack_priority[static_cast<std::size_t>(i)] = p;
        g.attack_on[static_cast<std::size_t>(i)] = true;
      }
  };
  main("pick_up", 1.0);
  main("kill_strongest", 0.9);
  main("explore", 0.8);
  attack("fireball", 1.0);
  attack("attack_if_safe", 0.9);
  attack("health_potion", 0.8);
  g.health_potions = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3};
  g.mana_potions = {0, 0, 0, 0, 1, 1, 1, 1, 1, 2};
  return g;
}

std::string genome_text(const DdGenome& g, const std::vector<std::string>& spell_ids) {
  std::string out =
      "# A dd strategy bot's genome (docs/bots.md): strategies in priority order (higher "
      "first), and parameters.\n";
  write_strategies(out, "main", k_main_strategies, g.main_priority, g.main_on);
  write_strategies(out, "attack", k_attack_strategies, g.attack_priority, g.attack_on);
  out += "\n[params]\nhealth_potions = " + int_list(g.health_potions) + "\n";
  out += "mana_potions = " + int_list(g.mana_potions) + "\n";
  out += "heal_below = " + genome_number(g.heal_below) + "\n";
  out += "drink_below = " + genome_number(g.drink_below) + "\n";
  out += "potion_reserve = " + std::to_string(g.potion_reserve) + "\n";
  out += "convert = [";
  bool first = true;
  for (std::size_t i = 0; i < spell_ids.size() && i < g.convert.size(); ++i)
    if (g.convert[i]) {
      out += (first ? "\"" : ", \"") + spell_ids[i] + "\"";
      first = false;
    }
  return out + "]\n";
}

DdGenome parse_genome(std::string_view text, const std::string& file,
                      const std::vector<std::string>& spell_ids) {
  const toml::table root = parse_toml(text, file);
  const TomlWhere w{file, ""};
  check_known(w, root, {"main", "attack", "params"});
  DdGenome g;
  read_strategies(w, root, "main", k_main_strategies, g.main_priority, g.main_on);
  read_strategies(w, root, "attack", k_attack_strategies, g.attack_priority, g.attack_on);
  if (const toml::node* node = root.get("params")) {
    const toml::table& p = as_table(w, *node, "params");
    check_known(w, p,
                {"health_potions", "mana_potions", "heal_below", "drink_below", "potion_reserve",
                 "convert"});
    read_ints(w, p, "health_potions", g.health_potions, 0, k_max_potions_per_fight);
    read_ints(w, p, "mana_potions", g.mana_potions, 0, k_max_potions_per_fight);
    if (const auto* n = p.get("heal_below")) g.heal_below = as_real(w, *n, "heal_below", 0, 1);
    if (const auto* n = p.get("drink_below")) g.drink_below = as_real(w, *n, "drink_below", 0, 1);
    if (const auto* n = p.get("potion_reserve"))
      g.potion_reserve = as_int(w, *n, "potion_reserve", 0, k_max_potions_per_fight);
    if (const auto* n = p.get("convert")) {
      for (const toml::node& item : as_array(w, *n, "convert")) {
        const std::string id = as_text(w, item, "convert");
        std::size_t i = 0;
        while (i < spell_ids.size() && spell_ids[i] != id)
          ++i;
        if (i == spell_ids.size() || i >= g.convert.size())
          w.fail(item, "convert", "unknown spell \"" + id + "\"");
        g.convert[i] = true;
      }
    }
  }
  return g;
}

std::vector<std::string> spell_ids(const dd::Content& content) {
  std::vector<std::string> out;
  for (const dd::SpellKind& s : content.spells)
    out.push_back(s.id);
  return out;
}

DdGenome load_genome_for(const std::string& path, const dd::Content& content) {
  return load_genome(path.empty() ? content.dir + "/evolved.toml" : path, spell_ids(content));
}

DdGenome load_genome(const std::string& path, const std::vector<std::string>& spell_ids) {
  std::string text;
  try {
    text = read_file(path);
  } catch (const Error& e) {
    throw InputError(path + ": cannot read the genome (" + e.what() + ")");
  }
  return parse_genome(text, path, spell_ids);
}

}  // namespace yendor::api::bots
