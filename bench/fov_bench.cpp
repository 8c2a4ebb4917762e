// Speed of the `recursive`, `permissive` and `raycast` FOVs on the cases `symmetric` is measured
// on (bench/fov_symmetric_bench.cpp): radius 9 on the 200x200 cave, unlimited on the 1000x1000
// cave and on the open 1000x1000 map, the viewer on the floor cell nearest the centre; and
// compute_lighting() with 20 sources of radius 6 on the 200x200 cave. `visible` (`lit`) is the
// number of cells marked per call.

#include <benchmark/benchmark.h>

#include <vector>

#include "bench_maps.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/fov/lighting.hpp"

namespace yendor {
namespace {

struct BenchMap {
  fov::OpacityMap opacity;
  Point viewer;
};

BenchMap make_bench_map(const Grid<Tile>& tiles) {
  return {fov::OpacityMap::from_tiles(tiles),
          bench::nearest_floor(tiles, {tiles.width() / 2, tiles.height() / 2})};
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

void BM_fov(benchmark::State& state, const char* algorithm, const BenchMap& (*map)(), int radius) {
  const fov::FovAlgorithm& fov = fov::builtin_fovs().get(algorithm);
  const BenchMap& m = map();
  const fov::FovOptions options{radius, fov::Shape::circle, true};
  fov::VisibleSet out;
  fov.compute(m.opacity, m.viewer, options, out);  // warm: buffers sized
  for (auto _ : state) {
    fov.compute(m.opacity, m.viewer, options, out);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  state.counters["visible"] = static_cast<double>(out.count());
}

BENCHMARK_CAPTURE(BM_fov, recursive_cave200_r9, "recursive", cave200, 9)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, recursive_cave1000_unlimited, "recursive", cave1000, 0)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, recursive_open1000_unlimited, "recursive", open1000, 0)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, permissive_cave200_r9, "permissive", cave200, 9)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, permissive_cave1000_unlimited, "permissive", cave1000, 0)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, permissive_open1000_unlimited, "permissive", open1000, 0)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, raycast_cave200_r9, "raycast", cave200, 9)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, raycast_cave1000_unlimited, "raycast", cave1000, 0)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_fov, raycast_open1000_unlimited, "raycast", open1000, 0)
    ->Unit(benchmark::kMicrosecond);

// 20 light sources of radius 6 on floor cells drawn with a fixed seed.
void BM_lighting(benchmark::State& state, const char* algorithm) {
  const fov::FovAlgorithm& fov = fov::builtin_fovs().get(algorithm);
  const BenchMap& m = cave200();
  std::vector<fov::LightSource> sources;
  for (Point p : bench::make_chase_scene(bench::cave_level_200().tiles, 20).monsters)
    sources.push_back({p, 6});
  fov::VisibleSet lit, scratch;
  fov::compute_lighting(m.opacity, sources, fov, lit, scratch);  // warm
  for (auto _ : state) {
    fov::compute_lighting(m.opacity, sources, fov, lit, scratch);
    benchmark::DoNotOptimize(lit);
    benchmark::ClobberMemory();
  }
  state.counters["lit"] = static_cast<double>(lit.count());
}
BENCHMARK_CAPTURE(BM_lighting, symmetric_cave200_20x6, "symmetric")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_lighting, recursive_cave200_20x6, "recursive")->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
