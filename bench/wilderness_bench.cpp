// Speed of the `wilderness` generator: default parameters at 100x100, 500x500 and 1000x1000
// and at 80x50, and the two extremes of handling enclosed pockets: joining every one by a
// tunnel (fill=0) or filling every one in (fill above any pocket's size).

#include <benchmark/benchmark.h>

#include "bench_generate.hpp"

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

void BM_wilderness(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  bench::run_generator(state, "wilderness", {side, side}, {});
}
BENCHMARK(BM_wilderness)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_wilderness_join_all(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  bench::run_generator(state, "wilderness", {side, side}, {{"fill", "0"}});
}
BENCHMARK(BM_wilderness_join_all)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_wilderness_fill_all(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  bench::run_generator(state, "wilderness", {side, side}, {{"fill", "100000000"}});
}
BENCHMARK(BM_wilderness_fill_all)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_wilderness_80x50(benchmark::State& state) {
  bench::run_generator(state, "wilderness", {80, 50}, {});
}
BENCHMARK(BM_wilderness_80x50)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
