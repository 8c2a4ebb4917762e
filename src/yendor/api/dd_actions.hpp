#pragma once
// The Desktop Dungeons environment's actions as one discrete set (docs/dd.md), the name of
// each index, and the legal mask, which asks the rules themselves (dd::check).
//
//   0-7    move (bump: attack) north, east, south, west, NE, SE, SW, NW
//   8      drink a health potion        9  drink a mana potion
//   10-13  cast the glyph in slot 0-3 (a spell that needs no target)
//   14-45  cast slot s at the monster in direction d: 14 + s * 8 + d (a targeted spell)
//   46-49  convert the glyph in slot 0-3 into the race's bonus
//   50     give up

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "yendor/dd/content.hpp"
#include "yendor/dd/rules.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::api {

inline constexpr int k_dd_move_first = 0;
inline constexpr int k_dd_drink_health = 8;
inline constexpr int k_dd_drink_mana = 9;
inline constexpr int k_dd_cast_first = 10;
inline constexpr int k_dd_cast_at_first = 14;
inline constexpr int k_dd_convert_first = 46;
inline constexpr int k_dd_give_up = 50;
inline constexpr int k_dd_action_count = 51;

using DdMask = std::array<std::uint8_t, k_dd_action_count>;

// "move_north", "drink_health", "cast_0", "cast_1_east", "convert_3", "give_up".
std::string dd_action_name(int index);
int dd_action_index(std::string_view name);  // -1 when unknown

// The rules' action for `index` in `state` (a directed cast aims at the cell in that
// direction). std::out_of_range outside 0..k_dd_action_count-1.
dd::Action to_dd_action(int index, const dd::State& state);

// mask[i] = 1 when the rules accept action i now; returns how many are.
int dd_legal_mask(const dd::State& state, const dd::Content& content, DdMask& mask);

}  // namespace yendor::api
