#pragma once
// What an agent observes of a Desktop Dungeons game (docs/dd.md): the 20x20 grid as layers,
// one value per cell in row-major order, and the hero's stats. Only what the player knows:
// unrevealed cells are 0 in every layer. Kept up to date from the cells each step changed
// (dd::Changes), so a step costs what it changed, not the grid.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "yendor/dd/content.hpp"
#include "yendor/dd/rules.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::api {

enum class DdStat : std::uint8_t {
  hp,
  max_hp,
  mana,
  max_mana,
  attack,
  level,
  xp,
  xp_next,
  total_xp,
  health_potions,
  mana_potions,
  x,
  y,
  kill_protect,
  first_strike,
  power_strike,
  glyph_slots,
  glyph_0,  // spell kind + 1 in each slot, 0 empty
  glyph_1,
  glyph_2,
  glyph_3,
  race,
  hero_class,
  unrevealed,
  monsters_left,
  actions,
  count
};
inline constexpr std::size_t k_dd_stat_count = static_cast<std::size_t>(DdStat::count);
std::span<const std::string_view> dd_stat_names();

struct DdObservation {
  std::array<std::uint8_t, dd::k_cells> terrain{};        // 0 unrevealed, 1 floor, 2 wall
  std::array<std::uint8_t, dd::k_cells> monster_level{};  // 0 none, else the level (10: boss)
  std::array<std::uint8_t, dd::k_cells> monster_kind{};   // 0 none, else 1 + kind
  std::array<std::int16_t, dd::k_cells> monster_hp{};     // its health now
  std::array<std::uint8_t, dd::k_cells> items{};          // 0 none, else dd::ItemKind
  std::array<std::uint8_t, dd::k_cells> spells{};         // where a glyph lies: 1 + spell kind
  std::array<std::int32_t, k_dd_stat_count> stats{};
  bool operator==(const DdObservation&) const = default;
};

// The whole observation of `state`.
void observe(const dd::State& state, const dd::Content& content, DdObservation& obs);
// Brings `obs` (equal to the state's observation before the step) up to date after a step
// that made `changes`.
void observe_changes(const dd::State& state, const dd::Content& content, const dd::Changes& changes,
                     DdObservation& obs);

}  // namespace yendor::api
