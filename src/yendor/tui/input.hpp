#pragma once
// One thing the person at the terminal did: a key, a mouse move or click, a resize, or the end
// of input. Keys are code points for text and named values past Unicode for the rest, so a
// key table (tui/keymap.hpp) and a text field read the same stream.

#include <cstdint>
#include <string>

#include "yendor/core/geometry.hpp"

namespace yendor::tui {

// Keys that are not text: values past the last code point.
enum class Key : std::uint32_t {
  up = 0x110000,
  down,
  left,
  right,
  home,       // the numpad's 7 when it sends cursor keys
  end,        // 1
  page_up,    // 9
  page_down,  // 3
  centre,     // 5 (KEY_B2)
  enter,
  escape,
  backspace,
  tab,
  delete_key,
  insert,
  f1,
};
inline constexpr char32_t key_code(Key k) {
  return static_cast<char32_t>(k);
}
// Ctrl+letter as the terminal sends it (raw mode): ctrl('c') is 3.
inline constexpr char32_t ctrl(char letter) {
  return static_cast<char32_t>(letter) & 0x1F;
}

enum class InputKind : std::uint8_t {
  key,     // `key`
  mouse,   // the pointer is over `cell`; `click` when a button was pressed
  resize,  // the terminal changed size
  end,     // no more input: the terminal closed, or a scripted run is over
  signal,  // asked to stop from outside (SIGTERM, SIGHUP): save and leave
  tick,    // nothing arrived within the time the screen asked to wait (Screen::wait_ms)
};

struct Input {
  InputKind kind = InputKind::key;
  char32_t key = 0;
  Point cell{};
  bool click = false;

  static Input of_key(char32_t k) { return {InputKind::key, k, {}, false}; }
  static Input of_key(Key k) { return of_key(key_code(k)); }
  static Input of_mouse(Point p, bool click) { return {InputKind::mouse, 0, p, click}; }
  static Input of(InputKind kind) { return {kind, 0, {}, false}; }
  bool is(char32_t k) const { return kind == InputKind::key && key == k; }
  bool is(Key k) const { return is(key_code(k)); }
};

// How a key is written in help and messages: "k", "Enter", "Ctrl-C", "Up".
std::string key_name(char32_t key);

}  // namespace yendor::tui
