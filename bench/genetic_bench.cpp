// Speed of the `genetic` generator: default parameters (population 30, 40 generations, up to
// 100 rooms) at 100x100, 500x500 and 1000x1000 and at 80x50, and the configuration the thesis
// quotes from Valtchanov (3.8: 500 generations, up to 100 rooms, "approximately 30 seconds"
// on one 2.4 GHz core).

#include <benchmark/benchmark.h>

#include "bench_generate.hpp"

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

void BM_genetic(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  bench::run_generator(state, "genetic", {side, side}, {});
}
BENCHMARK(BM_genetic)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_genetic_80x50(benchmark::State& state) {
  bench::run_generator(state, "genetic", {80, 50}, {});
}
BENCHMARK(BM_genetic_80x50)->Unit(benchmark::kMicrosecond);

void BM_genetic_thesis_500_generations_100_rooms(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  bench::run_generator(state, "genetic", {side, side},
                       {{"generations", "500"}, {"max_rooms", "100"}});
}
BENCHMARK(BM_genetic_thesis_500_generations_100_rooms)
    ->Arg(200)
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
