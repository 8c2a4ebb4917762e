// The environment: the Gymnasium contract (reset, step, terminated versus truncated, rewards),
// determinism across runs, clones and threads, and bad options refused with a reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "api/env_test_support.hpp"
#include "yendor/api/env.hpp"
#include "yendor/core/error.hpp"
#include "yendor/game/highscore.hpp"
#include "yendor/game/replay.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::api {
namespace {

using game::testing::shared_test_content;

struct Trace {
  std::vector<std::uint64_t> hashes;
  std::vector<double> rewards;
  std::vector<int> actions;
  Observation last;
  bool operator==(const Trace&) const = default;
};

// `steps` random legal steps (fewer if the episode ends) from the Env's current state.
Trace play(Env& env, std::uint64_t bot_seed, int steps) {
  Rng rng = Rng::for_stream(bot_seed, "bot");
  Trace t;
  for (int i = 0; i < steps && !env.done(); ++i) {
    const int a = testing::random_legal_action(env, rng);
    const StepResult r = env.step(a);
    t.actions.push_back(a);
    t.rewards.push_back(r.reward);
    t.hashes.push_back(env.state_hash());
  }
  t.last = env.observation();
  return t;
}

TEST(Env, SameSeedSameEpisode) {
  Env a(shared_test_content()), b(shared_test_content());
  a.reset(42);
  b.reset(42);
  EXPECT_EQ(a.observation(), b.observation());
  EXPECT_EQ(play(a, 1, 400), play(b, 1, 400));
  Env c(shared_test_content());
  c.reset(43);
  Env d(shared_test_content());
  d.reset(42);
  EXPECT_NE(c.state_hash(), d.state_hash());
}

TEST(Env, RestoredCloneReplaysExactly) {
  Env env(shared_test_content());
  env.reset(7);
  play(env, 2, 150);
  ASSERT_FALSE(env.done());
  const Env snapshot = env.clone();
  const std::uint64_t hash = env.state_hash();
  const Trace first = play(env, 3, 300);
  // The snapshot did not move with the original.
  EXPECT_EQ(snapshot.state_hash(), hash);
  env.restore(snapshot);
  EXPECT_EQ(env.state_hash(), hash);
  EXPECT_EQ(env.observation(), snapshot.observation());
  EXPECT_EQ(play(env, 3, 300), first);
  // A clone played on its own gives the same too, and leaves the snapshot alone.
  Env other = snapshot.clone();
  EXPECT_EQ(play(other, 3, 300), first);
  EXPECT_EQ(snapshot.state_hash(), hash);
}

TEST(Env, RestoreAcrossLevelsAndAfterTheEnd) {
  Env env(shared_test_content());
  EnvOptions options;
  options.start_depth = 2;
  env.reset(11, options);
  EXPECT_EQ(env.game().state().depth, 2);
  EXPECT_EQ(env.observation().stats[static_cast<std::size_t>(Stat::depth)], 2);
  const Env snapshot = env.clone();
  game::Action quit;
  quit.type = game::ActionType::quit;
  const StepResult r = env.step(quit);
  EXPECT_TRUE(r.terminated);
  EXPECT_FALSE(r.truncated);
  EXPECT_TRUE(env.done());
  EXPECT_THROW(env.step(k_wait), std::logic_error);
  env.restore(snapshot);
  EXPECT_FALSE(env.done());
  EXPECT_NO_THROW(env.step(k_wait));
}

TEST(Env, IndependentEnvsOnThreadsMatchOneThread) {
  constexpr int k_envs = 4;
  std::vector<Trace> alone(k_envs), threaded(k_envs);
  for (int i = 0; i < k_envs; ++i) {
    Env env(shared_test_content());
    env.reset(100 + static_cast<std::uint64_t>(i));
    alone[static_cast<std::size_t>(i)] = play(env, static_cast<std::uint64_t>(i), 300);
  }
  std::vector<std::thread> threads;
  for (int i = 0; i < k_envs; ++i)
    threads.emplace_back([i, &threaded] {
      Env env(shared_test_content());
      env.reset(100 + static_cast<std::uint64_t>(i));
      threaded[static_cast<std::size_t>(i)] = play(env, static_cast<std::uint64_t>(i), 300);
    });
  for (std::thread& t : threads)
    t.join();
  EXPECT_EQ(alone, threaded);
}

TEST(Env, ScoreRewardsSumToTheScoreGained) {
  Env env(shared_test_content());
  env.reset(5);
  const double start = static_cast<double>(game::compute_score(env.game().state(), env.content()));
  const Trace t = play(env, 9, 2000);
  double sum = 0;
  for (double r : t.rewards)
    sum += r;
  const double end = static_cast<double>(game::compute_score(env.game().state(), env.content()));
  EXPECT_DOUBLE_EQ(sum, end - start);
}

TEST(Env, DepthAndWinRewards) {
  EnvOptions options;
  options.reward = RewardKind::depth;
  Env env(shared_test_content(), options);
  env.reset(5);
  double sum = 0;
  for (double r : play(env, 4, 3000).rewards) {
    EXPECT_TRUE(r == 0 || r == 1);
    sum += r;
  }
  EXPECT_EQ(sum, env.game().state().info.deepest - 1);
  options.reward = RewardKind::win;
  env.reset(5, options);
  for (double r : play(env, 4, 500).rewards)
    EXPECT_EQ(r, env.game().state().outcome == game::Outcome::won ? 1.0 : 0.0);
}

TEST(Env, StepLimitTruncates) {
  EnvOptions options;
  options.max_steps = 10;
  Env env(shared_test_content(), options);
  env.reset(1);
  StepResult r;
  for (int i = 0; i < 10; ++i) {
    EXPECT_FALSE(r.truncated);
    r = env.step(k_search);
  }
  EXPECT_TRUE(r.truncated);
  EXPECT_FALSE(r.terminated);
  EXPECT_EQ(env.steps(), 10);
  EXPECT_THROW(env.step(k_wait), std::logic_error);
  EXPECT_EQ(std::count(env.legal_mask().begin(), env.legal_mask().end(), 1), 0);
  env.reset(1);
  EXPECT_FALSE(env.done());
  EXPECT_EQ(env.steps(), 0);
}

TEST(Env, RefusedActionsTakeNoTime) {
  Env env(shared_test_content());
  env.reset(2);
  const std::int64_t time = env.game().state().time;
  const StepResult r = env.step(k_ascend);  // level 1: sealed
  EXPECT_TRUE(r.refused);
  EXPECT_EQ(env.game().state().time, time);
  EXPECT_FALSE(env.observation().messages.empty());
  EXPECT_EQ(env.legal_mask()[static_cast<std::size_t>(k_ascend)], 0);
}

TEST(Env, BadOptionsAreRefusedWithTheirName) {
  const auto content = shared_test_content();
  const auto message = [&](const EnvOptions& o) {
    try {
      Env env(content, o);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EnvOptions rules;
  rules.rules = "nethack";
  EXPECT_NE(message(rules).find("unknown rules 'nethack' (known: main, dd)"), std::string::npos);
  rules.rules = "dd";
  EXPECT_NE(message(rules).find("api::DdEnv"), std::string::npos);
  EnvOptions generator;
  generator.setup.generator = "nope";
  EXPECT_NE(message(generator).find("nope"), std::string::npos);
  EnvOptions depth;
  depth.levels = 3;
  depth.start_depth = 4;
  EXPECT_NE(message(depth).find("start_depth"), std::string::npos);
  EnvOptions steps;
  steps.max_steps = -1;
  EXPECT_NE(message(steps).find("max_steps"), std::string::npos);
  EXPECT_EQ(reward_kind_from_string("depth"), RewardKind::depth);
  EXPECT_EQ(reward_kind_from_string("gold"), std::nullopt);
  Env env(content);
  EXPECT_THROW(env.step(k_wait), std::logic_error);
  EXPECT_THROW((void)env.game(), std::logic_error);
  EnvOptions deep;
  deep.start_depth = 50;
  EXPECT_THROW(env.reset(1, deep), InputError);  // the test content has 4 levels
}

TEST(Env, OneGeneratorAndSizeForEveryLevel) {
  EnvOptions options;
  options.setup.generator = "caves";
  options.setup.size = {60, 40};
  Env env(testing::shipped_content(), options);
  env.reset(8);
  EXPECT_EQ(env.game().level().recipe.generator, "caves");
  EXPECT_EQ(env.observation().size, (Size{60, 40}));
  EXPECT_EQ(env.observation().glyphs.size(), 60u * 40u);
}

// One generator with its own parameters: a dungeon recipe (content) whose bands name it, as
// docs/env.md shows for a content directory; the setup's generator option takes defaults.
TEST(Env, ADungeonRecipeChoosesAGeneratorWithItsParameters) {
  const auto with_fill = [](const std::string& fill) {
    game::Content c = *testing::shipped_content();
    const GeneratorInfo& caves = builtin_generators().get("caves").info();
    game::LevelChoice choice;
    choice.generator = "caves";
    choice.params = caves.schema.parse("caves", {{"fill", fill}});
    for (game::DepthBand& band : c.dungeon.bands)
      band.levels = {choice};
    return std::make_shared<const game::Content>(std::move(c));
  };
  Env sparse(with_fill("0.35")), dense(with_fill("0.6"));
  sparse.reset(4);
  dense.reset(4);
  const game::LevelRecipe& recipe = sparse.game().level().recipe;
  EXPECT_EQ(recipe.generator, "caves");
  EXPECT_DOUBLE_EQ(recipe.params.get_real("fill"), 0.35);
  EXPECT_DOUBLE_EQ(dense.game().level().recipe.params.get_real("fill"), 0.6);
  EXPECT_NE(sparse.game().level().level.tiles, dense.game().level().level.tiles);
}

// Recorded episodes: what the Env played, refused actions and game-action objects included,
// verifies as a replay from any point; clones carry the recording with them.
// Redrawn dice change what is still to be rolled and nothing else; a recording stops.
TEST(Env, RedrawDiceChangesOnlyTheRollsToCome) {
  EnvOptions o;
  o.record = true;
  Env env(testing::shipped_content(), o);
  env.reset(8);
  Rng rng(1);
  for (int n = 0; n < 50; ++n)
    env.step(api::random_legal_action(env, rng));
  Env redrawn = env.clone();
  redrawn.redraw_dice(99);
  EXPECT_FALSE(redrawn.recording());
  EXPECT_TRUE(env.recording());
  game::GameState a = env.game().state();
  game::GameState b = redrawn.game().state();
  EXPECT_NE(a.combat_rng, b.combat_rng);
  b.combat_rng = a.combat_rng;
  b.ai_rng = a.ai_rng;
  b.world_rng = a.world_rng;
  EXPECT_EQ(a, b);
  EXPECT_EQ(redrawn.observation(), env.observation());
  // The same actions from here lead to other games.
  Env same = env.clone();
  same.redraw_dice(99);
  int differ = 0;
  for (int n = 0; n < 400 && !redrawn.done() && !same.done(); ++n) {
    const int a_index = api::random_legal_action(redrawn, rng);
    redrawn.step(a_index);
    same.step(a_index);
    if (!env.done()) env.step(a_index);
    differ += env.state_hash() != redrawn.state_hash() ? 1 : 0;
    ASSERT_EQ(same.state_hash(), redrawn.state_hash());  // equal dice, equal games
  }
  EXPECT_GT(differ, 0);
}

TEST(EnvRecording, EpisodesVerifyAsReplays) {
  EnvOptions options;
  options.record = true;
  options.check_every = 7;
  options.levels = 3;
  options.start_depth = 2;
  Env env(shared_test_content(), options);
  env.reset(31);
  ASSERT_TRUE(env.recording());
  Rng rng = Rng::for_stream(5, "bot");
  env.step(k_ascend + 1);  // whatever it is, a refusal or not, it is recorded
  game::Action search;
  search.type = game::ActionType::search;
  env.step(search);
  play(env, 6, 300);
  const Env snapshot = env.clone();
  const game::Replay at_snapshot = env.replay();
  EXPECT_EQ(at_snapshot.header.start_depth, 2);
  EXPECT_EQ(at_snapshot.header.seed, 31u);
  EXPECT_EQ(static_cast<std::int64_t>(at_snapshot.actions.size()), env.steps());
  EXPECT_EQ(at_snapshot.checks.size(), static_cast<std::size_t>(env.steps() / 7));
  EXPECT_EQ(at_snapshot.final_hash, env.state_hash());
  game::ReplayResult result = game::verify_replay(at_snapshot, shared_test_content());
  EXPECT_TRUE(result.ok) << result.message;

  // Played to its end, then restored: the recording is the snapshot's again.
  while (!env.done())
    env.step(testing::random_legal_action(env, rng));
  const game::Replay whole = env.replay();
  EXPECT_NE(whole.outcome, game::Outcome::playing);
  result = game::verify_replay(game::parse_replay(game::format_replay(whole), "env.replay"),
                               shared_test_content());
  EXPECT_TRUE(result.ok) << result.message;
  EXPECT_EQ(result.outcome, env.game().state().outcome);
  env.restore(snapshot);
  EXPECT_EQ(env.replay().actions, at_snapshot.actions);
  EXPECT_TRUE(game::verify_replay(env.replay(), shared_test_content()).ok);

  // A new episode starts a new recording.
  env.reset(32);
  EXPECT_TRUE(env.replay().actions.empty());
  EXPECT_EQ(env.replay().header.seed, 32u);
}

TEST(EnvRecording, OffByDefaultAndOptionsParse) {
  Env env(shared_test_content());
  env.reset(1);
  EXPECT_FALSE(env.recording());
  EXPECT_THROW((void)env.replay(), std::logic_error);
  EnvOptions o;
  for (const char* yes : {"true", "True", "1"}) {
    o.record = false;
    set_option(o, "record", yes);
    EXPECT_TRUE(o.record) << yes;
  }
  set_option(o, "record", "false");
  EXPECT_FALSE(o.record);
  EXPECT_THROW(set_option(o, "record", "maybe"), InputError);
  set_option(o, "check_every", "25");
  EXPECT_EQ(o.check_every, 25);
  EXPECT_THROW(set_option(o, "check_every", "0"), InputError);
  o.check_every = 0;
  EXPECT_THROW(validate(o), InputError);
}

}  // namespace
}  // namespace yendor::api
