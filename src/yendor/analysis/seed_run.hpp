#pragma once
// One generator over a range of seeds: every map measured (one row of metric_columns() per
// seed), its hash kept for variability, and a sample of maps kept for the Hamming distance.

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/analysis/seed_range.hpp"
#include "yendor/analysis/variability.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/generator.hpp"

namespace yendor::analysis {

struct SeedRun {
  std::string generator;
  int generator_version = 0;
  Size size;
  ParamSet params;  // complete, as validated
  SeedRange seeds;
  std::vector<std::uint64_t> hashes;  // level_hash per map, in seed order
  // Row-major, one row per map and one column per metric_columns() entry; NaN where a
  // metric is undefined on that map (no stairs path, no chokepoint).
  std::vector<double> values;
  Variability variability;
  // Wall-clock milliseconds spent in generate_level (steady_clock): a report for the reader,
  // never part of a result that tests compare.
  double generation_ms = 0.0;

  std::size_t maps() const { return hashes.size(); }
  double value(std::size_t map, std::size_t column) const;
  std::vector<double> column(std::size_t column) const;
};

// Throws what generate_level throws: InputError for a bad size or parameters (before any map
// is made), GenerationError when a generator breaks its guarantee.
// `options` adds feature passes, a motif and the rest of the shared parametrization.
SeedRun run_seeds(const Generator& generator, Size size, const ParamSet& params, SeedRange seeds,
                  const GenerateOptions& options = {});

}  // namespace yendor::analysis
