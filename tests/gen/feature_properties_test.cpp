// Properties every feature pass and every motif keeps on every generator's levels, over a
// thousand seeds and several sizes: the level stays valid (stairs, connectivity, closed border,
// metadata inside the map), the same seed gives the same level, and a golden hash pins each
// pass's output. Combinations of passes are checked the same way. A new pass is covered by
// registering it and pinning its golden hash below.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "support/random_params.hpp"
#include "support/valid_level.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/motif.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

// level_hash of rooms (seed 1, 80x50, default parameters, unique rate 3) with the pass at its
// defaults. A
// change here means the pass's output changed: bump its version and update the pin.
const std::map<std::string, std::uint64_t> k_pass_golden = {
    {"water", 15034501162264987132u},  {"vegetation", 10986576381691058585u},
    {"vaults", 12872372271849834416u}, {"shops", 2597955615863817848u},
    {"temples", 7000975846057547174u}, {"fountains", 8917552926099877040u},
};

// The same for each motif, on bsp (seed 1, 80x50).
const std::map<std::string, std::uint64_t> k_motif_golden = {
    {"dungeon", 18236530896990841375u},   {"cavern", 17736255357666981079u},
    {"volcanic", 13981265834283694712u},  {"aquatic", 7379226158548889739u},
    {"overgrown", 11877465432594566546u},
};

std::vector<const Generator*> generators() {
  return builtin_generators().all();
}

// Seed s runs generator s mod n at one of three sizes (no smaller than the generator allows).
Level make_rotating(std::uint64_t seed, GenerateOptions options) {
  static const std::vector<const Generator*> all = generators();
  const Generator& g = *all[seed % all.size()];
  static constexpr Size k_sizes[] = {{80, 50}, {50, 36}, {130, 70}};
  Size size = k_sizes[(seed / all.size()) % 3];
  size.width = std::max(size.width, g.info().min_size.width);
  size.height = std::max(size.height, g.info().min_size.height);
  return generate_level(g, size, seed, {}, options);
}

std::string context(const Level& level, std::uint64_t seed) {
  return level.meta.generator + " " + std::to_string(level.width()) + "x" +
         std::to_string(level.height()) + " seed " + std::to_string(seed);
}

// Vault, shop and temple contents: their rooms lie inside the map and each marker stands on a
// traversable cell (something can stand there).
void expect_markers_placeable(const Level& level, const std::string& where) {
  for (const Feature& f : level.meta.features) {
    static const std::set<std::string> k_standing = {
        "monster", "boss", "item", "treasure", "trap", "shopkeeper", "priest", "shop_item"};
    if (k_standing.contains(f.tag)) {
      EXPECT_TRUE(is_traversable(level.tiles[f.pos]))
          << where << ": " << f.tag << " at " << f.pos.x << "," << f.pos.y;
    }
  }
}

class EveryFeaturePass : public ::testing::TestWithParam<std::string> {
 protected:
  GenerateOptions with_pass(RawParams params = {}) const {
    GenerateOptions options;
    options.features.push_back({GetParam(), std::move(params)});
    return options;
  }
};

TEST_P(EveryFeaturePass, GoldenHashIsPinned) {
  const auto it = k_pass_golden.find(GetParam());
  ASSERT_NE(it, k_pass_golden.end()) << "pin a golden hash for " << GetParam();
  GenerateOptions options = with_pass();
  options.unique_rate = 3;  // so that every unique feature shows on this one map
  const Level level = generate_level(builtin_generators().get("rooms"), {80, 50}, 1, {}, options);
  EXPECT_NE(level_hash(level),
            level_hash(generate_level(builtin_generators().get("rooms"), {80, 50}, 1, {})));
  EXPECT_EQ(level_hash(level), it->second);
}

TEST_P(EveryFeaturePass, ValidOnEveryGeneratorOverAThousandSeeds) {
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const Level level = make_rotating(seed, with_pass());
    const std::string where = context(level, seed);
    test::expect_valid_level(level, where);
    expect_markers_placeable(level, where);
    ASSERT_EQ(level.meta.passes.size(), 1u);
    EXPECT_EQ(level.meta.passes[0].name, GetParam());
    if (HasFailure()) return;  // one map's report is enough
  }
}

TEST_P(EveryFeaturePass, SameSeedSameLevel) {
  for (std::uint64_t seed = 0; seed < 40; ++seed)
    EXPECT_EQ(make_rotating(seed, with_pass()), make_rotating(seed, with_pass()));
}

