#pragma once
// The Desktop Dungeons ruleset's content (docs/dd.md): monster kinds, spell glyphs, hero
// races and classes and the dungeon recipe, loaded from data/dd/*.toml and validated (a bad
// file is an InputError naming the file, the line and the field). Read-only once loaded and
// shared by every game.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/param_value.hpp"

namespace yendor::dd {

inline constexpr int k_side = 20;  // the dungeon is k_side x k_side cells
inline constexpr int k_cells = k_side * k_side;
inline constexpr int k_boss_level = 10;  // the boss's level
inline constexpr int k_max_glyph_slots = 4;
inline constexpr int k_max_monsters = 64;   // monsters in one dungeon, boss included
inline constexpr int k_monster_levels = 9;  // levels of ordinary monsters: 1..9

struct MonsterKind {
  std::string id;
  char glyph = 'm';
  int attack_percent = 100;
  int health_percent = 100;
  bool first_strike = false;
  int magic_resist = 0;  // percent of spell damage taken off
  bool boss = false;
};

// A monster's base stats at level n (the DD alpha): (n + 3)^2 - 10 and n (n + 5) / 2.
constexpr int base_monster_health(int level) {
  return (level + 3) * (level + 3) - 10;
}
constexpr int base_monster_attack(int level) {
  return level * (level + 5) / 2;
}

enum class SpellEffect : std::uint8_t {
  fireball,
  kill_protect,
  heal,
  first_strike,
  power_strike,
  reveal
};
std::string_view to_string(SpellEffect e);
std::optional<SpellEffect> spell_effect_from_string(std::string_view text);
// Spells aimed at a monster (the rest act on the hero or the dungeon).
constexpr bool is_targeted(SpellEffect e) {
  return e == SpellEffect::fireball;
}

struct SpellKind {
  std::string id;
  std::string title;  // the glyph's name in the game ("BURNDAYRAZ")
  SpellEffect effect = SpellEffect::fireball;
  int mana = 0;
  int amount = 0;  // what the effect uses (docs/dd.md)
};

enum class RaceBonus : std::uint8_t {
  attack_percent,
  health_percent,
  max_mana,
  health_potion,
  mana_potion
};
std::string_view to_string(RaceBonus b);
std::optional<RaceBonus> race_bonus_from_string(std::string_view text);

struct Race {
  std::string id;
  RaceBonus bonus = RaceBonus::attack_percent;
  int amount = 0;  // per converted glyph
};

struct HeroClass {
  std::string id;
  int health_per_level = 10;
  int attack_per_level = 5;
  int base_mana = 10;
  int glyph_slots = 3;
  std::vector<std::uint8_t> spells;  // spell kinds it starts with
  int health_potions = 1;
  int mana_potions = 1;
  int potion_percent = 40;
  int spell_cost = 0;  // added to every spell's mana (at least 0 in all)
  int attack_percent = 0;
  int xp_percent = 100;
  bool first_strike = false;  // wins ties of level
  int explore_health = 0;     // extra health per explored cell
};

// What lies in the dungeon: item kinds as the cells hold them (0: nothing).
enum class ItemKind : std::uint8_t {
  none,
  health_powerup,
  mana_powerup,
  attack_powerup,
  health_potion,
  mana_potion,
  spell,  // a glyph; which one is the cell's spell byte
  count
};
inline constexpr int k_item_kind_count = static_cast<int>(ItemKind::count);
std::string_view to_string(ItemKind k);

struct ItemRule {
  int count = 0;   // placed in each dungeon
  int amount = 0;  // what picking one up gives
};

struct DungeonRecipe {
  std::string generator = "dd";
  ParamSet params;  // the generator's, as written (validated when the content loads)
  int hero_level_cap = 10;
  int xp_per_level = 5;
  std::array<int, k_monster_levels> monsters_per_level{};
  std::vector<std::uint8_t> monster_kinds;  // kinds for levels 1..9
  std::vector<std::uint8_t> boss_kinds;
  int boss_min_distance = 8;
  int safe_radius = 2;
  std::array<ItemRule, k_item_kind_count> items{};  // by ItemKind (none unused)
};

struct Content {
  std::vector<MonsterKind> monsters;
  std::vector<SpellKind> spells;
  std::vector<Race> races;
  std::vector<HeroClass> classes;
  DungeonRecipe dungeon;
  std::string dir;         // where it was loaded from
  std::uint64_t hash = 0;  // FNV-1a over the files' bytes, in a fixed order

  // Index by id; -1 when unknown.
  int monster_index(std::string_view id) const;
  int spell_index(std::string_view id) const;
  int race_index(std::string_view id) const;
  int class_index(std::string_view id) const;
};

// The files of the ruleset, in the order the hash reads them.
inline constexpr std::array<std::string_view, 4> k_content_files = {"monsters.toml", "spells.toml",
                                                                    "heroes.toml", "dungeon.toml"};

// Loads `dir` (the data/dd folder). InputError naming file, line and field for a bad file.
Content load_content(const std::string& dir);
// The folder under the data directory (core/data_dir.hpp) the ruleset reads by default.
std::string default_content_dir();

}  // namespace yendor::dd
