#pragma once
// The game's content as loaded from data/game/*.toml (docs/content.md): monster races and
// kinds, item kinds, the dungeon recipe and the vault legend. Loaded once, validated, then
// read-only: the simulation refers to kinds by index into these vectors (indices are stable
// for one content set; saves store kind ids by name and map them back on load).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/geometry.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/game/instancing_rules.hpp"
#include "yendor/gen/feature_pass.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::game {

// An inclusive range of integers, written "3-7" or 5 in the files.
struct IntRange {
  int lo = 0;
  int hi = 0;
  bool contains(int v) const { return v >= lo && v <= hi; }
  bool operator==(const IntRange&) const = default;
};

// The three attributes of the thesis's prototype (5.2): strength (damage), dexterity
// (to-hit, evasion, blocking) and constitution (hit points).
struct Attributes {
  int str = 10;
  int dex = 10;
  int con = 10;
  bool operator==(const Attributes&) const = default;
};

// A family of monsters (goblinoids, orcs, undead, animals...): shared glyph colour and
// defaults that kinds of the race may override, and traits the rules read.
struct Race {
  std::string id;    // snake_case, unique
  std::string name;  // "goblinoid"
  Rgb color{200, 200, 200};
  // Added to every kind's rolled attributes.
  Attributes attribute_bonus{0, 0, 0};
  bool poison_immune = false;
  bool sees_invisible = false;
  bool undead = false;  // altars' blessing harms them, they leave no corpse...
  bool operator==(const Race&) const = default;
};

struct Drop {
  std::string item;  // item kind id
  double chance = 1.0;
  IntRange count{1, 1};
  bool operator==(const Drop&) const = default;
};

// A missile or breath a monster fires along its line of sight.
struct RangedAttack {
  std::string name;  // "arrow", "fire bolt"
  IntRange damage{1, 4};
  int range = 6;
  double chance = 0.5;  // per turn when the player is in range and in view
  bool operator==(const RangedAttack&) const = default;
};

struct MonsterKind {
  std::string id;    // snake_case, unique ("goblin")
  std::string name;  // "goblin"
  char glyph = 'm';
  Rgb color{200, 200, 200};
  int race = -1;  // index into Content::races
  // Attribute ranges: each spawned individual rolls within them (thesis 4.7, 5.4).
  IntRange str{8, 12};
  IntRange dex{8, 12};
  IntRange con{8, 12};
  IntRange speed{100, 100};  // 100 = the player's normal speed; 200 acts twice as often
  // OCEAN personality ranges in thousandths (ai::Trait order), rolled like the attributes
  // into ai::Memory::personality (thesis 4.6, 4.7); the whole 0..1 unless the kind says.
  std::array<IntRange, ai::k_trait_count> personality{IntRange{0, 1000}, IntRange{0, 1000},
                                                      IntRange{0, 1000}, IntRange{0, 1000},
                                                      IntRange{0, 1000}};
  int base_xp = 10;       // scaled by what was rolled (docs/content.md)
  int armour = 0;         // natural armour
  IntRange damage{1, 4};  // natural weapon
  std::string attack_verb = "hits";
  int vision = 8;               // radius of its field of view
  std::string brain = "chase";  // an ai::Brain name
  IntRange depth{1, 10};        // depths it appears at
  int frequency = 10;           // weight among the kinds of a depth
  IntRange group{1, 1};         // how many appear together
  IntRange gold{0, 0};          // gold it carries and drops
  std::vector<Drop> drops;
  std::optional<RangedAttack> ranged;
  bool boss = false;    // only placed as a boss (the last level's, or a vault's `boss` marker)
  bool unique = false;  // at most one per game
  bool shopkeeper = false;
  bool leaves_corpse = true;
  // The library entry its brain runs (an fsm table, a tree...: docs/brains.md); empty for
  // the brain's default. Resolved at load to its index in the brain's section.
  std::string tactics{};
  int tactics_index = -1;
  bool operator==(const MonsterKind&) const = default;
};

enum class ItemClass : std::uint8_t {
  potion,
  scroll,
  weapon,
  armour,
  key,
  food,
  gold,
  corpse,
  missile,  // thrown (darts, daggers also throw but are weapons)
  misc,
  count
};
std::string_view to_string(ItemClass c);
std::optional<ItemClass> item_class_from_string(std::string_view s);

