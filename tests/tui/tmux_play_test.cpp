// `yendor play` and `yendor view` in a real terminal (tmux, 80x24), driven by keys as a person
// would: the menu, a new game with a fixed seed, walking, the inventory, looking, saving and
// quitting, and continuing the same game; the map browser cycling seeds, generators and
// overlays. Every screen captured must fit 80x24.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/tmux_session.hpp"
#include "support/yendor_process_test.hpp"

namespace yendor::test {
namespace {

class TmuxPlay : public YendorProcessTest {
 protected:
  void SetUp() override {
    YendorProcessTest::SetUp();
    if (!have_tmux()) GTEST_SKIP() << "tmux is not installed (scripts/setup installs it)";
  }
  std::string play_command() const {
    return "cd " + shell_quote(dir_.string()) + " && LANG=C.UTF-8 TERM=xterm-256color " +
           shell_quote(YENDOR_EXE) + " play --dir " + shell_quote((dir_ / "games").string()) +
           " --content " + shell_quote(std::string(YENDOR_SOURCE_DIR) + "/data/game");
  }
  static void expect_fits(const std::string& screen) {
    std::istringstream rows(screen);
    std::string row;
    int n = 0;
    while (std::getline(rows, row)) {
      ++n;
      int width = 0;
      for (const char c : row)
        width += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
      EXPECT_LE(width, 80) << row;
    }
    EXPECT_LE(n, 24) << screen;
  }
};

TEST_F(TmuxPlay, NewGameWalkInventoryLookSaveAndContinue) {
  TmuxSession tmux("play", play_command(), {80, 24});
  ASSERT_TRUE(tmux.started());
  ASSERT_TRUE(tmux.wait_for("New game")) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.text("n");
  ASSERT_TRUE(tmux.wait_for("Seed")) << tmux.screen();
  tmux.keys("Tab");
  tmux.text("42");
  tmux.keys("Enter");
  ASSERT_TRUE(tmux.wait_for("Depth 1 of")) << tmux.screen();
  EXPECT_TRUE(tmux.wait_for("Seed 42")) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.text("hjkl..");
  tmux.keys("Left");
  tmux.text("i");
  ASSERT_TRUE(tmux.wait_for("Inventory")) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.keys("Escape");
  tmux.text("x");
  ASSERT_TRUE(tmux.wait_for("Esc: done")) << tmux.screen();
  tmux.keys("Escape");
  tmux.text("?");
  ASSERT_TRUE(tmux.wait_for("quaff a potion")) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.keys("Escape");
  tmux.text("S");
  ASSERT_TRUE(tmux.wait_for("Continue the saved game")) << tmux.screen();
  EXPECT_TRUE(std::filesystem::exists(dir_ / "games" / "save.bin"));
  tmux.text("c");
  ASSERT_TRUE(tmux.wait_for("Seed 42")) << tmux.screen();
  tmux.keys("C-c");  // save and leave, from the game
  ASSERT_TRUE(tmux.wait_for("Continue the saved game")) << tmux.screen();
  tmux.text("q");
  EXPECT_TRUE(tmux.wait_ended()) << tmux.screen();
}

// A dungeon of one small cave level full of monsters and a frail hero with nothing: waiting
// is a fight the hero loses within a few dozen turns, so the death screen and the score entry
// come from the rules themselves, not from a debug shortcut.
TEST_F(TmuxPlay, DeathShowsTheEndScreenAndTheMarkedScoreEntry) {
  const std::filesystem::path content = dir_ / "deadly";
  std::filesystem::create_directories(content);
  for (const auto& file :
       std::filesystem::directory_iterator(std::string(YENDOR_SOURCE_DIR) + "/data/game"))
    if (file.path().filename() != "dungeon.toml")
      std::filesystem::copy_file(file.path(), content / file.path().filename());
  std::ofstream(content / "dungeon.toml")
      << "levels = 1\nsize = [40, 24]\nboss = \"orc_warlord\"\n"
         "start_attributes = { str = 3, dex = 3, con = 3 }\nstart_items = []\n"
         "[[band]]\ndepths = \"1\"\nmonsters = \"12\"\nitems = \"0\"\ntraps = \"0\"\n"
         "[[band.level]]\ngenerator = \"caves\"\nweight = 1\n";
  const std::string command = "cd " + shell_quote(dir_.string()) +
                              " && LANG=C.UTF-8 TERM=xterm-256color " + shell_quote(YENDOR_EXE) +
                              " play --dir " + shell_quote((dir_ / "games").string()) +
                              " --content " + shell_quote(content.string()) + " --name Frail";
  TmuxSession tmux("death", command, {80, 24});
  ASSERT_TRUE(tmux.started());
  ASSERT_TRUE(tmux.wait_for("New game")) << tmux.screen();
  tmux.text("n");
  ASSERT_TRUE(tmux.wait_for("Seed")) << tmux.screen();
  tmux.keys("Tab");
  tmux.text("1");
  tmux.keys("Enter");
  ASSERT_TRUE(tmux.wait_for("Depth 1 of 1")) << tmux.screen();
  bool dead = false;
  for (int batch = 0; batch < 40 && !dead; ++batch) {
    tmux.text("..........");
    dead = tmux.wait_for("You die...", std::chrono::seconds(1));
  }
  ASSERT_TRUE(dead) << tmux.screen();
  const std::string end = tmux.screen();
  expect_fits(end);
  EXPECT_NE(end.find("Frail, killed by"), std::string::npos) << end;
  EXPECT_NE(end.find("Score: "), std::string::npos) << end;
  EXPECT_NE(end.find("number 1 in the high scores"), std::string::npos) << end;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "games" / "save.bin"));  // permadeath
  tmux.text(" ");
  ASSERT_TRUE(tmux.wait_for("High scores")) << tmux.screen();
  EXPECT_TRUE(tmux.wait_for("> 1. ")) << tmux.screen();
  EXPECT_NE(tmux.screen().find("Frail, killed by"), std::string::npos) << tmux.screen();
  EXPECT_NE(tmux.screen().find("<- this game"), std::string::npos) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.keys("Enter");
  ASSERT_TRUE(tmux.wait_for("New game")) << tmux.screen();  // back at the menu, no save left
  tmux.text("q");
  EXPECT_TRUE(tmux.wait_ended()) << tmux.screen();
}

