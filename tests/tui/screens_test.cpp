// The screens driven as a player would, without a terminal: from the menu to a new game with a
// fixed seed, walking, the inventory, help, looking, the message history, saving and quitting
// to the menu, continuing the same game, and quitting it for good to the end screen and the
// high scores. Every frame is drawn at 80x24 and must fit: nothing drawn off the canvas.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/game_test_content.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/tui/app.hpp"
#include "yendor/tui/game_screen.hpp"
#include "yendor/tui/menu_screen.hpp"

namespace yendor::tui {
namespace {

class Screens : public test::TempDirTest {
 protected:
  // Feeds `keys` one by one, checking every frame fits 80x24; returns the last frame's text.
  std::string press(App& app, std::u32string_view keys) {
    for (const char32_t k : keys) {
      app.feed(Input::of_key(k));
      last = check_frame(app);
    }
    return last;
  }
  std::string press(App& app, Key k) {
    app.feed(Input::of_key(k));
    return last = check_frame(app);
  }
  std::string check_frame(const App& app) {
    if (app.done()) return "";
    const Canvas frame = app.frame(k_min_size);
    EXPECT_EQ(frame.clipped(), 0) << app.top()->name() << ":\n" << frame.to_text();
    return frame.to_text();
  }
  std::string top(const App& app) const { return app.done() ? "" : std::string(app.top()->name()); }

  std::string last;
};

TEST_F(Screens, ANewGameSavedAndContinued) {
  const auto content = game::testing::shared_test_content();
  App app(std::make_unique<MenuScreen>(content, dir_.string()));
  std::string frame = check_frame(app);
  EXPECT_NE(frame.find("New game"), std::string::npos) << frame;
  EXPECT_EQ(frame.find("Continue"), std::string::npos);

  press(app, U"n");
  ASSERT_EQ(top(app), "new_game");
  press(app, Key::tab);
  frame = press(app, U"42");
  EXPECT_NE(frame.find("42_"), std::string::npos) << frame;
  frame = press(app, Key::enter);
  ASSERT_EQ(top(app), "game");
  EXPECT_NE(frame.find("Depth 1 of"), std::string::npos) << frame;
  EXPECT_NE(frame.find("Seed 42"), std::string::npos);
  EXPECT_NE(frame.find('@'), std::string::npos);

  // Walk about (bumping walls is refused, takes no time, and is fine).
  press(app, U"hjklyubn.");
  frame = press(app, U"i");
  EXPECT_EQ(top(app), "items");
  EXPECT_NE(frame.find("Inventory"), std::string::npos) << frame;
  press(app, Key::escape);
  frame = press(app, U"?");
  EXPECT_EQ(top(app), "help");
  EXPECT_NE(frame.find("quaff a potion"), std::string::npos) << frame;
  press(app, Key::escape);
  frame = press(app, U"x");
  EXPECT_EQ(top(app), "look");
  EXPECT_NE(frame.find("you"), std::string::npos) << frame;
  press(app, U"l");
  press(app, Key::escape);
  press(app, U"m");
  EXPECT_EQ(top(app), "messages");
  press(app, Key::escape);
  press(app, U"@");
  EXPECT_EQ(top(app), "character");
  press(app, Key::escape);
  ASSERT_EQ(top(app), "game");

  // Save and quit: back at the menu, which now offers to continue.
  frame = press(app, U"S");
  ASSERT_EQ(top(app), "menu");
  EXPECT_NE(frame.find("Continue"), std::string::npos) << frame;
  EXPECT_TRUE(std::filesystem::exists(dir_ / "save.bin"));
  frame = press(app, U"c");
  ASSERT_EQ(top(app), "game");
  EXPECT_NE(frame.find("Seed 42"), std::string::npos) << frame;
}

TEST_F(Screens, GivingUpEndsTheGameWithItsScoreAndBackToTheMenu) {
  const auto content = game::testing::shared_test_content();
  App app(std::make_unique<MenuScreen>(content, dir_.string()));
  press(app, U"n");
  press(app, Key::tab);
  press(app, U"7");
  press(app, Key::enter);
  ASSERT_EQ(top(app), "game");
  std::string frame = press(app, U"Q");
  EXPECT_EQ(top(app), "confirm");
  EXPECT_NE(frame.find("(y/n)"), std::string::npos) << frame;
  press(app, U"n");  // not yet
  EXPECT_EQ(top(app), "game");
  press(app, U"Q");
  frame = press(app, U"y");
  ASSERT_EQ(top(app), "end");
  EXPECT_NE(frame.find("You quit."), std::string::npos) << frame;
  EXPECT_NE(frame.find("Score:"), std::string::npos);
  frame = press(app, U" ");
  ASSERT_EQ(top(app), "scores");
  EXPECT_NE(frame.find("1. "), std::string::npos) << frame;
  EXPECT_NE(frame.find("Adventurer"), std::string::npos);
  frame = press(app, Key::escape);
  ASSERT_EQ(top(app), "menu");
  EXPECT_NE(frame.find("New game"), std::string::npos) << frame;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "save.bin"));
}

