#include "yendor/analysis/metric_summary.hpp"

#include <algorithm>
#include <cmath>

#include "yendor/analysis/metric_columns.hpp"

namespace yendor::analysis {

MetricSummary summarize(std::span<const double> values) {
  MetricSummary s;
  double sum = 0.0;
  for (const double v : values) {
    if (std::isnan(v)) continue;
    s.min = s.n == 0 ? v : std::min(s.min, v);
    s.max = s.n == 0 ? v : std::max(s.max, v);
    sum += v;
    ++s.n;
  }
  if (s.n == 0) return s;
  s.mean = sum / static_cast<double>(s.n);
  double squares = 0.0;  // second pass: no cancellation from subtracting large sums
  for (const double v : values)
    if (!std::isnan(v)) squares += (v - s.mean) * (v - s.mean);
  s.sd = std::sqrt(squares / static_cast<double>(s.n));
  return s;
}

std::vector<MetricSummary> summarize_run(const SeedRun& run) {
  std::vector<MetricSummary> out;
  for (std::size_t c = 0; c < metric_columns().size(); ++c)
    out.push_back(summarize(run.column(c)));
  return out;
}

}  // namespace yendor::analysis
