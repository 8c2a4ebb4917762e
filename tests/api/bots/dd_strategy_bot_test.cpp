// The strategy bot: its simulated fights are what happens, so it never loses a fight it
// starts and never has an action refused; the priority order and the potion limits decide
// what it does; and the greedy bot as the paper's lists.

#include <gtest/gtest.h>

#include "dd/dd_support.hpp"
#include "yendor/api/bots/dd_match.hpp"
#include "yendor/api/bots/dd_strategy_bot.hpp"

namespace yendor::api::bots {
namespace {

using dd::cell_of;
using dd::testing::add_monster;
using dd::testing::open_state;
using dd::testing::shipped;
using dd::testing::shipped_ptr;

DdGenome only(std::initializer_list<const char*> main, std::initializer_list<const char*> attack) {
  DdGenome g;
  double p = 1.0;
  for (const char* name : main)
    for (int i = 0; i < k_main_count; ++i)
      if (k_main_strategies[static_cast<std::size_t>(i)] == name) {
        g.main_on[static_cast<std::size_t>(i)] = true;
        g.main_priority[static_cast<std::size_t>(i)] = p -= 0.01;
      }
  for (const char* name : attack)
    for (int i = 0; i < k_attack_count; ++i)
      if (k_attack_strategies[static_cast<std::size_t>(i)] == name) {
        g.attack_on[static_cast<std::size_t>(i)] = true;
        g.attack_priority[static_cast<std::size_t>(i)] = p -= 0.01;
      }
  return g;
}

// Over many games every action is accepted and, since a fight is only started when its
// simulation wins it, the greedy bot never dies.
TEST(DdStrategyBot, GreedyNeverHasAnActionRefusedAndNeverDies) {
  DdEnv env(shipped_ptr());
  DdStrategyBot bot(greedy_genome());
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    env.reset(seed);
    bot.start(env);
    while (!env.done()) {
      const dd::Action a = bot.act(env);
      const StepResult r = env.step(a);
      ASSERT_FALSE(r.refused) << "seed " << seed << ": " << dd::to_string(env.last_refusal());
    }
    EXPECT_NE(env.state().outcome, dd::Outcome::died) << seed;
  }
}

TEST(DdStrategyBot, PicksUpBeforeKillingWhenThatComesFirst) {
  dd::State s = open_state(shipped(), 3);
  add_monster(s, shipped(), "goblin", 1, 9, 10);
  s.item_at[static_cast<std::size_t>(cell_of(12, 10))] =
      static_cast<std::uint8_t>(dd::ItemKind::health_potion);
  DdStrategyBot pick_first(only({"pick_up", "kill_strongest"}, {"attack"}));
  EXPECT_EQ(pick_first.act(s, shipped()), dd::move_action(1));  // east, to the potion
  DdStrategyBot kill_first(only({"kill_strongest", "pick_up"}, {"attack"}));
  EXPECT_EQ(kill_first.act(s, shipped()), dd::move_action(3));  // west: the bump
}

TEST(DdStrategyBot, StrongestOrWeakestFirst) {
  dd::State s = open_state(shipped(), 5);
  add_monster(s, shipped(), "goblin", 1, 9, 10);   // west
  add_monster(s, shipped(), "goblin", 3, 11, 10);  // east
  DdStrategyBot strongest(only({"kill_strongest"}, {"attack"}));
  EXPECT_EQ(strongest.act(s, shipped()), dd::move_action(1));
  DdStrategyBot weakest(only({"kill_weakest"}, {"attack"}));
  EXPECT_EQ(weakest.act(s, shipped()), dd::move_action(3));
}

TEST(DdStrategyBot, PotionLimitsDecideWhetherAFightIsWinnable) {
  dd::State s = open_state(shipped(), 3);  // fighter: 36 health, attack 15
  s.hero.health_potions = 2;
  // 39 health, attack 12, strikes first (a tie): after two exchanges the hero has 12 health
  // left, one more blow would kill, and the monster 9: one potion wins the fight.
  add_monster(s, shipped(), "zombie", 3, 11, 10);
  const DdPaths paths(s);
  DdGenome g = only({"kill_strongest"}, {"attack_if_safe", "health_potion"});
  EXPECT_FALSE(DdStrategyBot(g).plan_fight(s, shipped(), paths, 0).has_value());
  g.health_potions[2] = 1;
  const auto fight = DdStrategyBot(g).plan_fight(s, shipped(), paths, 0);
  ASSERT_TRUE(fight.has_value());
  dd::State real = s;
  for (const dd::Action& a : *fight)
    ASSERT_EQ(dd::step(real, shipped(), a), dd::Refusal::none);
  EXPECT_EQ(real.monsters[0].hp, 0);
  EXPECT_EQ(real.outcome, dd::Outcome::playing);
  EXPECT_EQ(real.tally.health_potions_used, 1);
}

TEST(DdStrategyBot, GivesUpWhenNoStrategyApplies) {
  const dd::State s = open_state(shipped(), 1);  // all revealed, nothing there
  DdStrategyBot bot(greedy_genome());
  EXPECT_EQ(bot.act(s, shipped()).kind, dd::ActionKind::give_up);
}

TEST(DdStrategyBot, ReplansWhenTheGameIsNotWhereThePlanLeftIt) {
  DdEnv env(shipped_ptr());
  env.reset(4);
  DdStrategyBot bot(greedy_genome());
  bot.start(env);
  const DdEnv start = env.clone();
  for (int i = 0; i < 30 && !env.done(); ++i)
    env.step(bot.act(env));
  env.restore(start);  // back in time: the old plan must not go on
  for (int i = 0; i < 30 && !env.done(); ++i)
    ASSERT_FALSE(env.step(bot.act(env)).refused);
}

}  // namespace
}  // namespace yendor::api::bots
