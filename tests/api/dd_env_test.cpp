// The Desktop Dungeons environment (docs/dd.md): the legal mask against the rules, the
// observation kept from each step's changes against one made afresh, hidden cells, clone and
// restore, the rewards, truncation and options.

#include <gtest/gtest.h>

#include <memory>

#include "yendor/api/dd_env.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/hash.hpp"

namespace yendor::api {
namespace {

std::shared_ptr<const dd::Content> content() {
  static const auto c = std::make_shared<const dd::Content>(
      dd::load_content(std::string(YENDOR_SOURCE_DIR) + "/data/dd"));
  return c;
}

TEST(DdActions, NamesRoundTripAndCoverTheSet) {
  std::set<std::string> names;
  for (int i = 0; i < k_dd_action_count; ++i) {
    const std::string name = dd_action_name(i);
    EXPECT_EQ(dd_action_index(name), i) << name;
    names.insert(name);
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(k_dd_action_count));
  EXPECT_EQ(dd_action_name(0), "move_north");
  EXPECT_EQ(dd_action_name(k_dd_cast_at_first + 8 + 1), "cast_1_east");
  EXPECT_EQ(dd_action_index("dance"), -1);
  const dd::State state;
  EXPECT_THROW((void)to_dd_action(k_dd_action_count, state), std::out_of_range);
}

// Over random play: the mask says exactly what the rules accept, and the observation kept
// step by step equals one made from scratch.
TEST(DdEnv, MaskMatchesTheRulesAndTheObservationStaysExact) {
  DdEnv env(content());
  Rng rng(11);
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    DdEnvOptions o;
    o.setup.hero_class = content()->classes[seed % content()->classes.size()].id;
    o.setup.race = content()->races[seed % content()->races.size()].id;
    env.reset(seed, o);
    for (int t = 0; t < 300 && !env.done(); ++t) {
      const DdMask& mask = env.legal_mask();
      int count = 0;
      for (int i = 0; i < k_dd_action_count; ++i) {
        const bool legal = dd::accepts(env.state(), env.content(), to_dd_action(i, env.state()));
        ASSERT_EQ(mask[static_cast<std::size_t>(i)] != 0, legal) << dd_action_name(i);
        count += legal ? 1 : 0;
      }
      ASSERT_EQ(env.legal_count(), count);
      // Mostly legal actions, sometimes any: refusals must leave the observation alone.
      const int action = rng.chance(0.8) ? random_legal_action(env, rng)
                                         : static_cast<int>(rng.below(k_dd_give_up));
      const DdObservation before = env.observation();
      const StepResult r = env.step(action);
      ASSERT_EQ(r.refused, mask[static_cast<std::size_t>(action)] == 0);
      if (r.refused) {
        ASSERT_EQ(env.observation(), before);
      }
      DdObservation fresh;
      observe(env.state(), env.content(), fresh);
      ASSERT_EQ(env.observation(), fresh) << "seed " << seed << " step " << t;
    }
  }
}

TEST(DdEnv, UnrevealedCellsShowNothing) {
  DdEnv env(content());
  const DdObservation& obs = env.reset(5);
  int known = 0, monsters = 0;
  for (int c = 0; c < dd::k_cells; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (env.state().revealed[i] == 0) {
      EXPECT_EQ(obs.terrain[i], 0);
      EXPECT_EQ(obs.monster_level[i], 0);
      EXPECT_EQ(obs.items[i], 0);
      EXPECT_EQ(obs.monster_hp[i], 0);
      monsters += env.state().monster_at[i] != dd::k_no_monster ? 1 : 0;
    } else {
      ++known;
    }
  }
  EXPECT_LE(known, 9);
  EXPECT_GT(monsters, 30);  // they are there, unseen
  EXPECT_EQ(obs.stats[static_cast<std::size_t>(DdStat::level)], 1);
  EXPECT_EQ(obs.stats[static_cast<std::size_t>(DdStat::xp_next)], 5);
  EXPECT_EQ(dd_stat_names().size(), k_dd_stat_count);
}

TEST(DdEnv, RestoreReplaysExactly) {
  DdEnv env(content());
  env.reset(21);
  Rng rng(3);
  for (int t = 0; t < 15 && !env.done(); ++t)
    env.step(random_legal_action(env, rng));
  const DdEnv snapshot = env.clone();
  std::vector<int> actions;
  std::vector<std::uint64_t> hashes;
  for (int t = 0; t < 60 && !env.done(); ++t) {
    actions.push_back(random_legal_action(env, rng));
    env.step(actions.back());
    hashes.push_back(env.state_hash());
  }
  const DdObservation end = env.observation();
  env.restore(snapshot);
  EXPECT_EQ(env.state_hash(), snapshot.state_hash());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    env.step(actions[i]);
    ASSERT_EQ(env.state_hash(), hashes[i]) << i;
  }
  EXPECT_EQ(env.observation(), end);
}