TEST_F(Screens, TheEndOfInputSavesTheGameInProgress) {
  const auto content = game::testing::shared_test_content();
  App app(std::make_unique<MenuScreen>(content, dir_.string()));
  press(app, U"n");
  press(app, Key::enter);
  ASSERT_EQ(top(app), "game");
  press(app, U"..");
  EXPECT_FALSE(app.feed(Input::of(InputKind::end)));
  EXPECT_TRUE(std::filesystem::exists(dir_ / "save.bin"));
}

TEST_F(Screens, ANameIsNeededAndTheMenuQuits) {
  const auto content = game::testing::shared_test_content();
  App app(std::make_unique<MenuScreen>(content, dir_.string()));
  press(app, U"n");
  for (int i = 0; i < 12; ++i)
    press(app, Key::backspace);
  const std::string frame = press(app, Key::enter);
  EXPECT_EQ(top(app), "new_game");
  EXPECT_NE(frame.find("A name, please."), std::string::npos) << frame;
  press(app, Key::escape);
  press(app, U"q");
  EXPECT_TRUE(app.done());
}

// The new-game setup's choices reach the game: difficulty, one generator, map size; the
// command line's defaults show first.
TEST_F(Screens, TheSetupChoicesMakeTheGame) {
  const auto content = game::testing::shared_test_content();
  NewGameDefaults defaults;
  defaults.name = "Ann";
  defaults.setup.difficulty = game::Difficulty::easy;
  App app(std::make_unique<MenuScreen>(content, dir_.string(), defaults));
  std::string frame = press(app, U"n");
  EXPECT_NE(frame.find("Ann_"), std::string::npos) << frame;
  EXPECT_NE(frame.find("< easy >"), std::string::npos) << frame;
  EXPECT_NE(frame.find("< the recipe >"), std::string::npos) << frame;
  press(app, Key::tab);
  press(app, U"5");
  press(app, Key::tab);
  frame = press(app, Key::right);
  frame = press(app, Key::right);
  EXPECT_NE(frame.find("< hard >"), std::string::npos) << frame;
  press(app, Key::down);
  frame = press(app, Key::right);
  const std::string first = builtin_generators().all().front()->info().name;
  EXPECT_NE(frame.find("< " + first + " on every level >"), std::string::npos) << frame;
  press(app, Key::down);
  frame = press(app, Key::left);  // wraps round to the largest
  EXPECT_NE(frame.find("< 400x400 >"), std::string::npos) << frame;
  frame = press(app, Key::enter);
  ASSERT_EQ(top(app), "game") << frame;
  const GameScreen& screen = dynamic_cast<const GameScreen&>(*app.top());
  const game::GameState& s = screen.session().game().state();
  EXPECT_EQ(s.info.name, "Ann");
  EXPECT_EQ(s.setup.difficulty, game::Difficulty::hard);
  EXPECT_EQ(s.setup.generator, first);
  EXPECT_EQ(screen.session().game().level().level.size(), game::k_max_game_size);
  EXPECT_EQ(screen.session().game().level().recipe.generator, first);
}

// Options change the display at once and are kept in the game directory.
TEST_F(Screens, OptionsApplyAtOnceAndAreKept) {
  const auto content = game::testing::shared_test_content();
  auto settings = std::make_shared<DisplaySettings>();
  App app(std::make_unique<MenuScreen>(content, dir_.string(), NewGameDefaults{}, settings),
          settings);
  std::string frame = press(app, U"o");
  ASSERT_EQ(top(app), "options");
  EXPECT_NE(frame.find("< Unicode >"), std::string::npos) << frame;
  frame = press(app, Key::right);
  EXPECT_NE(frame.find("< ASCII >"), std::string::npos) << frame;
  EXPECT_TRUE(settings->ascii);
  press(app, Key::down);
  press(app, Key::down);
  press(app, U" ");
  EXPECT_FALSE(settings->mouse);
  EXPECT_FALSE(settings->eight_colours);
  press(app, Key::escape);
  ASSERT_EQ(top(app), "menu");
  const DisplaySettings kept = load_settings(settings_path(dir_.string()));
  EXPECT_EQ(kept, *settings);
  // A bad file names file, line and field.
  std::ofstream(settings_path(dir_.string())) << "glyphs = \"ascii\"\nmouse = 3\n";
  try {
    load_settings(settings_path(dir_.string()));
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("options.toml:2: field 'mouse'"), std::string::npos)
        << e.what();
  }
}

TEST(GameLayout, FillsTheScreenWithoutOverlap) {
  for (const Size s : {k_min_size, Size{120, 40}}) {
    const GameLayout l = game_layout(s);
    EXPECT_EQ(l.map.x + l.map.width + 1, l.sidebar.x);
    EXPECT_EQ(l.sidebar.x + l.sidebar.width, s.width);
    EXPECT_EQ(l.map.height + l.messages.height, s.height);
    EXPECT_EQ(l.messages.y, l.map.height);
  }
}

}  // namespace
}  // namespace yendor::tui
