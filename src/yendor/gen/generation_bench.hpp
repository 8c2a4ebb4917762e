#pragma once
// The generation sweep of thesis 5.5 (`yendor bench gen`, figures 5.7 to 5.9): every case is a
// generator with fixed parameters (or a feature pass on a fixed base level) timed at a list
// of map sizes, several repetitions each, a seed per repetition. The thesis's four cases come
// first with its parameters, then every registered generator with its defaults (and a few
// variants the peers compare against), then every feature pass. Set-up is deterministic;
// only the timings vary (std::chrono::steady_clock and thread_cpu_ms never feed generation).

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/param_schema.hpp"

namespace yendor {

struct GenBenchCase {
  std::string name;       // "rooms-thesis", "digger", "feature-water"
  std::string group;      // "thesis", "generator" or "feature"
  std::string generator;  // the generator; for a feature case, the base level's (untimed)
  RawParams params;       // the generator's parameters over its defaults
  std::string feature;    // a feature case: the pass that is timed alone
  std::string source;     // where its parameters come from
};

// Every case, in sweep order; names are unique.
std::vector<GenBenchCase> gen_bench_cases();

// The sides of thesis 5.5: 100 to 1000 in steps of 50 (square maps).
std::vector<Size> thesis_gen_sizes();

struct GenBenchOptions {
  std::vector<GenBenchCase> cases;
  std::vector<Size> sizes;
  int reps = 20;
  std::uint64_t seed = 1;  // repetition r (0-based) uses seed + r
  // A run slower than this stops its case: its larger sizes are reported as capped, not run.
  double cap_ms = 10000;
};

struct GenSample {
  const GenBenchCase* gen_case = nullptr;
  Size size{};
  int rep = 0;  // 0-based
  std::uint64_t seed = 0;
  double ms = 0;
  double cpu_ms = 0;
  bool capped = false;  // not run: an earlier run of the case took longer than the cap
  // A generator case's own share of ms, without its feature passes and stairs (the stage
  // times of generate_level); none for a feature case.
  std::optional<double> generator_ms{};
};

// InputError unless every case (generator, parameters, pass) and size (against each
// generator's minimum) is valid, the repetitions are 1 or more and the cap above 0.
void check_gen_bench(const GenBenchOptions& options);

// Checks everything (check_gen_bench) before running any of it, then calls `sample` for every run
// as it comes (and once per size of a capped case). InputError on a bad case or size;
// GenerationError when a generator breaks its guarantee.
void run_gen_bench(const GenBenchOptions& options,
                   const std::function<void(const GenSample&)>& sample);

// Per (case, size) in the order first seen, over the runs that were not capped.
struct GenSummary {
  const GenBenchCase* gen_case = nullptr;
  Size size{};
  int reps = 0;
  double mean_ms = 0;
  double median_ms = 0;
  double min_ms = 0;
  double max_ms = 0;
  double mean_cpu_ms = 0;
  std::optional<double> median_generator_ms{};  // generator cases only
};
std::vector<GenSummary> summarize_gen(std::span<const GenSample> samples);

// "key=value;key=value" (the CSV's params column).
std::string params_text(const RawParams& params);

}  // namespace yendor
