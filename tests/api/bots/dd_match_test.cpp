// Games played by bots: deterministic by seed, summarised correctly; the registry makes every
// bot and refuses bad names and parameters.

#include <gtest/gtest.h>

#include <filesystem>

#include "dd/dd_support.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/api/bots/dd_genome.hpp"
#include "yendor/api/bots/dd_match.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::api::bots {
namespace {

using dd::testing::shipped;
using dd::testing::shipped_ptr;

TEST(DdMatch, SameSeedSameGameForEveryBot) {
  for (const BotFactory* f : builtin_bots().all()) {
    DdEnv a(shipped_ptr()), b(shipped_ptr());
    auto bot_a = make_dd_bot(f->info().name, {}, shipped());
    auto bot_b = make_dd_bot(f->info().name, {}, shipped());
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const DdGameResult ra = play_dd_game(a, *bot_a, seed);
      EXPECT_EQ(ra, play_dd_game(b, *bot_b, seed)) << f->info().name << " " << seed;
      EXPECT_EQ(ra.seed, seed);
      EXPECT_NE(ra.outcome, dd::Outcome::playing);
    }
  }
}

TEST(DdMatch, SummaryCountsAndMeans) {
  std::vector<DdGameResult> results(4);
  results[0].outcome = dd::Outcome::won;
  results[0].xp = 100;
  results[1].outcome = dd::Outcome::died;
  results[1].xp = 20;
  results[2].outcome = dd::Outcome::gave_up;
  results[3].outcome = dd::Outcome::playing;
  results[3].turns = 8;
  const DdMatchSummary m = summarize(results);
  EXPECT_EQ(m.games, 4);
  EXPECT_EQ(m.wins, 1);
  EXPECT_EQ(m.deaths, 1);
  EXPECT_EQ(m.gave_up, 1);
  EXPECT_EQ(m.cut, 1);
  EXPECT_DOUBLE_EQ(m.mean_xp, 30.0);
  EXPECT_DOUBLE_EQ(m.mean_turns, 2.0);
  EXPECT_DOUBLE_EQ(m.win_rate(), 0.25);
}

TEST(DdMatch, ActionLimitCutsAGame) {
  DdEnv env(shipped_ptr());
  auto bot = make_dd_bot("greedy", {}, shipped());
  const DdGameResult r = play_dd_game(env, *bot, 3, 10);
  EXPECT_EQ(r.outcome, dd::Outcome::playing);
  EXPECT_EQ(r.turns, 10);
}

class EvolvedBotFile : public test::TempDirTest {};

TEST_F(EvolvedBotFile, PlaysItsGenomeAndRefusesBadOnes) {
  write_file_atomic(path("greedy.toml"), genome_text(greedy_genome(), spell_ids(shipped())));
  ParamSet params;
  params.set("genome", path("greedy.toml"));
  auto evolved = make_dd_bot("evolved", params, shipped());
  auto greedy = make_dd_bot("greedy", {}, shipped());
  DdEnv a(shipped_ptr()), b(shipped_ptr());
  for (std::uint64_t seed = 1; seed <= 5; ++seed)
    EXPECT_EQ(play_dd_game(a, *evolved, seed), play_dd_game(b, *greedy, seed));
  // Without a genome: the shipped one, which plays differently from greedy.
  auto shipped_evolved = make_dd_bot("evolved", {}, shipped());
  DdEnv c(shipped_ptr());
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed)
    differ += play_dd_game(c, *shipped_evolved, seed) == play_dd_game(b, *greedy, seed) ? 0 : 1;
  EXPECT_GT(differ, 0);
  params.set("genome", path("missing.toml"));
  EXPECT_THROW(make_dd_bot("evolved", params, shipped()), InputError);
  EXPECT_THROW(make_dd_bot("clever", {}, shipped()), InputError);
  ParamSet unknown;
  unknown.set("depth", std::int64_t{3});
  EXPECT_THROW(make_dd_bot("greedy", unknown, shipped()), InputError);
}

}  // namespace
}  // namespace yendor::api::bots
