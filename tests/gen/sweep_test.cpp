// Long sweeps (ctest label `long`, run with scripts/test -L long): the generator guarantees
// over far more seeds than the default suite, every combination of choice parameters, and
// random sizes up to 600x600.

#include <gtest/gtest.h>

#include <algorithm>

#include "yendor/gen/generate.hpp"
#include "yendor/gen/motif.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

void expect_connected(const Level& level, const std::string& context) {
  ASSERT_TRUE(level.meta.stairs.up && level.meta.stairs.down) << context;
  if (!builtin_generators().get(level.meta.generator).promises_connectivity(level.meta.params))
    return;  // asked for separate regions (caves connect=none)
  // "Connected" on a level with locks (cyclic): once every lock is open, as generate_level
  // checks it; lava and chasm locks are not traversable tiles.
  const auto report = check_connectivity(
      level.meta.locks.empty() ? level.tiles : tiles_with_locks_open(level), *level.meta.stairs.up);
  ASSERT_TRUE(report.connected()) << context;
}

// Every assignment of the choice parameters, as parameter sets.
std::vector<ParamSet> choice_combinations(const ParamSchema& schema) {
  std::vector<ParamSet> out{ParamSet{}};
  for (const ParamSpec& spec : schema.specs()) {
    if (spec.type != ParamType::choice) continue;
    std::vector<ParamSet> next;
    for (const ParamSet& partial : out)
      for (const std::string& choice : spec.choices) {
        ParamSet p = partial;
        p.set(spec.name, choice);
        next.push_back(p);
      }
    out = std::move(next);
  }
  return out;
}

TEST(Sweep, HundredThousandSeedsPerGeneratorOverChoiceCombinations) {
  for (const Generator* g : builtin_generators().all()) {
    const auto combos = choice_combinations(g->info().schema);
    const std::uint64_t seeds = 100000 / combos.size() + 1;
    for (const ParamSet& params : combos)
      for (std::uint64_t seed = 0; seed < seeds; ++seed) {
        const Level level = generate_level(*g, {80, 50}, seed, params);
        expect_connected(level, g->info().name + " seed " + std::to_string(seed));
        if (HasFatalFailure()) return;
      }
  }
}

TEST(Sweep, RandomSizes) {
  for (const Generator* g : builtin_generators().all()) {
    Rng rng(Rng::stream_seed(7, g->info().name));
    for (int trial = 0; trial < 2000; ++trial) {
      const Size size{rng.range(g->info().min_size.width, 600),
                      rng.range(g->info().min_size.height, 600)};
      const std::uint64_t seed = rng.next_u64();
      const Level level = generate_level(*g, size, seed, {});
      expect_connected(level, g->info().name + " " + std::to_string(size.width) + "x" +
                                  std::to_string(size.height) + " seed " + std::to_string(seed));
      if (HasFatalFailure()) return;
    }
  }
}

// Every feature pass and motif on every generator: 20,000 seeds each, sizes up to 300x300.
TEST(Sweep, FeaturePassesAndMotifsOnEveryGenerator) {
  const auto generators = builtin_generators().all();
  std::vector<GenerateOptions> runs;
  for (const FeaturePass* pass : builtin_feature_passes().all())
    runs.push_back({.features = {{pass->info().name, {}}}});
  for (const MotifInfo& motif : builtin_motifs())
    runs.push_back({.motif = motif.name});
  for (const GenerateOptions& options : runs) {
    const std::string label =
        options.motif + (options.features.empty() ? "" : "+" + options.features[0].name);
    Rng rng(Rng::stream_seed(11, label));
    for (std::uint64_t seed = 0; seed < 20000; ++seed) {
      const Generator& g = *generators[seed % generators.size()];
      const Size size{rng.range(std::max(g.info().min_size.width, 20), 300),
                      rng.range(std::max(g.info().min_size.height, 20), 300)};
      const Level level = generate_level(g, size, seed, {}, options);
      expect_connected(level, g.info().name + " " + label + " seed " + std::to_string(seed));
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace yendor
