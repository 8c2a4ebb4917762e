// BSP dungeons, Yendor beside libtcod: the thesis's BSP case (4 splits, ratio 1.0, rooms of
// 9-10 cells a side; figure 5.8) at 100x100 to 1000x1000. Yendor runs its whole `bsp`
// pipeline (tree, rooms, corridors, doors, stairs, connectivity check); libtcod splits with
// TCOD_bsp_split_recursive and the benchmark carves a room in each leaf and joins each pair of
// siblings with an L-shaped corridor, the way libtcod's own samples build a dungeon. libtcod
// does less work here (no doors, stairs or check), so the ratio favours it.

#include <benchmark/benchmark.h>
#include <libtcod/bsp.h>
#include <libtcod/mersenne.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "peers/peer_common.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/generation_bench.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::peers {
namespace {

constexpr int k_sides[] = {100, 200, 500, 1000};
constexpr int k_depth = 4;
constexpr int k_room_min = 9;
constexpr int k_room_max = 10;
constexpr std::uint32_t k_seed = 1;

// A map of bytes (1 = floor) and the centre of the room carved under each node.
struct TcodDungeon {
  int width = 0;
  std::vector<std::uint8_t> cells;
  TCOD_Random* rng = nullptr;
  std::vector<std::pair<TCOD_bsp_t*, Point>> centres;

  void carve(int x0, int y0, int x1, int y1) {
    for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y)
      for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x)
        cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
              static_cast<std::size_t>(x)] = 1;
  }
  Point centre_of(TCOD_bsp_t* node) const {
    for (const auto& [n, p] : centres)
      if (n == node) return p;
    return {node->x + node->w / 2, node->y + node->h / 2};
  }
};

// Post-order: children before their parent, so a parent joins its children's rooms.
bool build_node(TCOD_bsp_t* node, void* data) {
  auto& d = *static_cast<TcodDungeon*>(data);
  if (TCOD_bsp_is_leaf(node)) {
    const int w = std::min(node->w - 2, TCOD_random_get_int(d.rng, k_room_min, k_room_max));
    const int h = std::min(node->h - 2, TCOD_random_get_int(d.rng, k_room_min, k_room_max));
    const int x = node->x + TCOD_random_get_int(d.rng, 1, std::max(1, node->w - w - 1));
    const int y = node->y + TCOD_random_get_int(d.rng, 1, std::max(1, node->h - h - 1));
    d.carve(x, y, x + w - 1, y + h - 1);
    d.centres.push_back({node, {x + w / 2, y + h / 2}});
    return true;
  }
  const Point a = d.centre_of(TCOD_bsp_left(node));
  const Point b = d.centre_of(TCOD_bsp_right(node));
  d.carve(a.x, a.y, b.x, a.y);
  d.carve(b.x, a.y, b.x, b.y);
  d.centres.push_back({node, a});
  return true;
}

// One libtcod dungeon; returns its floor cells.
std::vector<std::uint8_t> tcod_dungeon(int side) {
  TcodDungeon d;
  d.width = side;
  d.cells.assign(static_cast<std::size_t>(side) * static_cast<std::size_t>(side), 0);
  d.rng = TCOD_random_new_from_seed(TCOD_RNG_MT, k_seed);
  TCOD_bsp_t* root = TCOD_bsp_new_with_size(0, 0, side, side);
  TCOD_bsp_split_recursive(root, d.rng, k_depth, k_room_max + 2, k_room_max + 2, 1.0F, 1.0F);
  TCOD_bsp_traverse_post_order(root, build_node, &d);
  TCOD_bsp_delete(root);
  TCOD_random_delete(d.rng);
  return std::move(d.cells);
}

void tcod_bsp(benchmark::State& state, int side) {
  for (auto _ : state) {
    std::vector<std::uint8_t> cells = tcod_dungeon(side);
    benchmark::DoNotOptimize(cells.data());
  }
  const std::vector<std::uint8_t> cells = tcod_dungeon(side);
  state.counters["floor"] =
      static_cast<double>(std::count(cells.begin(), cells.end(), std::uint8_t{1}));
}

void yendor_bsp(benchmark::State& state, int side) {
  GenBenchCase thesis;
  for (const GenBenchCase& c : gen_bench_cases())
    if (c.name == "bsp-thesis") thesis = c;
  const Generator& g = builtin_generators().get(thesis.generator);
  const ParamSet params = g.info().schema.parse(thesis.generator, thesis.params);
  for (auto _ : state) {
    const Level level = generate_level(g, {side, side}, k_seed, params);
    benchmark::DoNotOptimize(level.tiles.data());
  }
  const Level level = generate_level(g, {side, side}, k_seed, params);
  std::int64_t floor = 0;
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      floor += is_traversable(level.tiles[{x, y}]) ? 1 : 0;
  state.counters["floor"] = static_cast<double>(floor);
}

}  // namespace

void register_bsp_benchmarks() {
  for (const int side : k_sides) {
    const std::string prefix = "bsp_" + std::to_string(side) + "x" + std::to_string(side) + "/";
    benchmark::RegisterBenchmark((prefix + "yendor_bsp_thesis").c_str(), yendor_bsp, side)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((prefix + "tcod_bsp_split").c_str(), tcod_bsp, side)
        ->Unit(benchmark::kMicrosecond);
  }
}

}  // namespace yendor::peers
