#include "yendor/tui/app.hpp"

#include <algorithm>
#include <optional>
#include <string>

namespace yendor::tui {

App::App(std::unique_ptr<Screen> first, std::shared_ptr<const DisplaySettings> settings)
    : settings_(std::move(settings)) {
  if (first) stack_.push_back(std::move(first));
}

Canvas App::frame(Size size) const {
  Canvas canvas(size);
  if (size.width < k_min_size.width || size.height < k_min_size.height)
    draw_too_small(canvas);
  else if (const Screen* s = top())
    s->draw(canvas);
  return canvas;
}

bool App::feed(const Input& input) {
  if (stack_.empty()) return false;
  if (input.kind == InputKind::end || input.kind == InputKind::signal) {
    stop();
    return false;
  }
  if (input.kind == InputKind::resize) return true;
  apply(stack_.back()->handle(input));
  return !stack_.empty();
}

void App::apply(Transition t) {
  // A pop may wake a screen that answers with a transition of its own: follow the chain.
  for (;;) {
    switch (t.kind) {
      case Transition::Kind::stay:
        return;
      case Transition::Kind::push:
        if (t.next) stack_.push_back(std::move(t.next));
        return;
      case Transition::Kind::replace:
        stack_.pop_back();
        if (t.next) stack_.push_back(std::move(t.next));
        return;
      case Transition::Kind::quit:
        stack_.clear();
        return;
      case Transition::Kind::pop:
        stack_.pop_back();
        if (stack_.empty()) return;
        t = stack_.back()->on_resume();
        break;
    }
  }
}

void App::stop() {
  for (auto it = stack_.rbegin(); it != stack_.rend(); ++it)
    (*it)->on_stop();
  stack_.clear();
}

void App::run(Display& display) {
  try {
    std::optional<DisplaySettings> applied;
    while (!stack_.empty()) {
      if (settings_ && applied != *settings_) {
        display.configure(*settings_);
        applied = *settings_;
      }
      const Size size = display.size();
      display.show(frame(size));
      const std::optional<int> wait = stack_.back()->wait_ms();
      const Input input = wait ? display.read_within(*wait) : display.read();
      // Keys typed at a screen nobody can see are dropped, but for Ctrl-C (save and leave).
      const bool hidden = size.width < k_min_size.width || size.height < k_min_size.height;
      if (hidden && input.kind == InputKind::key && input.key != ctrl('c')) continue;
      if (hidden && input.kind == InputKind::mouse) continue;
      if (!feed(input)) break;
    }
  } catch (...) {
    stop();
    throw;
  }
}

void draw_too_small(Canvas& canvas) {
  const std::string need =
      "Yendor needs a terminal of at least " + std::to_string(k_min_size.width) + "x" +
      std::to_string(k_min_size.height) + "; this one is " + std::to_string(canvas.width()) + "x" +
      std::to_string(canvas.height()) + ". Make it larger (or press Ctrl-C to save and leave).";
  // Wrapped at the canvas width, as many lines as fit.
  int y = 0;
  std::size_t at = 0;
  const auto width = static_cast<std::size_t>(canvas.width());
  while (at < need.size() && y < canvas.height() && width > 0) {
    std::size_t len = std::min(width, need.size() - at);
    if (at + len < need.size()) {
      const std::size_t space = need.rfind(' ', at + len);
      if (space != std::string::npos && space > at) len = space - at;
    }
    canvas.text({0, y++}, std::string_view(need).substr(at, len));
    at += len;
    while (at < need.size() && need[at] == ' ')
      ++at;
  }
}

}  // namespace yendor::tui
