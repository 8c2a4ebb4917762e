#pragma once
// The front end as a state machine (thesis 2.1, 5.2): a stack of screens, the top one drawn
// and given each input. A screen answers an input with a Transition: stay, open another on
// top (push), close itself (pop), become another (replace), or end the program (quit). The
// game's rules never see any of it; screens call the game through game::Session.

#include <memory>
#include <optional>
#include <string_view>

#include "yendor/tui/canvas.hpp"
#include "yendor/tui/input.hpp"

namespace yendor::tui {

class Screen;

struct Transition {
  enum class Kind : std::uint8_t { stay, push, pop, replace, quit };
  Kind kind = Kind::stay;
  std::unique_ptr<Screen> next;  // push, replace

  static Transition stay() { return {}; }
  static Transition pop() { return {Kind::pop, nullptr}; }
  static Transition quit() { return {Kind::quit, nullptr}; }
  static Transition push(std::unique_ptr<Screen> s) { return {Kind::push, std::move(s)}; }
  static Transition replace(std::unique_ptr<Screen> s) { return {Kind::replace, std::move(s)}; }
};

class Screen {
 public:
  virtual ~Screen() = default;
  // A short name for tests and logs ("menu", "game", "inventory").
  virtual std::string_view name() const = 0;
  // Draws the whole screen on `canvas` (cleared before, at least k_min_size).
  virtual void draw(Canvas& canvas) const = 0;
  virtual Transition handle(const Input& input) = 0;
  // A screen that moves by itself (the replay viewer) asks for an InputKind::tick when no
  // input arrives within this many milliseconds; nullopt (the default): wait for input.
  virtual std::optional<int> wait_ms() const { return std::nullopt; }
  // Called when the program must stop now (end of input, SIGTERM): a game saves here.
  virtual void on_stop() {}
  // Called when the screen above it closed; the transition it returns is applied at once (a
  // game whose item menu just ended it goes on to the death screen).
  virtual Transition on_resume() { return Transition::stay(); }
};

// The smallest terminal the screens are laid out for (the traditional 80x24).
inline constexpr Size k_min_size{80, 24};

}  // namespace yendor::tui
