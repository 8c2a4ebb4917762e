#pragma once
// What the player (a person, a bot, Python) asks for: one Action per Game::step. Actions
// that cannot be done (walking into a wall, quaffing a scroll) take no time and produce a
// `refused` event saying why.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "yendor/core/geometry.hpp"

namespace yendor::game {

enum class ActionType : std::uint8_t {
  wait,        // one turn
  move,        // one step in `dir`; bumping a monster attacks it, a closed door opens it
  rest,        // wait up to `count` turns (0: until healed), stopping when disturbed
  search,      // one turn looking for hidden traps and secret doors around
  pick_up,     // what lies here (`item`: which, by its floor index + 'a'; 0: the top one)
  drop,        // `item` (inventory letter), `count` of a stack (0: all)
  quaff,       // `item`
  read,        // `item`
  eat,         // `item`
  wield,       // `item`
  wear,        // `item`
  take_off,    // `item` (worn armour or wielded weapon)
  throw_item,  // `item` at `target`
  open,        // the door in `dir`
  close,       // the door in `dir`
  operate,     // the lever here or in `dir`
  descend,     // on '>'
  ascend,      // on '<' (refused on level 1: the way out is through the boss)
  pray,        // on an altar
  drink,       // from the fountain here
  buy,         // the unpaid item here (in a shop)
  sell,        // `item`, to the shopkeeper of the shop you stand in
  raise,       // spend a level-up: `choice` 0 = STR, 1 = DEX, 2 = CON (takes no time)
  quit,        // end the game now (no save, like dying)
  count
};
inline constexpr std::size_t k_action_type_count = static_cast<std::size_t>(ActionType::count);

struct Action {
  ActionType type = ActionType::wait;
  Point dir{};     // unit step (dx, dy in -1..1)
  char item = 0;   // inventory letter
  Point target{};  // throw_item
  int count = 0;
  int choice = 0;
  bool operator==(const Action&) const = default;
};

std::string_view to_string(ActionType t);
std::optional<ActionType> action_type_from_string(std::string_view s);

// One line, e.g. "move 1 -1", "quaff c", "throw_item b 12 7", "raise 2": the replay file's
// form (docs/formats.md). parse_action throws InputError on a malformed line.
std::string format_action(const Action& a);
Action parse_action(std::string_view line);

}  // namespace yendor::game
