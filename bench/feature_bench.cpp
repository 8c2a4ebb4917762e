// Benchmarks of the feature passes: each pass alone, applied to a copy of a `rooms` level made
// once outside the timed loop, at 100x100, 500x500 and 1000x1000. Copying the level is part of
// every iteration, so BM_feature_copy_baseline measures the copy alone: a pass's own cost is
// its time minus the baseline's at the same size.

#include <benchmark/benchmark.h>

#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

Level base_level(const benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  return generate_level(builtin_generators().get("rooms"), {side, side}, 1, {});
}

void run_pass(benchmark::State& state, const char* name, const RawParams& raw) {
  const Level base = base_level(state);
  const FeaturePass& pass = builtin_feature_passes().get(name);
  const ParamSet params = pass.info().schema.parse(name, raw);
  std::uint64_t seed = 1;
  for (auto _ : state) {
    Level level = base;
    Rng rng(seed++);
    pass.apply(level, params, FeatureContext{}, rng);
    benchmark::DoNotOptimize(level.tiles.data());
  }
  state.counters["cells"] = static_cast<double>(base.size().area());
}

void BM_feature_copy_baseline(benchmark::State& state) {
  const Level base = base_level(state);
  for (auto _ : state) {
    Level level = base;
    benchmark::DoNotOptimize(level.tiles.data());
  }
}
BENCHMARK(BM_feature_copy_baseline)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_feature_water(benchmark::State& state) {
  run_pass(state, "water", {});
}
BENCHMARK(BM_feature_water)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The aquatic motif's rivers and lakes: many more crossings to find.
void BM_feature_water_mixed(benchmark::State& state) {
  run_pass(state, "water", {{"kind", "mixed"}, {"size", "0.15"}});
}
BENCHMARK(BM_feature_water_mixed)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_feature_vegetation(benchmark::State& state) {
  run_pass(state, "vegetation", {});
}
BENCHMARK(BM_feature_vegetation)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The overgrown motif's trees: growth plus the reconnection that cuts blocking trees.
void BM_feature_vegetation_trees(benchmark::State& state) {
  run_pass(state, "vegetation", {{"kind", "trees"}, {"density", "0.25"}});
}
BENCHMARK(BM_feature_vegetation_trees)
    ->Arg(100)
    ->Arg(500)
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);

void BM_feature_shops(benchmark::State& state) {
  run_pass(state, "shops", {});
}
BENCHMARK(BM_feature_shops)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_feature_temples(benchmark::State& state) {
  run_pass(state, "temples", {});
}
BENCHMARK(BM_feature_temples)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_feature_fountains(benchmark::State& state) {
  run_pass(state, "fountains", {});
}
BENCHMARK(BM_feature_fountains)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
