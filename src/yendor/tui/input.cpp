#include "yendor/tui/input.hpp"

#include <array>
#include <utility>

#include "yendor/tui/utf8.hpp"

namespace yendor::tui {

std::string key_name(char32_t key) {
  static constexpr std::array<std::pair<Key, const char*>, 16> k_names{{
      {Key::up, "Up"},
      {Key::down, "Down"},
      {Key::left, "Left"},
      {Key::right, "Right"},
      {Key::home, "Home"},
      {Key::end, "End"},
      {Key::page_up, "PgUp"},
      {Key::page_down, "PgDn"},
      {Key::centre, "Keypad 5"},
      {Key::enter, "Enter"},
      {Key::escape, "Esc"},
      {Key::backspace, "Backspace"},
      {Key::tab, "Tab"},
      {Key::delete_key, "Delete"},
      {Key::insert, "Insert"},
      {Key::f1, "F1"},
  }};
  for (const auto& [k, name] : k_names)
    if (key == key_code(k)) return name;
  if (key == U' ') return "Space";
  if (key >= 1 && key <= 26) return std::string("Ctrl-") + static_cast<char>('A' + key - 1);
  std::string out;
  append_utf8(out, key);
  return out;
}

}  // namespace yendor::tui
