// ncurses behind tui::Display. ncursesw: wide characters through cchar_t; colour pairs from
// alloc_pair (ncurses 6.1+), which recycles the least recently used pair when they run out.
#include "yendor/tui/terminal.hpp"

#include <langinfo.h>
#include <ncursesw/curses.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "yendor/core/error.hpp"
#include "yendor/tui/colour.hpp"

namespace yendor::tui {
namespace {

std::atomic<bool> g_active{false};
volatile std::sig_atomic_t g_stop_requested = 0;
SCREEN* g_screen = nullptr;

// Any-motion mouse reporting (xterm 1003): hovering shows what is under the pointer.
constexpr int k_stop_poll_ms = 200;  // reads look at the stop flag this often
constexpr const char* k_motion_on = "\033[?1003h";
constexpr const char* k_motion_off = "\033[?1003l";

void write_raw(const char* s) {
  // write(2): usable from a signal handler, unlike stdio.
  const std::size_t n = std::strlen(s);
  if (::write(STDOUT_FILENO, s, n) < 0) return;
}

void restore_terminal() {
  if (!g_active.exchange(false)) return;
  write_raw(k_motion_off);
  endwin();
}

void on_crash(int sig) {
  restore_terminal();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void on_stop_signal(int) {
  g_stop_requested = 1;
}

constexpr int k_crash_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};
constexpr int k_stop_signals[] = {SIGTERM, SIGHUP, SIGINT};

char32_t translate_key(wint_t ch, int kind) {
  if (kind == KEY_CODE_YES) {
    switch (ch) {
      case KEY_UP:
        return key_code(Key::up);
      case KEY_DOWN:
        return key_code(Key::down);
      case KEY_LEFT:
        return key_code(Key::left);
      case KEY_RIGHT:
        return key_code(Key::right);
      case KEY_HOME:
      case KEY_A1:
        return key_code(Key::home);
      case KEY_END:
      case KEY_C1:
        return key_code(Key::end);
      case KEY_PPAGE:
      case KEY_A3:
        return key_code(Key::page_up);
      case KEY_NPAGE:
      case KEY_C3:
        return key_code(Key::page_down);
      case KEY_B2:
        return key_code(Key::centre);
      case KEY_ENTER:
        return key_code(Key::enter);
      case KEY_BACKSPACE:
        return key_code(Key::backspace);
      case KEY_DC:
        return key_code(Key::delete_key);
      case KEY_IC:
        return key_code(Key::insert);
      case KEY_F(1):
        return key_code(Key::f1);
      default:
        return 0;
    }
  }
  switch (ch) {
    case L'\r':
    case L'\n':
      return key_code(Key::enter);
    case 27:
      return key_code(Key::escape);
    case 127:
    case 8:
      return key_code(Key::backspace);
    case L'\t':
      return key_code(Key::tab);
    default:
      return static_cast<char32_t>(ch);
  }
}

}  // namespace

char ascii_stand_in(char32_t ch) {
  if (ch < 0x80) return static_cast<char>(ch);
  switch (ch) {
    case U'·':
    case U'•':
      return '.';
    case U'█':
    case U'▓':
    case U'▒':
    case U'░':
      return '#';
    case U'─':
    case U'═':
    case U'━':
      return '-';
    case U'│':
    case U'║':
    case U'┃':
      return '|';
    case U'┌':
    case U'┐':
    case U'└':
    case U'┘':
    case U'├':
    case U'┤':
    case U'┬':
    case U'┴':
    case U'┼':
    case U'╔':
    case U'╗':
    case U'╚':
    case U'╝':
      return '+';
    case U'≈':
    case U'~':
      return '~';
    case U'♣':
    case U'♠':
      return '&';
    case U'…':
      return '.';
    default:
      return '?';
  }
}

Terminal::Terminal(const DisplaySettings& options) {
  if (g_active.load()) throw std::logic_error("Terminal: one at a time");
  if (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO))
    throw InputError(
        "the game needs a terminal (standard input and output); for scripts use "
        "yendor play --headless");
  std::setlocale(LC_ALL, "");
  locale_utf8_ = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
  g_screen = newterm(nullptr, stdout, stdin);
  if (g_screen == nullptr)
    throw InputError("cannot start the terminal (is TERM set to a terminal ncurses knows?)");
  g_active = true;
  for (const int sig : k_crash_signals)
    std::signal(sig, on_crash);
  for (const int sig : k_stop_signals)
    std::signal(sig, on_stop_signal);
  std::atexit(restore_terminal);
  raw();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  timeout(k_stop_poll_ms);
  if (has_colors()) {
    start_color();
    use_default_colors();
  }
  mouseinterval(0);
  configure(options);
}

