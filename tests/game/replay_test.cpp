// Replays: the text format round-trips and rejects bad files with FILE:LINE; a recorded game
// verifies; a tampered one names the step where it diverges; other content is reported.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "support/game_test_content.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/replay.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::game {
namespace {

using testing::shared_test_content;

Replay sample_replay() {
  Replay r;
  r.header.seed = 18446744073709551615ULL;
  r.header.name = "Sir Robin the Brave";
  r.header.levels = 4;
  r.header.setup = {Difficulty::hard, "caves", {100, 60}};
  r.header.start_depth = 3;
  r.header.content_hash = 0x0123456789abcdefULL;
  r.header.check_every = 2;
  Action move;
  move.type = ActionType::move;
  move.dir = {1, -1};
  Action quaff;
  quaff.type = ActionType::quaff;
  quaff.item = 'c';
  Action throw_item;
  throw_item.type = ActionType::throw_item;
  throw_item.item = 'b';
  throw_item.target = {12, 7};
  r.actions = {move, quaff, throw_item, Action{}, move};
  r.checks = {{2, 0xffffffffffffffffULL}, {4, 0x1ULL}};
  r.outcome = Outcome::died;
  r.final_hash = 0xfeedfacecafebeefULL;
  return r;
}

void expect_same(const Replay& a, const Replay& b) {
  EXPECT_EQ(a.header.version, b.header.version);
  EXPECT_EQ(a.header.seed, b.header.seed);
  EXPECT_EQ(a.header.name, b.header.name);
  EXPECT_EQ(a.header.levels, b.header.levels);
  EXPECT_EQ(a.header.setup, b.header.setup);
  EXPECT_EQ(a.header.start_depth, b.header.start_depth);
  EXPECT_EQ(a.header.content_hash, b.header.content_hash);
  EXPECT_EQ(a.header.check_every, b.header.check_every);
  EXPECT_EQ(a.actions, b.actions);
  ASSERT_EQ(a.checks.size(), b.checks.size());
  for (std::size_t i = 0; i < a.checks.size(); ++i) {
    EXPECT_EQ(a.checks[i].step, b.checks[i].step);
    EXPECT_EQ(a.checks[i].hash, b.checks[i].hash);
  }
  EXPECT_EQ(a.outcome, b.outcome);
  EXPECT_EQ(a.final_hash, b.final_hash);
}

TEST(ReplayFormat, RoundTrips) {
  const Replay r = sample_replay();
  const std::string text = format_replay(r);
  expect_same(parse_replay(text, "r.replay"), r);
  // The documented layout: a header, then actions with check lines after their step.
  EXPECT_EQ(text.rfind("yendor replay 3\nseed 18446744073709551615\nname Sir Robin the Brave\n"
                       "levels 4\ndifficulty hard\ngenerator caves\nsize 100x60\n"
                       "start_depth 3\ncontent 0123456789abcdef\ncheck_every 2\n",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find("quaff c\ncheck 2 ffffffffffffffff\nthrow_item b 12 7\n"), std::string::npos);
  EXPECT_NE(text.find("\nend died feedfacecafebeef\n"), std::string::npos);
  // Without an end (a game in progress) and with Windows line ends, comments, blank lines.
  Replay open_game = r;
  open_game.outcome.reset();
  open_game.final_hash = 0;
  expect_same(parse_replay(format_replay(open_game), "r"), open_game);
  std::string with_comments = text;
  with_comments.insert(with_comments.find("quaff c"), "# a comment\n\n   \n");
  std::string crlf;
  for (const char c : with_comments) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  expect_same(parse_replay(crlf, "r"), r);
}

// Version 1 files (before the dungeon setup) still read, with the default setup.
TEST(ReplayFormat, VersionOneHasTheDefaultSetup) {
  const Replay r = parse_replay(
      "yendor replay 1\nseed 7\nname Ann\nlevels 3\ncontent 0123456789abcdef\ncheck_every 5\n"
      "wait\n",
      "old.replay");
  EXPECT_EQ(r.header.version, 1);
  EXPECT_EQ(r.header.setup, DungeonSetup{});
  EXPECT_EQ(r.header.levels, 3);
  EXPECT_EQ(r.actions.size(), 1u);
  EXPECT_EQ(r.header.start_depth, 1);
  // Written out again, it is a version 3 file that reads back the same.
  const std::string again = format_replay(r);
  EXPECT_EQ(again.rfind("yendor replay 3\n", 0), 0u) << again;
  EXPECT_EQ(parse_replay(again, "again").header.setup, DungeonSetup{});
}

// Version 2 files (before the start depth) still read, starting on level 1.
TEST(ReplayFormat, VersionTwoStartsOnLevelOne) {
  const Replay r = parse_replay(
      "yendor replay 2\nseed 7\nname Ann\nlevels 3\ndifficulty hard\ngenerator -\nsize -\n"
      "content 0123456789abcdef\ncheck_every 5\nwait\n",
      "v2.replay");
  EXPECT_EQ(r.header.version, 2);
  EXPECT_EQ(r.header.setup.difficulty, Difficulty::hard);
  EXPECT_EQ(r.header.start_depth, 1);
  EXPECT_EQ(r.actions.size(), 1u);
}

TEST(ReplayFormat, BadFilesNameFileAndLine) {
  const std::string good = format_replay(sample_replay());
  const auto replace_line = [&good](int line, const std::string& with) {
    std::string out;
    int n = 1;
    std::size_t pos = 0;
    while (pos < good.size()) {
      const std::size_t end = good.find('\n', pos);
      out += (n == line ? with : good.substr(pos, end - pos)) + "\n";
      pos = end + 1;
      ++n;
    }
    return out;
  };
  struct Case {
    std::string text;
    std::string where;
  };
  const Case cases[] = {
      {"", "f.replay:1:"},
      {"hello\n", "f.replay:1:"},
      {replace_line(1, "yendor replay 9"), "f.replay:1:"},
      {replace_line(1, "yendor replay x"), "f.replay:1:"},
      {replace_line(2, "seed -1"), "f.replay:2:"},
      {replace_line(3, "nome X"), "f.replay:3:"},
      {replace_line(4, "levels -2"), "f.replay:4:"},
      {replace_line(5, "difficulty nightmare"), "f.replay:5:"},
      {replace_line(7, "size 100"), "f.replay:7:"},
      {replace_line(8, "start_depth 0"), "f.replay:8:"},
      {replace_line(8, "start_depth deep"), "f.replay:8:"},
      {replace_line(8, "content 0123456789abcdef"), "f.replay:8:"},
      {replace_line(9, "content 12345"), "f.replay:9:"},
      {replace_line(10, "check_every 0"), "f.replay:10:"},
      {replace_line(11, "move 3 0"), "f.replay:11:"},
      {replace_line(12, "frobnicate"), "f.replay:12:"},
      {replace_line(13, "check 3 ffffffffffffffff"), "f.replay:13:"},
      {replace_line(13, "check 2 xyz"), "f.replay:13:"},
      {good + "wait\n", "f.replay:19:"},
      {replace_line(18, "end sleeping feedfacecafebeef"), "f.replay:18:"},
      {"yendor replay 1\nseed 1\n", "f.replay:2:"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    try {
      parse_replay(c.text, "f.replay");
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos);
      EXPECT_EQ(what.rfind(c.where, 0), 0u) << what;
    }
  }
}

TEST(ReplayFormat, ContentHashSeesEveryChange) {
  const Content base = testing::test_content();
  EXPECT_EQ(content_hash(base), content_hash(testing::test_content()));
  Content moved = base;
  moved.source_dir = "/elsewhere";  // where it was loaded from is not content
  EXPECT_EQ(content_hash(moved), content_hash(base));
  Content a = base;
  a.monsters[1].speed.hi += 1;
  Content b = base;
  b.items[0].power += 1;
  Content c = base;
  c.dungeon.levels += 1;
  Content d = base;
  d.dungeon.bands[0].levels[0].params.set("rooms", std::int64_t{7});
  Content e = base;
  e.legend[0].depth_bonus = 3;
  for (const Content* changed : {&a, &b, &c, &d, &e})
    EXPECT_NE(content_hash(*changed), content_hash(base));
}

TEST(ReplayRecorder, RejectsNamesThatBreakTheFormat) {
  ReplayHeader h;
  h.name = "two\nlines";
  EXPECT_THROW(ReplayRecorder{h}, InputError);
  h.name = "ok";
  h.check_every = 0;
  EXPECT_THROW(ReplayRecorder{h}, InputError);
}

// A game played by the random player, recorded as a session records it.
Replay record_game(std::uint64_t seed, int steps, int check_every, int start_depth = 1) {
  GameOptions options;
  options.seed = seed;
  options.name = "Recorder";
  options.start_depth = start_depth;
  Game game(shared_test_content(), options);
  ReplayHeader h;
  h.seed = seed;
  h.name = options.name;
  h.start_depth = start_depth;
  h.content_hash = content_hash(*shared_test_content());
  h.check_every = check_every;
  ReplayRecorder recorder(h);
  Rng bot = Rng::for_stream(seed, "bot");
  for (int i = 0; i < steps && !game.over(); ++i) {
    const Action a = random_action(game, bot);
    game.step(a);
    recorder.record(a, game);
  }
  recorder.finish(game);
  return recorder.replay();
}

class ReplayVerify : public test::TempDirTest {};

TEST_F(ReplayVerify, RecordedGamesVerify) {
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    Replay r;
    r = record_game(seed, 2000, 50);
    // Through the file, as the command reads it.
    write_replay(path("game.replay"), r);
    const Replay back = read_replay(path("game.replay"));
    const ReplayResult result = verify_replay(back, shared_test_content());
    EXPECT_TRUE(result.ok) << result.message;
    EXPECT_EQ(result.steps, static_cast<std::int64_t>(r.actions.size()));
    EXPECT_EQ(result.outcome, *r.outcome);
    EXPECT_EQ(result.first_divergence, std::nullopt);
    EXPECT_EQ(result.message.rfind("replay ok: " + std::to_string(r.actions.size()) + " steps", 0),
              0u)
        << result.message;
  }
}

TEST_F(ReplayVerify, TamperedActionNamesTheCheckAfterIt) {
  constexpr int k_every = 50;
  Replay r;
  r = record_game(8, 1000, k_every);  // a game that lasts (seed 7's player dies at step 123)
  ASSERT_GE(r.actions.size(), 600u);
  // Replace the last action before check 500 by one that is always refused: the player's
  // turn count (part of the state) differs from the check on, unless that action was refused
  // too; walk back to an action that took time (a move that is not the same as wait).
  for (const int step : {500, 300}) {
    Replay tampered = r;
    Action refused;
    refused.type = ActionType::raise;
    refused.choice = 99;  // no such attribute, and no level-up pending
    tampered.actions[static_cast<std::size_t>(step - 1)] = refused;
    const ReplayResult result = verify_replay(tampered, shared_test_content());
    if (result.ok) continue;  // the original action had been refused as well: nothing changed
    ASSERT_TRUE(result.first_divergence.has_value()) << result.message;
    EXPECT_EQ(*result.first_divergence, step);
    EXPECT_NE(result.message.find("replay diverges at step " + std::to_string(step) + " (turn "),
              std::string::npos)
        << result.message;
    EXPECT_NE(result.message.find("expected"), std::string::npos);
    return;
  }
  FAIL() << "no tampering changed the game";
}

TEST_F(ReplayVerify, TamperedOutcomeAndHashAreReported) {
  Replay r;
  r = record_game(8, 300, 100);
  Replay wrong_end = r;
  wrong_end.final_hash ^= 1;
  ReplayResult result = verify_replay(wrong_end, shared_test_content());
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.first_divergence, static_cast<std::int64_t>(r.actions.size()));
  EXPECT_NE(result.message.find("final state hash"), std::string::npos) << result.message;

