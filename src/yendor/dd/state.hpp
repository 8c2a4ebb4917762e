#pragma once
// A Desktop Dungeons game's whole state (docs/dd.md): plain, fixed-size data with no pointers,
// so copying it is a memcpy of a few kilobytes — the clone that search bots and the
// environment's restore need. The rules (dd/rules.hpp) are the only code that changes it.

#include <array>
#include <cstdint>
#include <type_traits>

#include "yendor/core/rng.hpp"
#include "yendor/dd/content.hpp"

namespace yendor::dd {

inline constexpr std::int8_t k_no_monster = -1;

struct Monster {
  std::int16_t hp = 0;  // 0: dead
  std::int16_t max_hp = 0;
  std::int16_t attack = 0;
  std::uint16_t cell = 0;
  std::uint8_t kind = 0;
  std::uint8_t level = 1;
  bool boss = false;
  bool operator==(const Monster&) const = default;
};

struct Hero {
  std::uint16_t cell = 0;
  std::uint8_t race = 0;
  std::uint8_t hero_class = 0;
  std::int32_t level = 1;
  std::int32_t xp = 0;  // towards the next level
  std::int32_t total_xp = 0;
  std::int32_t hp = 0;
  std::int32_t max_hp = 0;
  std::int32_t mana = 0;
  std::int32_t max_mana = 0;
  std::int32_t attack = 0;
  std::int32_t health_percent = 0;  // bonuses from powerups and conversions
  std::int32_t attack_percent = 0;
  std::int32_t mana_bonus = 0;
  std::int32_t health_potions = 0;
  std::int32_t mana_potions = 0;
  std::array<std::int8_t, k_max_glyph_slots> glyphs{-1, -1, -1, -1};  // spell kind; -1 empty
  std::uint8_t glyph_slots = 3;
  // Statuses the spells set: kill protection lasts until a killing blow, the other two are
  // spent by the next exchange.
  bool kill_protect = false;
  bool first_strike = false;
  std::int32_t power_strike = 0;  // percent added to the next melee blow
  bool operator==(const Hero&) const = default;
};

enum class Outcome : std::uint8_t { playing, won, died, gave_up };
std::string_view to_string(Outcome o);

// Running totals, for bots, evaluation and the fitness.
struct Tally {
  std::int32_t actions = 0;  // accepted actions (the game's turns)
  std::int32_t explored = 0;
  std::int32_t kills = 0;
  std::int32_t health_potions_used = 0;
  std::int32_t mana_potions_used = 0;
  std::int32_t spells_cast = 0;
  std::int32_t glyphs_converted = 0;
  bool operator==(const Tally&) const = default;
};

struct State {
  std::array<std::uint8_t, k_cells> wall{};       // 1: wall
  std::array<std::uint8_t, k_cells> revealed{};   // 1: revealed
  std::array<std::int8_t, k_cells> monster_at{};  // monster index, k_no_monster
  std::array<std::uint8_t, k_cells> item_at{};    // ItemKind
  std::array<std::uint8_t, k_cells> spell_at{};   // the spell kind where item_at is spell
  std::array<Monster, k_max_monsters> monsters{};
  std::uint64_t damaged = 0;  // bit i: monster i is alive and below its maximum health
  Hero hero;
  Tally tally;
  Rng rng;  // the rules' own randomness (the reveal spell); hidden like unrevealed cells
  std::uint64_t seed = 0;
  std::int32_t unrevealed = 0;
  std::uint8_t monster_count = 0;
  std::uint8_t alive = 0;
  std::uint8_t boss = 0;  // the boss's monster index
  Outcome outcome = Outcome::playing;
  std::int8_t killer = k_no_monster;  // the monster that killed the hero
  bool operator==(const State&) const = default;
};
static_assert(std::is_trivially_copyable_v<State>);

constexpr int cell_of(int x, int y) {
  return y * k_side + x;
}
constexpr int cell_x(int cell) {
  return cell % k_side;
}
constexpr int cell_y(int cell) {
  return cell / k_side;
}

}  // namespace yendor::dd
