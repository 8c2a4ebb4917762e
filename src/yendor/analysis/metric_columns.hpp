#pragma once
// The metrics of LevelMetrics as named numeric columns: the CSV header, the rows of the
// summary, the axes a heat map may plot. One list, so every output names them alike.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "yendor/analysis/level_metrics.hpp"

namespace yendor::analysis {

struct MetricColumn {
  std::string_view name;     // snake_case, as in the CSV header and --heatmap X,Y
  std::string_view meaning;  // one line
  bool integer = false;      // printed without decimals
  // The range the metric lies in by definition (shares: 0 to 1), used as a heat-map axis;
  // none when it is open-ended (counts), and the axis then spans the values seen.
  std::optional<double> low, high;
  std::optional<double> (*value)(const LevelMetrics&) = nullptr;  // none: undefined on this map
};

std::span<const MetricColumn> metric_columns();
// The index of the column called `name`; InputError naming `option` and listing the columns.
std::size_t metric_column_index(std::string_view name, std::string_view option);

// Integers without decimals; reals with at most 6 decimals and no trailing zeros ("0.41575",
// "12"). The same bytes on every machine.
std::string format_number(double value, bool integer);

}  // namespace yendor::analysis