TEST_F(TmuxPlay, ViewCyclesSeedsAndGenerators) {
  const std::string command = "cd " + shell_quote(dir_.string()) +
                              " && LANG=C.UTF-8 TERM=xterm-256color " + shell_quote(YENDOR_EXE) +
                              " view rooms --seed 3";
  TmuxSession tmux("view", command, {80, 24});
  ASSERT_TRUE(tmux.started());
  ASSERT_TRUE(tmux.wait_for("rooms  seed 3")) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.text("n");
  ASSERT_TRUE(tmux.wait_for("rooms  seed 4")) << tmux.screen();
  tmux.keys("Tab");
  ASSERT_TRUE(tmux.wait_for("  seed 4  ")) << tmux.screen();
  EXPECT_EQ(tmux.screen().find("rooms  seed 4"), std::string::npos) << tmux.screen();
  tmux.text("o");
  ASSERT_TRUE(tmux.wait_for("overlay: rooms and regions")) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.text("q");
  EXPECT_TRUE(tmux.wait_ended()) << tmux.screen();
}

TEST_F(TmuxPlay, ATooSmallTerminalIsToldSo) {
  TmuxSession tmux("small", play_command(), {60, 20});
  ASSERT_TRUE(tmux.started());
  ASSERT_TRUE(tmux.wait_for("at least")) << tmux.screen();
  EXPECT_NE(tmux.screen().find("60x20"), std::string::npos) << tmux.screen();
  // Growing the terminal brings the menu, live; shrinking it again brings the message back.
  tmux.resize({80, 24});
  ASSERT_TRUE(tmux.wait_for("New game")) << tmux.screen();
  expect_fits(tmux.screen());
  tmux.resize({100, 30});
  ASSERT_TRUE(tmux.wait_for("New game")) << tmux.screen();
  tmux.resize({70, 24});
  ASSERT_TRUE(tmux.wait_for("this one is 70x24")) << tmux.screen();
  tmux.keys("C-c");
  EXPECT_TRUE(tmux.wait_ended()) << tmux.screen();
}

