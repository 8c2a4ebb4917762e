// The generation sweep (`yendor bench gen`): its cases (the thesis's four first with the
// thesis's parameters, every generator and feature pass covered), the runs a sweep makes
// (one per size and repetition, seeds in order), the cap that stops a slow case, checks that
// fail before anything runs, and the summary statistics. Never a timing.
#include "yendor/gen/generation_bench.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

const GenBenchCase& case_named(const std::vector<GenBenchCase>& cases, const std::string& name) {
  const auto it = std::find_if(cases.begin(), cases.end(),
                               [&](const GenBenchCase& c) { return c.name == name; });
  if (it == cases.end()) throw std::runtime_error("no case " + name);
  return *it;
}

std::string param(const GenBenchCase& c, const std::string& key) {
  for (const auto& [k, v] : c.params)
    if (k == key) return v;
  return "";
}

TEST(GenBenchCases, TheThesisFourComeFirstWithItsParameters) {
  const std::vector<GenBenchCase> cases = gen_bench_cases();
  ASSERT_GE(cases.size(), 4u);
  EXPECT_EQ(cases[0].name, "rooms-thesis");
  EXPECT_EQ(cases[1].name, "bsp-thesis");
  EXPECT_EQ(cases[2].name, "caves-thesis");
  EXPECT_EQ(cases[3].name, "maze-dfs");
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(cases[static_cast<std::size_t>(i)].group, "thesis");
  EXPECT_EQ(param(cases[0], "max_rooms"), "1000");
  EXPECT_EQ(param(cases[0], "room_min"), "9");
  EXPECT_EQ(param(cases[0], "room_max"), "10");
  EXPECT_EQ(param(cases[1], "depth"), "4");
  EXPECT_EQ(param(cases[1], "hv_ratio"), "1.0");
  EXPECT_EQ(param(cases[2], "fill"), "0.5");
  EXPECT_EQ(param(cases[2], "generations"), "20");
  EXPECT_EQ(param(cases[3], "algorithm"), "dfs");
}

TEST(GenBenchCases, NamesAreUniqueAndEveryGeneratorAndPassIsCovered) {
  const std::vector<GenBenchCase> cases = gen_bench_cases();
  std::set<std::string> names, generators, passes;
  for (const GenBenchCase& c : cases) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_FALSE(c.source.empty()) << c.name;
    (c.feature.empty() ? generators : passes).insert(c.feature.empty() ? c.generator : c.feature);
    // Every case's parameters are valid for its generator.
    const ParamSchema& schema = builtin_generators().get(c.generator).info().schema;
    EXPECT_NO_THROW((void)schema.parse(c.generator, c.params)) << c.name;
  }
  for (const Generator* g : builtin_generators().all())
    EXPECT_TRUE(generators.count(g->info().name)) << g->info().name;
  for (const FeaturePass* p : builtin_feature_passes().all())
    EXPECT_TRUE(passes.count(p->info().name)) << p->info().name;
  EXPECT_EQ(case_named(cases, "feature-water").group, "feature");
  EXPECT_EQ(param(case_named(cases, "caves-thesis-unconnected"), "connect"), "none");
  // The maze defaults are the thesis's dfs case: not run twice.
  EXPECT_FALSE(names.count("maze"));
}

TEST(GenBenchSizes, TheThesisSidesRunFrom100To1000InStepsOf50) {
  const std::vector<Size> sizes = thesis_gen_sizes();
  ASSERT_EQ(sizes.size(), 19u);
  EXPECT_EQ(sizes.front(), (Size{100, 100}));
  EXPECT_EQ(sizes[1], (Size{150, 150}));
  EXPECT_EQ(sizes.back(), (Size{1000, 1000}));
}

GenBenchOptions tiny_sweep() {
  const std::vector<GenBenchCase> all = gen_bench_cases();
  GenBenchOptions o;
  o.cases = {case_named(all, "caves-thesis"), case_named(all, "feature-fountains")};
  o.sizes = {{40, 30}, {50, 40}};
  o.reps = 3;
  o.seed = 7;
  return o;
}

