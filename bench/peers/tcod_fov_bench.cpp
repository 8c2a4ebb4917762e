// Field of view, Yendor beside libtcod (docs/benchmarks.md, cases 1-3): every Yendor
// algorithm in builtin_fovs() and every libtcod algorithm, walls lit. The cases look
// from the floor cell nearest the map's centre; the `_views64` cases look from 64 floor cells
// drawn with a fixed seed, one after the other in each iteration, so a viewer that happens to
// stand in a small pocket does not decide the figure. Steady state for both: the libtcod map,
// Yendor's OpacityMap and VisibleSet are built once and every iteration recomputes the views.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench_maps.hpp"
#include "peers/paired.hpp"
#include "peers/peer_common.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::peers {
namespace {

struct FovCase {
  const char* name;
  const Grid<Tile>& (*tiles)();
  int radius;   // 0: unlimited
  int viewers;  // 1: the floor cell nearest the centre; more: that many random floor cells
};

const Grid<Tile>& cave200_tiles() {
  return bench::cave_level_200().tiles;
}
const Grid<Tile>& cave1000_tiles() {
  return bench::cave_level_1000().tiles;
}
const Grid<Tile>& open1000_tiles() {
  return bench::open_tiles_1000();
}

constexpr int k_many_views = 64;
constexpr std::uint64_t k_viewer_seed = 9;

constexpr std::array<FovCase, 5> k_cases{{
    {"fov_r9_cave200", &cave200_tiles, 9, 1},
    {"fov_r9_cave200_views64", &cave200_tiles, 9, k_many_views},
    {"fov_unlimited_cave1000", &cave1000_tiles, 0, 1},
    {"fov_unlimited_cave1000_views64", &cave1000_tiles, 0, k_many_views},
    {"fov_unlimited_open1000", &open1000_tiles, 0, 1},
}};

struct TcodFov {
  const char* name;
  TCOD_fov_algorithm_t algorithm;
};

constexpr std::array<TcodFov, 14> k_tcod_fovs{{
    {"symmetric", FOV_SYMMETRIC_SHADOWCAST},
    {"basic", FOV_BASIC},
    {"diamond", FOV_DIAMOND},
    {"shadow", FOV_SHADOW},
    {"permissive0", FOV_PERMISSIVE_0},
    {"permissive1", FOV_PERMISSIVE_1},
    {"permissive2", FOV_PERMISSIVE_2},
    {"permissive3", FOV_PERMISSIVE_3},
    {"permissive4", FOV_PERMISSIVE_4},
    {"permissive5", FOV_PERMISSIVE_5},
    {"permissive6", FOV_PERMISSIVE_6},
    {"permissive7", FOV_PERMISSIVE_7},
    {"permissive8", FOV_PERMISSIVE_8},
    {"restrictive", FOV_RESTRICTIVE},
}};

struct FovScene {
  std::vector<Point> viewers;
  fov::FovOptions options;
  fov::OpacityMap opacity;
  TcodMap tcod;
};

// Built on first use (the 1000x1000 cave takes a while to generate), outside every timed loop.
const FovScene& scene(std::size_t case_index) {
  static std::array<std::unique_ptr<FovScene>, k_cases.size()> scenes;
  std::unique_ptr<FovScene>& s = scenes[case_index];
  if (!s) {
    const FovCase& c = k_cases[case_index];
    const Grid<Tile>& tiles = c.tiles();
    s = std::make_unique<FovScene>();
    if (c.viewers == 1) {
      s->viewers = {bench::nearest_floor(tiles, {tiles.width() / 2, tiles.height() / 2})};
    } else {
      // The chase scene's monsters are distinct random floor cells: just what is wanted.
      s->viewers = bench::make_chase_scene(tiles, c.viewers, k_viewer_seed).monsters;
    }
    s->options.radius = c.radius;
    s->options.light_walls = true;
    s->opacity = fov::OpacityMap::from_tiles(tiles);
    s->tcod = make_tcod_map(tiles, unit_cost_map(tiles));
  }
  return *s;
}

void compute_tcod(const FovScene& s, Point viewer, TCOD_fov_algorithm_t algorithm) {
  TCOD_map_compute_fov(s.tcod.get(), viewer.x, viewer.y, s.options.radius, true, algorithm);
}

// libtcod keeps cells with dx² + dy² < radius² (it scans the whole map, then clears the rest);
// Yendor's circle keeps dx² + dy² <= radius × (radius + 1). Views are compared where both
// ranges agree, the smaller one.
bool in_common_range(Point d, int radius) {
  return radius <= 0 ||
         std::int64_t{d.x} * d.x + std::int64_t{d.y} * d.y < std::int64_t{radius} * radius;
}

struct Counts {
  std::int64_t all = 0;     // every marked cell
  std::int64_t common = 0;  // marked cells in the common range
  Counts& operator+=(const Counts& o) {
    all += o.all;
    common += o.common;
    return *this;
  }
};

Counts count_tcod(const FovScene& s, Point viewer) {
  Counts n;
  const TCOD_Map* map = s.tcod.get();
  for (int y = 0; y < map->height; ++y)
    for (int x = 0; x < map->width; ++x)
      if (TCOD_map_is_in_fov(map, x, y)) {
        ++n.all;
        if (in_common_range(Point{x, y} - viewer, s.options.radius)) ++n.common;
      }
  return n;
}

Counts count_yendor(const FovScene& s, Point viewer, const fov::VisibleSet& seen) {
  Counts n;
  seen.for_each([&](Point p) {
    ++n.all;
    if (in_common_range(p - viewer, s.options.radius)) ++n.common;
  });
  return n;
}

// One timed unit of each library: the case's views, one after the other.
void yendor_views(const FovScene& s, const fov::FovAlgorithm* algorithm, fov::VisibleSet& seen) {
  for (const Point viewer : s.viewers) {
    algorithm->compute(s.opacity, viewer, s.options, seen);
    std::uint64_t* words = seen.row(0);
    benchmark::DoNotOptimize(words);
    benchmark::ClobberMemory();
  }
}
void tcod_views(const FovScene& s, TCOD_fov_algorithm_t algorithm) {
  for (const Point viewer : s.viewers) {
    compute_tcod(s, viewer, algorithm);
    benchmark::DoNotOptimize(s.tcod->cells);
    benchmark::ClobberMemory();
  }
}

// Sizes `seen` with a first view; false (the benchmark skipped) when Yendor refuses it.
bool first_view(benchmark::State& state, const FovScene& s, const fov::FovAlgorithm* algorithm,
                fov::VisibleSet& seen) {
  try {
    algorithm->compute(s.opacity, s.viewers.front(), s.options, seen);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return false;
  }
  return true;
}

void yendor_fov(benchmark::State& state, std::size_t case_index,
                const fov::FovAlgorithm* algorithm) {
  const FovScene& s = scene(case_index);
  fov::VisibleSet seen;
  if (!first_view(state, s, algorithm, seen)) return;
  for (auto _ : state)
    yendor_views(s, algorithm, seen);
  state.counters["views"] = static_cast<double>(s.viewers.size());
  state.counters["cells"] = static_cast<double>(seen.count());  // of the last view
}

void tcod_fov(benchmark::State& state, std::size_t case_index, TCOD_fov_algorithm_t algorithm) {
  const FovScene& s = scene(case_index);
  for (auto _ : state)
    tcod_views(s, algorithm);
  state.counters["views"] = static_cast<double>(s.viewers.size());
  state.counters["cells"] = static_cast<double>(count_tcod(s, s.viewers.back()).all);
}

// Yendor's algorithm and libtcod's doing the same job, timed in alternating blocks.
void paired_fov(benchmark::State& state, std::size_t case_index, const fov::FovAlgorithm* algorithm,
                const TcodFov* twin) {
  const FovScene& s = scene(case_index);
  fov::VisibleSet seen;
  if (!first_view(state, s, algorithm, seen)) return;
  run_paired(
      state, [&] { yendor_views(s, algorithm, seen); }, [&] { tcod_views(s, twin->algorithm); },
      static_cast<double>(s.viewers.size()), twin->name);
}

// libtcod's algorithm doing the same job as each Yendor one (what the report's verdicts use).
const TcodFov* tcod_twin(std::string_view yendor_algorithm) {
  constexpr std::array<std::pair<std::string_view, std::string_view>, 4> k_twins{{
      {"symmetric", "symmetric"},
      {"recursive", "shadow"},
      {"permissive", "permissive8"},
      {"raycast", "basic"},
  }};
  for (const auto& [ours, theirs] : k_twins)
    if (ours == yendor_algorithm)
      for (const TcodFov& t : k_tcod_fovs)
        if (theirs == t.name) return &t;
  return nullptr;
}

std::string percent_of(std::int64_t n, std::int64_t of) {
  if (of == 0) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f%%",
                100.0 * static_cast<double>(n - of) / static_cast<double>(of));
  return text;
}

}  // namespace

