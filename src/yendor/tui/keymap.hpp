#pragma once
// The game screen's keys: one table of commands, the keys that give each and the line of help
// that describes it. The input code looks keys up in it and the help screen is printed from
// it, so the two cannot disagree. Traditional bindings (thesis 5.2, the FAQ's "simple
// controls"): arrows, vi-keys (hjklyubn) and the numpad move in eight directions.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/tui/input.hpp"

namespace yendor::tui {

enum class Command : std::uint8_t {
  move_n,
  move_s,
  move_e,
  move_w,
  move_ne,
  move_nw,
  move_se,
  move_sw,
  wait,
  rest,
  search,
  pick_up,
  drop,
  inventory,
  quaff,
  read,
  eat,
  wield_or_wear,
  take_off,
  throw_item,
  descend,
  ascend,
  look,
  open_door,
  close_door,
  operate,
  pray,
  drink,
  buy,
  sell,
  messages,
  character,
  help,
  save_and_quit,
  quit_game,
};

struct Binding {
  Command command;
  std::vector<char32_t> keys;  // the first one is the one help shows first
  std::string_view help;       // "quaff a potion"
};

// Every command with its keys, in the order help lists them. No key appears twice.
std::span<const Binding> game_bindings();
// The command `input` gives on the game screen, if any.
std::optional<Command> command_for(const Input& input);
// The unit step of a move command ({} for any other).
Point direction_of(Command c);
// The command's keys as help writes them: "k, 8, Up".
std::string keys_text(const Binding& b);

}  // namespace yendor::tui