TEST(GenBench, ASweepRunsEveryCaseSizeAndRepetitionWithSeedsInOrder) {
  const GenBenchOptions o = tiny_sweep();
  std::vector<GenSample> samples;
  run_gen_bench(o, [&](const GenSample& s) { samples.push_back(s); });
  ASSERT_EQ(samples.size(), 2u * 2u * 3u);
  std::size_t i = 0;
  for (const std::string name : {"caves-thesis", "feature-fountains"})
    for (const Size size : o.sizes)
      for (int rep = 0; rep < 3; ++rep, ++i) {
        const GenSample& s = samples[i];
        EXPECT_EQ(s.gen_case->name, name);
        EXPECT_EQ(s.size, size);
        EXPECT_EQ(s.rep, rep);
        EXPECT_EQ(s.seed, 7u + static_cast<std::uint64_t>(rep));
        EXPECT_FALSE(s.capped);
        EXPECT_GE(s.ms, 0);
        EXPECT_GE(s.cpu_ms, 0);
        // The generator's own share of a generator case's time; none for a feature pass.
        EXPECT_EQ(s.generator_ms.has_value(), name == std::string("caves-thesis"));
        if (s.generator_ms) {
          EXPECT_GE(*s.generator_ms, 0);
          EXPECT_LE(*s.generator_ms, s.ms);
        }
      }
}

TEST(GenBench, ARunOverTheCapStopsItsCaseAndTheLargerSizesAreReportedCapped) {
  GenBenchOptions o = tiny_sweep();
  o.sizes = {{40, 30}, {50, 40}, {60, 50}};
  o.cap_ms = 1e-9;  // every run is over it
  std::vector<GenSample> samples;
  run_gen_bench(o, [&](const GenSample& s) { samples.push_back(s); });
  // Per case: the first size's runs, then one capped row for each larger size.
  ASSERT_EQ(samples.size(), 2u * (3u + 2u));
  for (std::size_t c = 0; c < 2; ++c) {
    for (std::size_t r = 0; r < 3; ++r)
      EXPECT_FALSE(samples[c * 5 + r].capped);
    EXPECT_TRUE(samples[c * 5 + 3].capped);
    EXPECT_EQ(samples[c * 5 + 3].size, (Size{50, 40}));
    EXPECT_TRUE(samples[c * 5 + 4].capped);
  }
  const std::vector<GenSummary> summary = summarize_gen(samples);
  ASSERT_EQ(summary.size(), 2u);  // capped rows are not statistics
  EXPECT_EQ(summary[0].reps, 3);
}

TEST(GenBench, BadCasesAndSizesFailBeforeAnythingRuns) {
  int runs = 0;
  const auto count = [&](const GenSample&) { ++runs; };
  GenBenchOptions small = tiny_sweep();
  small.sizes = {{40, 30}, {10, 10}};  // cyclic needs 23x23; caves runs at 10x10
  small.cases.push_back(case_named(gen_bench_cases(), "cyclic"));
  EXPECT_THROW(run_gen_bench(small, count), InputError);
  GenBenchOptions bad_param = tiny_sweep();
  bad_param.cases.front().params = {{"generations", "-1"}};
  EXPECT_THROW(run_gen_bench(bad_param, count), InputError);
  GenBenchOptions no_sizes = tiny_sweep();
  no_sizes.sizes.clear();
  EXPECT_THROW(run_gen_bench(no_sizes, count), InputError);
  GenBenchOptions no_reps = tiny_sweep();
  no_reps.reps = 0;
  EXPECT_THROW(run_gen_bench(no_reps, count), InputError);
  EXPECT_EQ(runs, 0);
}

TEST(GenBench, TheSummaryIsTheMedianMeanMinAndMaxOfEachCaseAndSize) {
  const std::vector<GenBenchCase> all = gen_bench_cases();
  const GenBenchCase& c = all.front();
  std::vector<GenSample> samples;
  for (const double ms : {4.0, 1.0, 3.0, 2.0})
    samples.push_back({&c, {100, 100}, 0, 1, ms, ms / 2, false, ms / 4});
  samples.push_back({&c, {200, 200}, 0, 1, 9.0, 9.0, false});  // no generator time
  const std::vector<GenSummary> s = summarize_gen(samples);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].reps, 4);
  EXPECT_DOUBLE_EQ(s[0].median_ms, 2.5);
  EXPECT_DOUBLE_EQ(s[0].mean_ms, 2.5);
  EXPECT_DOUBLE_EQ(s[0].min_ms, 1.0);
  EXPECT_DOUBLE_EQ(s[0].max_ms, 4.0);
  EXPECT_DOUBLE_EQ(s[0].mean_cpu_ms, 1.25);
  ASSERT_TRUE(s[0].median_generator_ms.has_value());
  EXPECT_DOUBLE_EQ(*s[0].median_generator_ms, 0.625);
  EXPECT_DOUBLE_EQ(s[1].median_ms, 9.0);
  EXPECT_FALSE(s[1].median_generator_ms.has_value());
}

TEST(GenBench, ParamsTextJoinsThePairs) {
  EXPECT_EQ(params_text({}), "");
  EXPECT_EQ(params_text({{"a", "1"}, {"b", "x"}}), "a=1;b=x");
}

}  // namespace
}  // namespace yendor
