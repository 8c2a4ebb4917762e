// Generators judged by bots: every game counted once, the levels measured, the same numbers
// on one or two threads and ranks, bad options refused.

#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "api/bots/rank_pair.hpp"
#include "dd/dd_support.hpp"
#include "yendor/analysis/metric_columns.hpp"
#include "yendor/api/bots/dd_eval.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {
namespace {

using dd::testing::shipped_ptr;

EvalOptions small() {
  EvalOptions o;
  o.bot = "evolved";
  o.generators = {"dd", "maze"};
  o.games = 6;
  o.first_seed = 20;
  return o;
}

bool same(const std::vector<GeneratorEval>& a, const std::vector<GeneratorEval>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].wins != b[i].wins || a[i].mean_turns != b[i].mean_turns ||
        a[i].deaths_by_level != b[i].deaths_by_level || a[i].replaced != b[i].replaced)
      return false;
    for (std::size_t m = 0; m < a[i].metrics.size(); ++m)
      if (!(a[i].metrics[m] == b[i].metrics[m] ||
            (std::isnan(a[i].metrics[m]) && std::isnan(b[i].metrics[m]))))
        return false;
  }
  return true;
}

TEST(DdEval, EveryGameCountsOnceAndLevelsAreMeasured) {
  Cluster alone;
  const auto r = evaluate_generators(shipped_ptr(), small(), alone);
  ASSERT_EQ(r.size(), 2u);
  for (const GeneratorEval& e : r) {
    EXPECT_EQ(e.games, 6);
    EXPECT_EQ(e.wins + e.gave_up + e.cut + e.deaths(), 6) << e.generator;
    EXPECT_GT(e.mean_turns, 0);
    EXPECT_EQ(e.metrics.size(), analysis::metric_columns().size());
    const double floor = e.metrics[analysis::metric_column_index("floor_share", "test")];
    EXPECT_GT(floor, 0);
    EXPECT_LT(floor, 1);
  }
  // The open hall beats the maze.
  EXPECT_GT(r[0].wins, r[1].wins);
}

TEST(DdEval, ThreadsAndRanksChangeNothing) {
  Cluster alone;
  const auto one = evaluate_generators(shipped_ptr(), small(), alone);
  EvalOptions two_threads = small();
  two_threads.threads = 2;
  EXPECT_TRUE(same(evaluate_generators(shipped_ptr(), two_threads, alone), one));
  test::RankPair::Shared shared;
  std::vector<GeneratorEval> ranked[2];
  {
    std::vector<std::jthread> ranks;
    for (int r = 0; r < 2; ++r)
      ranks.emplace_back([&, r] {
        test::RankPair cluster(r, shared);
        ranked[r] = evaluate_generators(shipped_ptr(), small(), cluster);
      });
  }
  EXPECT_TRUE(same(ranked[0], one));
  EXPECT_TRUE(same(ranked[1], one));
}

TEST(DdEval, BadOptions) {
  Cluster alone;
  EvalOptions o = small();
  o.generators = {"dd", "nowhere"};
  EXPECT_THROW(evaluate_generators(shipped_ptr(), o, alone), InputError);
  o = small();
  o.generators = {"cyclic"};  // cannot make 22x22 levels
  EXPECT_THROW(evaluate_generators(shipped_ptr(), o, alone), InputError);
  o = small();
  o.bot = "oracle";
  EXPECT_THROW(evaluate_generators(shipped_ptr(), o, alone), InputError);
  o = small();
  o.generators.clear();
  EXPECT_THROW(evaluate_generators(shipped_ptr(), o, alone), InputError);
}

}  // namespace
}  // namespace yendor::api::bots
