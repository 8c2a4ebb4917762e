// Loads data/dd/*.toml (docs/dd.md): every field checked, errors naming file, line and field.

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/core/toml_read.hpp"
#include "yendor/dd/content.hpp"
#include "yendor/dd/dungeon.hpp"
#include "yendor/gen/generator_toml.hpp"

namespace yendor::dd {

namespace {

using Where = TomlWhere;

// The [[name]] array of tables of a file; empty when `required` is false and it is missing.
const toml::array* table_array(const Where& w, const toml::table& root, std::string_view name) {
  const toml::node* node = root.get(name);
  if (node == nullptr) return nullptr;
  const toml::array& a = as_array(w, *node, name);
  for (const toml::node& item : a)
    (void)as_table(w, item, name);
  return &a;
}

template <typename T>
void check_unique(const Where& w, const std::vector<T>& list, const toml::node& node) {
  std::set<std::string> seen;
  for (const T& t : list)
    if (!seen.insert(t.id).second) w.fail(node, "id", "\"" + t.id + "\" is defined twice");
}

std::string read_id(const Where& w, const toml::table& t) {
  const std::string id = as_text(w, required(w, t, "id"), "id");
  if (id.empty()) w.fail(t, "id", "must not be empty");
  return id;
}

std::vector<MonsterKind> read_monsters(const Where& file, const toml::table& root) {
  check_known(file, root, {"monster"});
  std::vector<MonsterKind> out;
  const toml::array* list = table_array(file, root, "monster");
  if (list == nullptr || list->empty()) file.fail(root, "monster", "at least one [[monster]]");
  for (const toml::node& node : *list) {
    const toml::table& t = *node.as_table();
    MonsterKind m;
    m.id = read_id(file, t);
    const Where w = file.about("monster '" + m.id + "'");
    check_known(w, t,
                {"id", "glyph", "attack_percent", "health_percent", "first_strike", "magic_resist",
                 "boss"});
    const std::string glyph = as_text(w, required(w, t, "glyph"), "glyph");
    if (glyph.size() != 1 || glyph[0] < '!' || glyph[0] > '~')
      w.fail(*t.get("glyph"), "glyph", "one printable ASCII character expected");
    m.glyph = glyph[0];
    if (const auto* n = t.get("attack_percent"))
      m.attack_percent = as_int(w, *n, "attack_percent", 1, 1000);
    if (const auto* n = t.get("health_percent"))
      m.health_percent = as_int(w, *n, "health_percent", 1, 1000);
    if (const auto* n = t.get("first_strike")) m.first_strike = as_bool(w, *n, "first_strike");
    if (const auto* n = t.get("magic_resist"))
      m.magic_resist = as_int(w, *n, "magic_resist", 0, 100);
    if (const auto* n = t.get("boss")) m.boss = as_bool(w, *n, "boss");
    out.push_back(m);
  }
  check_unique(file, out, root);
  return out;
}

std::vector<SpellKind> read_spells(const Where& file, const toml::table& root) {
  check_known(file, root, {"spell"});
  std::vector<SpellKind> out;
  const toml::array* list = table_array(file, root, "spell");
  if (list == nullptr || list->empty()) file.fail(root, "spell", "at least one [[spell]]");
  for (const toml::node& node : *list) {
    const toml::table& t = *node.as_table();
    SpellKind s;
    s.id = read_id(file, t);
    const Where w = file.about("spell '" + s.id + "'");
    check_known(w, t, {"id", "title", "effect", "mana", "amount"});
    s.title = t.get("title") != nullptr ? as_text(w, *t.get("title"), "title") : s.id;
    const toml::node& effect = required(w, t, "effect");
    const auto e = spell_effect_from_string(as_text(w, effect, "effect"));
    if (!e)
      w.fail(effect, "effect",
             "unknown effect (effects: fireball, kill_protect, heal, first_strike, "
             "power_strike, reveal)");
    s.effect = *e;
    s.mana = as_int(w, required(w, t, "mana"), "mana", 0, 1000);
    const bool needs_amount = s.effect == SpellEffect::fireball || s.effect == SpellEffect::heal ||
                              s.effect == SpellEffect::power_strike ||
                              s.effect == SpellEffect::reveal;
    if (const auto* n = t.get("amount"))
      s.amount = as_int(w, *n, "amount", 1, s.effect == SpellEffect::reveal ? 16 : 1000);
    else if (needs_amount)
      w.fail(t, "amount", "missing (the " + std::string(to_string(s.effect)) + " effect needs it)");
    out.push_back(s);
  }
  if (out.size() > 100) file.fail(root, "spell", "at most 100 spells");
  check_unique(file, out, root);
  return out;
}

std::vector<Race> read_races(const Where& file, const toml::table& root) {
  std::vector<Race> out;
  const toml::array* list = table_array(file, root, "race");
  if (list == nullptr || list->empty()) file.fail(root, "race", "at least one [[race]]");
  for (const toml::node& node : *list) {
    const toml::table& t = *node.as_table();
    Race r;
    r.id = read_id(file, t);
    const Where w = file.about("race '" + r.id + "'");
    check_known(w, t, {"id", "bonus", "amount"});
    const toml::node& bonus = required(w, t, "bonus");
    const auto b = race_bonus_from_string(as_text(w, bonus, "bonus"));
    if (!b)
      w.fail(bonus, "bonus",
             "unknown bonus (bonuses: attack_percent, health_percent, max_mana, health_potion, "
             "mana_potion)");
    r.bonus = *b;
    r.amount = as_int(w, required(w, t, "amount"), "amount", 1, 1000);
    out.push_back(r);
  }
  check_unique(file, out, root);
  return out;
}

std::vector<HeroClass> read_classes(const Where& file, const toml::table& root,
                                    const std::vector<SpellKind>& spells) {
  std::vector<HeroClass> out;
  const toml::array* list = table_array(file, root, "class");
  if (list == nullptr || list->empty()) file.fail(root, "class", "at least one [[class]]");
  for (const toml::node& node : *list) {
    const toml::table& t = *node.as_table();
    HeroClass c;
    c.id = read_id(file, t);
    const Where w = file.about("class '" + c.id + "'");
    check_known(w, t,
                {"id", "health_per_level", "attack_per_level", "base_mana", "glyph_slots", "spells",
                 "health_potions", "mana_potions", "potion_percent", "spell_cost", "attack_percent",
                 "xp_percent", "first_strike", "explore_health"});
    const auto read = [&](std::string_view key, int& field, int lo, int hi) {
      if (const auto* n = t.get(key)) field = as_int(w, *n, key, lo, hi);
    };
    read("health_per_level", c.health_per_level, 1, 1000);
    read("attack_per_level", c.attack_per_level, 1, 1000);
    read("base_mana", c.base_mana, 0, 1000);
    read("glyph_slots", c.glyph_slots, 1, k_max_glyph_slots);
    read("health_potions", c.health_potions, 0, 100);
    read("mana_potions", c.mana_potions, 0, 100);
    read("potion_percent", c.potion_percent, 1, 100);
    read("spell_cost", c.spell_cost, -100, 100);
    read("attack_percent", c.attack_percent, -90, 1000);
    read("xp_percent", c.xp_percent, 1, 1000);
    read("explore_health", c.explore_health, 0, 100);
    if (const auto* n = t.get("first_strike")) c.first_strike = as_bool(w, *n, "first_strike");
    if (const auto* n = t.get("spells")) {
      for (const toml::node& s : as_array(w, *n, "spells")) {
        const std::string id = as_text(w, s, "spells");
        int index = -1;
        for (std::size_t i = 0; i < spells.size(); ++i)
          if (spells[i].id == id) index = static_cast<int>(i);
        if (index < 0) w.fail(s, "spells", "unknown spell \"" + id + "\" (spells.toml)");
        c.spells.push_back(static_cast<std::uint8_t>(index));
      }
      if (static_cast<int>(c.spells.size()) > c.glyph_slots)
        w.fail(*n, "spells", "more spells than glyph_slots");
    }
    out.push_back(c);
  }
  check_unique(file, out, root);
  return out;
}

std::vector<std::uint8_t> read_kind_list(const Where& w, const toml::table& t, std::string_view key,
                                         const std::vector<MonsterKind>& monsters, bool boss) {
  const toml::node& node = required(w, t, key);
  std::vector<std::uint8_t> out;
  for (const toml::node& item : as_array(w, node, key)) {
    const std::string id = as_text(w, item, key);
    int index = -1;
    for (std::size_t i = 0; i < monsters.size(); ++i)
      if (monsters[i].id == id) index = static_cast<int>(i);
    if (index < 0) w.fail(item, key, "unknown monster \"" + id + "\" (monsters.toml)");
    if (monsters[static_cast<std::size_t>(index)].boss != boss)
      w.fail(item, key,
             "\"" + id + "\" is " + (boss ? "not a boss" : "a boss") + " (monsters.toml)");
    out.push_back(static_cast<std::uint8_t>(index));
  }
  if (out.empty()) w.fail(node, key, "at least one monster kind");
  return out;
}

DungeonRecipe read_dungeon(const Where& w, const toml::table& root,
                           const std::vector<MonsterKind>& monsters) {
  check_known(w, root,
              {"generator", "params", "hero_level_cap", "xp_per_level", "monsters_per_level",
               "monster_kinds", "boss_kinds", "boss_min_distance", "safe_radius", "items"});
  DungeonRecipe d;
  const GeneratorChoice choice =
      read_generator_choice(w, root, {k_level_side, k_level_side}, "the dd dungeon is 22x22");
  d.generator = choice.generator->info().name;
  d.params = choice.params;
  d.hero_level_cap = as_int(w, required(w, root, "hero_level_cap"), "hero_level_cap", 1, 100);
  d.xp_per_level = as_int(w, required(w, root, "xp_per_level"), "xp_per_level", 1, 10000);
  const toml::node& counts = required(w, root, "monsters_per_level");
  const toml::array& list = as_array(w, counts, "monsters_per_level");
  if (list.size() != static_cast<std::size_t>(k_monster_levels))
    w.fail(counts, "monsters_per_level", "nine counts expected (levels 1 to 9)");
  int total = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    d.monsters_per_level[i] = as_int(w, *list.get(i), "monsters_per_level", 0, k_max_monsters);
    total += d.monsters_per_level[i];
  }
  if (total + 1 > k_max_monsters)
    w.fail(counts, "monsters_per_level",
           "at most " + std::to_string(k_max_monsters - 1) + " monsters besides the boss");
  d.monster_kinds = read_kind_list(w, root, "monster_kinds", monsters, false);
  d.boss_kinds = read_kind_list(w, root, "boss_kinds", monsters, true);
  if (const auto* n = root.get("boss_min_distance"))
    d.boss_min_distance = as_int(w, *n, "boss_min_distance", 0, 400);
  if (const auto* n = root.get("safe_radius")) d.safe_radius = as_int(w, *n, "safe_radius", 0, 19);
  const toml::table& items = as_table(w, required(w, root, "items"), "items");
  check_known(
      w, items,
      {"health_powerup", "mana_powerup", "attack_powerup", "health_potion", "mana_potion", "spell"},
      "items.");
  for (int k = 1; k < k_item_kind_count; ++k) {
    const std::string_view name = to_string(static_cast<ItemKind>(k));
    const std::string field = "items." + std::string(name);
    const toml::node* node = items.get(name);
    if (node == nullptr) continue;
    const toml::table& rule = as_table(w, *node, field);
    check_known(w, rule, {"count", "amount"}, field + ".");
    ItemRule& r = d.items[static_cast<std::size_t>(k)];
    r.count = as_int(w, required(w, rule, "count", field + "."), field + ".count", 0, 200);
    r.amount = as_int(w, required(w, rule, "amount", field + "."), field + ".amount", 1, 1000);
  }
  return d;
}

}  // namespace

