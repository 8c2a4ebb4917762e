#pragma once
// The ncurses display: draws canvases in colour (xterm's 256 where the terminal has them, the
// 8 basic ones otherwise), in UTF-8 where the locale is UTF-8 and in ASCII stand-ins
// otherwise, reads keys (arrows, numpad, vi-keys alike) and the mouse (pointer motion and
// clicks), follows resizes. The terminal is always given back as it was: when the Terminal
// is destroyed, at exit, and on a crash signal (SIGSEGV, SIGABRT, ...), before the signal
// takes its course. SIGTERM, SIGHUP and SIGINT do not kill the program: read() returns
// InputKind::signal so the game is saved first. Keys arrive raw, so Ctrl-C is a key (save and
// quit), not a signal.

#include <map>
#include <optional>
#include <utility>

#include "yendor/tui/app.hpp"

namespace yendor::tui {

class Terminal final : public Display {
 public:
  // Takes over the terminal; InputError when standard input or output is not a terminal
  // or ncurses cannot start. One at a time (std::logic_error for a second).
  explicit Terminal(const DisplaySettings& settings = {});
  ~Terminal() override;
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  Size size() const override;
  void show(const Canvas& frame) override;
  Input read() override;
  Input read_within(int ms) override;
  // ASCII stand-ins even in a UTF-8 locale, the basic 8 colours even where 256 are, the
  // mouse on or off: at once, from the next frame.
  void configure(const DisplaySettings& settings) override;

  bool utf8() const { return utf8_; }
  int colours() const { return colours_; }  // 256, 8 or 0 (monochrome)

 private:
  int attributes_for(const Style& style);
  // One input within `ms` milliseconds (stop requests first); nullopt when none came.
  std::optional<Input> poll(int ms);

  bool locale_utf8_ = false;
  bool utf8_ = false;
  bool mouse_ = false;
  int colours_ = 0;
};

// What a code point looks like on a terminal without UTF-8: itself when ASCII, else the
// nearest ASCII stand-in ('#' for blocks, '-' and '|' for lines, '?' when nothing is near).
char ascii_stand_in(char32_t ch);

}  // namespace yendor::tui
