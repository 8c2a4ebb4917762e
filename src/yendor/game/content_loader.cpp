// Loads and validates the game's content files (docs/content.md). The files are read in the
// order races, items, (the AI library), monsters, instancing (optional, game/instancing),
// dungeon, legend, so every cross-reference is checked where it is written and every error
// names its own file, line and field:
//   data/game/monsters.toml:42: monster 'goblin': field 'speed': range 20-300 expected, got 500
#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/toml_read.hpp"
#include "yendor/core/toml_where.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/instancing.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/generator_toml.hpp"
#include "yendor/gen/motif.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::game {
namespace {

constexpr std::uintmax_t k_max_file_bytes = 1 << 20;

// What a legend entry may make of a feature tag (docs/content.md, "legend.toml").
constexpr std::array<std::string_view, 11> k_spawns{"monster",   "boss",   "item",   "treasure",
                                                    "trap",      "gold",   "key",    "shopkeeper",
                                                    "shop_item", "priest", "nothing"};

// Item kinds the rules create by id.
struct RequiredItem {
  std::string_view id;
  ItemClass item_class;
  std::string_view why;
};
constexpr std::array<RequiredItem, 3> k_required_items{
    RequiredItem{"gold", ItemClass::gold, "monsters drop their gold as it"},
    RequiredItem{"corpse", ItemClass::corpse, "monsters leave it where they die"},
    RequiredItem{"key", ItemClass::key, "the keys of locked doors are made as it"}};

// Bounds of the numbers in the files: wide enough for any sensible content, narrow enough
// that no rule overflows (damage sums, experience, prices).
constexpr int k_max_depth = 1000;
constexpr int k_max_levels = 100;
constexpr int k_max_attribute = 99;
constexpr int k_max_frequency = 100000;
constexpr int k_max_damage = 999;
constexpr int k_min_speed = 20;
constexpr int k_max_speed = 300;
constexpr int k_max_side = 1000;

// Classes the rules make rather than place as loot: keys belong to locks, gold and corpses
// come from monsters.
bool is_loot(ItemClass c) {
  return c != ItemClass::key && c != ItemClass::gold && c != ItemClass::corpse;
}

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

template <typename List>
std::string join(const List& list) {
  std::string out;
  for (const auto& s : list)
    out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

// ---- reading TOML values, with errors naming file, line and field ----

using Where = TomlWhere;

std::string range_text(std::int64_t lo, std::int64_t hi) {
  return toml_range_text(lo, hi);
}

// An integer range: "3-7", or an integer for a range of one value. Both ends in [lo, hi].
IntRange as_range(const Where& where, const toml::node& node, std::string_view field, int lo,
                  int hi) {
  IntRange r;
  if (node.is_integer()) {
    r.lo = r.hi = as_int(where, node, field, lo, hi);
    return r;
  }
  if (!node.is_string())
    where.fail(
        node, field,
        "an integer or a range in text such as \"3-7\" expected, got " + toml_type_name(node));
  const std::string_view s = node.as_string()->get();
  const auto dash = s.find('-', 1);
  const auto number = [&](std::string_view part, int& out) {
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && ec == std::errc{} && end == part.data() + part.size();
  };
  const bool ok = dash == std::string_view::npos
                      ? number(s, r.lo) && number(s, r.hi)
                      : number(s.substr(0, dash), r.lo) && number(s.substr(dash + 1), r.hi);
  if (!ok)
    where.fail(node, field,
               "an integer or a range such as \"3-7\" expected, got \"" + std::string(s) + "\"");
  if (r.lo > r.hi)
    where.fail(node, field, "the range \"" + std::string(s) + "\" runs backwards (write LOW-HIGH)");
  if (r.lo < lo || r.hi > hi)
    where.fail(node, field,
               "range " + range_text(lo, hi) + " expected, got " + range_text(r.lo, r.hi));
  return r;
}

// [r, g, b] with each 0-255, or "#rrggbb".
Rgb as_colour(const Where& where, const toml::node& node, std::string_view field) {
  const auto byte = [](int v) { return static_cast<std::uint8_t>(v); };
  if (node.is_array()) {
    const toml::array& a = *node.as_array();
    if (a.size() != 3)
      where.fail(node, field, "[r, g, b] expected, got " + std::to_string(a.size()) + " numbers");
    return Rgb{byte(as_int(where, *a.get(0), field, 0, 255)),
               byte(as_int(where, *a.get(1), field, 0, 255)),
               byte(as_int(where, *a.get(2), field, 0, 255))};
  }
  if (node.is_string()) {
    const std::string_view s = node.as_string()->get();
    int rgb = 0;
    const bool hex =
        s.size() == 7 && s[0] == '#' && std::all_of(s.begin() + 1, s.end(), [](char ch) {
          return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
        });
    if (hex) {
      std::from_chars(s.data() + 1, s.data() + 7, rgb, 16);
      return Rgb{byte(rgb >> 16), byte((rgb >> 8) & 0xff), byte(rgb & 0xff)};
    }
    where.fail(node, field, "a colour \"#rrggbb\" expected, got \"" + std::string(s) + "\"");
  }
  where.fail(node, field,
             "a colour [r, g, b] or \"#rrggbb\" expected, got " + toml_type_name(node));
}

// One printable ASCII character, not a space.
char as_glyph(const Where& where, const toml::node& node, std::string_view field) {
  const std::string s = as_text(where, node, field);
  if (s.size() != 1 || s[0] <= ' ' || s[0] > '~')
    where.fail(node, field, "one printable character expected, got \"" + s + "\"");
  return s[0];
}

// Ids: snake_case ("goblin_archer"), unique within their file, referred to by other files.
std::string as_id(const Where& where, const toml::node& node, std::string_view field) {
  std::string s = as_text(where, node, field);
  const bool ok = !s.empty() && s.size() <= 40 && s[0] >= 'a' && s[0] <= 'z' &&
                  std::all_of(s.begin(), s.end(), [](char c) {
                    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
                  });
  if (!ok)
    where.fail(node, field,
               "\"" + s +
                   "\" is not a snake_case id (a lower-case letter, then lower-case letters, "
                   "digits and '_'; at most 40 characters)");
  return s;
}

// Names shown to the player: 1 to 60 printable characters.
std::string as_name(const Where& where, const toml::node& node, std::string_view field) {
  std::string s = as_text(where, node, field);
  const bool ok = !s.empty() && s.size() <= 60 &&
                  std::all_of(s.begin(), s.end(), [](char c) { return c >= ' ' && c <= '~'; });
  if (!ok)
    where.fail(node, field, "1 to 60 printable ASCII characters expected, got \"" + s + "\"");
  return s;
}

// A share written 0.35 (thousandths inside); `field` names it in messages.
int as_milli(const Where& where, const toml::node& node, std::string_view field) {
  return static_cast<int>(std::llround(as_real(where, node, field, 0, 1) * 1000));
}

// A range of shares 0 to 1: a number, or text "0.2-0.6"; thousandths inside.
IntRange as_share_range(const Where& where, const toml::node& node, std::string_view field) {
  if (node.is_integer() || node.is_floating_point()) {
    const int v = as_milli(where, node, field);
    return {v, v};
  }
  if (!node.is_string())
    where.fail(node, field,
               "a number from 0 to 1 or a range in text such as \"0.2-0.6\" expected, got " +
                   toml_type_name(node));
  const std::string_view s = node.as_string()->get();
  const auto number = [](std::string_view part, double& out) {
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && ec == std::errc{} && end == part.data() + part.size() &&
           std::isfinite(out);
  };
  double lo = 0, hi = 0;
  const auto dash = s.find('-', 1);
  const bool ok = dash == std::string_view::npos
                      ? number(s, lo) && number(s, hi)
                      : number(s.substr(0, dash), lo) && number(s.substr(dash + 1), hi);
  if (!ok)
    where.fail(node, field,
               "a number from 0 to 1 or a range such as \"0.2-0.6\" expected, got \"" +
                   std::string(s) + "\"");
  if (lo > hi)
    where.fail(node, field, "the range \"" + std::string(s) + "\" runs backwards (write LOW-HIGH)");
  if (lo < 0 || hi > 1)
    where.fail(node, field, "shares from 0 to 1 expected, got \"" + std::string(s) + "\"");
  return {static_cast<int>(std::llround(lo * 1000)), static_cast<int>(std::llround(hi * 1000))};
}

// personality = { neuroticism = "0.6-0.9", ... }: OCEAN ranges; unnamed traits keep 0-1.
void read_personality(const Where& where, const toml::node& node,
                      std::array<IntRange, ai::k_trait_count>& out) {
  const toml::table& t = as_table(where, node, "personality");
  std::vector<std::string_view> names;
  for (int i = 0; i < ai::k_trait_count; ++i)
    names.push_back(ai::to_string(static_cast<ai::Trait>(i)));
  for (auto&& [key, value] : t) {
    const auto it = std::find(names.begin(), names.end(), key.str());
    if (it == names.end())
      where.fail(value, "personality." + std::string(key.str()),
                 "unknown trait (traits: " + join(names) + ")");
    out[static_cast<std::size_t>(it - names.begin())] =
        as_share_range(where, value, "personality." + std::string(key.str()));
  }
}

Attributes as_attributes(const Where& where, const toml::node& node, std::string_view field,
                         Attributes values, int lo, int hi) {
  const toml::table& t = as_table(where, node, field);
  const std::string f(field);
  check_known(where, t, {"str", "dex", "con"}, f + ".");
  if (const toml::node* n = t.get("str")) values.str = as_int(where, *n, f + ".str", lo, hi);
  if (const toml::node* n = t.get("dex")) values.dex = as_int(where, *n, f + ".dex", lo, hi);
  if (const toml::node* n = t.get("con")) values.con = as_int(where, *n, f + ".con", lo, hi);
  return values;
}

// The tables of a file's one top-level array ([[monster]]); the file holds nothing else.
std::vector<const toml::table*> entries(const Where& where, const toml::table& root,
                                        std::string_view key) {
  check_known(where, root, {key});
  const std::string header = "[[" + std::string(key) + "]]";
  const toml::node* node = root.get(key);
  if (node == nullptr) where.fail(1, "", "no " + header + " table (the file holds them)");
  std::vector<const toml::table*> out;
  for (const toml::node& item : as_array(where, *node, key)) {
    if (!item.is_table())
      where.fail(item, key, header + " tables expected, got " + toml_type_name(item));
    out.push_back(item.as_table());
  }
  return out;
}

// The id of an entry, checked unique against those read before it.
template <typename T>
std::string unique_id(const Where& where, const toml::table& t, const std::vector<T>& earlier,
                      std::string_view what) {
  const toml::node& node = required(where, t, "id");
  std::string id = as_id(where, node, "id");
  for (const T& e : earlier)
    if (e.id == id) where.fail(node, "id", std::string(what) + " '" + id + "' is defined twice");
  return id;
}

// A content file's text, refusing files over 1 MiB.
std::string read_text(const std::string& path) {
  std::error_code error;
  const std::uintmax_t bytes = std::filesystem::file_size(path, error);
  if (error) throw InputError(path + ": cannot read it: " + error.message());
  if (bytes > k_max_file_bytes)
    throw InputError(path + ": larger than 1 MiB, which no content file is");
  return read_file(path);
}

toml::table parse_file(const std::string& path) {
  return parse_toml(read_text(path), path);
}

// ---- races.toml ----

std::vector<Race> read_races(const std::string& file, const toml::table& root) {
  const Where where{file, ""};
  std::vector<Race> races;
  for (const toml::table* t : entries(where, root, "race")) {
    Race race;
    race.id = unique_id(where, *t, races, "race");
    const Where w = where.about("race '" + race.id + "'");
    check_known(
        w, *t,
        {"id", "name", "color", "attribute_bonus", "poison_immune", "sees_invisible", "undead"});
    race.name = as_name(w, required(w, *t, "name"), "name");
    if (const toml::node* n = t->get("color")) race.color = as_colour(w, *n, "color");
    if (const toml::node* n = t->get("attribute_bonus"))
      race.attribute_bonus = as_attributes(w, *n, "attribute_bonus", {0, 0, 0}, -20, 20);
    if (const toml::node* n = t->get("poison_immune"))
      race.poison_immune = as_bool(w, *n, "poison_immune");
    if (const toml::node* n = t->get("sees_invisible"))
      race.sees_invisible = as_bool(w, *n, "sees_invisible");
    if (const toml::node* n = t->get("undead")) race.undead = as_bool(w, *n, "undead");
    races.push_back(std::move(race));
  }
  return races;
}

// ---- items.toml ----

std::vector<ItemKind> read_items(const std::string& file, const toml::table& root) {
  const Where where{file, ""};
  std::vector<ItemKind> items;
  for (const toml::table* t : entries(where, root, "item")) {
    ItemKind k;
    k.id = unique_id(where, *t, items, "item");
    const Where w = where.about("item '" + k.id + "'");
    check_known(w, *t,
                {"id", "name", "plural", "class", "glyph", "color", "effect", "power", "damage",
                 "to_hit", "thrown_damage", "armour", "evasion_penalty", "nutrition", "stackable",
                 "price", "depth", "frequency"});
    k.name = as_name(w, required(w, *t, "name"), "name");
    if (const toml::node* n = t->get("plural")) k.plural = as_name(w, *n, "plural");
    {
      const toml::node& n = required(w, *t, "class");
      const std::string cls = as_text(w, n, "class");
      const auto parsed = item_class_from_string(cls);
      if (!parsed) {
        std::vector<std::string_view> names;
        for (int i = 0; i < static_cast<int>(ItemClass::count); ++i)
          names.push_back(to_string(static_cast<ItemClass>(i)));
        w.fail(n, "class", "unknown item class \"" + cls + "\" (classes: " + join(names) + ")");
      }
      k.item_class = *parsed;
    }
    k.glyph = as_glyph(w, required(w, *t, "glyph"), "glyph");
    if (const toml::node* n = t->get("color")) k.color = as_colour(w, *n, "color");
    if (const toml::node* n = t->get("effect")) {
      k.effect = as_text(w, *n, "effect");
      if (!k.effect.empty() && !is_known_effect(k.effect))
        w.fail(*n, "effect",
               "unknown effect \"" + k.effect + "\" (effects: " + join(effect_names()) +
                   ", or \"\" for none)");
    }
    if ((k.item_class == ItemClass::potion || k.item_class == ItemClass::scroll) &&
        k.effect.empty())
      w.fail(toml_line(*t), "effect",
             "a " + std::string(to_string(k.item_class)) + " needs an effect (it is used up)");
    if (const toml::node* n = t->get("power")) k.power = as_int(w, *n, "power", 0, 10000);
    if (const toml::node* n = t->get("damage"))
      k.damage = as_range(w, *n, "damage", 0, k_max_damage);
    if (const toml::node* n = t->get("to_hit")) k.to_hit = as_int(w, *n, "to_hit", -20, 20);
    if (const toml::node* n = t->get("thrown_damage"))
      k.thrown_damage = as_range(w, *n, "thrown_damage", 0, k_max_damage);
    if (const toml::node* n = t->get("armour")) k.armour = as_int(w, *n, "armour", 0, 50);
    if (const toml::node* n = t->get("evasion_penalty"))
      k.evasion_penalty = as_int(w, *n, "evasion_penalty", 0, 50);
    if (const toml::node* n = t->get("nutrition"))
      k.nutrition = as_int(w, *n, "nutrition", 0, 100000);
    if (const toml::node* n = t->get("stackable")) k.stackable = as_bool(w, *n, "stackable");
    if (const toml::node* n = t->get("price")) k.price = as_int(w, *n, "price", 0, 1000000);
    if (const toml::node* n = t->get("depth")) k.depth = as_range(w, *n, "depth", 1, k_max_depth);
    if (const toml::node* n = t->get("frequency"))
      k.frequency = as_int(w, *n, "frequency", 0, k_max_frequency);
    items.push_back(std::move(k));
  }
  for (const RequiredItem& r : k_required_items) {
    const auto it =
        std::find_if(items.begin(), items.end(), [&](const ItemKind& k) { return k.id == r.id; });
    if (it == items.end())
      where.fail(1, "",
                 "item '" + std::string(r.id) + "' is missing: the rules need it (" +
                     std::string(r.why) + ")");
    if (it->item_class != r.item_class)
      where.fail(1, "",
                 "item '" + std::string(r.id) + "' must be of class " +
                     std::string(to_string(r.item_class)) +
                     " (the rules need it: " + std::string(r.why) + ")");
  }
  return items;
}

// ---- monsters.toml ----

Drop read_drop(const Where& w, const toml::node& node, const std::vector<ItemKind>& items) {
  const toml::table& t = as_table(w, node, "drops");
  check_known(w, t, {"item", "chance", "count"}, "drops.");
  Drop d;
  const toml::node& item = required(w, t, "item", "drops.");
  d.item = as_id(w, item, "drops.item");
  if (std::none_of(items.begin(), items.end(), [&](const ItemKind& k) { return k.id == d.item; }))
    w.fail(item, "drops.item", "no item '" + d.item + "' in items.toml");
  if (const toml::node* n = t.get("chance")) d.chance = as_chance(w, *n, "drops.chance");
  if (const toml::node* n = t.get("count")) d.count = as_range(w, *n, "drops.count", 1, 1000);
  return d;
}

RangedAttack read_ranged(const Where& w, const toml::node& node) {
  const toml::table& t = as_table(w, node, "ranged");
  check_known(w, t, {"name", "damage", "range", "chance"}, "ranged.");
  RangedAttack r;
  r.name = as_name(w, required(w, t, "name", "ranged."), "ranged.name");
  if (const toml::node* n = t.get("damage"))
    r.damage = as_range(w, *n, "ranged.damage", 0, k_max_damage);
  if (const toml::node* n = t.get("range")) r.range = as_int(w, *n, "ranged.range", 1, 30);
  if (const toml::node* n = t.get("chance")) r.chance = as_chance(w, *n, "ranged.chance");
  return r;
}

std::vector<MonsterKind> read_monsters(const std::string& file, const toml::table& root,
                                       const std::vector<Race>& races,
                                       const std::vector<ItemKind>& items,
                                       const ai::Library& library) {
  const Where where{file, ""};
  std::vector<MonsterKind> monsters;
  for (const toml::table* t : entries(where, root, "monster")) {
    MonsterKind m;
    m.id = unique_id(where, *t, monsters, "monster");
    const Where w = where.about("monster '" + m.id + "'");
    check_known(
        w, *t,
        {"id",     "name",    "glyph",   "color",      "race",          "str",         "dex",
         "con",    "speed",   "base_xp", "armour",     "damage",        "attack_verb", "vision",
         "brain",  "tactics", "depth",   "frequency",  "group",         "gold",        "drops",
         "ranged", "boss",    "unique",  "shopkeeper", "leaves_corpse", "personality"});
    m.name = as_name(w, required(w, *t, "name"), "name");
    m.glyph = as_glyph(w, required(w, *t, "glyph"), "glyph");
    {
      const toml::node& n = required(w, *t, "race");
      const std::string race = as_id(w, n, "race");
      const auto it =
          std::find_if(races.begin(), races.end(), [&](const Race& r) { return r.id == race; });
      if (it == races.end()) w.fail(n, "race", "no race '" + race + "' in races.toml");
      m.race = static_cast<int>(it - races.begin());
      m.color = it->color;  // the race's colour unless the kind has its own
    }
    if (const toml::node* n = t->get("color")) m.color = as_colour(w, *n, "color");
    if (const toml::node* n = t->get("str")) m.str = as_range(w, *n, "str", 1, k_max_attribute);
    if (const toml::node* n = t->get("dex")) m.dex = as_range(w, *n, "dex", 1, k_max_attribute);
    if (const toml::node* n = t->get("con")) m.con = as_range(w, *n, "con", 1, k_max_attribute);
    {
      // The race's bonus is added to every roll: the lowest must still be 1 or more.
      const Race& race = races[static_cast<std::size_t>(m.race)];
      const auto check_bonus = [&](std::string_view field, IntRange range, int bonus) {
        if (range.lo + bonus >= 1) return;
        const toml::node* n = t->get(field);
        w.fail(n != nullptr ? toml_line(*n) : toml_line(*t), field,
               "with race '" + race.id + "''s bonus " + std::to_string(bonus) +
                   " the lowest roll is " + std::to_string(range.lo + bonus) +
                   "; attributes stay 1 or more");
      };
      check_bonus("str", m.str, race.attribute_bonus.str);
      check_bonus("dex", m.dex, race.attribute_bonus.dex);
      check_bonus("con", m.con, race.attribute_bonus.con);
    }
    if (const toml::node* n = t->get("speed"))
      m.speed = as_range(w, *n, "speed", k_min_speed, k_max_speed);
    if (const toml::node* n = t->get("personality")) read_personality(w, *n, m.personality);
    if (const toml::node* n = t->get("base_xp")) m.base_xp = as_int(w, *n, "base_xp", 0, 100000);
    if (const toml::node* n = t->get("armour")) m.armour = as_int(w, *n, "armour", 0, 50);
    if (const toml::node* n = t->get("damage"))
      m.damage = as_range(w, *n, "damage", 0, k_max_damage);
    if (const toml::node* n = t->get("attack_verb")) m.attack_verb = as_name(w, *n, "attack_verb");
    if (const toml::node* n = t->get("vision")) m.vision = as_int(w, *n, "vision", 0, 40);
    if (const toml::node* n = t->get("brain")) {
      m.brain = as_text(w, *n, "brain");
      const ai::BrainRegistry& brains = ai::builtin_brains();
      if (brains.find(m.brain) == nullptr) {
        std::vector<std::string> names;
        for (const ai::Brain* b : brains.all())
          names.push_back(b->info().name);
        w.fail(*n, "brain", "unknown brain \"" + m.brain + "\" (brains: " + join(names) + ")");
      }
    }
    if (const toml::node* n = t->get("tactics")) m.tactics = as_text(w, *n, "tactics");
    try {
      m.tactics_index = ai::builtin_brains().get(m.brain).resolve(library, m.tactics);
    } catch (const InputError& e) {
      const toml::node* n = t->get("tactics");
      w.fail(n != nullptr ? *n : *t, "tactics", e.what());
    }
    if (const toml::node* n = t->get("depth")) m.depth = as_range(w, *n, "depth", 1, k_max_depth);
    if (const toml::node* n = t->get("frequency"))
      m.frequency = as_int(w, *n, "frequency", 0, k_max_frequency);
    if (const toml::node* n = t->get("group")) m.group = as_range(w, *n, "group", 1, 50);
    if (const toml::node* n = t->get("gold")) m.gold = as_range(w, *n, "gold", 0, 100000);
    if (const toml::node* n = t->get("drops"))
      for (const toml::node& d : as_array(w, *n, "drops"))
        m.drops.push_back(read_drop(w, d, items));
    if (const toml::node* n = t->get("ranged")) m.ranged = read_ranged(w, *n);
    if (const toml::node* n = t->get("boss")) m.boss = as_bool(w, *n, "boss");
    if (const toml::node* n = t->get("unique")) m.unique = as_bool(w, *n, "unique");
    if (const toml::node* n = t->get("shopkeeper")) {
      m.shopkeeper = as_bool(w, *n, "shopkeeper");
      if (m.shopkeeper && m.boss) w.fail(*n, "shopkeeper", "a boss cannot also be a shopkeeper");
    }
    if (const toml::node* n = t->get("leaves_corpse"))
      m.leaves_corpse = as_bool(w, *n, "leaves_corpse");
    monsters.push_back(std::move(m));
  }
  return monsters;
}

// ---- dungeon.toml ----

// A feature pass as `yendor gen --feature` takes it: "vaults" or "shops:rate=0.2,max=1".
FeatureRequest read_feature_request(const Where& w, const toml::node& node) {
  const std::string text = as_text(w, node, "features");
  FeatureRequest request;
  try {
    request = parse_feature_request(text);
  } catch (const InputError& e) {
    w.fail(node, "features", e.what());
  }
  const FeaturePass* pass = builtin_feature_passes().find(request.name);
  if (pass == nullptr) {
    std::vector<std::string> names;
    for (const FeaturePass* p : builtin_feature_passes().all())
      names.push_back(p->info().name);
    w.fail(node, "features",
           "unknown feature pass \"" + request.name + "\" (passes: " + join(names) + ")");
  }
  try {
    (void)pass->info().schema.parse(request.name, request.params);
  } catch (const InputError& e) {
    w.fail(node, "features", e.what());
  }
  return request;
}

LevelChoice read_level_choice(const Where& w, const toml::node& node, Size size) {
  const toml::table& t = as_table(w, node, "level");
  check_known(w, t, {"generator", "params", "motif", "features", "weight"});
  LevelChoice choice;
  GeneratorChoice read = read_generator_choice(w, t, size, "dungeon.toml's size");
  choice.generator = read.generator->info().name;
  choice.params = std::move(read.params);
  if (const toml::node* n = t.get("motif")) {
    choice.motif = as_text(w, *n, "motif");
    const auto& motifs = builtin_motifs();
    if (std::none_of(motifs.begin(), motifs.end(),
                     [&](const MotifInfo& m) { return m.name == choice.motif; })) {
      std::vector<std::string> names;
      for (const MotifInfo& m : motifs)
        names.push_back(m.name);
      w.fail(*n, "motif", "unknown motif \"" + choice.motif + "\" (motifs: " + join(names) + ")");
    }
  }
  if (const toml::node* n = t.get("features")) {
    for (const toml::node& item : as_array(w, *n, "features"))
      choice.features.push_back(read_feature_request(w, item));
  }
  if (const toml::node* n = t.get("weight")) choice.weight = as_int(w, *n, "weight", 1, 10000);
  return choice;
}

// "band 3-4", "band 5": how errors name a band.
std::string band_name(IntRange depths) {
  return "band " +
         (depths.lo == depths.hi ? std::to_string(depths.lo) : range_text(depths.lo, depths.hi));
}

DepthBand read_band(const Where& where, const toml::table& t, const DungeonRecipe& d) {
  DepthBand band;
  const toml::node& depths = required(where, t, "depths");
  band.depths = as_range(where, depths, "depths", 1, k_max_depth);
  const Where w = where.about(band_name(band.depths));
  if (band.depths.hi > d.levels)
    w.fail(depths, "depths",
           "goes beyond the last level (levels = " + std::to_string(d.levels) + ")");
  check_known(w, t, {"depths", "level", "monsters", "items", "traps"});
  const toml::node& levels = required(w, t, "level");
  for (const toml::node& choice : as_array(w, levels, "level"))
    band.levels.push_back(read_level_choice(w, choice, d.size));
  if (band.levels.empty()) w.fail(levels, "level", "a band needs at least one [[band.level]]");
  if (const toml::node* n = t.get("monsters")) band.monsters = as_range(w, *n, "monsters", 0, 200);
  if (const toml::node* n = t.get("items")) band.items = as_range(w, *n, "items", 0, 200);
  if (const toml::node* n = t.get("traps")) band.traps = as_range(w, *n, "traps", 0, 200);
  return band;
}

DungeonRecipe read_dungeon(const std::string& file, const toml::table& root,
                           const std::vector<MonsterKind>& monsters,
                           const std::vector<ItemKind>& items) {
  const Where w{file, ""};
  check_known(w, root,
              {"levels", "size", "boss", "difficulty_per_depth", "catch_up_turns",
               "start_attributes", "start_items", "band"});
  DungeonRecipe d;
  const toml::node& levels = required(w, root, "levels");
  d.levels = as_int(w, levels, "levels", 1, k_max_levels);
  if (const toml::node* n = root.get("size")) {
    const toml::array& a = as_array(w, *n, "size");
    if (a.size() != 2)
      w.fail(*n, "size", "[width, height] expected, got " + std::to_string(a.size()) + " numbers");
    d.size = Size{as_int(w, *a.get(0), "size", 8, k_max_side),
                  as_int(w, *a.get(1), "size", 8, k_max_side)};
  }
  if (const toml::node* n = root.get("difficulty_per_depth")) {
    d.difficulty_per_depth = as_int(w, *n, "difficulty_per_depth", 1, k_max_difficulty);
    if (d.levels * d.difficulty_per_depth > k_max_difficulty)
      w.fail(*n, "difficulty_per_depth",
             "levels x difficulty_per_depth must be at most " + std::to_string(k_max_difficulty) +
                 " (the generators' highest difficulty), got " +
                 std::to_string(d.levels * d.difficulty_per_depth));
  }
  if (const toml::node* n = root.get("catch_up_turns"))
    d.catch_up_turns = as_int(w, *n, "catch_up_turns", 0, 100000);
  if (const toml::node* n = root.get("start_attributes"))
    d.start_attributes =
        as_attributes(w, *n, "start_attributes", d.start_attributes, 3, k_max_attribute);
  if (const toml::node* n = root.get("start_items"))
    for (const toml::node& item : as_array(w, *n, "start_items")) {
      std::string id = as_id(w, item, "start_items");
      if (std::none_of(items.begin(), items.end(), [&](const ItemKind& k) { return k.id == id; }))
        w.fail(item, "start_items", "no item '" + id + "' in items.toml");
      d.start_items.push_back(std::move(id));
    }
  {
    const toml::node& n = required(w, root, "boss");
    d.boss = as_id(w, n, "boss");
    const auto it = std::find_if(monsters.begin(), monsters.end(),
                                 [&](const MonsterKind& m) { return m.id == d.boss; });
    if (it == monsters.end()) w.fail(n, "boss", "no monster '" + d.boss + "' in monsters.toml");
    if (!it->boss)
      w.fail(n, "boss",
             "monster '" + d.boss + "' is not a boss (set boss = true in monsters.toml)");
  }
  // Bands: together they cover 1..levels, each depth exactly once.
  std::vector<int> band_line(static_cast<std::size_t>(d.levels) + 1, 0);
  for (const toml::node& node : as_array(w, required(w, root, "band"), "band")) {
    const toml::table& t = as_table(w, node, "band");
    DepthBand band = read_band(w, t, d);
    for (int depth = band.depths.lo; depth <= band.depths.hi; ++depth) {
      int& owner = band_line[static_cast<std::size_t>(depth)];
      if (owner != 0)
        w.about(band_name(band.depths))
            .fail(*t.get("depths"), "depths",
                  "depth " + std::to_string(depth) + " is also in the band at line " +
                      std::to_string(owner));
      owner = toml_line(t);
    }
    d.bands.push_back(std::move(band));
  }
  for (int depth = 1; depth <= d.levels; ++depth)
    if (band_line[static_cast<std::size_t>(depth)] == 0)
      w.fail(levels, "band",
             "depth " + std::to_string(depth) + " is in no band (bands cover 1-" +
                 std::to_string(d.levels) + " without gaps)");
  // Every depth can be populated.
  for (int depth = 1; depth <= d.levels; ++depth) {
    if (std::none_of(monsters.begin(), monsters.end(), [&](const MonsterKind& m) {
          return !m.boss && !m.shopkeeper && m.frequency > 0 && m.depth.contains(depth);
        }))
      w.fail(levels, "levels",
             "no monster in monsters.toml can appear at depth " + std::to_string(depth) +
                 " (one that is not a boss or shopkeeper, with frequency > 0 and a depth range "
                 "holding it)");
    if (std::none_of(items.begin(), items.end(), [&](const ItemKind& k) {
          return is_loot(k.item_class) && k.frequency > 0 && k.depth.contains(depth);
        }))
      w.fail(levels, "levels",
             "no item in items.toml can appear at depth " + std::to_string(depth) +
                 " (one that is not a key, gold or a corpse, with frequency > 0 and a depth range "
                 "holding it)");
  }
  return d;
}

// ---- legend.toml ----

std::vector<LegendEntry> read_legend(const std::string& file, const toml::table& root,
                                     const std::vector<MonsterKind>& monsters,
                                     const std::vector<ItemKind>& items) {
  const Where where{file, ""};
  std::vector<LegendEntry> legend;
  for (const toml::table* t : entries(where, root, "entry")) {
    LegendEntry e;
    const toml::node& tag = required(where, *t, "tag");
    e.tag = as_id(where, tag, "tag");
    for (const LegendEntry& other : legend)
      if (other.tag == e.tag) where.fail(tag, "tag", "tag '" + e.tag + "' has two entries");
    const Where w = where.about("tag '" + e.tag + "'");
    check_known(w, *t, {"tag", "spawn", "depth_bonus", "item_class"});
    const toml::node& spawn = required(w, *t, "spawn");
    e.spawn = as_text(w, spawn, "spawn");
    if (!listed(k_spawns, e.spawn))
      w.fail(spawn, "spawn", "unknown spawn \"" + e.spawn + "\" (spawns: " + join(k_spawns) + ")");
    if (e.spawn == "shopkeeper" && std::none_of(monsters.begin(), monsters.end(),
                                                [](const MonsterKind& m) { return m.shopkeeper; }))
      w.fail(spawn, "spawn", "no monster in monsters.toml has shopkeeper = true");
    if (const toml::node* n = t->get("depth_bonus"))
      e.depth_bonus = as_int(w, *n, "depth_bonus", 0, 50);
    if (const toml::node* n = t->get("item_class")) {
      e.item_class = as_text(w, *n, "item_class");
      if (e.spawn != "item" && e.spawn != "treasure" && e.spawn != "shop_item")
        w.fail(*n, "item_class", "only spawns item, treasure and shop_item take an item class");
      const auto cls = item_class_from_string(e.item_class);
      if (!cls) w.fail(*n, "item_class", "unknown item class \"" + e.item_class + "\"");
      if (!is_loot(*cls))
        w.fail(*n, "item_class",
               "keys, gold and corpses are made by the rules, never placed as loot");
      if (std::none_of(items.begin(), items.end(),
                       [&](const ItemKind& k) { return k.item_class == *cls && k.frequency > 0; }))
        w.fail(*n, "item_class",
               "no item of class " + e.item_class + " in items.toml has frequency > 0");
    }
    legend.push_back(std::move(e));
  }
  return legend;
}

}  // namespace

Content load_content(const std::string& dir_in) {
  std::string dir = dir_in;
  while (dir.size() > 1 && dir.back() == '/')
    dir.pop_back();
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error))
    throw InputError("content: '" + dir +
                     "' is not a directory (the game's content is DATA_DIR/game; the "
                     "environment variable YENDOR_DATA_DIR sets DATA_DIR)");
  const auto path = [&](std::string_view name) {
    const std::string p = dir + "/" + std::string(name);
    if (!std::filesystem::is_regular_file(p, error))
      throw InputError(p +
                       ": missing (a content directory holds races.toml, monsters.toml, "
                       "items.toml, dungeon.toml and legend.toml)");
    return p;
  };
  Content c;
  c.source_dir = dir;
  const std::string races = path("races.toml"), items = path("items.toml"),
                    monsters = path("monsters.toml"), dungeon = path("dungeon.toml"),
                    legend = path("legend.toml");
  c.races = read_races(races, parse_file(races));
  c.items = read_items(items, parse_file(items));
  // The AI tables: the content directory's own ai/, else the shipped data/ai.
  const std::string own_ai = dir + "/ai";
  c.ai = ai::load_library(std::filesystem::is_directory(own_ai, error) ? own_ai
                                                                       : ai::default_library_dir());
  c.monsters = read_monsters(monsters, parse_file(monsters), c.races, c.items, c.ai);
  // The instancing rules (thesis 4.7) are optional: without the file, rolls are unconstrained.
  const std::string instancing = dir + "/instancing.toml";
  if (std::filesystem::is_regular_file(instancing, error)) {
    c.instancing = parse_instancing(read_text(instancing), instancing, c);
  }
  c.dungeon = read_dungeon(dungeon, parse_file(dungeon), c.monsters, c.items);
  c.legend = read_legend(legend, parse_file(legend), c.monsters, c.items);
  return c;
}

std::string default_content_dir() {
  return default_data_dir() + "/game";
}

}  // namespace yendor::game
