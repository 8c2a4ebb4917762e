// The search bot: it never peeks (two games the player cannot tell apart get the same
// decisions), never has an action refused, beats the evolved bot it is built on, and the
// omniscient solver plans on the real game.

#include <gtest/gtest.h>

#include "dd/dd_support.hpp"
#include "yendor/api/bots/dd_match.hpp"
#include "yendor/api/bots/dd_search_bot.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/dd/belief.hpp"

namespace yendor::api::bots {
namespace {

using dd::testing::shipped;
using dd::testing::shipped_ptr;

DdGenome shipped_evolved() {
  return load_genome_for("", shipped());
}

TEST(DdSearchBot, DecisionsDependOnlyOnWhatThePlayerKnows) {
  DdSearchOptions o;
  o.check_every = 1;  // search at every decision: the most chances to peek
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const dd::State real = dd::new_game(shipped(), {}, seed);
    dd::State moved = real;
    Rng shuffle(seed * 31);
    dd::resample_hidden(moved, shuffle);
    DdSearchBot a(shipped_evolved(), o), b(shipped_evolved(), o);
    a.start(seed);
    b.start(seed);
    EXPECT_EQ(a.act(real, shipped()), b.act(moved, shipped())) << seed;
  }
}

TEST(DdSearchBot, NeverRefusedAndBeatsTheEvolvedBot) {
  auto search = make_dd_bot("search", {}, shipped());
  auto evolved = make_dd_bot("evolved", {}, shipped());
  DdEnv env(shipped_ptr());
  int search_wins = 0, evolved_wins = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    env.reset(seed);
    search->start(env);
    while (!env.done())
      ASSERT_FALSE(env.step(search->act(env)).refused) << seed;
    search_wins += env.state().outcome == dd::Outcome::won ? 1 : 0;
    evolved_wins += play_dd_game(env, *evolved, seed).outcome == dd::Outcome::won ? 1 : 0;
  }
  EXPECT_GT(search_wins, evolved_wins);
  EXPECT_GE(search_wins, 54);  // 90 % of 60
}

TEST(DdSearchBot, SearchesWhenTheBaseIsStuck) {
  DdSearchBot bot(shipped_evolved(), {});
  DdEnv env(shipped_ptr());
  const DdGameResult r = play_dd_game(env, bot, 3);  // the evolved bot gives up on seed 3
  EXPECT_EQ(r.outcome, dd::Outcome::won);
  EXPECT_GT(bot.searches(), 0);
  EXPECT_LT(bot.searches(), bot.decisions());
}

TEST(DdSearchBot, PotionRichDrinksBeforeTheKillingBlow) {
  const DdGenome rich = potion_rich(greedy_genome());
  for (int n : rich.health_potions)
    EXPECT_EQ(n, k_max_potions_per_fight);
  int dying = -1;
  for (int i = 0; i < k_attack_count; ++i)
    if (k_attack_strategies[static_cast<std::size_t>(i)] == "health_potion_if_dying") dying = i;
  ASSERT_GE(dying, 0);
  EXPECT_TRUE(rich.attack_on[static_cast<std::size_t>(dying)]);
  EXPECT_EQ(rich.attack_priority[static_cast<std::size_t>(dying)], 1.0);
}

}  // namespace
}  // namespace yendor::api::bots
