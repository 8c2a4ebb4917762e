// The screen state machine: transitions push, pop, replace and quit; the top screen is drawn
// and fed; end of input and signals stop every screen (a game saves there); a display below
// 80x24 shows the too-small message and drops keys but Ctrl-C.
#include "yendor/tui/app.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace yendor::tui {
namespace {

// A screen that logs what happens to it and answers keys: p push, x pop, r replace, q quit.
class Probe final : public Screen {
 public:
  Probe(std::string name, std::vector<std::string>& log) : name_(std::move(name)), log_(log) {}
  std::string_view name() const override { return name_; }
  void draw(Canvas& canvas) const override { canvas.text({0, 0}, name_); }
  Transition handle(const Input& input) override {
    log_.push_back(name_ + " got " + key_name(input.key));
    if (input.is(U'p')) return Transition::push(std::make_unique<Probe>(name_ + "+", log_));
    if (input.is(U'x')) return Transition::pop();
    if (input.is(U'r')) return Transition::replace(std::make_unique<Probe>(name_ + "'", log_));
    if (input.is(U'q')) return Transition::quit();
    return Transition::stay();
  }
  void on_stop() override { log_.push_back(name_ + " stopped"); }
  Transition on_resume() override {
    log_.push_back(name_ + " resumed");
    // A screen named with a '!' moves on by itself when it comes back to the top.
    if (name_.ends_with('!')) return Transition::replace(std::make_unique<Probe>("after", log_));
    return Transition::stay();
  }

 private:
  std::string name_;
  std::vector<std::string>& log_;
};

class Scripted final : public Display {
 public:
  Scripted(Size size, std::deque<Input> inputs) : size_(size), inputs_(std::move(inputs)) {}
  Size size() const override { return size_; }
  void show(const Canvas& frame) override { frames.push_back(frame.to_text()); }
  void configure(const DisplaySettings& s) override { configured.push_back(s); }
  std::vector<DisplaySettings> configured;
  Input read() override {
    if (inputs_.empty()) return Input::of(InputKind::end);
    Input i = inputs_.front();
    inputs_.pop_front();
    return i;
  }
  // No clock: the wait is logged and a tick comes at once.
  Input read_within(int ms) override {
    waits.push_back(ms);
    return Input::of(InputKind::tick);
  }
  std::vector<std::string> frames;
  std::vector<int> waits;

 private:
  Size size_;
  std::deque<Input> inputs_;
};

// The display gets the settings first, then again only after a screen changed them.
class Toggler final : public Screen {
 public:
  explicit Toggler(std::shared_ptr<DisplaySettings> s) : s_(std::move(s)) {}
  std::string_view name() const override { return "toggler"; }
  void draw(Canvas&) const override {}
  Transition handle(const Input& input) override {
    if (input.is(U'a')) s_->ascii = !s_->ascii;
    return Transition::stay();
  }