  Replay wrong_outcome = r;
  wrong_outcome.outcome = *r.outcome == Outcome::won ? Outcome::died : Outcome::won;
  result = verify_replay(wrong_outcome, shared_test_content());
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.message.find("expected " + std::string(to_string(*wrong_outcome.outcome))),
            std::string::npos)
      << result.message;

  // A replay cut short (a crash before the end line) still verifies what it has.
  Replay cut = r;
  cut.actions.resize(cut.actions.size() / 2);
  std::erase_if(cut.checks, [&cut](const ReplayCheck& c) {
    return c.step > static_cast<std::int64_t>(cut.actions.size());
  });
  cut.outcome.reset();
  result = verify_replay(cut, shared_test_content());
  EXPECT_TRUE(result.ok) << result.message;
  EXPECT_NE(result.message.find("no end line"), std::string::npos);
}

TEST_F(ReplayVerify, ActionsAfterTheEndAreADivergence) {
  Replay r;
  r = record_game(4, 8000, 100);
  ASSERT_NE(r.outcome, Outcome::playing) << "the random player lives long with the test content";
  const auto ended_at = static_cast<std::int64_t>(r.actions.size());
  r.actions.push_back(Action{});
  r.actions.push_back(Action{});
  const ReplayResult result = verify_replay(r, shared_test_content());
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.first_divergence, ended_at);
  EXPECT_NE(result.message.find("replay diverges at step " + std::to_string(ended_at)),
            std::string::npos)
      << result.message;
  EXPECT_NE(result.message.find("with 2 actions left"), std::string::npos) << result.message;
}

