// Speed of scent and sound (path/scent.hpp, path/sound.hpp) on the fixed cave maps of
// bench_maps.hpp: laying one turn of scent for a radius-9 view (the thesis's FOV range, 5.4),
// emitting a loudness-20 noise on the 200x200 cave and a loudness-200 one on the 1000x1000
// cave (clearing the previous noise first, as a game does every turn), and one step for each
// of the thesis's 200 chasing monsters, climbing the scent (monsters on the trail) or walking
// toward the loudest cell (monsters anywhere in the cave).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "bench_maps.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/scent.hpp"
#include "yendor/path/sound.hpp"

namespace yendor {
namespace {

constexpr int k_view_radius = 9;

// What the player sees from `at` with the default FOV at radius 9.
std::vector<Point> view_from(const fov::OpacityMap& opacity, Point at) {
  fov::FovOptions options;
  options.radius = k_view_radius;
  fov::VisibleSet visible;
  fov::builtin_fovs().get(fov::k_default_fov).compute(opacity, at, options, visible);
  std::vector<Point> points;
  visible.append_points(points);
  return points;
}

// The views along a 64-turn random walk from the chase scene's player: a trail to lay.
struct Trail {
  std::vector<Point> positions;
  std::vector<std::vector<Point>> views;
};
Trail walk_trail(const Grid<Tile>& tiles, int turns) {
  const fov::OpacityMap opacity = fov::OpacityMap::from_tiles(tiles);
  Trail trail;
  Point at = bench::make_chase_scene(tiles, 0).player;
  Rng rng(17);
  for (int t = 0; t < turns; ++t) {
    trail.positions.push_back(at);
    trail.views.push_back(view_from(opacity, at));
    std::vector<Point> next;
    for (const Point d : k_directions8)
      if (tiles.in_bounds(at + d) && tile_info(tiles[at + d]).passable) next.push_back(at + d);
    if (!next.empty()) at = rng.pick(next);
  }
  return trail;
}

void BM_scent_lay_r9_cave200(benchmark::State& state) {
  const Trail trail = walk_trail(bench::cave_level_200().tiles, 64);
  path::ScentMap scent(bench::cave_level_200().size());
  std::int32_t turn = 0;
  std::int64_t cells = 0;
  for (auto _ : state) {
    if (turn == 50'000'000) scent = path::ScentMap(bench::cave_level_200().size());  // 32 × turn
    const std::size_t i = static_cast<std::size_t>(turn) % trail.views.size();
    scent.lay(trail.positions[i], ++turn, trail.views[i]);
    cells += static_cast<std::int64_t>(trail.views[i].size());
  }
  benchmark::DoNotOptimize(scent.values().data());
  state.counters["cells/lay"] = static_cast<double>(cells) / static_cast<double>(turn);
}
BENCHMARK(BM_scent_lay_r9_cave200)->Unit(benchmark::kMicrosecond);

void BM_scent_climb_200_monsters_cave200(benchmark::State& state) {
  const Level& level = bench::cave_level_200();
  const Trail trail = walk_trail(level.tiles, 64);
  path::ScentMap scent(level.size());
  for (std::size_t t = 0; t < trail.views.size(); ++t)
    scent.lay(trail.positions[t], static_cast<std::int32_t>(t + 1), trail.views[t]);
  const auto now = static_cast<std::int32_t>(trail.views.size());
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  // The 200 monsters stand on the trail (distinct marked floor cells drawn with a fixed seed).
  std::vector<Point> monsters;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      if (scent.at({x, y}) > 0 && map.passable({x, y})) monsters.push_back({x, y});
  Rng rng(5);
  rng.shuffle(monsters);
  monsters.resize(std::min<std::size_t>(monsters.size(), 200));
  const path::Movement movement;
  const path::ScentSense sense{50, 0};
  std::int64_t moved = 0;
  for (auto _ : state)
    for (const Point m : monsters)
      moved += scent.climb(map, m, movement, now, sense) ? 1 : 0;
  state.counters["moved/iter"] =
      static_cast<double>(moved) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_scent_climb_200_monsters_cave200)->Unit(benchmark::kMicrosecond);

void run_sound(benchmark::State& state, const Level& level, std::int32_t loudness) {
  const path::SoundDamping damping = path::sound_damping_from_tiles(level.tiles);
  const Point source = bench::make_chase_scene(level.tiles, 0).player;
  path::SoundMap sound;
  sound.reset(level.size());
  for (auto _ : state) {
    sound.clear();
    sound.emit(damping, source, loudness);
  }
  benchmark::DoNotOptimize(sound.values().data());
  state.counters["cells"] = static_cast<double>(sound.heard_cells());
}

void BM_sound_emit_l20_cave200(benchmark::State& state) {
  run_sound(state, bench::cave_level_200(), 20);
}
BENCHMARK(BM_sound_emit_l20_cave200)->Unit(benchmark::kMicrosecond);

void BM_sound_emit_l200_cave1000(benchmark::State& state) {
  run_sound(state, bench::cave_level_1000(), 200);
}
BENCHMARK(BM_sound_emit_l200_cave1000)->Unit(benchmark::kMicrosecond);

void BM_sound_toward_loudest_200_monsters_cave200(benchmark::State& state) {
  const Level& level = bench::cave_level_200();
  const path::SoundDamping damping = path::sound_damping_from_tiles(level.tiles);
  const bench::ChaseScene scene = bench::make_chase_scene(level.tiles, 200);
  path::SoundMap sound;
  sound.reset(level.size());
  sound.emit(damping, scene.player, 200);  // loud enough to reach most of the cave
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const path::Movement movement;
  std::int64_t moved = 0;
  for (auto _ : state)
    for (const Point m : scene.monsters)
      moved += sound.toward_loudest(map, m, movement) ? 1 : 0;
  state.counters["moved/iter"] =
      static_cast<double>(moved) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_sound_toward_loudest_200_monsters_cave200)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