std::string default_content_dir() {
  return default_data_dir() + "/dd";
}

Content load_content(const std::string& dir) {
  Content c;
  c.dir = dir;
  std::uint64_t hash = k_fnv1a64_offset;
  std::array<toml::table, k_content_files.size()> roots;
  std::array<Where, k_content_files.size()> where;
  for (std::size_t i = 0; i < k_content_files.size(); ++i) {
    const std::string path = dir + "/" + std::string(k_content_files[i]);
    std::string text;
    try {
      text = read_file(path);
    } catch (const Error& e) {
      throw InputError(path + ": cannot read the ruleset's file (" + e.what() + ")");
    }
    hash = fnv1a64(std::string_view(k_content_files[i]), hash);
    hash = fnv1a64(std::string_view(text), hash);
    roots[i] = parse_toml(text, path);
    where[i] = Where{path, ""};
  }
  c.monsters = read_monsters(where[0], roots[0]);
  c.spells = read_spells(where[1], roots[1]);
  check_known(where[2], roots[2], {"race", "class"});
  c.races = read_races(where[2], roots[2]);
  c.classes = read_classes(where[2], roots[2], c.spells);
  c.dungeon = read_dungeon(where[3], roots[3], c.monsters);
  c.hash = hash;
  return c;
}

}  // namespace yendor::dd
