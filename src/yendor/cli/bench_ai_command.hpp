#pragma once
// `yendor bench ai`: the crowd benchmark of thesis 5.5 (game/crowd_bench.hpp) as CSV. Every
// method (the path layer's euclid, bfs, bfs_fov, astar and dijkstra chases, and every brain
// through the game engine) at each actor count: per timed turn a row, or with --summary the
// mean, median, min and max per method and count. A line per method and count on the log.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "yendor/game/crowd_bench.hpp"

namespace yendor::cli {

struct BenchAiOptions {
  // Method names, comma lists, "all" (the default), "paths" or "brains".
  std::vector<std::string> methods;
  std::string actors;       // "10..200:10", "1000,10000"...; empty: the plan's
  std::string size;         // WIDTHxHEIGHT; empty: the plan's
  std::optional<int> reps;  // default 20 (--quick: 3)
  std::string seed = "1";   // a number or any text
  std::string out;          // the CSV file; empty: stdout
  bool quick = false;       // 3 turns of 10, 100 and 200 actors on 200x200
  bool summary = false;     // one row per method and count instead of one per turn
  int sample = 200;         // bfs and astar: actors searching per turn (0: all)
  int radius = 0;           // > 0: actors start within this distance of the player
  std::string kind = "goblin";
  std::string content;    // content directory for the brains; empty: the shipped content
  bool terminal = false;  // the log is a terminal: a progress bar instead of lines
};

// "N", "A..B" (step 1) or "A..B:S", comma-separated; InputError otherwise.
std::vector<int> parse_actor_counts(const std::string& text);
// The method names the options select, in order, without repeats; InputError for an
// unknown one.
std::vector<std::string> selected_methods(const std::vector<std::string>& methods);
// The protocol the options ask for (sizes, counts, repetitions); InputError on a bad option.
game::CrowdBenchOptions bench_ai_plan(const BenchAiOptions& options);

// CSV: the header, then one line per turn (rows) or per summary.
inline constexpr std::string_view k_bench_ai_header =
    "method,map,actors,rep,ms_per_turn,timed_actors,moved,cpu_ms_per_turn";
inline constexpr std::string_view k_bench_ai_summary_header =
    "method,map,actors,reps,mean_ms,median_ms,min_ms,max_ms,timed_actors,mean_cpu_ms,"
    "median_cpu_ms";
std::string bench_ai_row(const game::CrowdSample& sample);
std::string bench_ai_summary_row(const game::CrowdSummary& summary);

// Checks the options, loads the content when a brain runs, runs the benchmark and writes the
// CSV to --out (whole, atomically) or `out`.
void run_bench_ai(const BenchAiOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
