// The breadth-first flood every generated level goes through (map/reachability.hpp: the
// stairs' distances and the connectivity check), alone, on three 1000x1000 shapes: a
// depth-first maze (a frontier of a few cells and 79,115 layers), a cave and an open map (a
// wide frontier). The flood's buffers are kept between runs, as generate_level keeps them.

#include <benchmark/benchmark.h>

#include "bench_maps.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

const Level& maze_level_1000() {
  static const Level level = bench::make_default_level("maze", 1000);
  return level;
}

void flood(benchmark::State& state, const Grid<Tile>& tiles) {
  const Point from = bench::nearest_floor(tiles, {tiles.width() / 2, tiles.height() / 2});
  FloodOrder order;
  for (auto _ : state)
    benchmark::DoNotOptimize(order.run(tiles, from));
  state.counters["reached"] = static_cast<double>(order.order().size());
  state.counters["layers"] = static_cast<double>(order.layers());
}

void BM_flood_maze1000(benchmark::State& state) {
  flood(state, maze_level_1000().tiles);
}
void BM_flood_cave1000(benchmark::State& state) {
  flood(state, bench::cave_level_1000().tiles);
}
void BM_flood_open1000(benchmark::State& state) {
  flood(state, bench::open_tiles_1000());
}
BENCHMARK(BM_flood_maze1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_flood_cave1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_flood_open1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
