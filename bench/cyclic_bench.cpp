// The cyclic generator (issue 4): whole levels, solver included, against the targets
// (80x50 with four cycles under 5 ms; 60 rooms with cycles under 50 ms), and each stage alone
// on the same missions, so the share of grammar, layout, tiles and proof is visible. `rooms`
// at the same size in the same run is the peer: cyclic / rooms says what the structure costs.

#include <benchmark/benchmark.h>

#include "bench_generate.hpp"

#include "yendor/core/data_dir.hpp"
#include "yendor/gen/cyclic/cyclic_options.hpp"
#include "yendor/gen/cyclic/grammar_file.hpp"
#include "yendor/gen/cyclic/grid_layout.hpp"
#include "yendor/gen/cyclic/solver.hpp"
#include "yendor/gen/cyclic/tile_builder.hpp"

namespace yendor {
namespace {

using bench::run_generator;

void BM_cyclic_80x50_four_cycles(benchmark::State& state) {
  run_generator(state, "cyclic", {80, 50}, {{"cycles", "4"}});
}
BENCHMARK(BM_cyclic_80x50_four_cycles)->Unit(benchmark::kMicrosecond);

void BM_cyclic_80x50_default(benchmark::State& state) {
  run_generator(state, "cyclic", {80, 50}, {});
}
BENCHMARK(BM_cyclic_80x50_default)->Unit(benchmark::kMicrosecond);

void BM_rooms_80x50_peer(benchmark::State& state) {
  run_generator(state, "rooms", {80, 50}, {});
}
BENCHMARK(BM_rooms_80x50_peer)->Unit(benchmark::kMicrosecond);

void BM_cyclic_60_rooms_200x120(benchmark::State& state) {
  run_generator(state, "cyclic", {200, 120}, {{"rooms", "60"}, {"cycles", "5"}});
}
BENCHMARK(BM_cyclic_60_rooms_200x120)->Unit(benchmark::kMicrosecond);

void BM_rooms_60_rooms_200x120_peer(benchmark::State& state) {
  run_generator(state, "rooms", {200, 120}, {{"max_rooms", "60"}});
}
BENCHMARK(BM_rooms_60_rooms_200x120_peer)->Unit(benchmark::kMicrosecond);

// The stages of one 80x50 four-cycle level, each on missions made fresh per seed.
struct Stages {
  std::shared_ptr<const cyclic::Grammar> grammar = cyclic::cached_grammar(default_data_dir());
  const cyclic::Recipe* recipe = grammar->find_recipe("cyclic");
  cyclic::CyclicOptions options;
  Stages(Size size, const RawParams& raw) {
    const Generator& g = builtin_generators().get("cyclic");
    options = cyclic::read_options(g.info().schema.parse("cyclic", raw), size,
                                   GeneratorContext{default_data_dir(), 1, 1});
  }
  MissionGraph mission(Rng& rng, int cycles) const {
    MissionGraph graph;
    ParamSet axiom;
    axiom.set("kind", std::string("level"));
    graph.add_node(std::move(axiom));
    cyclic::run_recipe(graph, *grammar, *recipe,
                       cyclic::recipe_variables(options, cycles, options.rooms), rng);
    return graph;
  }
};

void BM_cyclic_stage_grammar_80x50(benchmark::State& state) {
  const Stages stages({80, 50}, {{"cycles", "4"}});
  std::uint64_t seed = 1;
  for (auto _ : state) {
    Rng rng(seed++);
    MissionGraph graph = stages.mission(rng, 4);
    benchmark::DoNotOptimize(graph.nodes().data());
  }
}
BENCHMARK(BM_cyclic_stage_grammar_80x50)->Unit(benchmark::kMicrosecond);

void BM_cyclic_stage_layout_80x50(benchmark::State& state) {
  const Stages stages({80, 50}, {{"cycles", "4"}});
  std::vector<MissionGraph> missions;
  for (std::uint64_t seed = 1; seed <= 64; ++seed) {
    Rng rng(seed);
    missions.push_back(stages.mission(rng, 4));
  }
  std::size_t i = 0;
  for (auto _ : state) {
    Rng rng(i);
    auto layout = cyclic::layout_mission(missions[i++ % missions.size()], stages.options.grid, rng);
    benchmark::DoNotOptimize(layout);
  }
}
BENCHMARK(BM_cyclic_stage_layout_80x50)->Unit(benchmark::kMicrosecond);

void BM_cyclic_stage_solver_80x50(benchmark::State& state) {
  const Generator& g = builtin_generators().get("cyclic");
  const ParamSet params = g.info().schema.parse("cyclic", {{"cycles", "4"}});
  std::vector<cyclic::LockGraph> graphs;
  for (std::uint64_t seed = 1; seed <= 64; ++seed)
    graphs.push_back(cyclic::lock_graph_from_level(generate_level(g, {80, 50}, seed, params)));
  std::size_t i = 0;
  for (auto _ : state) {
    auto result = cyclic::solve(graphs[i++ % graphs.size()]);
    benchmark::DoNotOptimize(result.solvable);
  }
}
BENCHMARK(BM_cyclic_stage_solver_80x50)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
