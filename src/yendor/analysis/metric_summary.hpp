#pragma once
// Mean, standard deviation, minimum and maximum of one metric over the maps of a run.

#include <cstdint>
#include <span>
#include <vector>

#include "yendor/analysis/seed_run.hpp"

namespace yendor::analysis {

struct MetricSummary {
  std::int64_t n = 0;  // maps where the metric is defined (NaN values are skipped)
  double mean = 0.0;
  double sd = 0.0;  // population standard deviation (divided by n)
  double min = 0.0;
  double max = 0.0;  // all 0 when n is 0
};

MetricSummary summarize(std::span<const double> values);
// One summary per metric_columns() entry.
std::vector<MetricSummary> summarize_run(const SeedRun& run);

}  // namespace yendor::analysis