void Terminal::configure(const DisplaySettings& settings) {
  utf8_ = locale_utf8_ && !settings.ascii;
  colours_ = has_colors() ? ((!settings.eight_colours && COLORS >= 256) ? 256 : 8) : 0;
  if (settings.mouse != mouse_) {
    mousemask(settings.mouse ? ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION : 0, nullptr);
    write_raw(settings.mouse ? k_motion_on : k_motion_off);
    mouse_ = settings.mouse;
  }
  clearok(stdscr, TRUE);  // every cell drawn anew in the new glyphs and colours
}

Terminal::~Terminal() {
  restore_terminal();
  for (const int sig : k_crash_signals)
    std::signal(sig, SIG_DFL);
  for (const int sig : k_stop_signals)
    std::signal(sig, SIG_DFL);
  if (g_screen != nullptr) {
    delscreen(g_screen);
    g_screen = nullptr;
  }
}

Size Terminal::size() const {
  return {getmaxx(stdscr), getmaxy(stdscr)};
}

int Terminal::attributes_for(const Style& style) {
  int attrs = A_NORMAL;
  if (style.bold) attrs |= A_BOLD;
  if (style.reverse) attrs |= A_REVERSE;
  if (colours_ == 0) return attrs;
  int fg, bg;
  if (colours_ == 256) {
    fg = xterm256(style.fg);
    bg = style.bg == Rgb{} ? -1 : xterm256(style.bg);
  } else {
    const BasicColour f = basic_colour(style.fg);
    fg = f.index;
    if (f.bright) attrs |= A_BOLD;
    bg = style.bg == Rgb{} ? -1 : basic_colour(style.bg).index;
  }
  const int pair = alloc_pair(fg, bg);
  return pair > 0 ? attrs | static_cast<int>(COLOR_PAIR(pair)) : attrs;
}

void Terminal::show(const Canvas& frame) {
  const Size here = size();
  for (int y = 0; y < frame.height() && y < here.height; ++y)
    for (int x = 0; x < frame.width() && x < here.width; ++x) {
      const Cell& c = frame.at({x, y});
      const int attrs = attributes_for(c.style);
      // ncurses refuses the bottom-right cell's scroll; the character still lands.
      if (utf8_) {
        wchar_t text[2] = {static_cast<wchar_t>(c.ch), L'\0'};
        cchar_t cc;
        setcchar(&cc, text, static_cast<attr_t>(attrs), 0, nullptr);
        mvadd_wch(y, x, &cc);
      } else {
        mvaddch(y, x,
                static_cast<chtype>(static_cast<unsigned char>(ascii_stand_in(c.ch))) |
                    static_cast<chtype>(attrs));
      }
    }
  refresh();
}

std::optional<Input> Terminal::poll(int ms) {
  if (g_stop_requested) return Input::of(InputKind::signal);
  timeout(ms);
  wint_t ch = 0;
  const int kind = get_wch(&ch);
  if (kind == ERR) {
    if (::isatty(STDIN_FILENO) == 0) return Input::of(InputKind::end);
    return std::nullopt;  // the time ran out
  }
  if (kind == KEY_CODE_YES && ch == KEY_RESIZE) return Input::of(InputKind::resize);
  if (kind == KEY_CODE_YES && ch == KEY_MOUSE) {
    MEVENT event;
    if (getmouse(&event) != OK) return std::nullopt;
    const bool click = (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0;
    return Input::of_mouse({event.x, event.y}, click);
  }
  const char32_t key = translate_key(ch, kind);
  if (key != 0) return Input::of_key(key);
  return std::nullopt;
}

Input Terminal::read() {
  for (;;)
    if (std::optional<Input> input = poll(k_stop_poll_ms)) return *input;
}

Input Terminal::read_within(int ms) {
  // The front end's own pacing: wall-clock time never reaches the game's rules.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0)
      return g_stop_requested ? Input::of(InputKind::signal) : Input::of(InputKind::tick);
    if (std::optional<Input> input =
            poll(static_cast<int>(std::min<long long>(left, k_stop_poll_ms))))
      return *input;
  }
}

}  // namespace yendor::tui
