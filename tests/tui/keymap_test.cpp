// The game's key table: the keys the issue names do what it says, no key means two things,
// every move key gives its direction, and help prints every binding from the same table.
#include "yendor/tui/keymap.hpp"

#include <gtest/gtest.h>

#include <set>

namespace yendor::tui {
namespace {

std::optional<Command> on(char32_t key) {
  return command_for(Input::of_key(key));
}

TEST(Keymap, TraditionalKeysMoveInEightDirections) {
  const struct {
    char32_t vi, pad;
    Key arrow;
    Point dir;
  } moves[] = {
      {U'k', U'8', Key::up, {0, -1}},    {U'j', U'2', Key::down, {0, 1}},
      {U'h', U'4', Key::left, {-1, 0}},  {U'l', U'6', Key::right, {1, 0}},
      {U'y', U'7', Key::home, {-1, -1}}, {U'u', U'9', Key::page_up, {1, -1}},
      {U'b', U'1', Key::end, {-1, 1}},   {U'n', U'3', Key::page_down, {1, 1}},
  };
  for (const auto& m : moves) {
    ASSERT_TRUE(on(m.vi).has_value());
    EXPECT_EQ(direction_of(*on(m.vi)), m.dir);
    EXPECT_EQ(on(m.pad), on(m.vi));
    EXPECT_EQ(on(key_code(m.arrow)), on(m.vi));
  }
}

TEST(Keymap, TheIssuesKeys) {
  EXPECT_EQ(on(U'.'), Command::wait);
  EXPECT_EQ(on(U'5'), Command::wait);
  EXPECT_EQ(on(U','), Command::pick_up);
  EXPECT_EQ(on(U'g'), Command::pick_up);
  EXPECT_EQ(on(U'd'), Command::drop);
  EXPECT_EQ(on(U'i'), Command::inventory);
  EXPECT_EQ(on(U'q'), Command::quaff);
  EXPECT_EQ(on(U'r'), Command::read);
  EXPECT_EQ(on(U'w'), Command::wield_or_wear);
  EXPECT_EQ(on(U't'), Command::take_off);
  EXPECT_EQ(on(U'>'), Command::descend);
  EXPECT_EQ(on(U'<'), Command::ascend);
  EXPECT_EQ(on(U'x'), Command::look);
  EXPECT_EQ(on(U'o'), Command::open_door);
  EXPECT_EQ(on(U'c'), Command::close_door);
  EXPECT_EQ(on(U'R'), Command::rest);
  EXPECT_EQ(on(U'?'), Command::help);
  EXPECT_EQ(on(U'S'), Command::save_and_quit);
  EXPECT_EQ(on(ctrl('c')), Command::save_and_quit);
  EXPECT_FALSE(on(U'Z').has_value());
  EXPECT_FALSE(command_for(Input::of_mouse({1, 1}, true)).has_value());
}

TEST(Keymap, NoKeyIsBoundTwiceAndHelpNamesEveryKey) {
  std::set<char32_t> seen;
  for (const Binding& b : game_bindings()) {
    EXPECT_FALSE(b.keys.empty());
    EXPECT_FALSE(b.help.empty());
    for (const char32_t k : b.keys)
      EXPECT_TRUE(seen.insert(k).second) << key_name(k);
    EXPECT_EQ(direction_of(b.command) != Point{}, b.help.starts_with("move or attack"));
  }
  EXPECT_EQ(keys_text(game_bindings()[0]), "k, 8, Up");
  EXPECT_EQ(key_name(ctrl('c')), "Ctrl-C");
  EXPECT_EQ(key_name(U' '), "Space");
  EXPECT_EQ(key_name(key_code(Key::escape)), "Esc");
}

}  // namespace
}  // namespace yendor::tui