void register_fov_benchmarks() {
  for (std::size_t i = 0; i < k_cases.size(); ++i) {
    const std::string prefix = std::string(k_cases[i].name) + "/";
    for (const fov::FovAlgorithm* a : fov::builtin_fovs().all())
      benchmark::RegisterBenchmark((prefix + "yendor_" + a->info().name).c_str(), yendor_fov, i, a)
          ->Unit(benchmark::kMicrosecond);
    if (paired_rounds() > 0)
      for (const fov::FovAlgorithm* a : fov::builtin_fovs().all())
        if (const TcodFov* twin = tcod_twin(a->info().name))
          benchmark::RegisterBenchmark((prefix + "pair_" + a->info().name).c_str(), paired_fov, i,
                                       a, twin)
              ->Iterations(1)
              ->Unit(benchmark::kMillisecond);
    for (const TcodFov& t : k_tcod_fovs)
      benchmark::RegisterBenchmark((prefix + "tcod_" + t.name).c_str(), tcod_fov, i, t.algorithm)
          ->Unit(benchmark::kMicrosecond);
  }
}

// Per case: Yendor's symmetric views and libtcod's, cell by cell where both ranges agree (the
// same algorithm, so they should match), then every other algorithm's count beside them.
std::vector<Check> fov_checks(const CaseFilter& wanted) {
  std::vector<Check> out;
  for (std::size_t i = 0; i < k_cases.size(); ++i) {
    if (!wanted(k_cases[i].name)) continue;
    const FovScene& s = scene(i);
    const std::string name = k_cases[i].name;
    std::string where = s.viewers.size() == 1 ? "viewer (" + std::to_string(s.viewers[0].x) + "," +
                                                    std::to_string(s.viewers[0].y) + ")"
                                              : std::to_string(s.viewers.size()) + " viewers";
    where += std::string(", radius ") +
             (s.options.radius > 0 ? std::to_string(s.options.radius) : "unlimited");

    const fov::FovAlgorithm& symmetric = fov::builtin_fovs().get(fov::k_default_fov);
    Counts yendor, tcod;
    // Cells in the common range seen by one library only, transparent ones and walls apart.
    std::int64_t yendor_only = 0, yendor_only_walls = 0, tcod_only = 0, tcod_only_walls = 0;
    try {
      fov::VisibleSet seen;
      for (const Point viewer : s.viewers) {
        symmetric.compute(s.opacity, viewer, s.options, seen);
        yendor += count_yendor(s, viewer, seen);
        compute_tcod(s, viewer, FOV_SYMMETRIC_SHADOWCAST);
        tcod += count_tcod(s, viewer);
        for (int y = 0; y < s.opacity.height(); ++y)
          for (int x = 0; x < s.opacity.width(); ++x) {
            if (!in_common_range(Point{x, y} - viewer, s.options.radius)) continue;
            const bool by_yendor = seen.visible({x, y});
            const bool by_tcod = TCOD_map_is_in_fov(s.tcod.get(), x, y);
            const bool wall = s.opacity.opaque({x, y});
            if (by_yendor && !by_tcod) ++(wall ? yendor_only_walls : yendor_only);
            if (by_tcod && !by_yendor) ++(wall ? tcod_only_walls : tcod_only);
          }
      }
    } catch (const std::exception& e) {
      out.push_back({name, where + ": yendor symmetric failed: " + e.what(), false});
      continue;
    }
    // Both follow Albert Ford's symmetric shadowcasting; libtcod's float slopes may round a
    // rare cell differently, so allow 0.5% of the cells seen.
    const std::int64_t differ = yendor_only + yendor_only_walls + tcod_only + tcod_only_walls;
    const bool same = differ * 200 <= std::max<std::int64_t>(yendor.common, 1);
    out.push_back({name,
                   where + ": cells seen (summed over viewers) yendor symmetric " +
                       std::to_string(yendor.all) + ", tcod symmetric " + std::to_string(tcod.all) +
                       "; in the common range " + std::to_string(yendor.common) + " vs " +
                       std::to_string(tcod.common) + ", " + std::to_string(differ) +
                       " cells differ (yendor only: " + std::to_string(yendor_only) + " floor + " +
                       std::to_string(yendor_only_walls) +
                       " wall; tcod only: " + std::to_string(tcod_only) + " floor + " +
                       std::to_string(tcod_only_walls) + " wall)",
                   same});

    std::string others = "other algorithms, cells in the common range (vs yendor symmetric):";
    for (const fov::FovAlgorithm* a : fov::builtin_fovs().all()) {
      if (a == &symmetric) continue;
      Counts n;
      try {
        fov::VisibleSet seen;
        for (const Point viewer : s.viewers) {
          a->compute(s.opacity, viewer, s.options, seen);
          n += count_yendor(s, viewer, seen);
        }
      } catch (const std::exception&) {
        others += " yendor_" + a->info().name + " (not available)";
        continue;
      }
      others += " yendor_" + a->info().name + " " + std::to_string(n.common) + " (" +
                percent_of(n.common, yendor.common) + ")";
    }
    for (const TcodFov& t : k_tcod_fovs) {
      if (t.algorithm == FOV_SYMMETRIC_SHADOWCAST) continue;
      Counts n;
      for (const Point viewer : s.viewers) {
        compute_tcod(s, viewer, t.algorithm);
        n += count_tcod(s, viewer);
      }
      others += std::string(" tcod_") + t.name + " " + std::to_string(n.common) + " (" +
                percent_of(n.common, yendor.common) + ")";
    }
    out.push_back({name, others, true});
  }
  return out;
}

}  // namespace yendor::peers
