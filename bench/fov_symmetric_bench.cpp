// Speed of the `symmetric` FOV and of line_of_sight() on the fixed maps of bench_maps.hpp (the
// libtcod peer runs on the same maps): radius 9 and unlimited on the 200x200 cave, radius 9,
// 20 and unlimited on the 1000x1000 cave (a radius's cost does not depend on the map's size),
// unlimited on the open 1000x1000 map, and line of sight between fixed random floor pairs.
// Viewer 0 is the floor cell nearest the map's centre; viewers 1..3 the floor cells nearest
// three fixed points. `visible` is the number of cells marked per call.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "bench_maps.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/fov/line_of_sight.hpp"

namespace yendor {
namespace {

struct BenchMap {
  fov::OpacityMap opacity;
  std::array<Point, 4> viewers;
  std::vector<std::pair<Point, Point>> pairs;  // for line of sight
};

BenchMap make_bench_map(const Grid<Tile>& tiles) {
  BenchMap m;
  m.opacity = fov::OpacityMap::from_tiles(tiles);
  const int w = tiles.width(), h = tiles.height();
  m.viewers = {bench::nearest_floor(tiles, {w / 2, h / 2}),
               bench::nearest_floor(tiles, {w / 4, h / 4}),
               bench::nearest_floor(tiles, {3 * w / 4, h / 3}),
               bench::nearest_floor(tiles, {w / 3, 3 * h / 4})};
  // Pairs of floor cells at most 40 apart (a monster deciding whether it sees the player).
  std::vector<Point> floor;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (is_traversable(tiles[{x, y}])) floor.push_back({x, y});
  Rng rng(77);
  while (m.pairs.size() < 1024) {
    const Point a = rng.pick(floor);
    const Point b{a.x + rng.range(-40, 40), a.y + rng.range(-40, 40)};
    if (tiles.in_bounds(b) && is_traversable(tiles[b])) m.pairs.push_back({a, b});
  }
  return m;
}

const BenchMap& cave200() {
  static const BenchMap m = make_bench_map(bench::cave_level_200().tiles);
  return m;
}
const BenchMap& cave1000() {
  static const BenchMap m = make_bench_map(bench::cave_level_1000().tiles);
  return m;
}
const BenchMap& open1000() {
  static const BenchMap m = make_bench_map(bench::open_tiles_1000());
  return m;
}

void run_fov(benchmark::State& state, const BenchMap& map, int radius) {
  const fov::FovAlgorithm& fov = fov::builtin_fovs().get("symmetric");
  const Point viewer = map.viewers[static_cast<std::size_t>(state.range(0))];
  const fov::FovOptions options{radius, fov::Shape::circle, true};
  fov::VisibleSet out;
  fov.compute(map.opacity, viewer, options, out);  // warm: buffers sized
  for (auto _ : state) {
    fov.compute(map.opacity, viewer, options, out);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  state.counters["visible"] = static_cast<double>(out.count());
}

void BM_symmetric_fov(benchmark::State& state, const BenchMap& (*map)(), int radius) {
  run_fov(state, map(), radius);
}
BENCHMARK_CAPTURE(BM_symmetric_fov, cave200_r9, cave200, 9)
    ->ArgName("viewer")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_symmetric_fov, cave200_unlimited, cave200, 0)
    ->ArgName("viewer")
    ->Arg(0)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_symmetric_fov, cave1000_r9, cave1000, 9)
    ->ArgName("viewer")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_symmetric_fov, cave1000_r20, cave1000, 20)
    ->ArgName("viewer")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_symmetric_fov, cave1000_unlimited, cave1000, 0)
    ->ArgName("viewer")
    ->DenseRange(0, 3)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_symmetric_fov, open1000_unlimited, open1000, 0)
    ->ArgName("viewer")
    ->DenseRange(0, 1)
    ->Unit(benchmark::kMicrosecond);

// One line_of_sight() call per iteration, cycling through 1024 fixed pairs.
void BM_symmetric_los(benchmark::State& state, const BenchMap& (*map)()) {
  const BenchMap& m = map();
  std::size_t i = 0, seen = 0;
  for (auto _ : state) {
    const auto& [a, b] = m.pairs[i];
    const bool los = fov::line_of_sight(m.opacity, a, b);
    benchmark::DoNotOptimize(los);
    seen += los ? 1 : 0;
    i = (i + 1) & 1023;
  }
  state.counters["seen_share"] = static_cast<double>(seen) /
                                 static_cast<double>(std::max<std::int64_t>(state.iterations(), 1));
}
BENCHMARK_CAPTURE(BM_symmetric_los, cave200, cave200)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_symmetric_los, cave1000, cave1000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