// The terminal is given back as it was: after a game left with Ctrl-C and the menu quit, the
// shell's terminal still echoes and reads lines (stty shows echo and icanon, not -echo).
TEST_F(TmuxPlay, TheTerminalIsGivenBack) {
  TmuxSession tmux("restore", "sh", {80, 24});
  ASSERT_TRUE(tmux.started());
  tmux.text(play_command() + " --seed 5\n");
  ASSERT_TRUE(tmux.wait_for("New game")) << tmux.screen();
  tmux.text("n");
  ASSERT_TRUE(tmux.wait_for("Seed")) << tmux.screen();
  tmux.keys("Enter");
  ASSERT_TRUE(tmux.wait_for("Depth 1 of")) << tmux.screen();
  EXPECT_TRUE(tmux.wait_for("Seed 5")) << tmux.screen();  // --seed filled in the setup
  tmux.keys("C-c");
  ASSERT_TRUE(tmux.wait_for("Continue the saved game")) << tmux.screen();
  tmux.text("q");
  tmux.text(
      "clear; stty -a | tr ' ' '\\n' | grep -x -e '-*echo' -e '-*icanon' | tr '\\n' ' '; "
      "echo '<stty'\n");
  ASSERT_TRUE(tmux.wait_for("<stty")) << tmux.screen();
  const std::string screen = tmux.screen();
  const std::string line = screen.substr(0, screen.find("<stty"));
  EXPECT_NE(line.find("icanon"), std::string::npos) << screen;
  EXPECT_NE(line.find("echo"), std::string::npos) << screen;
  EXPECT_EQ(line.find("-icanon"), std::string::npos) << screen;
  EXPECT_EQ(line.find("-echo"), std::string::npos) << screen;
}

// A game played and saved records current.replay; `yendor replay` plays it back in the
// terminal to the end, steps back on a key and closes on q; --headless verifies it.
TEST_F(TmuxPlay, ReplayViewerPlaysARecordedGame) {
  {
    TmuxSession tmux("record", play_command(), {80, 24});
    ASSERT_TRUE(tmux.started());
    ASSERT_TRUE(tmux.wait_for("New game")) << tmux.screen();
    tmux.text("n");
    ASSERT_TRUE(tmux.wait_for("Seed")) << tmux.screen();
    tmux.keys("Tab");
    tmux.text("42");
    tmux.keys("Enter");
    ASSERT_TRUE(tmux.wait_for("Seed 42")) << tmux.screen();
    tmux.text("hjkl.s.");
    tmux.text("S");
    ASSERT_TRUE(tmux.wait_for("Continue the saved game")) << tmux.screen();
    tmux.text("q");
    ASSERT_TRUE(tmux.wait_ended()) << tmux.screen();
  }
  const std::string replay = (dir_ / "games" / "current.replay").string();
  ASSERT_TRUE(std::filesystem::exists(replay));
  const ProcessResult verified = run(
      {"replay", replay, "--headless", "--content", std::string(YENDOR_SOURCE_DIR) + "/data/game"});
  EXPECT_EQ(verified.exit_code, 0) << verified.err;
  EXPECT_NE(verified.out.find("replay ok: 7 steps"), std::string::npos) << verified.out;

  const std::string command = "LANG=C.UTF-8 TERM=xterm-256color " + shell_quote(YENDOR_EXE) +
                              " replay " + shell_quote(replay) + " --speed 20 --content " +
                              shell_quote(std::string(YENDOR_SOURCE_DIR) + "/data/game");
  TmuxSession tmux("replay", command, {80, 24});
  ASSERT_TRUE(tmux.started());
  ASSERT_TRUE(tmux.wait_for("End of replay at 7/7: playing")) << tmux.screen();
  expect_fits(tmux.screen());
  EXPECT_NE(tmux.screen().find("Seed 42"), std::string::npos) << tmux.screen();
  tmux.text(",");
  ASSERT_TRUE(tmux.wait_for("6/7 paused")) << tmux.screen();
  tmux.text("q");
  EXPECT_TRUE(tmux.wait_ended()) << tmux.screen();
}

TEST_F(TmuxPlay, WithoutATerminalPlaySaysSo) {
  const ProcessResult r = run({"play", "--dir", (dir_ / "games").string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("needs a terminal"), std::string::npos) << r.err;
  const std::string replay = (dir_ / "none.replay").string();
  std::ofstream(replay) << "yendor replay 3\nseed 1\nname A\nlevels 0\ndifficulty normal\n"
                           "generator -\nsize -\nstart_depth 1\ncontent 0000000000000000\n"
                           "check_every 10\n";
  const ProcessResult viewer = run({"replay", replay});
  EXPECT_EQ(viewer.exit_code, 2) << viewer.err;
  EXPECT_NE(viewer.err.find("other content"), std::string::npos) << viewer.err;
}

}  // namespace
}  // namespace yendor::test
