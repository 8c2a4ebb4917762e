#include "yendor/analysis/expressive_range.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <limits>
#include <numeric>

#include "yendor/analysis/metric_columns.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::analysis {
namespace {

constexpr double k_nan = std::numeric_limits<double>::quiet_NaN();

struct Picture {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  bool white(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
    return rgb[i] == 255 && rgb[i + 1] == 255 && rgb[i + 2] == 255;
  }
};

Picture decode(const std::string& bytes) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  Picture out;
  if (png_image_begin_read_from_memory(&image, bytes.data(), bytes.size()) == 0) {
    ADD_FAILURE() << image.message;
    return out;
  }
  image.format = PNG_FORMAT_RGB;
  out.width = static_cast<int>(image.width);
  out.height = static_cast<int>(image.height);
  out.rgb.resize(PNG_IMAGE_SIZE(image));
  if (png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr) == 0)
    ADD_FAILURE() << image.message;
  return out;
}

TEST(ExpressiveRange, BinsSplitTheAxisEvenly) {
  EXPECT_EQ(bin_of(0.0, 0.0, 1.0, 40), 0);
  EXPECT_EQ(bin_of(0.0249, 0.0, 1.0, 40), 0);
  EXPECT_EQ(bin_of(0.025, 0.0, 1.0, 40), 1);
  EXPECT_EQ(bin_of(0.999, 0.0, 1.0, 40), 39);
  EXPECT_EQ(bin_of(1.0, 0.0, 1.0, 40), 39);  // the top value in the last bin
  EXPECT_EQ(bin_of(-3.0, 0.0, 1.0, 40), 0);  // clamped
  EXPECT_EQ(bin_of(7.0, 0.0, 1.0, 40), 39);
  EXPECT_EQ(bin_of(15.0, 10.0, 20.0, 2), 1);
  EXPECT_EQ(bin_of(5.0, 5.0, 5.0, 40), 0);  // an empty range
}

TEST(ExpressiveRange, CountsEveryMapWithBothMetricsOnce) {
  const std::vector<double> xs{0.0, 0.1, 0.1, 0.9, k_nan, 1.0};
  const std::vector<double> ys{0.0, 0.1, 0.1, 0.2, 0.5, k_nan};
  const HeatMap map = bin_heat_map({"a", 0, 1}, {"b", 0, 1}, xs, ys, 10);
  EXPECT_EQ(map.plotted, 4);
  EXPECT_EQ(map.skipped, 2);
  EXPECT_EQ(std::accumulate(map.counts.begin(), map.counts.end(), std::int64_t{0}), 4);
  EXPECT_EQ(map.at(0, 0), 1);
  EXPECT_EQ(map.at(1, 1), 2);
  EXPECT_EQ(map.at(9, 2), 1);
  EXPECT_EQ(map.max_count(), 2);
  EXPECT_THROW(bin_heat_map({"a"}, {"b"}, xs, ys, 1), InputError);
  EXPECT_THROW(bin_heat_map({"a"}, {"b"}, xs, ys, 201), InputError);
  EXPECT_THROW(bin_heat_map({"a"}, {"b"}, xs, std::vector<double>{1.0}, 10), std::invalid_argument);
}

TEST(ExpressiveRange, PngShowsFilledBinsWithLowYAtTheBottom) {
  const std::vector<double> xs{0.0, 0.95, 0.95};
  const std::vector<double> ys{0.0, 0.95, 0.95};
  const HeatMap map = bin_heat_map({"a", 0, 1}, {"b", 0, 1}, xs, ys, 4);
  const std::string bytes = heat_map_png(map);
  EXPECT_EQ(bytes.substr(0, 8), "\x89PNG\r\n\x1a\n");
  const Picture p = decode(bytes);
  ASSERT_EQ(p.width, 4 * k_heat_pixels_per_bin);
  ASSERT_EQ(p.height, 4 * k_heat_pixels_per_bin);
  const int last = p.width - 1;
  EXPECT_FALSE(p.white(0, last));  // (low x, low y): bottom left
  EXPECT_FALSE(p.white(last, 0));  // (high x, high y): top right
  EXPECT_TRUE(p.white(0, 0));
  EXPECT_TRUE(p.white(last, last));
  EXPECT_TRUE(p.white(p.width / 2, p.height / 2));
  // The fuller bin is darker.
  const auto brightness = [&](int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * p.width + x) * 3;
    return p.rgb[i] + p.rgb[i + 1] + p.rgb[i + 2];
  };
  EXPECT_LT(brightness(last, 0), brightness(0, last));
}

TEST(ExpressiveRange, RunAxesUseFixedRangesForSharesAndSeenRangesForCounts) {
  const SeedRun run = run_seeds(builtin_generators().get("rooms"), {40, 30}, {}, {1, 20});
  const HeatMap map = run_heat_map(run, "floor_share,loops", 40);
  EXPECT_EQ(map.x.metric, "floor_share");
  EXPECT_EQ(map.x.low, 0.0);
  EXPECT_EQ(map.x.high, 1.0);
  const auto loops = run.column(metric_column_index("loops", "test"));
  EXPECT_EQ(map.y.low, *std::min_element(loops.begin(), loops.end()));
  EXPECT_EQ(map.y.high, *std::max_element(loops.begin(), loops.end()));
  EXPECT_EQ(map.plotted, 20);
  EXPECT_EQ(heat_map_png(map), heat_map_png(run_heat_map(run, "floor_share,loops", 40)));
}

TEST(ExpressiveRange, BadSpecsNameTheOption) {
  for (const char* bad :
       {"", "loops", "loops,", ",loops", "loops,rooms,doors", "loops;rooms", "loops,nothing"})
    try {
      parse_heat_map_spec(bad);
      ADD_FAILURE() << bad;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--heatmap"), std::string::npos) << e.what();
    }
  EXPECT_EQ(parse_heat_map_spec("rooms,loops"),
            (std::pair{metric_column_index("rooms", "t"), metric_column_index("loops", "t")}));
  EXPECT_THROW(check_bins(1), InputError);
  EXPECT_NO_THROW(check_bins(2));
  EXPECT_NO_THROW(check_bins(200));
}

}  // namespace
}  // namespace yendor::analysis