TEST_F(ReplayVerify, OtherContentIsReportedAsSuch) {
  Replay r;
  r = record_game(9, 100, 50);
  Content other = testing::test_content();
  other.monsters[0].base_xp += 1;
  const ReplayResult result = verify_replay(r, std::make_shared<const Content>(other));
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.first_divergence, std::nullopt);
  EXPECT_NE(result.message.find("other content"), std::string::npos) << result.message;
}

// A game that starts deeper (the agent environment's start_depth) replays from that depth;
// the same actions from level 1 are another game.
TEST_F(ReplayVerify, StartDepthIsPartOfTheReplay) {
  const Replay r = record_game(5, 400, 50, 2);
  ASSERT_EQ(r.header.start_depth, 2);
  const ReplayResult result = verify_replay(r, shared_test_content());
  EXPECT_TRUE(result.ok) << result.message;
  Replay from_the_top = r;
  from_the_top.header.start_depth = 1;
  EXPECT_FALSE(verify_replay(from_the_top, shared_test_content()).ok);
  Replay too_deep = r;
  too_deep.header.start_depth = 99;  // a header that parses but names no level of this game
  const ReplayResult bad = verify_replay(too_deep, shared_test_content());
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.first_divergence, std::nullopt);
  EXPECT_NE(bad.message.find("start_depth 99"), std::string::npos) << bad.message;
}

