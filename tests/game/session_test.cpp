// The session: permadeath (the save removed on death, a score added, a morgue written),
// quit -> restore continues the same game and its replay, a corrupt save moved aside.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "support/game_test_content.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/game/highscore.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/session.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::game {
namespace {

namespace fs = std::filesystem;
using testing::shared_test_content;

class SessionTest : public test::TempDirTest {
 protected:
  GameOptions options(std::uint64_t seed) const {
    GameOptions o;
    o.seed = seed;
    o.name = "Tester";
    return o;
  }
  // The files of the session directory whose names start with `prefix`.
  int count_files(const std::string& prefix) const {
    int n = 0;
    for (const auto& entry : fs::directory_iterator(dir_))
      n += entry.path().filename().string().rfind(prefix, 0) == 0 ? 1 : 0;
    return n;
  }
  std::vector<std::uint8_t> bytes(const Game& g) const {
    return encode_state(g.state(), g.content(), LevelEncoding::full);
  }
};

TEST_F(SessionTest, DefaultDirectoryFollowsTheEnvironment) {
  const auto set = [](const char* name, const char* value) {
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  };
  const char* saved[3] = {std::getenv("YENDOR_HOME"), std::getenv("XDG_DATA_HOME"),
                          std::getenv("HOME")};
  const std::string keep[3] = {saved[0] ? saved[0] : "", saved[1] ? saved[1] : "",
                               saved[2] ? saved[2] : ""};
  set("YENDOR_HOME", "/y");
  set("XDG_DATA_HOME", "/x");
  set("HOME", "/h");
  EXPECT_EQ(default_game_dir(), "/y");
  set("YENDOR_HOME", nullptr);
  EXPECT_EQ(default_game_dir(), "/x/yendor");
  set("XDG_DATA_HOME", "");
  EXPECT_EQ(default_game_dir(), "/h/.local/share/yendor");
  set("HOME", nullptr);
  EXPECT_THROW(default_game_dir(), InputError);
  set("YENDOR_HOME", saved[0] ? keep[0].c_str() : nullptr);
  set("XDG_DATA_HOME", saved[1] ? keep[1].c_str() : nullptr);
  set("HOME", saved[2] ? keep[2].c_str() : nullptr);
}

TEST_F(SessionTest, FileSafeNames) {
  EXPECT_EQ(file_safe_name("Sir Robin/../x"), "Sir_Robin____x");
  EXPECT_EQ(file_safe_name(""), "player");
  EXPECT_EQ(file_safe_name(std::string(100, 'a')).size(), 32u);
}

TEST_F(SessionTest, QuitAndRestoreContinuesTheSameGameAndReplay) {
  Session first(shared_test_content(), dir_.string());
  first.start(options(11));
  Rng bot = Rng::for_stream(11, "bot");
  for (int i = 0; i < 300 && !first.game().over(); ++i)
    first.step(random_action(first.game(), bot));
  ASSERT_FALSE(first.game().over());
  first.save();
  EXPECT_TRUE(fs::exists(first.save_path()));
  EXPECT_TRUE(fs::exists(first.replay_path()));

  // A later run: the same game, byte for byte, and a replay that goes on.
  Session second(shared_test_content(), dir_.string());
  const SessionStart start = second.start(options(999));  // the seed is for new games only
  EXPECT_TRUE(start.restored);
  EXPECT_EQ(start.warning, "");
  EXPECT_TRUE(second.recording());
  ASSERT_EQ(bytes(second.game()), bytes(first.game()));

  Rng bot_copy = bot;
  for (int i = 0; i < 300 && !first.game().over(); ++i) {
    const Action a = random_action(first.game(), bot);
    first.step(a);
    second.step(a);
  }
  EXPECT_EQ(bytes(second.game()), bytes(first.game()));

  // Quitting ends it: the save is gone, and the whole game's replay verifies from the seed.
  Action quit;
  quit.type = ActionType::quit;
  second.step(quit);
  ASSERT_TRUE(second.end().has_value());
  EXPECT_EQ(second.end()->outcome, Outcome::quit);
  EXPECT_FALSE(fs::exists(second.save_path()));
  EXPECT_FALSE(fs::exists(second.replay_path()));
  const Replay replay = read_replay(second.end()->replay_path);
  EXPECT_EQ(replay.header.seed, 11u);
  EXPECT_EQ(replay.actions.size(), second.recorder()->replay().actions.size());
  const ReplayResult result = verify_replay(replay, shared_test_content());
  EXPECT_TRUE(result.ok) << result.message;
  EXPECT_EQ(result.outcome, Outcome::quit);
  (void)bot_copy;
}

TEST_F(SessionTest, DeathRemovesTheSaveAndRecordsTheGame) {
  Session session(shared_test_content(), dir_.string());
  session.start(options(12));
  Rng bot = Rng::for_stream(12, "bot");
  for (int i = 0; i < 50; ++i)
    session.step(random_action(session.game(), bot));
  session.save();
  ASSERT_TRUE(fs::exists(session.save_path()));

  // Poison at 1 HP: the player dies at the start of the next turn.
  Actor& player = session.game().state().player;
  player.hp = 1;
  player.status[static_cast<std::size_t>(Status::poison)] = 5;
  for (int i = 0; i < 5 && !session.game().over(); ++i)
    session.step(Action{});
  ASSERT_TRUE(session.game().over());
  ASSERT_TRUE(session.end().has_value());
  EXPECT_EQ(session.end()->outcome, Outcome::died);

  EXPECT_FALSE(fs::exists(session.save_path())) << "no coming back";
  const std::vector<ScoreEntry> scores = read_scores(session.scores_path());
  ASSERT_EQ(scores.size(), 1u);
  EXPECT_EQ(scores[0].name, "Tester");
  EXPECT_EQ(scores[0].seed, 12u);
  EXPECT_EQ(count_files("morgue"), 1);
  EXPECT_TRUE(fs::exists(session.end()->morgue_path));
  EXPECT_TRUE(fs::exists(session.end()->replay_path));
  EXPECT_EQ(read_replay(session.end()->replay_path).outcome, Outcome::died);

  // The next start is a new game.
  const SessionStart next = session.start(options(13));
  EXPECT_FALSE(next.restored);
  EXPECT_FALSE(session.game().over());
  EXPECT_EQ(session.game().state().seed, 13u);
}

// A damaged score list never costs the game's records: it is kept aside and a new one begun.
TEST_F(SessionTest, UnreadableScoreListIsMovedAsideAtTheEnd) {
  Session session(shared_test_content(), dir_.string());
  session.start(options(17));
  const std::string garbage = "this is not a score list\n";
  write_file_atomic(session.scores_path(), garbage);
  Actor& player = session.game().state().player;
  player.hp = 1;
  player.status[static_cast<std::size_t>(Status::poison)] = 5;
  for (int i = 0; i < 5 && !session.game().over(); ++i)
    session.step(Action{});
  ASSERT_TRUE(session.end().has_value());
  ASSERT_EQ(session.end()->warnings.size(), 1u);
  EXPECT_NE(session.end()->warnings[0].find("scores.txt.bad"), std::string::npos)
      << session.end()->warnings[0];
  EXPECT_EQ(read_file(session.scores_path() + ".bad"), garbage);
  EXPECT_EQ(read_scores(session.scores_path()).size(), 1u);
  EXPECT_EQ(session.end()->rank, 1);
  EXPECT_TRUE(fs::exists(session.end()->morgue_path));
  EXPECT_TRUE(fs::exists(session.end()->replay_path));
}

TEST_F(SessionTest, CorruptSaveIsMovedAsideAndReported) {
  Session session(shared_test_content(), dir_.string());
  session.start(options(14));
  for (int i = 0; i < 20; ++i)
    session.step(Action{});
  session.save();
  std::string save = read_file(session.save_path());
  ASSERT_GT(save.size(), 40u);
  save[save.size() / 2] = static_cast<char>(save[save.size() / 2] ^ 0x5a);
  write_file_atomic(session.save_path(), save);

  Session again(shared_test_content(), dir_.string());
  const SessionStart start = again.start(options(15));
  EXPECT_FALSE(start.restored);
  EXPECT_NE(start.warning, "");
  EXPECT_EQ(start.warning.find('\n'), std::string::npos);
  EXPECT_EQ(again.game().state().seed, 15u);
  EXPECT_FALSE(fs::exists(again.save_path()));
  // Nothing lost: the bad bytes are kept beside, under another name.
  bool kept = false;
  for (const auto& entry : fs::directory_iterator(dir_))
    if (entry.path().filename().string().rfind("save.bin", 0) == 0)
      kept |= read_file(entry.path().string()) == save;
  EXPECT_TRUE(kept);

  // Saving the new game does not touch the moved file.
  again.save();
  EXPECT_TRUE(fs::exists(again.save_path()));
  EXPECT_EQ(count_files("save.bin"), 2);
}

TEST_F(SessionTest, ReplayThatDoesNotMatchTheSaveStopsRecording) {
  Session session(shared_test_content(), dir_.string());
  session.start(options(16));
  for (int i = 0; i < 20; ++i)
    session.step(Action{});
  session.save();
  fs::remove(session.replay_path());
  Session again(shared_test_content(), dir_.string());
  const SessionStart start = again.start(options(16));
  EXPECT_TRUE(start.restored);
  EXPECT_NE(start.warning.find("not recorded"), std::string::npos) << start.warning;
  EXPECT_FALSE(again.recording());
  again.step(Action{});  // plays on without a replay
}

}  // namespace
}  // namespace yendor::game