struct ItemKind {
  std::string id;      // snake_case, unique ("potion_healing")
  std::string name;    // "potion of healing"
  std::string plural;  // "potions of healing"; empty: name + "s"
  ItemClass item_class = ItemClass::misc;
  char glyph = '?';
  Rgb color{200, 200, 200};
  // Potions, scrolls, food: the effect the rules apply (docs/content.md lists them), with
  // its strength (hit points healed, turns of haste...).
  std::string effect;
  int power = 0;
  // Weapons: damage dice and to-hit bonus; thrown damage for missiles and throwing weapons.
  IntRange damage{1, 2};
  int to_hit = 0;
  IntRange thrown_damage{1, 2};
  // Armour.
  int armour = 0;
  int evasion_penalty = 0;
  // Food: turns of nutrition.
  int nutrition = 0;
  bool stackable = false;
  int price = 10;  // shop price in gold; selling pays half
  IntRange depth{1, 10};
  int frequency = 10;  // 0: never generated at random (keys, corpses, gold)
  bool operator==(const ItemKind&) const = default;
};

// One generator a depth band may use, with its parameters and shared options.
struct LevelChoice {
  std::string generator;
  ParamSet params;
  std::string motif = "dungeon";
  int weight = 1;
  std::vector<FeatureRequest> features{};  // feature passes run after the motif's (vaults, shops)
  bool operator==(const LevelChoice&) const = default;
};

struct DepthBand {
  IntRange depths;
  std::vector<LevelChoice> levels;
  IntRange monsters{4, 8};  // monster groups placed when the level is made
  IntRange items{3, 6};     // items placed on the floor
  IntRange traps{0, 3};     // traps added beyond the vaults' `trap` markers
  bool operator==(const DepthBand&) const = default;
};

// data/game/dungeon.toml: how many levels, their size, which generator makes each depth,
// how hard spawning gets, and the boss on the last level.
struct DungeonRecipe {
  int levels = 10;
  Size size{80, 50};
  std::vector<DepthBand> bands;  // together cover depths 1..levels
  std::string boss;              // monster kind id placed on the last level
  int difficulty_per_depth = 1;  // GenerateOptions::difficulty = depth * this
  int catch_up_turns = 100;      // at most this many turns simulated on a level left behind
  Attributes start_attributes{12, 12, 12};  // the player's at level 1
  std::vector<std::string> start_items;     // item kind ids the player starts with
  bool operator==(const DungeonRecipe&) const = default;
};

// What a feature tag of a level (a vault marker, a shop's stock, a cyclic level's key)
// becomes in the game: data/game/legend.toml.
struct LegendEntry {
  std::string tag;         // the tag before any ':' ("monster", "treasure", "key", "trap")
  std::string spawn;       // monster, boss, item, treasure, trap, gold, key, shopkeeper,
                           // shop_item, priest, nothing
  int depth_bonus = 0;     // spawn as if this many levels deeper
  std::string item_class;  // item, treasure, shop_item: restrict to this class
  bool operator==(const LegendEntry&) const = default;
};

// Trap kinds are rules, not content: data only chooses where they are.
struct Content {
  std::vector<Race> races;
  std::vector<MonsterKind> monsters;
  std::vector<ItemKind> items;
  DungeonRecipe dungeon;
  std::vector<LegendEntry> legend;
  std::string source_dir;        // where it was loaded from (for messages)
  ai::Library ai{};              // the AI tables and trees (data/ai, or the content's own ai/)
  InstancingRules instancing{};  // instancing.toml's constraints (none when it is absent)

  // -1 when absent.
  int monster_index(std::string_view id) const;
  int item_index(std::string_view id) const;
  const LegendEntry* legend_for(std::string_view tag) const;  // tag before any ':'
  bool operator==(const Content&) const = default;
};

// Loads races.toml, monsters.toml, items.toml, dungeon.toml and legend.toml from `dir` (and
// instancing.toml when there is one), validates every field and cross-reference (race and item
// ids, brain names, depth bands covering 1..levels, generator names and parameters, the boss
// kind, the instancing rules) and throws InputError "FILE:LINE: [table] 'id': field 'name':
// problem" on the first problem.
Content load_content(const std::string& dir);
// data_dir()/game: the shipped content.
std::string default_content_dir();

}  // namespace yendor::game
