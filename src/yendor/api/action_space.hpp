#pragma once
// The agent's actions as one discrete set (docs/env.md lists it): index -> game::Action, the
// name of each index, and the legal-action mask, which asks the rules themselves
// (game::Game::accepts), so an action is legal exactly when the game would not refuse it.
//
//   0-7     move (bump: attack, open a door) north, east, south, west, NE, SE, SW, NW
//   8-15    open a door in that direction        16-23  close a door in that direction
//   24 wait  25 rest (until healed or disturbed)  26 search  27 pick up (the top item)
//   28 descend  29 ascend  30 pray  31 drink  32 buy  33 operate (a lever here or next)
//   34-36   raise STR, DEX, CON (a pending level-up)
//   37+     per pack letter a..z, A..Z (52): drop, quaff, read, eat, wield, wear, take off,
//           sell, throw (at the nearest hostile monster in view) — verb * 52 + letter

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "yendor/game/action.hpp"
#include "yendor/game/game.hpp"

namespace yendor::api {

inline constexpr int k_pack_size = 52;

enum class ItemVerb : std::uint8_t {
  drop,
  quaff,
  read,
  eat,
  wield,
  wear,
  take_off,
  sell,
  throw_at
};
inline constexpr int k_item_verb_count = 9;

inline constexpr int k_move_first = 0;
inline constexpr int k_open_first = 8;
inline constexpr int k_close_first = 16;
inline constexpr int k_wait = 24;
inline constexpr int k_rest = 25;
inline constexpr int k_search = 26;
inline constexpr int k_pick_up = 27;
inline constexpr int k_descend = 28;
inline constexpr int k_ascend = 29;
inline constexpr int k_pray = 30;
inline constexpr int k_drink = 31;
inline constexpr int k_buy = 32;
inline constexpr int k_operate = 33;
inline constexpr int k_raise_first = 34;
inline constexpr int k_item_first = 37;
inline constexpr int k_action_count = k_item_first + k_item_verb_count * k_pack_size;  // 505

// The pack letter of rank 0..51 (a..z, A..Z), and the rank of a letter (-1: none).
char pack_letter(int rank);
int pack_rank(char letter);

// The index of an item action.
constexpr int item_action(ItemVerb verb, int rank) {
  return k_item_first + static_cast<int>(verb) * k_pack_size + rank;
}

// A stable snake_case name per index ("move_north", "quaff_c", "raise_con").
std::string action_name(int index);
// The index named `name`, or -1.
int action_index(std::string_view name);

// The game action for `index` in `game`'s current state (throw picks its target now: the
// nearest hostile monster in view, by walking distance then id; the player's own cell when
// there is none, which the rules refuse). std::out_of_range outside 0..k_action_count-1.
game::Action to_game_action(int index, const game::Game& game);

// The nearest hostile monster the player sees (Chebyshev distance, then id); the player's
// position when none.
Point throw_target(const game::Game& game);

// mask[i] = 1 when the game accepts action i now, else 0 (`mask` has k_action_count bytes).
// Item actions of letters not carried are 0 without asking the rules (every item action
// refuses them). Returns the number of legal actions.
int legal_mask(game::Game& game, std::span<std::uint8_t> mask);

}  // namespace yendor::api
