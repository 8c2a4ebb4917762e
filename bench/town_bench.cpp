// Speed of the `town` generator (whole generate_level: streets, lots, buildings, stairs,
// connectivity check) at 100x100, 500x500 and 1000x1000, for both street layouts.

#include <benchmark/benchmark.h>

#include "bench_generate.hpp"

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

void BM_town(benchmark::State& state) {
  bench::run_generator(state, "town", bench::square_size(state), {});
}
BENCHMARK(BM_town)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_town_grid(benchmark::State& state) {
  bench::run_generator(state, "town", bench::square_size(state), {{"layout", "grid"}});
}
BENCHMARK(BM_town_grid)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
