#include "yendor/analysis/expressive_range.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "yendor/analysis/metric_columns.hpp"
#include "yendor/analysis/metric_summary.hpp"
#include "yendor/core/error.hpp"
#include "yendor/mapio/png_image.hpp"

namespace yendor::analysis {

namespace {

struct Colour {
  double r, g, b;
};
constexpr Colour k_fewest{255, 237, 160};  // one map
constexpr Colour k_most{128, 0, 38};       // the fullest bin

}  // namespace

std::int64_t HeatMap::max_count() const {
  return counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
}

int bin_of(double value, double low, double high, int bins) {
  if (!(high > low)) return 0;
  const double t = std::clamp((value - low) / (high - low), 0.0, 1.0);
  return std::min(bins - 1, static_cast<int>(t * bins));
}

HeatMap bin_heat_map(HeatAxis x, HeatAxis y, std::span<const double> xs, std::span<const double> ys,
                     int bins) {
  check_bins(bins);
  if (xs.size() != ys.size()) throw std::invalid_argument("bin_heat_map: spans differ in length");
  HeatMap map{std::move(x), std::move(y), bins,
              std::vector<std::int64_t>(static_cast<std::size_t>(bins) * bins, 0)};
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (std::isnan(xs[i]) || std::isnan(ys[i])) {
      ++map.skipped;
      continue;
    }
    const int bx = bin_of(xs[i], map.x.low, map.x.high, bins);
    const int by = bin_of(ys[i], map.y.low, map.y.high, bins);
    ++map.counts[static_cast<std::size_t>(by) * static_cast<std::size_t>(bins) +
                 static_cast<std::size_t>(bx)];
    ++map.plotted;
  }
  return map;
}

std::pair<std::size_t, std::size_t> parse_heat_map_spec(std::string_view spec) {
  const auto comma = spec.find(',');
  if (comma == std::string_view::npos || spec.find(',', comma + 1) != std::string_view::npos)
    throw InputError("--heatmap expects two metric names X,Y, e.g. loops,dead_end_cells; got '" +
                     std::string(spec) + "'");
  return {metric_column_index(spec.substr(0, comma), "--heatmap"),
          metric_column_index(spec.substr(comma + 1), "--heatmap")};
}

void check_bins(int bins) {
  if (bins < k_min_bins || bins > k_max_bins)
    throw InputError("--bins must be between " + std::to_string(k_min_bins) + " and " +
                     std::to_string(k_max_bins) + "; got " + std::to_string(bins));
}

HeatMap run_heat_map(const SeedRun& run, std::string_view spec, int bins) {
  const auto [xc, yc] = parse_heat_map_spec(spec);
  const auto axis = [&](std::size_t c) {
    const MetricColumn& column = metric_columns()[c];
    if (column.low && column.high)
      return HeatAxis{std::string(column.name), *column.low, *column.high};
    const MetricSummary seen = summarize(run.column(c));
    return HeatAxis{std::string(column.name), seen.min, seen.max};
  };
  return bin_heat_map(axis(xc), axis(yc), run.column(xc), run.column(yc), bins);
}

std::string heat_map_png(const HeatMap& map) {
  const int side = map.bins * k_heat_pixels_per_bin;
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(side) * side * 3, 255);
  const std::int64_t most = map.max_count();
  for (int by = 0; by < map.bins; ++by)
    for (int bx = 0; bx < map.bins; ++bx) {
      const std::int64_t n = map.at(bx, by);
      if (n == 0) continue;
      const double t = most > 1 ? static_cast<double>(n - 1) / static_cast<double>(most - 1) : 1.0;
      const auto mix = [t](double a, double b) {
        return static_cast<std::uint8_t>(std::lround(a + (b - a) * t));
      };
      const std::uint8_t c[3] = {mix(k_fewest.r, k_most.r), mix(k_fewest.g, k_most.g),
                                 mix(k_fewest.b, k_most.b)};
      const int top = (map.bins - 1 - by) * k_heat_pixels_per_bin;  // low y at the bottom
      for (int py = top; py < top + k_heat_pixels_per_bin; ++py)
        for (int px = bx * k_heat_pixels_per_bin; px < (bx + 1) * k_heat_pixels_per_bin; ++px) {
          std::uint8_t* p = &rgb[(static_cast<std::size_t>(py) * side + px) * 3];
          p[0] = c[0];
          p[1] = c[1];
          p[2] = c[2];
        }
    }
  return write_png_rgb(side, side, rgb);
}

}  // namespace yendor::analysis
