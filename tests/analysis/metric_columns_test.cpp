#include "yendor/analysis/metric_columns.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "yendor/core/error.hpp"

namespace yendor::analysis {
namespace {

TEST(MetricColumns, NamesAreUniqueSnakeCaseAndFindable) {
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < metric_columns().size(); ++i) {
    const MetricColumn& c = metric_columns()[i];
    EXPECT_TRUE(seen.insert(c.name).second) << c.name;
    for (const char ch : c.name)
      EXPECT_TRUE((ch >= 'a' && ch <= 'z') || ch == '_') << c.name;
    EXPECT_FALSE(c.meaning.empty()) << c.name;
    EXPECT_NE(c.value, nullptr) << c.name;
    EXPECT_EQ(c.low.has_value(), c.high.has_value()) << c.name;
    EXPECT_EQ(metric_column_index(c.name, "--x"), i);
  }
}

TEST(MetricColumns, UnknownNamesAreAnInputErrorNamingTheOption) {
  try {
    metric_column_index("loopz", "--heatmap");
    FAIL();
  } catch (const InputError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("--heatmap"), std::string::npos) << text;
    EXPECT_NE(text.find("'loopz'"), std::string::npos) << text;
    EXPECT_NE(text.find("dead_end_cells"), std::string::npos) << text;
    EXPECT_EQ(text.find('\n'), std::string::npos);
  }
}

TEST(MetricColumns, ValuesFollowTheMetrics) {
  LevelMetrics m;
  m.size = {80, 50};
  m.loops = 4;
  m.floor_share = 0.25;
  m.connected = true;
  const auto value = [&](std::string_view name) {
    return metric_columns()[metric_column_index(name, "test")].value(m);
  };
  EXPECT_EQ(value("width"), 80.0);
  EXPECT_EQ(value("height"), 50.0);
  EXPECT_EQ(value("loops"), 4.0);
  EXPECT_EQ(value("floor_share"), 0.25);
  EXPECT_EQ(value("connected"), 1.0);
  EXPECT_FALSE(value("stairs_path").has_value());
  EXPECT_FALSE(value("chokepoint_x").has_value());
  m.stairs_path = 17;
  m.chokepoint = Point{3, 9};
  EXPECT_EQ(value("stairs_path"), 17.0);
  EXPECT_EQ(value("chokepoint_x"), 3.0);
  EXPECT_EQ(value("chokepoint_y"), 9.0);
}

TEST(MetricColumns, NumbersPrintShortAndExact) {
  EXPECT_EQ(format_number(3.0, true), "3");
  EXPECT_EQ(format_number(-12.0, true), "-12");
  EXPECT_EQ(format_number(2.0, false), "2");
  EXPECT_EQ(format_number(0.5, false), "0.5");
  EXPECT_EQ(format_number(1.0 / 3.0, false), "0.333333");
  EXPECT_EQ(format_number(2.0 / 3.0, false), "0.666667");
  EXPECT_EQ(format_number(1234567.125, false), "1234567.125");
  EXPECT_EQ(format_number(-0.0, false), "0");
  EXPECT_EQ(format_number(-1e-9, false), "0");
  EXPECT_EQ(format_number(1e300, false).size(), 301u);
}

}  // namespace
}  // namespace yendor::analysis
