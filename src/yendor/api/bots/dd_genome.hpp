#pragma once
// The genome of the dd strategy bots (docs/bots.md; the DD platform paper 4.1-4.2): two
// ordered lists of elementary strategies — the main-game strategies that choose what to do
// next and the attack strategies that fight one monster — each with a priority in [0, 1]
// (higher first) and an on/off switch, plus the strategies' parameters. The hand-made greedy
// bot is one genome (greedy_genome()); evolution searches the rest (api/bots/dd_evolution).
// Written and read as a small TOML file (`yendor bot evolved --genome FILE`).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/dd/content.hpp"

namespace yendor::api::bots {

inline constexpr std::array<std::string_view, 10> k_main_strategies = {
    "pick_up",          // walk to the nearest item it would take
    "kill_strongest",   // the highest-level monster a simulated fight beats
    "kill_weakest",     // the lowest-level one
    "kill_most_xp",     // the one giving the most experience
    "kill_level_up",    // one whose experience brings a new level (health and mana back)
    "explore",          // walk to the nearest frontier cell
    "explore_to_heal",  // explore while health is below heal_below
    "drink_when_low",   // a health potion below drink_below, keeping potion_reserve
    "convert_glyphs",   // convert the glyphs marked in `convert`
    "keep_protected",   // keep kill protection on
};
inline constexpr std::array<std::string_view, 13> k_attack_strategies = {
    "fireball",                // cast it
    "fireball_to_finish",      // cast it when it kills
    "attack",                  // bump
    "attack_if_safe",          // bump when the hero survives the exchange
    "attack_if_first",         // bump when the hero strikes first
    "health_potion",           // drink when hurt (within the per-level limit)
    "health_potion_if_dying",  // drink when the next blow would kill
    "mana_potion",             // drink when fireball lacks mana (within the limit)
    "first_strike",            // cast it when striking first kills without a blow back
    "power_strike",            // cast it when the stronger blow kills and the plain one not
    "kill_protect",            // cast it when the next blow would kill
    "heal",                    // cast it below half health
    "convert_for_potion",      // convert a glyph when the race's bonus is a potion needed now
};
inline constexpr int k_main_count = static_cast<int>(k_main_strategies.size());
inline constexpr int k_attack_count = static_cast<int>(k_attack_strategies.size());
inline constexpr int k_monster_level_count = 10;  // levels 1..10 (the boss)
inline constexpr int k_max_genome_spells = 16;    // `convert` flags, by spell kind

struct DdGenome {
  std::array<double, k_main_count> main_priority{};
  std::array<bool, k_main_count> main_on{};
  std::array<double, k_attack_count> attack_priority{};
  std::array<bool, k_attack_count> attack_on{};
  // Potions one fight may use, by the monster's level 1..10 (0..5).
  std::array<int, k_monster_level_count> health_potions{};
  std::array<int, k_monster_level_count> mana_potions{};
  double heal_below = 0.5;                          // explore_to_heal: share of maximum health
  double drink_below = 0.2;                         // drink_when_low: share of maximum health
  int potion_reserve = 1;                           // drink_when_low keeps this many (0..5)
  std::array<bool, k_max_genome_spells> convert{};  // by spell kind
  bool operator==(const DdGenome&) const = default;
};

inline constexpr int k_max_potions_per_fight = 5;

// The paper's hand-made greedy bot (4.1): pick up an item > kill a monster, strongest first >
// explore; in a fight fireball > attack > potion; potions allowed from level 4 up, as set by
// hand (one for levels 4-6, two for 7-9, three for the boss).
DdGenome greedy_genome();

// The genome as a TOML file; `spell_ids` names the convert flags.
std::string genome_text(const DdGenome& genome, const std::vector<std::string>& spell_ids);
// Reads one; InputError naming file, line and field. Strategies not listed are off.
DdGenome parse_genome(std::string_view text, const std::string& file,
                      const std::vector<std::string>& spell_ids);
DdGenome load_genome(const std::string& path, const std::vector<std::string>& spell_ids);

// The spell ids of `content`, in kind order (what genome files name the convert flags by).
std::vector<std::string> spell_ids(const dd::Content& content);
// The genome at `path` for `content`'s spells; an empty path is the genome shipped beside the
// content (its evolved.toml).
DdGenome load_genome_for(const std::string& path, const dd::Content& content);

}  // namespace yendor::api::bots
