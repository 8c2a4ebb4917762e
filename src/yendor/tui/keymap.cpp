#include "yendor/tui/keymap.hpp"

#include <string>

namespace yendor::tui {
namespace {

std::vector<Binding> make_bindings() {
  const auto k = [](Key key) { return key_code(key); };
  return {
      {Command::move_n, {U'k', U'8', k(Key::up)}, "move or attack north"},
      {Command::move_s, {U'j', U'2', k(Key::down)}, "move or attack south"},
      {Command::move_w, {U'h', U'4', k(Key::left)}, "move or attack west"},
      {Command::move_e, {U'l', U'6', k(Key::right)}, "move or attack east"},
      {Command::move_nw, {U'y', U'7', k(Key::home)}, "move or attack north-west"},
      {Command::move_ne, {U'u', U'9', k(Key::page_up)}, "move or attack north-east"},
      {Command::move_sw, {U'b', U'1', k(Key::end)}, "move or attack south-west"},
      {Command::move_se, {U'n', U'3', k(Key::page_down)}, "move or attack south-east"},
      {Command::wait, {U'.', U'5', k(Key::centre)}, "wait a turn"},
      {Command::rest, {U'R'}, "rest until healed or disturbed"},
      {Command::search, {U's'}, "search for hidden doors and traps"},
      {Command::pick_up, {U',', U'g'}, "pick up"},
      {Command::drop, {U'd'}, "drop an item"},
      {Command::inventory, {U'i'}, "inventory"},
      {Command::quaff, {U'q'}, "quaff a potion"},
      {Command::read, {U'r'}, "read a scroll"},
      {Command::eat, {U'E'}, "eat"},
      {Command::wield_or_wear, {U'w'}, "wield a weapon or wear armour"},
      {Command::take_off, {U't'}, "take off armour or unwield"},
      {Command::throw_item, {U'f'}, "fire or throw"},
      {Command::descend, {U'>'}, "go down the stairs"},
      {Command::ascend, {U'<'}, "go up the stairs"},
      {Command::look, {U'x'}, "look around (the mouse also shows what is under it)"},
      {Command::open_door, {U'o'}, "open a door"},
      {Command::close_door, {U'c'}, "close a door"},
      {Command::operate, {U'a'}, "pull a lever"},
      {Command::pray, {U'p'}, "pray at an altar"},
      {Command::drink, {U'D'}, "drink from a fountain"},
      {Command::buy, {U'B'}, "buy the item here"},
      {Command::sell, {U'$'}, "sell an item"},
      {Command::messages, {U'm', ctrl('p')}, "message history"},
      {Command::character, {U'@'}, "character sheet"},
      {Command::help, {U'?', k(Key::f1)}, "this help"},
      {Command::save_and_quit, {U'S', ctrl('c')}, "save and quit"},
      {Command::quit_game, {U'Q'}, "give up this game for good (asks first)"},
  };
}

}  // namespace

std::span<const Binding> game_bindings() {
  static const std::vector<Binding> bindings = make_bindings();
  return bindings;
}

std::optional<Command> command_for(const Input& input) {
  if (input.kind != InputKind::key) return std::nullopt;
  for (const Binding& b : game_bindings())
    for (const char32_t key : b.keys)
      if (key == input.key) return b.command;
  return std::nullopt;
}

Point direction_of(Command c) {
  switch (c) {
    case Command::move_n:
      return {0, -1};
    case Command::move_s:
      return {0, 1};
    case Command::move_e:
      return {1, 0};
    case Command::move_w:
      return {-1, 0};
    case Command::move_ne:
      return {1, -1};
    case Command::move_nw:
      return {-1, -1};
    case Command::move_se:
      return {1, 1};
    case Command::move_sw:
      return {-1, 1};
    default:
      return {};
  }
}

std::string keys_text(const Binding& b) {
  std::string out;
  for (const char32_t key : b.keys)
    out += (out.empty() ? "" : ", ") + key_name(key);
  return out;
}

}  // namespace yendor::tui
