#pragma once
// The loop every generator benchmark shares: generate_level with one generator, size and
// parameter set, a new seed each iteration (so no map is favoured), counting levels per second.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string_view>

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::bench {

inline void run_generator(benchmark::State& state, std::string_view name, Size size,
                          const RawParams& raw = {}) {
  const Generator& g = builtin_generators().get(name);
  const ParamSet params = g.info().schema.parse(name, raw);
  std::uint64_t seed = 1;
  for (auto _ : state) {
    Level level = generate_level(g, size, seed++, params);
    benchmark::DoNotOptimize(level.tiles.data());
  }
  state.counters["levels/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["cells"] = static_cast<double>(size.area());
}

// The square map a benchmark's argument names: /1000 is 1000x1000.
inline Size square_size(const benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  return {side, side};
}

}  // namespace yendor::bench
