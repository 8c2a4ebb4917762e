// Speed of the `digger` generator (whole generate_level: digging, loops, stairs, check) at
// 100x100, 500x500 and 1000x1000, with default parameters and with loops and dead-end pruning
// switched off (the bare Anderson algorithm).

#include <benchmark/benchmark.h>

#include "bench_generate.hpp"

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

void BM_digger(benchmark::State& state) {
  bench::run_generator(state, "digger", bench::square_size(state), {});
}
BENCHMARK(BM_digger)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_digger_tree(benchmark::State& state) {
  bench::run_generator(state, "digger", bench::square_size(state),
                       {{"loops", "0"}, {"dead_ends", "1"}});
}
BENCHMARK(BM_digger_tree)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