// Any values inside the pass's schema give a valid level or a clear InputError.
TEST_P(EveryFeaturePass, RandomParametersGiveLevelsOrClearErrors) {
  const FeaturePassInfo& info = builtin_feature_passes().get(GetParam()).info();
  Rng rng(Rng::stream_seed(7, info.name));
  int valid = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const ParamSet typed = test::random_params(info.schema, rng);
    RawParams raw;
    for (const auto& [name, value] : typed.entries())
      raw.emplace_back(name, to_string(value));
    const auto seed = static_cast<std::uint64_t>(trial);
    try {
      const Level level = make_rotating(seed, with_pass(raw));
      test::expect_valid_level(level, "trial " + std::to_string(trial));
      ++valid;
    } catch (const InputError&) {
      // A clear refusal is allowed; anything else escapes and fails the test.
    }
  }
  EXPECT_GT(valid, 50);
}

TEST_P(EveryFeaturePass, RejectsUnknownParameters) {
  EXPECT_THROW(make_rotating(1, with_pass({{"no_such_parameter", "1"}})), InputError);
}

std::vector<std::string> pass_names() {
  std::vector<std::string> names;
  for (const FeaturePass* p : builtin_feature_passes().all())
    names.push_back(p->info().name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Builtin, EveryFeaturePass, ::testing::ValuesIn(pass_names()),
                         [](const auto& param_info) { return param_info.param; });

TEST(EveryFeaturePassList, CoversTheRegistry) {
  EXPECT_EQ(builtin_feature_passes().all().size(), k_pass_golden.size());
  for (const FeaturePass* p : builtin_feature_passes().all())
    EXPECT_TRUE(k_pass_golden.contains(p->info().name)) << p->info().name;
}

class EveryMotif : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryMotif, GoldenHashIsPinned) {
  const auto it = k_motif_golden.find(GetParam());
  ASSERT_NE(it, k_motif_golden.end()) << "pin a golden hash for " << GetParam();
  GenerateOptions options;
  options.motif = GetParam();
  const Level level = generate_level(builtin_generators().get("bsp"), {80, 50}, 1, {}, options);
  EXPECT_EQ(level_hash(level), it->second);
  EXPECT_EQ(level.meta.motif, GetParam());
  EXPECT_EQ(level.meta.passes.size(), get_motif(GetParam()).passes.size());
}

TEST_P(EveryMotif, ValidOnEveryGeneratorOverAThousandSeeds) {
  GenerateOptions options;
  options.motif = GetParam();
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const Level level = make_rotating(seed, options);
    test::expect_valid_level(level, context(level, seed));
    if (HasFailure()) return;
  }
}

std::vector<std::string> motif_names() {
  std::vector<std::string> names;
  for (const MotifInfo& m : builtin_motifs())
    names.push_back(m.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Builtin, EveryMotif, ::testing::ValuesIn(motif_names()),
                         [](const auto& param_info) { return param_info.param; });

TEST(EveryMotifList, CoversTheMotifs) {
  EXPECT_EQ(builtin_motifs().size(), k_motif_golden.size());
  for (const MotifInfo& m : builtin_motifs())
    EXPECT_TRUE(k_motif_golden.contains(m.name)) << m.name;
}

// The example combination, caves + water + vaults, and every pass at once, over a
// thousand seeds at several sizes, on one generator and on all of them.
TEST(FeatureCombinations, CavesWaterVaultsOverAThousandSeeds) {
  GenerateOptions options;
  options.features = {{"water", {}}, {"vaults", {{"rate", "2"}}}};
  const Generator& caves = builtin_generators().get("caves");
  static constexpr Size k_sizes[] = {{80, 50}, {60, 40}, {150, 90}};
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const Level level = generate_level(caves, k_sizes[seed % 3], seed, {}, options);
    const std::string where = context(level, seed);
    test::expect_valid_level(level, where);
    expect_markers_placeable(level, where);
    if (HasFailure()) return;
  }
}

TEST(FeatureCombinations, EveryPassTogetherOnEveryGenerator) {
  GenerateOptions options;
  options.motif = "overgrown";
  for (const std::string& name : pass_names())
    options.features.push_back({name, {}});
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const Level level = make_rotating(seed, options);
    const std::string where = context(level, seed);
    test::expect_valid_level(level, where);
    expect_markers_placeable(level, where);
    if (HasFailure()) return;
  }
}

TEST(FeatureCombinations, GoldenHashOfCavesWaterVaults) {
  GenerateOptions options;
  options.features = {{"water", {}}, {"vaults", {{"rate", "2"}}}};
  const Level level = generate_level(builtin_generators().get("caves"), {80, 50}, 1, {}, options);
  EXPECT_EQ(level_hash(level), 7074259595842303363u);
  EXPECT_EQ(level, generate_level(builtin_generators().get("caves"), {80, 50}, 1, {}, options));
}

}  // namespace
}  // namespace yendor
