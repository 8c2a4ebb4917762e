#pragma once
// Expressive range (Smith and Whitehead 2010): a generator's maps placed on a 2-D histogram
// of two metrics, each axis normalised to [0, 1] and cut into bins; a bin's colour says how
// many maps fell in it. Where the colour lies shows what the generator makes, how it spreads
// shows its variety.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yendor/analysis/seed_run.hpp"

namespace yendor::analysis {

inline constexpr int k_min_bins = 2;
inline constexpr int k_max_bins = 200;
inline constexpr int k_heat_pixels_per_bin = 8;

struct HeatAxis {
  std::string metric;
  double low = 0.0;   // the value mapped to 0
  double high = 1.0;  // the value mapped to 1
};

struct HeatMap {
  HeatAxis x, y;
  int bins = 40;
  // bins x bins counts, row-major, row 0 holding the lowest y values.
  std::vector<std::int64_t> counts;
  std::int64_t plotted = 0;  // maps where both metrics are defined
  std::int64_t skipped = 0;  // maps where one is not (NaN)

  std::int64_t at(int bx, int by) const {
    return counts[static_cast<std::size_t>(by) * static_cast<std::size_t>(bins) +
                  static_cast<std::size_t>(bx)];
  }
  std::int64_t max_count() const;
};

// A value's bin: (v - low) / (high - low), clamped to [0, 1], times `bins`, rounded down; a
// value at `high` goes in the last bin. With high <= low every value goes in bin 0.
int bin_of(double value, double low, double high, int bins);

// Counts the maps (xs[i], ys[i]) into bins x bins bins over the axes' ranges. Throws
// InputError when bins is outside k_min_bins..k_max_bins, std::invalid_argument when the
// spans differ in length.
HeatMap bin_heat_map(HeatAxis x, HeatAxis y, std::span<const double> xs, std::span<const double> ys,
                     int bins);

// The metric_columns() indices of "X,Y"; InputError naming --heatmap otherwise.
std::pair<std::size_t, std::size_t> parse_heat_map_spec(std::string_view spec);
// InputError naming --bins unless k_min_bins <= bins <= k_max_bins.
void check_bins(int bins);

// The heat map of a run's maps over the two metrics `spec` names ("X,Y", names of
// metric_columns()). An axis spans the metric's range by definition when it has one (shares:
// 0 to 1; entropy: 0 to 9), else the values seen in the run (their minimum to their maximum).
// InputError naming --heatmap for a malformed spec or an unknown metric.
HeatMap run_heat_map(const SeedRun& run, std::string_view spec, int bins);

// The heat map as PNG bytes: k_heat_pixels_per_bin pixels per bin, low y at the bottom; empty
// bins white, the others from pale yellow (one map) to dark red (the fullest bin), linear in
// the count.
std::string heat_map_png(const HeatMap& map);

}  // namespace yendor::analysis
