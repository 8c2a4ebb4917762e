#pragma once
// `yendor bench gen`: the generation sweep of thesis 5.5 (gen/generation_bench.hpp) as CSV,
// a row per run or, with --summary, per case and size; progress on the log.

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/gen/generation_bench.hpp"

namespace yendor::cli {

struct BenchGenOptions {
  // Case names, comma lists, "all" (the default), "thesis", "generators" or "features".
  std::vector<std::string> cases;
  std::string sizes;        // "100..1000:50" (square sides) or "WxH" items, comma-separated
  std::optional<int> reps;  // default 20 (--quick: 3)
  std::string seed = "1";   // a number or any text; repetition r uses seed + r
  double cap_ms = 10000;    // a slower run stops its case (larger sizes reported capped)
  std::string out;          // the CSV file; empty: stdout
  bool quick = false;       // 3 runs at 100x100 and 200x200
  bool summary = false;     // one row per case and size
  bool list = false;        // print the cases instead
  bool terminal = false;    // the log is a terminal: a progress bar instead of lines
};

// The cases the options select, in sweep order, without repeats; InputError for an unknown
// name (listing them).
std::vector<GenBenchCase> selected_gen_cases(const std::vector<std::string>& names);
// "100..1000:50" sides and "WxH" items, comma-separated; InputError otherwise.
std::vector<Size> parse_gen_sizes(const std::string& text);
// The sweep the options ask for; InputError on a bad option.
GenBenchOptions bench_gen_plan(const BenchGenOptions& options);

inline constexpr std::string_view k_bench_gen_header =
    "group,case,generator,params,width,height,cells,rep,seed,ms,cpu_ms,generator_ms,status";
inline constexpr std::string_view k_bench_gen_summary_header =
    "group,case,generator,params,width,height,cells,reps,mean_ms,median_ms,min_ms,max_ms,"
    "mean_cpu_ms,median_generator_ms";
std::string bench_gen_row(const GenSample& sample);
std::string bench_gen_summary_row(const GenSummary& summary);

// Runs the sweep and writes the CSV to --out (whole, atomically) or `out`.
void run_bench_gen(const BenchGenOptions& options, std::ostream& out, std::ostream& log);
// The cases as a table: name, group, generator, parameters, source.
void print_gen_cases(std::ostream& out);

}  // namespace yendor::cli
