// Winnable levels: the kept game is the candidate seed's new game, its witness (the solver's
// actions) replays to a win, hard generators need more candidates, and DdEnv's option makes
// the same games.

#include <gtest/gtest.h>

#include "dd/dd_support.hpp"
#include "yendor/api/bots/winnable.hpp"
#include "yendor/api/dd_env.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {
namespace {

using dd::testing::shipped;
using dd::testing::shipped_ptr;

void expect_proven(const WinnableGame& g, const dd::Setup& setup) {
  EXPECT_EQ(g.state, dd::new_game(shipped(), setup, g.seed));
  dd::State replay = g.state;
  for (const dd::Action& a : g.witness)
    ASSERT_EQ(dd::step(replay, shipped(), a), dd::Refusal::none);
  EXPECT_EQ(replay.outcome, dd::Outcome::won);
}

TEST(Winnable, KeptLevelsComeWithAWinningWitness) {
  dd::Setup setup;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const WinnableGame g = winnable_game(shipped(), setup, seed);
    EXPECT_EQ(g.seed, winnable_candidate(seed, g.attempts - 1));
    expect_proven(g, setup);
  }
}

TEST(Winnable, MazesNeedMoreCandidates) {
  dd::Setup setup;
  setup.generator = "maze";  // corridors a monster blocks: often unwinnable
  int replaced = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const WinnableGame g = winnable_game(shipped(), setup, seed);
    replaced += g.attempts - 1;
    expect_proven(g, setup);
  }
  EXPECT_GT(replaced, 0);
  EXPECT_EQ(winnable_candidate(7, 0), 7u);
  EXPECT_NE(winnable_candidate(7, 1), winnable_candidate(7, 2));
}

TEST(Winnable, TheEnvironmentOptionPlaysTheKeptGames) {
  DdEnvOptions o;
  set_option(o, "require_winnable", "true");
  EXPECT_TRUE(o.require_winnable);
  EXPECT_THROW(set_option(o, "require_winnable", "maybe"), InputError);
  o.setup.generator = "maze";
  DdEnv env(shipped_ptr(), o);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    env.reset(seed);
    const WinnableGame g = winnable_game(shipped(), o.setup, seed);
    EXPECT_EQ(env.state(), g.state);
    EXPECT_EQ(env.seed(), g.seed);
  }
}

}  // namespace
}  // namespace yendor::api::bots
