// Generator speed. Each generator at 100x100, 500x500 and 1000x1000 with default parameters,
// the thesis's benchmark configurations (section 5.5), and levels per second at 80x50.
// The baseline in the same run is the cost of the empty 1000x1000 level alone (allocating and
// filling its grids): generator time / baseline says how much work is on top of the memory.

#include <benchmark/benchmark.h>

#include "bench_generate.hpp"

#include "yendor/gen/delaunay.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/gen/spanning_tree.hpp"

namespace yendor {
namespace {

using bench::run_generator;

void BM_baseline_empty_level(benchmark::State& state) {
  const Size size{static_cast<int>(state.range(0)), static_cast<int>(state.range(0))};
  for (auto _ : state) {
    Level level(size, Tile::wall);
    benchmark::DoNotOptimize(level.tiles.data());
  }
}
BENCHMARK(BM_baseline_empty_level)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_rooms(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  run_generator(state, "rooms", {side, side}, {});
}
BENCHMARK(BM_rooms)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_rooms_30(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  run_generator(state, "rooms", {side, side}, {{"max_rooms", "30"}});
}
BENCHMARK(BM_rooms_30)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_rooms_thesis_1000_rooms(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  run_generator(state, "rooms", {side, side},
                {{"max_rooms", "1000"},
                 {"room_min", "9"},
                 {"room_max", "10"},
                 {"connect", "previous"},
                 {"dead_ends", "0"}});
}
BENCHMARK(BM_rooms_thesis_1000_rooms)->Arg(1000)->Unit(benchmark::kMicrosecond);

// The same rooms joined by Yendor's default (Delaunay tree plus loops) instead of the
// prototype's previous-room chain, whose corridors cross the whole map.
void BM_rooms_1000_rooms_delaunay(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  run_generator(state, "rooms", {side, side},
                {{"max_rooms", "1000"}, {"room_min", "9"}, {"room_max", "10"}});
}
BENCHMARK(BM_rooms_1000_rooms_delaunay)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_bsp(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  run_generator(state, "bsp", {side, side}, {});
}
BENCHMARK(BM_bsp)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_bsp_thesis_depth4(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  run_generator(state, "bsp", {side, side},
                {{"depth", "4"}, {"room_min", "9"}, {"room_max", "10"}, {"min_leaf", "11"}});
}
BENCHMARK(BM_bsp_thesis_depth4)->Arg(1000)->Unit(benchmark::kMicrosecond);

void BM_level_80x50(benchmark::State& state, const char* name) {
  run_generator(state, name, {80, 50}, {});
}
BENCHMARK_CAPTURE(BM_level_80x50, rooms, "rooms")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_level_80x50, bsp, "bsp")->Unit(benchmark::kMicrosecond);

void BM_delaunay_mst(benchmark::State& state) {
  Rng rng(7);
  std::vector<Point> points;
  for (int i = 0; i < state.range(0); ++i)
    points.push_back({rng.range(0, 9999), rng.range(0, 9999)});
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  for (auto _ : state) {
    const auto edges = delaunay_edges(points);
    benchmark::DoNotOptimize(minimum_spanning_tree(points, edges).data());
  }
}
BENCHMARK(BM_delaunay_mst)->Arg(100)->Arg(1000)->Arg(5000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
