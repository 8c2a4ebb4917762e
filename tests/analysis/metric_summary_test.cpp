#include "yendor/analysis/metric_summary.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace yendor::analysis {
namespace {

constexpr double k_nan = std::numeric_limits<double>::quiet_NaN();

TEST(MetricSummary, MeanPopulationDeviationAndRange) {
  const std::vector<double> v{4, 1, 3, 2};
  const MetricSummary s = summarize(v);
  EXPECT_EQ(s.n, 4);
  EXPECT_DOUBLE_EQ(s.mean, 2.5);
  EXPECT_DOUBLE_EQ(s.sd, std::sqrt(1.25));
  EXPECT_EQ(s.min, 1.0);
  EXPECT_EQ(s.max, 4.0);
}

TEST(MetricSummary, UndefinedValuesAreSkipped) {
  const std::vector<double> v{k_nan, 7, k_nan, 9};
  const MetricSummary s = summarize(v);
  EXPECT_EQ(s.n, 2);
  EXPECT_DOUBLE_EQ(s.mean, 8.0);
  EXPECT_DOUBLE_EQ(s.sd, 1.0);
  EXPECT_EQ(s.min, 7.0);
  const MetricSummary none = summarize(std::vector<double>{k_nan, k_nan});
  EXPECT_EQ(none.n, 0);
  EXPECT_EQ(none.mean, 0.0);
  EXPECT_EQ(summarize({}).n, 0);
}

TEST(MetricSummary, ConstantValuesHaveNoSpread) {
  const std::vector<double> v(1000, 0.1);
  const MetricSummary s = summarize(v);
  EXPECT_NEAR(s.mean, 0.1, 1e-12);
  EXPECT_NEAR(s.sd, 0.0, 1e-12);
  EXPECT_EQ(s.min, s.max);
}

}  // namespace
}  // namespace yendor::analysis