TEST(GameStartDepth, StartsOnThatLevelsUpStairsWithoutEvents) {
  GameOptions options;
  options.seed = 11;
  options.start_depth = 2;
  Game game(shared_test_content(), options);
  EXPECT_EQ(game.state().depth, 2);
  EXPECT_EQ(game.state().info.deepest, 2);
  EXPECT_EQ(game.state().dungeon[0].depth, 1);  // level 1 was made on the way
  EXPECT_TRUE(game.events().empty());
  for (const int bad : {0, -1, 99}) {
    options.start_depth = bad;
    EXPECT_THROW(Game(shared_test_content(), options), InputError) << bad;
  }
}

// finished() ends a copy with the game as it is now, leaving the recorder to go on.
TEST(ReplayRecorder, FinishedLeavesTheRecorderGoingOn) {
  GameOptions options;
  options.seed = 3;
  Game game(shared_test_content(), options);
  ReplayHeader h;
  h.seed = 3;
  h.name = options.name;
  h.content_hash = content_hash(*shared_test_content());
  h.check_every = 1;
  ReplayRecorder recorder(h);
  Action wait;
  wait.type = ActionType::wait;
  game.step(wait);
  recorder.record(wait, game);
  const Replay now = recorder.finished(game);
  EXPECT_EQ(now.outcome, Outcome::playing);
  EXPECT_EQ(now.final_hash, state_hash(game.state(), game.content()));
  EXPECT_FALSE(recorder.replay().outcome.has_value());
  EXPECT_TRUE(verify_replay(now, shared_test_content()).ok);
  game.step(wait);
  recorder.record(wait, game);
  EXPECT_EQ(recorder.replay().actions.size(), 2u);
}

}  // namespace
}  // namespace yendor::game