 private:
  std::shared_ptr<DisplaySettings> s_;
};

TEST(App, TheDisplayFollowsTheSettings) {
  auto settings = std::make_shared<DisplaySettings>();
  App app(std::make_unique<Toggler>(settings), settings);
  Scripted display(k_min_size, {Input::of_key(U'x'), Input::of_key(U'a'), Input::of_key(U'x'),
                                Input::of_key(U'a')});
  app.run(display);
  ASSERT_EQ(display.configured.size(), 3u);
  EXPECT_FALSE(display.configured[0].ascii);
  EXPECT_TRUE(display.configured[1].ascii);
  EXPECT_FALSE(display.configured[2].ascii);
}

TEST(App, PushPopReplaceAndQuit) {
  std::vector<std::string> log;
  App app(std::make_unique<Probe>("menu", log));
  EXPECT_TRUE(app.feed(Input::of_key(U'p')));
  EXPECT_EQ(app.top()->name(), "menu+");
  EXPECT_EQ(app.depth(), 2u);
  EXPECT_TRUE(app.feed(Input::of_key(U'r')));
  EXPECT_EQ(app.top()->name(), "menu+'");
  EXPECT_TRUE(app.feed(Input::of_key(U'x')));
  EXPECT_EQ(app.top()->name(), "menu");
  EXPECT_EQ(log.back(), "menu resumed");
  EXPECT_TRUE(app.feed(Input::of(InputKind::resize)));
  EXPECT_FALSE(app.feed(Input::of_key(U'q')));
  EXPECT_TRUE(app.done());
}

TEST(App, RunDrawsTheTopScreenAndStopsEveryScreenWhenInputEnds) {
  std::vector<std::string> log;
  App app(std::make_unique<Probe>("menu", log));
  Scripted display(k_min_size, {Input::of_key(U'p'), Input::of_key(U'z')});
  app.run(display);
  ASSERT_EQ(display.frames.size(), 3u);
  EXPECT_TRUE(display.frames[0].starts_with("menu\n"));
  EXPECT_TRUE(display.frames[1].starts_with("menu+\n"));
  EXPECT_EQ(log, (std::vector<std::string>{"menu got p", "menu+ got z", "menu+ stopped",
                                           "menu stopped"}));
}

TEST(App, AScreenUncoveredByAPopMayMoveOnAtOnce) {
  std::vector<std::string> log;
  App app(std::make_unique<Probe>("game!", log));
  app.feed(Input::of_key(U'p'));
  EXPECT_EQ(app.top()->name(), "game!+");
  app.feed(Input::of_key(U'x'));
  EXPECT_EQ(app.top()->name(), "after");
  EXPECT_EQ(app.depth(), 1u);
}

TEST(App, ASignalStopsLikeTheEndOfInput) {
  std::vector<std::string> log;
  App app(std::make_unique<Probe>("game", log));
  EXPECT_FALSE(app.feed(Input::of(InputKind::signal)));
  EXPECT_EQ(log, (std::vector<std::string>{"game stopped"}));
}

TEST(App, ATooSmallDisplayGetsAMessageAndOnlyCtrlCGoesThrough) {
  std::vector<std::string> log;
  App app(std::make_unique<Probe>("menu", log));
  Scripted display({40, 10},
                   {Input::of_key(U'p'), Input::of_mouse({1, 1}, true), Input::of_key(ctrl('c'))});
  app.run(display);
  ASSERT_FALSE(display.frames.empty());
  EXPECT_NE(display.frames[0].find("at least"), std::string::npos) << display.frames[0];
  EXPECT_NE(display.frames[0].find("80x24"), std::string::npos);
  EXPECT_NE(display.frames[0].find("40x10"), std::string::npos);
  EXPECT_EQ(log.front(), "menu got Ctrl-C");
  const Canvas tiny = app.frame({5, 2});
  EXPECT_EQ(tiny.clipped(), 0);  // wrapped, never drawn off the edge
}

// A screen that moves by itself: it asks for a tick every 50 ms until it has had three, then
// waits for keys like any other.
class Ticker final : public Screen {
 public:
  std::string_view name() const override { return "ticker"; }
  void draw(Canvas& canvas) const override { canvas.text({0, 0}, std::to_string(ticks)); }
  std::optional<int> wait_ms() const override {
    return ticks < 3 ? std::optional<int>(50) : std::nullopt;
  }
  Transition handle(const Input& input) override {
    if (input.kind == InputKind::tick) ++ticks;
    if (input.is(U'q')) return Transition::quit();
    return Transition::stay();
  }
  int ticks = 0;
};

TEST(App, ScreensThatWaitGetTicks) {
  App app(std::make_unique<Ticker>());
  Scripted display(k_min_size, {Input::of_key(U'x'), Input::of_key(U'q')});
  app.run(display);
  EXPECT_EQ(display.waits, (std::vector<int>{50, 50, 50}));
  ASSERT_EQ(display.frames.size(), 5u);  // three ticks, then two keys
  EXPECT_EQ(display.frames[3].substr(0, 1), "3");
}

}  // namespace
}  // namespace yendor::tui