TEST(DdEnv, RewardsAddUpToTheirMeasures) {
  for (DdReward kind : {DdReward::xp, DdReward::fitness, DdReward::win}) {
    DdEnvOptions o;
    o.reward = kind;
    DdEnv env(content(), o);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      env.reset(seed);
      const std::int64_t start_fitness = dd::run_fitness(env.state());
      Rng rng(seed);
      double total = 0;
      while (!env.done())
        total += env.step(random_legal_action(env, rng)).reward;
      const dd::State& s = env.state();
      double expected = 0;
      switch (kind) {
        case DdReward::xp:
          expected = s.hero.total_xp;
          break;
        case DdReward::fitness:
          expected = static_cast<double>(dd::run_fitness(s) - start_fitness);
          break;
        case DdReward::win:
          expected = s.outcome == dd::Outcome::won ? 1.0 : 0.0;
          break;
      }
      EXPECT_EQ(total, expected) << to_string(kind) << " seed " << seed;
    }
  }
}

TEST(DdEnv, TruncationAndTheEndOfAnEpisode) {
  DdEnvOptions o;
  o.max_steps = 3;
  DdEnv env(content(), o);
  env.reset(2);
  Rng rng(1);
  StepResult r;
  for (int t = 0; t < 3; ++t)
    r = env.step(random_legal_action(env, rng));
  EXPECT_TRUE(r.truncated || r.terminated);
  EXPECT_TRUE(env.done());
  EXPECT_EQ(env.legal_count(), 0);
  EXPECT_THROW(env.step(0), std::logic_error);
  env.reset(2);
  const StepResult give_up = env.step(k_dd_give_up);
  EXPECT_TRUE(give_up.terminated);
  EXPECT_EQ(env.state().outcome, dd::Outcome::gave_up);
  EXPECT_THROW(env.step(-1), std::logic_error);  // finished first
  env.reset(2);
  EXPECT_THROW(env.step(k_dd_action_count), std::out_of_range);
}

TEST(DdEnv, OptionsByNameAndTheirErrors) {
  DdEnvOptions o;
  set_option(o, "rules", "dd");
  set_option(o, "race", "elf");
  set_option(o, "class", "wizard");
  set_option(o, "generator", "caves");
  set_option(o, "reward", "fitness");
  set_option(o, "max_steps", "500");
  EXPECT_EQ(o.setup.race, "elf");
  EXPECT_EQ(o.setup.hero_class, "wizard");
  EXPECT_EQ(o.setup.generator, "caves");
  EXPECT_EQ(o.reward, DdReward::fitness);
  EXPECT_EQ(o.max_steps, 500);
  EXPECT_NO_THROW(validate(o, *content()));
  EXPECT_THROW(set_option(o, "rules", "main"), InputError);
  EXPECT_THROW(set_option(o, "reward", "gold"), InputError);
  EXPECT_THROW(set_option(o, "max_steps", "-1"), InputError);
  EXPECT_THROW(set_option(o, "difficulty", "hard"), InputError);
  DdEnvOptions bad;
  bad.setup.race = "troll";
  EXPECT_THROW(validate(bad, *content()), InputError);
  DdEnv env(content());
  EXPECT_THROW(env.reset(1, bad), InputError);
  EXPECT_THROW(env.step(0), std::logic_error);  // never reset
}

}  // namespace
}  // namespace yendor::api
