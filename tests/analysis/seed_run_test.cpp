#include "yendor/analysis/seed_run.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "yendor/analysis/level_metrics.hpp"
#include "yendor/analysis/metric_columns.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::analysis {
namespace {

const Generator& rooms() {
  return builtin_generators().get("rooms");
}

TEST(SeedRun, OneRowPerSeedMatchingEachMapMeasuredAlone) {
  const SeedRun run = run_seeds(rooms(), {40, 30}, {}, {11, 30});
  ASSERT_EQ(run.maps(), 20u);
  EXPECT_EQ(run.values.size(), 20u * metric_columns().size());
  EXPECT_EQ(run.generator, "rooms");
  EXPECT_EQ(run.params, rooms().info().schema.defaults());
  for (const std::size_t m : {0u, 7u, 19u}) {
    const Level level = generate_level(rooms(), {40, 30}, 11 + m, {});
    EXPECT_EQ(run.hashes[m], level_hash(level));
    const LevelMetrics metrics = measure_level(level);
    for (std::size_t c = 0; c < metric_columns().size(); ++c) {
      const auto expected = metric_columns()[c].value(metrics);
      if (expected)
        EXPECT_EQ(run.value(m, c), *expected) << metric_columns()[c].name;
      else
        EXPECT_TRUE(std::isnan(run.value(m, c))) << metric_columns()[c].name;
    }
  }
  EXPECT_EQ(run.column(metric_column_index("width", "test")), std::vector<double>(20, 40.0));
}

TEST(SeedRun, VariabilityOfDistinctMaps) {
  const SeedRun run = run_seeds(rooms(), {40, 30}, {}, {1, 12});
  EXPECT_EQ(run.variability.maps, 12u);
  EXPECT_EQ(run.variability.sampled, 12u);
  EXPECT_EQ(run.variability.distinct, 12u);  // twelve seeds, twelve different maps
  EXPECT_EQ(run.variability.distinct_share, 1.0);
  EXPECT_GT(run.variability.mean_hamming, 0.0);
  EXPECT_LT(run.variability.mean_hamming, 1.0);
  // One seed: nothing to compare.
  const SeedRun one = run_seeds(rooms(), {40, 30}, {}, {5, 5});
  EXPECT_EQ(one.variability.distinct_share, 1.0);
  EXPECT_EQ(one.variability.mean_hamming, 0.0);
}

TEST(SeedRun, SameRunSameNumbers) {
  ParamSet params;
  params.set("connect", std::string("mst"));
  const SeedRun a = run_seeds(rooms(), {30, 30}, params, {100, 110});
  const SeedRun b = run_seeds(rooms(), {30, 30}, params, {100, 110});
  EXPECT_EQ(a.hashes, b.hashes);
  ASSERT_EQ(a.values.size(), b.values.size());
  for (std::size_t i = 0; i < a.values.size(); ++i)
    EXPECT_TRUE(a.values[i] == b.values[i] || (std::isnan(a.values[i]) && std::isnan(b.values[i])));
  EXPECT_EQ(a.variability.mean_hamming, b.variability.mean_hamming);
  EXPECT_EQ(a.params.get_string("connect"), "mst");
}

TEST(SeedRun, BadSizesAndParametersAreInputErrors) {
  EXPECT_THROW(run_seeds(rooms(), {3, 3}, {}, {1, 5}), InputError);
  ParamSet bad;
  bad.set("room_min", std::int64_t{-4});
  EXPECT_THROW(run_seeds(rooms(), {40, 30}, bad, {1, 5}), InputError);
}

}  // namespace
}  // namespace yendor::analysis
