#pragma once
// The loop that runs the screens: draw the top screen on a canvas the size of the display,
// show it, read one input, let the screen handle it, apply the transition. A display smaller
// than k_min_size gets a message saying so instead of a clipped screen, until it grows.

#include <memory>
#include <vector>

#include "yendor/tui/canvas.hpp"
#include "yendor/tui/input.hpp"
#include "yendor/tui/screen.hpp"
#include "yendor/tui/settings.hpp"

namespace yendor::tui {

// Where frames go and inputs come from: the ncurses terminal (tui/terminal.hpp), or a
// scripted one in tests.
class Display {
 public:
  virtual ~Display() = default;
  virtual Size size() const = 0;
  virtual void show(const Canvas& frame) = 0;
  // Waits for the next input.
  virtual Input read() = 0;
  // Waits at most `ms` milliseconds for the next input; InputKind::tick when none came. A
  // display without a clock (a scripted one) ticks at once.
  virtual Input read_within(int /*ms*/) { return Input::of(InputKind::tick); }
  // Takes the player's display settings (glyphs, colours, mouse); a display without such
  // choices ignores them.
  virtual void configure(const DisplaySettings& /*settings*/) {}
};

class App {
 public:
  // `settings`, when given, are the display settings the screens may change (the options
  // screen): run() gives them to the display whenever they differ from what it has.
  explicit App(std::unique_ptr<Screen> first,
               std::shared_ptr<const DisplaySettings> settings = nullptr);

  // Runs until a screen quits, the last screen closes, or input ends (then every screen gets
  // on_stop(), top first). Exceptions from screens propagate after on_stop().
  void run(Display& display);

  // One frame: what run() shows for the current top screen at `size`.
  Canvas frame(Size size) const;
  // One input through the top screen and its transition; false once the app is done.
  bool feed(const Input& input);
  // on_stop() for every screen, top first.
  void stop();

  bool done() const { return stack_.empty(); }
  const Screen* top() const { return stack_.empty() ? nullptr : stack_.back().get(); }
  std::size_t depth() const { return stack_.size(); }

 private:
  void apply(Transition t);

  std::vector<std::unique_ptr<Screen>> stack_;
  std::shared_ptr<const DisplaySettings> settings_;
};

// The "terminal too small" message, drawn on whatever room there is.
void draw_too_small(Canvas& canvas);

}  // namespace yendor::tui
