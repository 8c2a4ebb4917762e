#pragma once
// The genome of the strategy bots for the main rules (docs/bots.md), after the DD platform
// paper's bots (4.1-4.2) carried over to the roguelike: one ordered list of elementary
// strategies, each with a priority in [0, 1] (higher first) and an on/off switch, plus the
// strategies' parameters. The hand-made greedy bot is one genome (greedy_main_genome()).
// Written and read as a small TOML file (`yendor bot evolved --rules main --genome FILE`).

#include <array>
#include <string>
#include <string_view>

#include "yendor/game/content.hpp"

namespace yendor::api::bots {

inline constexpr std::array<std::string_view, 13> k_main_rules_strategies = {
    "quaff_when_low",     // a healing potion below drink_below of maximum health
    "escape_when_dying",  // read teleportation below escape_below with a hostile next to it
    "attack_adjacent",    // bump the weakest hostile next to it
    "throw_missiles",     // throw a missile at a hostile in view that is not next to it
    "pick_up",            // take what lies underfoot, walk to an item it saw
    "equip_better",       // wield or wear better gear from the pack
    "eat_when_hungry",    // eat below hungry_below turns of nutrition
    "read_scrolls",       // enchant what it wields and wears; magic mapping on a new level
    "hunt",               // walk to the nearest hostile in view that simulated fights beat
    "rest_when_hurt",     // rest below rest_below of maximum health, no hostile in view
    "explore",            // walk to the nearest cell next to the unknown
    "descend",            // walk to the down stairs it saw and take them
    "search",             // search beside walls for hidden doors when nothing else is left
};
inline constexpr int k_main_rules_count = static_cast<int>(k_main_rules_strategies.size());

// The index of strategy `name` in k_main_rules_strategies (std::out_of_range for none).
int main_strategy_index(std::string_view name);

struct MainGenome {
  std::array<double, k_main_rules_count> priority{};
  std::array<bool, k_main_rules_count> on{};
  double drink_below = 0.35;  // quaff_when_low: share of maximum health
  double escape_below = 0.2;  // escape_when_dying: share of maximum health
  double rest_below = 0.7;    // rest_when_hurt: share of maximum health
  double fight_keep = 0.25;   // hunt: share of maximum health every simulated fight must leave
  int hungry_below = 300;     // eat_when_hungry: turns of nutrition (0..2000)
  int fight_samples = 3;      // hunt: fights simulated with fresh dice (1..8)
  int raise = 2;              // the attribute a level-up raises: 0 STR, 1 DEX, 2 CON
  bool operator==(const MainGenome&) const = default;
};

inline constexpr int k_max_fight_samples = 8;
inline constexpr int k_max_hungry_below = 2000;

// The hand-made greedy bot: survive (quaff, escape, fight back, eat) > pick up an item > kill
// a monster a simulated fight beats > explore > descend, with hand-set thresholds.
MainGenome greedy_main_genome();

std::string main_genome_text(const MainGenome& genome);
// Reads one; InputError naming file, line and field. Strategies not listed are off.
MainGenome parse_main_genome(std::string_view text, const std::string& file);
MainGenome load_main_genome(const std::string& path);
// The genome at `path`; an empty path is the one shipped beside the content
// (data/game/evolved_bot.toml).
MainGenome load_main_genome_for(const std::string& path, const game::Content& content);

}  // namespace yendor::api::bots
