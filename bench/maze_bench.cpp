// Speed of the `maze` generator: each algorithm at 100x100, 500x500 and 1000x1000 with
// default parameters (generate_level, so the shared stairs and connectivity pass included),
// the automaton's step alone, and the 4000x4000 maps no recursive search could make.

#include <benchmark/benchmark.h>

#include "bench_generate.hpp"

#include "yendor/gen/generate.hpp"
#include "yendor/gen/maze_automaton.hpp"
#include "yendor/gen/maze_cells.hpp"
#include "yendor/gen/maze_dfs.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

void BM_maze_dfs(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state), {{"algorithm", "dfs"}});
}
void BM_maze_kruskal(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state), {{"algorithm", "kruskal"}});
}
void BM_maze_prim(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state), {{"algorithm", "prim"}});
}
void BM_maze_ca_maze(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state), {{"algorithm", "ca-maze"}});
}
void BM_maze_ca_mazectric(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state), {{"algorithm", "ca-mazectric"}});
}
// The two rot.js has as well (EllerMaze, DividedMaze), at the size the report compares.
void BM_maze_eller(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state), {{"algorithm", "eller"}});
}
void BM_maze_division(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state), {{"algorithm", "division"}});
}
BENCHMARK(BM_maze_dfs)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_maze_eller)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_maze_division)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_maze_kruskal)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_maze_prim)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_maze_ca_maze)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_maze_ca_mazectric)->Arg(100)->Arg(500)->Arg(1000)->Unit(benchmark::kMicrosecond);

// Braiding every dead end and wider corridors, at 1000x1000.
void BM_maze_kruskal_braid(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state),
                       {{"algorithm", "kruskal"}, {"braid", "1"}});
}
BENCHMARK(BM_maze_kruskal_braid)->Arg(1000)->Unit(benchmark::kMicrosecond);
void BM_maze_dfs_cell3(benchmark::State& state) {
  bench::run_generator(state, "maze", bench::square_size(state),
                       {{"algorithm", "dfs"}, {"cell", "3"}});
}
BENCHMARK(BM_maze_dfs_cell3)->Arg(1000)->Unit(benchmark::kMicrosecond);

// Far beyond the 80x80 where the thesis's recursive search stopped (section 5.5).
BENCHMARK(BM_maze_dfs)->Arg(4000)->Unit(benchmark::kMillisecond)->Iterations(2);

// The depth-first carve alone, on the lattice of a 1000x1000 map (499x499 cells): what the
// search itself costs, without drawing the maze, the stairs or the check.
void BM_maze_dfs_carve(benchmark::State& state) {
  const auto layout = detail::MazeLayout::fit({1000, 1000}, 1);
  std::uint64_t seed = 1;
  for (auto _ : state) {
    detail::MazeCells maze(layout.columns, layout.rows);
    Rng rng(seed++);
    detail::carve_dfs_maze(maze, 0.0, rng);
    benchmark::DoNotOptimize(maze.degree(maze.nth(0)));
  }
}
BENCHMARK(BM_maze_dfs_carve)->Unit(benchmark::kMicrosecond);

// One generation of the bit-parallel automaton on a 1000x1000 grid.
void BM_maze_automaton_step(benchmark::State& state) {
  detail::LifeGrid life(1000, 1000);
  Rng rng(1);
  life.randomize(0.5, rng);
  for (auto _ : state)
    benchmark::DoNotOptimize(life.step<detail::k_rule_mazectric>());
}
BENCHMARK(BM_maze_automaton_step)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace yendor
