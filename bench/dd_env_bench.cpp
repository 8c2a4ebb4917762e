// The Desktop Dungeons environment's speed (issue 11: at least 1,000,000 dd environment steps
// per second on one core): steps with uniformly random legal actions (the mask computed every
// step), with any action, and beside them in the same run the rules alone (dd::step with a
// random direction, no observation and no mask), so the ratio is the Env's own cost; a new
// game (generation and placement) and clone + restore. Resets are inside the timed loop:
// items_per_second is environment steps per second of the whole run, games included.

#include <benchmark/benchmark.h>

#include <memory>

#include "yendor/api/dd_env.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/dd/content.hpp"
#include "yendor/dd/dungeon.hpp"
#include "yendor/dd/rules.hpp"

namespace yendor::api {
namespace {

std::shared_ptr<const dd::Content> content() {
  static const auto c =
      std::make_shared<const dd::Content>(dd::load_content(dd::default_content_dir()));
  return c;
}

void BM_DdEnvStepLegal(benchmark::State& state) {
  DdEnv env(content());
  std::uint64_t seed = 1;
  env.reset(seed);
  Rng rng = Rng::for_stream(seed, "bot");
  std::int64_t episodes = 1;
  for (auto _ : state) {
    if (env.done()) {
      env.reset(seed = mix64(seed));
      ++episodes;
    }
    benchmark::DoNotOptimize(env.step(random_legal_action(env, rng)));
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["episodes"] = static_cast<double>(episodes);
}
BENCHMARK(BM_DdEnvStepLegal)->Name("BM_DdEnvStep/random_legal");

void BM_DdEnvStepAny(benchmark::State& state) {
  DdEnv env(content());
  std::uint64_t seed = 1;
  env.reset(seed);
  Rng rng = Rng::for_stream(seed, "bot");
  for (auto _ : state) {
    if (env.done()) env.reset(seed = mix64(seed));
    // Any action but giving up: refusals are steps too.
    benchmark::DoNotOptimize(env.step(static_cast<int>(rng.below(k_dd_give_up))));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DdEnvStepAny)->Name("BM_DdEnvStep/random_any");

// The rules alone: a random direction each step straight into dd::step.
void BM_DdRulesOnly(benchmark::State& state) {
  const auto c = content();
  std::uint64_t seed = 1;
  dd::State game = dd::new_game(*c, {}, seed);
  Rng rng = Rng::for_stream(seed, "bot");
  for (auto _ : state) {
    if (game.outcome != dd::Outcome::playing) game = dd::new_game(*c, {}, seed = mix64(seed));
    benchmark::DoNotOptimize(dd::step(game, *c, dd::move_action(static_cast<int>(rng.below(8)))));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DdRulesOnly)->Name("BM_DdEnvStep/rules_only_random_move");

void BM_DdNewGame(benchmark::State& state) {
  DdEnv env(content());
  std::uint64_t seed = 1;
  for (auto _ : state)
    benchmark::DoNotOptimize(env.reset(seed = mix64(seed)));
}
BENCHMARK(BM_DdNewGame)->Name("BM_DdEnvReset/new_game");

void BM_DdClone(benchmark::State& state) {
  DdEnv env(content());
  env.reset(7);
  for (auto _ : state) {
    DdEnv copy = env.clone();
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_DdClone)->Name("BM_DdEnvClone/game");

void BM_DdRestore(benchmark::State& state) {
  DdEnv env(content());
  env.reset(7);
  const DdEnv snapshot = env.clone();
  for (auto _ : state) {
    env.restore(snapshot);
    benchmark::DoNotOptimize(env);
  }
}
BENCHMARK(BM_DdRestore)->Name("BM_DdEnvRestore/game");

}  // namespace
}  // namespace yendor::api
