// Speed of the `caves` generator: default parameters at 100x100, 500x500 and 1000x1000, the
// thesis's benchmark configuration (5.5: 20 generations) with each way of joining caves, and
// one automaton generation at 1000x1000 computed 64 cells per word (BitGrid::step) against a
// plain byte-per-cell loop of the same rule (the thesis's "9 checks per cell"), in the same
// run. Their ratio is the speed-up of the bit-parallel kernel.

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

#include "yendor/gen/cellular_automaton.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

void run_caves(benchmark::State& state, Size size, const RawParams& raw) {
  const Generator& g = builtin_generators().get("caves");
  const ParamSet params = g.info().schema.parse("caves", raw);
  std::uint64_t seed = 1;
  for (auto _ : state) {
    Level level = generate_level(g, size, seed++, params);
    benchmark::DoNotOptimize(level.tiles.data());
  }
  state.counters["levels/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["cells"] = static_cast<double>(size.area());
}

void BM_caves(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  run_caves(state, {side, side}, {});
}
BENCHMARK(BM_caves)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_caves_80x50(benchmark::State& state) {
  run_caves(state, {80, 50}, {});
}
BENCHMARK(BM_caves_80x50)->Unit(benchmark::kMicrosecond);

// Thesis 5.5: "we set the number of generations to 20", floor and wall equally likely.
void BM_caves_thesis_20_generations(benchmark::State& state, const char* connect) {
  const int side = static_cast<int>(state.range(0));
  run_caves(state, {side, side}, {{"generations", "20"}, {"connect", connect}});
}
BENCHMARK_CAPTURE(BM_caves_thesis_20_generations, tunnel, "tunnel")
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_caves_thesis_20_generations, largest, "largest")
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_caves_thesis_20_generations, none, "none")
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);

// One generation of the default rule on a side x side grid of noise, walls beyond the edge.
constexpr cellular::Rule k_rule = cellular::rules::k_caves_4_5;

void BM_caves_step_bitparallel(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  cellular::BitGrid grid({side, side}, true);
  Rng rng(7);
  grid.randomize(rng, 0.5);
  for (auto _ : state) {
    grid.forget_unchanged_rows();  // a full generation every time
    benchmark::DoNotOptimize(grid.step(k_rule));
  }
  state.counters["cells/s"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * side * side, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_caves_step_bitparallel)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The reference loop: one byte per cell, a ring of wall bytes around the grid, the 8
// neighbours summed for every cell and the next state read from a table.
void BM_caves_step_bytes(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const auto stride = static_cast<std::size_t>(side) + 2;
  std::vector<std::uint8_t> cells(stride * stride, 1), next(stride * stride, 1);
  Rng rng(7);
  for (int y = 1; y <= side; ++y)
    for (int x = 1; x <= side; ++x)
      cells[static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x)] =
          rng.chance(0.5) ? 1 : 0;
  std::array<std::uint8_t, 18> table{};  // [alive * 9 + live neighbours]
  for (int n = 0; n <= 8; ++n) {
    table[static_cast<std::size_t>(n)] = k_rule.born(n) ? 1 : 0;
    table[static_cast<std::size_t>(9 + n)] = k_rule.survives(n) ? 1 : 0;
  }
  for (auto _ : state) {
    for (std::size_t y = 1; y <= static_cast<std::size_t>(side); ++y) {
      const std::uint8_t* up = &cells[(y - 1) * stride];
      const std::uint8_t* mid = &cells[y * stride];
      const std::uint8_t* down = &cells[(y + 1) * stride];
      std::uint8_t* out = &next[y * stride];
      for (std::size_t x = 1; x <= static_cast<std::size_t>(side); ++x) {
        const int live = up[x - 1] + up[x] + up[x + 1] + mid[x - 1] + mid[x + 1] + down[x - 1] +
                         down[x] + down[x + 1];
        out[x] = table[static_cast<std::size_t>(mid[x] * 9 + live)];
      }
    }
    cells.swap(next);
    benchmark::DoNotOptimize(cells.data());
  }
  state.counters["cells/s"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * side * side, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_caves_step_bytes)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
