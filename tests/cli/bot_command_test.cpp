// `yendor bot`: the list from the registry, the summary of a small match (the same whatever
// the thread count), the CSV, a watched game, and as a user runs it: exit codes and one-line
// errors. Never a timing.
#include "yendor/cli/bot_command.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "support/text_lines.hpp"
#include "support/yendor_process_test.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::cli {
namespace {

using test::lines;

BotCommandOptions small(const std::string& bot) {
  BotCommandOptions o;
  o.bot = bot;
  o.games = 12;
  o.content = std::string(YENDOR_SOURCE_DIR) + "/data/dd";
  return o;
}

std::string run_out(const BotCommandOptions& o) {
  std::ostringstream out, log;
  EXPECT_EQ(run_bot(o, out, log), 0);
  return out.str();
}

TEST(BotCommand, ListNamesEveryBot) {
  BotCommandOptions o;
  o.bot = "list";
  const std::string text = run_out(o);
  for (const auto* b : api::bots::builtin_bots().all())
    EXPECT_NE(text.find(b->info().name + " (rules: dd, main)"), std::string::npos) << text;
  EXPECT_NE(text.find("genome"), std::string::npos);  // evolved's parameter
}

TEST(BotCommand, DocsDescribeEveryBot) {
  const std::string docs = read_file(std::string(YENDOR_SOURCE_DIR) + "/docs/bots.md");
  for (const auto* b : api::bots::builtin_bots().all())
    EXPECT_NE(docs.find("`" + b->info().name + "`"), std::string::npos) << b->info().name;
}

TEST(BotCommand, SummaryIsTheSameOnOneOrTwoThreads) {
  BotCommandOptions o = small("greedy");
  const std::string one = run_out(o);
  o.threads = 2;
  EXPECT_EQ(run_out(o), one);
  const auto text = lines(one);
  ASSERT_EQ(text.size(), 3u) << one;
  EXPECT_EQ(text[0], "bot greedy, human fighter, rules dd: 12 games, seeds 1-12");
  EXPECT_EQ(text[1].rfind("wins ", 0), 0u);
  EXPECT_EQ(text[2].rfind("mean experience ", 0), 0u);
}

class BotCommandFiles : public test::TempDirTest {};

TEST_F(BotCommandFiles, CsvHasARowPerGame) {
  BotCommandOptions o = small("random");
  o.csv = path("games.csv");
  o.seed = "40";
  run_out(o);
  const auto rows = lines(read_file(o.csv));
  ASSERT_EQ(rows.size(), 13u);
  EXPECT_EQ(rows[0].rfind("seed,outcome,level,xp,turns", 0), 0u);
  EXPECT_EQ(rows[1].rfind("40,died,", 0), 0u) << rows[1];
  EXPECT_EQ(rows[12].rfind("51,", 0), 0u) << rows[12];
}

TEST(BotCommand, WatchShowsEveryFrameAndTheEnd) {
  BotCommandOptions o = small("greedy");
  o.watch = true;
  o.delay_ms = 0;
  o.action_limit = 25;
  const std::string text = run_out(o);
  const auto all = lines(text);
  int frames = 0;
  for (const std::string& l : all)
    frames += l.rfind("bot greedy", 0) == 0 ? 1 : 0;
  EXPECT_EQ(frames, 25);
  EXPECT_NE(text.find("|"), std::string::npos);
  EXPECT_NE(text.find("@"), std::string::npos);
  // Cut at the action limit: greedy is still playing after 25 actions.
  EXPECT_EQ(all.back().rfind("game over: playing at level ", 0), 0u) << all.back();
  EXPECT_NE(all.back().find(", 25 turns"), std::string::npos) << all.back();
  EXPECT_EQ(text.find("\x1b["), std::string::npos);  // no terminal: no clearing
}

BotCommandOptions small_main(const std::string& bot) {
  BotCommandOptions o;
  o.bot = bot;
  o.rules = "main";
  o.games = 3;
  o.action_limit = 600;
  o.content = std::string(YENDOR_SOURCE_DIR) + "/data/game";
  return o;
}

TEST(BotCommand, MainRulesSummaryIsTheSameOnOneOrTwoThreads) {
  BotCommandOptions o = small_main("greedy");
  const std::string one = run_out(o);
  o.threads = 2;
  EXPECT_EQ(run_out(o), one);
  const auto text = lines(one);
  ASSERT_EQ(text.size(), 3u) << one;
  EXPECT_EQ(text[0], "bot greedy, rules main: 3 games, seeds 1-3");
  EXPECT_EQ(text[1].rfind("wins ", 0), 0u);
  EXPECT_EQ(text[2].rfind("mean deepest level ", 0), 0u);
}

TEST_F(BotCommandFiles, MainRulesCsvAndWatch) {
  BotCommandOptions o = small_main("random");
  o.csv = path("main.csv");
  o.seed = "7";
  run_out(o);
  const auto rows = lines(read_file(o.csv));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], "seed,outcome,deepest,level,xp,turns,kills,score,cause");
  EXPECT_EQ(rows[1].rfind("7,", 0), 0u) << rows[1];
  o = small_main("greedy");
  o.watch = true;
  o.delay_ms = 0;
  o.action_limit = 20;
  const std::string text = run_out(o);
  int frames = 0;
  for (const std::string& l : lines(text))
    frames += l.rfind("bot greedy, rules main, seed 1  step ", 0) == 0 ? 1 : 0;
  EXPECT_EQ(frames, 20);
  EXPECT_NE(text.find("Depth 1/"), std::string::npos);
  EXPECT_NE(text.find("game over: playing on level 1"), std::string::npos) << text;
}

TEST(BotCommand, BadOptions) {
  BotCommandOptions o = small("greedy");
  o.rules = "chess";
  std::ostringstream out, log;
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small_main("greedy");
  o.race = "elf";  // dd only
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small_main("greedy");
  o.require_winnable = true;  // dd only
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small_main("evolved");
  o.genome = "/nonexistent/genome.toml";
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small("clever");
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small("greedy");
  o.race = "troll";
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small("evolved");
  o.genome = "/nonexistent/genome.toml";
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small("greedy");
  o.games = 0;
  EXPECT_THROW(run_bot(o, out, log), InputError);
  o = small("greedy");
  o.sets = {"depth=3"};
  EXPECT_THROW(run_bot(o, out, log), InputError);
}

class BotProcess : public test::YendorProcessTest {};

TEST_F(BotProcess, RunsFromTheCommandLine) {
  const test::ProcessResult r = run({"bot", "greedy", "--games", "5", "--threads", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("5 games, seeds 1-5"), std::string::npos) << r.out;
  expect_input_error({"bot", "nobody"}, "unknown bot 'nobody'");
  expect_input_error({"bot", "greedy", "--class", "bard"}, "unknown class");
  expect_input_error({"bot", "greedy", "--rules", "chess"}, "unknown rules 'chess'");
  const test::ProcessResult m =
      run({"bot", "greedy", "--rules", "main", "--games", "2", "--action-limit", "300"});
  EXPECT_EQ(m.exit_code, 0) << m.err;
  EXPECT_NE(m.out.find("bot greedy, rules main: 2 games"), std::string::npos) << m.out;
}

}  // namespace
}  // namespace yendor::cli
