// The agent platform's speed (issue 10): environment steps per second on one core with
// uniformly random legal actions (the mask computed every step, as an agent sampling from it
// would), on the main game with the shipped content; beside it, in the same run, the engine
// alone (Game::step with the scripted random player, no observation, no mask), so the
// ratio is the Env's own cost; and clone + restore of a whole game on a standard level.
// items_per_second = environment steps per second.

#include <benchmark/benchmark.h>

#include <memory>

#include "yendor/api/action_space.hpp"
#include "yendor/api/env.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/random_player.hpp"

namespace yendor::api {
namespace {

std::shared_ptr<const game::Content> content() {
  static const auto c =
      std::make_shared<const game::Content>(game::load_content(game::default_content_dir()));
  return c;
}

// Random legal actions through the Env: observation and mask every step.
void BM_EnvStep(benchmark::State& state) {
  Env env(content());
  std::uint64_t seed = 1;
  env.reset(seed);
  Rng rng = Rng::for_stream(seed, "bot");
  std::int64_t episodes = 1;
  for (auto _ : state) {
    if (env.done()) {
      state.PauseTiming();
      env.reset(seed = mix64(seed));
      ++episodes;
      state.ResumeTiming();
    }
    const StepResult r = env.step(random_legal_action(env, rng));
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["episodes"] = static_cast<double>(episodes);
}
BENCHMARK(BM_EnvStep)->Name("BM_EnvStep/main_random_legal");

// The same without the mask: the agent samples any action (refusals are steps too).
void BM_EnvStepUnmasked(benchmark::State& state) {
  Env env(content());
  std::uint64_t seed = 1;
  env.reset(seed);
  Rng rng = Rng::for_stream(seed, "bot");
  for (auto _ : state) {
    if (env.done()) {
      state.PauseTiming();
      env.reset(seed = mix64(seed));
      state.ResumeTiming();
    }
    const StepResult r = env.step(static_cast<int>(rng.below(k_action_count)));
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EnvStepUnmasked)->Name("BM_EnvStep/main_random_any");

// The baseline: the engine alone, with the scripted random player.
void BM_EngineStep(benchmark::State& state) {
  std::uint64_t seed = 1;
  auto g = std::make_unique<game::Game>(content(), game::GameOptions{seed, "Bench", 0, {}});
  Rng rng = Rng::for_stream(seed, "bot");
  for (auto _ : state) {
    if (g->over()) {
      state.PauseTiming();
      seed = mix64(seed);
      g = std::make_unique<game::Game>(content(), game::GameOptions{seed, "Bench", 0, {}});
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(g->step(game::random_action(*g, rng)).size());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EngineStep)->Name("BM_EnvStep/engine_only_random_player");

// Clone and restore on level 1 after 100 random legal steps (80x50, its monsters and items).
// Restore copies the snapshot over an Env of the same game (buffers reused, as in a search
// that restores after each trial); the last case adds a step between, as search does.
Env standard_level_env() {
  Env env(content());
  env.reset(3);
  Rng rng = Rng::for_stream(3, "bot");
  for (int i = 0; i < 100 && !env.done(); ++i)
    env.step(random_legal_action(env, rng));
  return env;
}

void BM_EnvClone(benchmark::State& state) {
  const Env env = standard_level_env();
  for (auto _ : state) {
    Env copy = env.clone();
    benchmark::DoNotOptimize(copy.steps());
  }
}
BENCHMARK(BM_EnvClone)->Name("BM_EnvClone/level1_80x50");

void BM_EnvRestoreOnly(benchmark::State& state) {
  const Env snapshot = standard_level_env();
  Env env = snapshot.clone();
  for (auto _ : state) {
    env.restore(snapshot);
    benchmark::DoNotOptimize(env.steps());
  }
}
BENCHMARK(BM_EnvRestoreOnly)->Name("BM_EnvRestore/level1_80x50");

void BM_EnvRestore(benchmark::State& state) {
  const Env snapshot = standard_level_env();
  Env env = snapshot.clone();
  for (auto _ : state) {
    env.step(k_search);
    env.restore(snapshot);
    benchmark::DoNotOptimize(env.steps());
  }
}
BENCHMARK(BM_EnvRestore)->Name("BM_EnvRestore/level1_80x50_step_then_restore");

}  // namespace
}  // namespace yendor::api
