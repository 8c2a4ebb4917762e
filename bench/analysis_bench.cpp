// What measuring a level costs (yendor analyze): every metric of one map, on a room level and
// on a maze (the most corridors and dead ends), beside generating the same map in the same
// run, so the ratio says how analysis compares with generation.

#include <benchmark/benchmark.h>

#include "yendor/analysis/level_metrics.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

void measure(benchmark::State& state, const char* generator) {
  const int side = static_cast<int>(state.range(0));
  const Level level = generate_level(builtin_generators().get(generator), {side, side}, 1, {});
  for (auto _ : state) {
    const analysis::LevelMetrics metrics = analysis::measure_level(level);
    benchmark::DoNotOptimize(metrics.loops);
  }
}

void BM_analyze_rooms(benchmark::State& state) {
  measure(state, "rooms");
}
BENCHMARK(BM_analyze_rooms)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_analyze_maze(benchmark::State& state) {
  measure(state, "maze");
}
BENCHMARK(BM_analyze_maze)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
