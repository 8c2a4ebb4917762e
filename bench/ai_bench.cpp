// The monster AI's speed (issue 7, thesis 5.5; game/crowd_bench.hpp, `yendor bench ai`): one
// turn of a crowd chasing a player who stands still on the crowd arena, every actor acting
// once. Rows: every path method and every brain at 200 actors on 200x200 (target: a turn under
// 1 ms with every brain), and the shared Dijkstra map and every brain at 10,000 actors on
// 1000x1000 (target: under 20 ms). Each row reports ms_per_turn (the turns alone, timed
// with steady_clock) and x_euclid: that over the euclid chase's turn on the same arena and
// crowd, measured in the same process: the ratio is what docs/brains.md reports. A fresh
// crowd every k_turns_per_crowd turns (outside the timing), so the crowd stays as set up.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "yendor/game/content.hpp"
#include "yendor/game/crowd_bench.hpp"

namespace yendor::game {
namespace {

constexpr int k_turns_per_crowd = 20;  // the protocol's repetitions
constexpr std::uint64_t k_seed = 1;

// The shipped content; if it fails to load (a broken data file), the test pack's files.
const Content& bench_content() {
  static const Content content = [] {
    try {
      return load_content(default_content_dir());
    } catch (const std::exception&) {
      return load_content(std::string(YENDOR_SOURCE_DIR) + "/tests/game/content");
    }
  }();
  return content;
}

std::unique_ptr<CrowdRun> fresh_run(const std::string& method, const CrowdArena& arena) {
  auto run = make_crowd_run(method, arena, 0, &bench_content());
  run->turn();  // the warm-up turn: buffers grown, the game's shared maps made
  return run;
}

// The euclid chase's turn on the same arena and crowd: the baseline, measured once per size
// and count (the median of 5 crowds of k_turns_per_crowd turns: a few microseconds at 200
// actors, so one preempted turn must not move it).
double euclid_ms(Size size, int actors) {
  static std::map<std::pair<std::int64_t, int>, double> cache;
  const auto key = std::make_pair(size.area() * 100003 + size.width, actors);
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  const CrowdArena arena = make_crowd_arena({size, actors, k_seed, 0});
  std::vector<CrowdSample> turns;
  for (int crowd = 0; crowd < 5; ++crowd) {
    const auto run = make_crowd_run("euclid", arena, 0, nullptr);
    for (const CrowdTurn& t : time_crowd_turns(*run, k_turns_per_crowd)) {
      CrowdSample s;
      s.method = "euclid";
      s.map = size;
      s.actors = actors;
      s.turn = t;
      turns.push_back(s);
    }
  }
  return cache[key] = summarize_crowd(turns).front().median_ms;
}

void crowd_turns(benchmark::State& state, const std::string& method, Size size, int actors) {
  using Clock = std::chrono::steady_clock;
  const CrowdArena arena = make_crowd_arena({size, actors, k_seed, 0});
  std::unique_ptr<CrowdRun> run;
  int turns = k_turns_per_crowd;
  double ms = 0;
  for (auto _ : state) {
    if (turns == k_turns_per_crowd) {
      state.PauseTiming();
      run.reset();
      run = fresh_run(method, arena);
      turns = 0;
      state.ResumeTiming();
    }
    const Clock::time_point t0 = Clock::now();
    run->turn();
    ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    ++turns;
  }
  const double per_turn = ms / static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations() * actors);  // actor decisions per second
  state.counters["actors"] = actors;
  state.counters["ms_per_turn"] = per_turn;
  state.counters["x_euclid"] = per_turn / euclid_ms(size, actors);
}

std::string row_name(const std::string& method, Size size, int actors) {
  return "BM_CrowdTurn/" + method + "/" + std::to_string(size.width) + "x" +
         std::to_string(size.height) + "/" + std::to_string(actors);
}

void add_row(const std::string& method, Size size, int actors, benchmark::TimeUnit unit) {
  benchmark::RegisterBenchmark(
      row_name(method, size, actors).c_str(),
      [method, size, actors](benchmark::State& state) { crowd_turns(state, method, size, actors); })
      ->Unit(unit);
}

// Registered before main: every method (the brains from the registry) at the thesis's largest
// crowd, then the 10,000-actor rows: the shared map and every brain.
[[maybe_unused]] const bool k_registered = [] {
  for (const std::string& method : crowd_methods())
    add_row(method, {200, 200}, 200, benchmark::kMicrosecond);
  add_row("dijkstra", {1000, 1000}, 10000, benchmark::kMillisecond);
  const auto paths = crowd_path_methods();
  for (const std::string& method : crowd_methods())
    if (std::find(paths.begin(), paths.end(), method) == paths.end())
      add_row(method, {1000, 1000}, 10000, benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace yendor::game
