#pragma once
// Mean and median of benchmark samples (the crowd and generation sweeps share them).

#include <algorithm>
#include <vector>

namespace yendor {

struct SampleStats {
  int count = 0;
  double mean = 0;
  double median = 0;
  double min = 0;
  double max = 0;
};

// Of any order of values; all zero when there are none.
inline SampleStats sample_stats(std::vector<double> values) {
  SampleStats s;
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  double sum = 0;
  for (const double v : values)
    sum += v;
  const std::size_t mid = values.size() / 2;
  s.count = static_cast<int>(values.size());
  s.mean = sum / static_cast<double>(values.size());
  s.median = values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  s.min = values.front();
  s.max = values.back();
  return s;
}

}  // namespace yendor
