// Benchmarks of the vaults pass. The pass runs on a copy of a pre-made `rooms` level (default
// parameters, then the default vault parameters: 20 vaults at most); BM_vaults_copy_only is
// that copy alone, so the pass costs the difference. BM_vaults_library_load reads and
// validates every shipped vault file (what the cache saves on every level after the first).

#include <benchmark/benchmark.h>

#include "yendor/core/data_dir.hpp"
#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/features/vault_library.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

Level rooms_base(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const Generator& g = builtin_generators().get("rooms");
  return generate_level(g, {side, side}, 1, g.info().schema.defaults());
}

void BM_vaults_copy_only(benchmark::State& state) {
  const Level base = rooms_base(state);
  for (auto _ : state) {
    Level level = base;
    benchmark::DoNotOptimize(level.tiles.data());
  }
}
BENCHMARK(BM_vaults_copy_only)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_vaults(benchmark::State& state) {
  const Level base = rooms_base(state);
  const FeaturePass& pass = builtin_feature_passes().get("vaults");
  const ParamSet params = pass.info().schema.defaults();
  const std::string data_dir = default_data_dir();
  FeatureContext context;
  context.data_dir = data_dir;
  std::uint64_t seed = 1;
  std::int64_t vaults = 0;
  for (auto _ : state) {
    Level level = base;
    Rng rng(seed++);
    pass.apply(level, params, context, rng);
    vaults += static_cast<std::int64_t>(level.meta.rooms.size() - base.meta.rooms.size());
    benchmark::DoNotOptimize(level.tiles.data());
  }
  state.counters["vaults"] =
      benchmark::Counter(static_cast<double>(vaults), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_vaults)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_vaults_library_load(benchmark::State& state) {
  const std::string dir = default_data_dir() + "/vaults";
  for (auto _ : state) {
    const VaultLibrary library = VaultLibrary::load(dir);
    benchmark::DoNotOptimize(library.vaults().data());
  }
}
BENCHMARK(BM_vaults_library_load)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
