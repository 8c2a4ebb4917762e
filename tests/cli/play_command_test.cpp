// `yendor play --headless --bot random`, `yendor replay` and `yendor scores` as functions: the
// options checked, a game played and saved, continued, verified from its replay.
#include "yendor/cli/play_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "support/game_test_content.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/cli/replay_command.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/game/highscore.hpp"

namespace yendor::cli {
namespace {

namespace fs = std::filesystem;

const std::string k_test_content = std::string(YENDOR_SOURCE_DIR) + "/tests/game/content";

PlayOptions bot_options(std::int64_t turns) {
  PlayOptions o;
  o.headless = true;
  o.bot = "random";
  o.seed = "7";
  o.turns = turns;
  o.name = "Bot";
  return o;
}

TEST(PlayCommand, ChecksItsOptions) {
  PlayOptions o = bot_options(10);
  EXPECT_NO_THROW(validate_play_options(o));
  o.headless = false;
  EXPECT_THROW(validate_play_options(o), InputError);
  o = bot_options(10);
  o.bot = "clever";
  EXPECT_THROW(validate_play_options(o), InputError);
  o.bot = "";
  EXPECT_THROW(validate_play_options(o), InputError);
  o = bot_options(-1);
  EXPECT_THROW(validate_play_options(o), InputError);
  o = bot_options(10);
  o.name = "";
  EXPECT_THROW(validate_play_options(o), InputError);
  o.name = "a\tb";
  EXPECT_THROW(validate_play_options(o), InputError);
  o.name = std::string(33, 'x');
  EXPECT_THROW(validate_play_options(o), InputError);
  // The new game's setup.
  o = bot_options(10);
  o.difficulty = "nightmare";
  EXPECT_THROW(validate_play_options(o), InputError);
  o.difficulty = "hard";
  o.generator = "labyrinth";
  EXPECT_THROW(validate_play_options(o), InputError);
  o.generator = "caves";
  o.size = "20x20";
  EXPECT_THROW(validate_play_options(o), InputError);
  o.size = "60x30";
  EXPECT_NO_THROW(validate_play_options(o));
  const game::DungeonSetup setup = play_setup(o);
  EXPECT_EQ(setup, (game::DungeonSetup{game::Difficulty::hard, "caves", {60, 30}}));
}

class PlayInDir : public test::TempDirTest {};

// A game set up from the command line keeps its setup through a save and its replay.
TEST_F(PlayInDir, TheSetupIsPlayedSavedAndReplayed) {
  const auto content = game::testing::shared_test_content();
  PlayOptions o = bot_options(50);
  o.difficulty = "easy";
  o.generator = "maze";
  o.size = "41x25";
  const PlayResult r = play_headless(content, dir_.string(), o);
  ASSERT_EQ(r.outcome, game::Outcome::playing);
  game::Session session(content, dir_.string());
  ASSERT_TRUE(session.start({}).restored);
  const game::GameState& s = session.game().state();
  EXPECT_EQ(s.setup, (game::DungeonSetup{game::Difficulty::easy, "maze", {41, 25}}));
  EXPECT_EQ(session.game().level().level.size(), (Size{41, 25}));
  EXPECT_EQ(session.game().level().recipe.generator, "maze");
  const game::Replay replay = game::read_replay(r.replay_path);
  EXPECT_EQ(replay.header.setup, s.setup);
  const game::ReplayResult check = game::verify_replay(replay, content);
  EXPECT_TRUE(check.ok) << check.message;
}

TEST_F(PlayInDir, PlaysSavesContinuesAndVerifies) {
  const auto content = game::testing::shared_test_content();
  const PlayResult first = play_headless(content, dir_.string(), bot_options(300));
  EXPECT_FALSE(first.restored);
  EXPECT_EQ(first.seed, 7u);
  if (first.outcome == game::Outcome::playing) {
    EXPECT_EQ(first.turns, 300);
    EXPECT_EQ(first.save_path, path("save.bin"));
    EXPECT_TRUE(fs::exists(first.save_path));
    EXPECT_TRUE(fs::exists(first.replay_path));
    const std::string summary = play_summary(first);
    EXPECT_EQ(summary.find('\n'), std::string::npos);
    EXPECT_NE(summary.find("300 turns"), std::string::npos) << summary;
    EXPECT_NE(summary.find("saved to " + first.save_path), std::string::npos) << summary;

    // The next run continues the saved game (its seed option is for new games only).
    PlayOptions again = bot_options(200);
    again.seed = "8";
    const PlayResult second = play_headless(content, dir_.string(), again);
    EXPECT_TRUE(second.restored);
    EXPECT_EQ(second.seed, 7u);
    EXPECT_GE(second.turns, 300);
    ASSERT_FALSE(second.replay_path.empty());
    // The replay in progress covers both runs and verifies from the seed.
    const game::ReplayResult check =
        game::verify_replay(game::read_replay(second.replay_path), content);
    EXPECT_TRUE(check.ok) << check.message;
  }
}

TEST_F(PlayInDir, AFinishedGameLeavesScoreMorgueAndReplay) {
  const auto content = game::testing::shared_test_content();
  // The random player dies long before this many turns with the test content.
  PlayResult r;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    PlayOptions o = bot_options(100'000);
    o.seed = std::to_string(seed);
    r = play_headless(content, dir_.string(), o);
    if (r.outcome != game::Outcome::playing) break;
  }
  ASSERT_NE(r.outcome, game::Outcome::playing);
  EXPECT_TRUE(r.save_path.empty());
  EXPECT_FALSE(fs::exists(path("save.bin")));
  EXPECT_TRUE(fs::exists(r.morgue_path));
  EXPECT_GE(r.rank, 1);
  EXPECT_NE(play_summary(r).find("morgue " + r.morgue_path), std::string::npos);

  std::ostringstream scores;
  run_scores(dir_.string(), scores);
  EXPECT_NE(scores.str().find("Bot"), std::string::npos) << scores.str();
  EXPECT_NE(scores.str().find(r.cause), std::string::npos) << scores.str();

  std::ostringstream out, log;
  ReplayCommandOptions replay;
  replay.file = r.replay_path;
  replay.headless = true;
  replay.content = k_test_content;
  EXPECT_EQ(run_replay(replay, out, log), 0) << log.str();
  EXPECT_EQ(out.str().rfind("replay ok: ", 0), 0u) << out.str();
  EXPECT_NE(out.str().find(std::string(to_string(r.outcome))), std::string::npos);

  // A tampered replay: exit 1 and the divergence line.
  std::string text = read_file(r.replay_path);
  const std::size_t end = text.rfind("\nend ");
  ASSERT_NE(end, std::string::npos);
  text.replace(end + 1, text.size() - end - 1, "end won 0000000000000000\n");
  write_file_atomic(path("bad.replay"), text);
  replay.file = path("bad.replay");
  std::ostringstream out2, log2;
  EXPECT_EQ(run_replay(replay, out2, log2), 1);
  EXPECT_EQ(out2.str(), "");
  EXPECT_NE(log2.str().find("replay diverges at step"), std::string::npos) << log2.str();
}

TEST_F(PlayInDir, ScoresOfAnEmptyDirectory) {
  std::ostringstream out;
  run_scores(dir_.string(), out);
  EXPECT_EQ(out.str().rfind("no scores yet", 0), 0u) << out.str();
}

TEST_F(PlayInDir, ReplayCommandRejectsBadInput) {
  std::ostringstream out, log;
  ReplayCommandOptions o;
  o.file = path("missing.replay");
  o.headless = true;
  o.content = k_test_content;
  EXPECT_THROW(run_replay(o, out, log), IoError);
  write_file_atomic(path("junk.replay"), "hello\n");
  o.file = path("junk.replay");
  EXPECT_THROW(run_replay(o, out, log), InputError);
  o.headless = false;
  EXPECT_THROW(run_replay(o, out, log), InputError);
}

}  // namespace
}  // namespace yendor::cli
