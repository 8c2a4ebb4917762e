// The feature-pass machinery: requests as users write them, the registry, motifs, and how the
// pipeline validates, runs and records passes.

#include <gtest/gtest.h>

#include <cstdlib>

#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/motif.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

TEST(FeatureRequest, ParsesNameAndPairs) {
  EXPECT_EQ(parse_feature_request("vaults"), (FeatureRequest{"vaults", {}}));
  EXPECT_EQ(parse_feature_request("water:size=0.1,kind=river"),
            (FeatureRequest{"water", {{"size", "0.1"}, {"kind", "river"}}}));
  EXPECT_EQ(parse_feature_request("water:liquid="), (FeatureRequest{"water", {{"liquid", ""}}}));
}

TEST(FeatureRequest, RejectsMalformedText) {
  for (const char* bad : {"", ":size=1", "water:size", "water:=1", "water:size=1,", "water:,"})
    EXPECT_THROW(parse_feature_request(bad), InputError) << bad;
}

TEST(FeaturePassRegistry, FindsPassesByNameAndNamesTheKnownOnes) {
  const FeaturePassRegistry& registry = builtin_feature_passes();
  for (const char* name : {"water", "vegetation", "vaults", "shops", "temples", "fountains"})
    EXPECT_EQ(registry.get(name).info().name, name);
  try {
    registry.get("lava_lamps");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("lava_lamps"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("water"), std::string::npos);
  }
}

TEST(Motifs, ThesisMotifsExistAndNameTheirPasses) {
  for (const char* name : {"dungeon", "cavern", "volcanic", "aquatic", "overgrown"})
    EXPECT_EQ(get_motif(name).name, name);
  EXPECT_TRUE(get_motif("dungeon").passes.empty());
  EXPECT_THROW(get_motif("lunar"), InputError);
  // Every motif's passes exist and their parameters pass the schemas.
  for (const MotifInfo& m : builtin_motifs())
    for (const FeatureRequest& r : m.passes) {
      const FeaturePass& pass = builtin_feature_passes().get(r.name);
      EXPECT_NO_THROW(pass.info().schema.parse(r.name, r.params)) << m.name << " " << r.name;
    }
}

const Generator& rooms() {
  return builtin_generators().get("rooms");
}

TEST(FeaturePipeline, RecordsTheParametrizationAndThePassesInOrder) {
  GenerateOptions options;
  options.motif = "aquatic";
  options.difficulty = 7;
  options.unique_rate = 2.5;
  options.features = {{"fountains", {}}, {"temples", {}}};
  const Level level = generate_level(rooms(), {80, 50}, 3, {}, options);
  EXPECT_EQ(level.meta.motif, "aquatic");
  EXPECT_EQ(level.meta.difficulty, 7);
  EXPECT_EQ(level.meta.unique_rate, 2.5);
  ASSERT_EQ(level.meta.passes.size(), 3u);
  EXPECT_EQ(level.meta.passes[0].name, "water");  // the motif's, first
  EXPECT_EQ(level.meta.passes[1].name, "fountains");
  EXPECT_EQ(level.meta.passes[2].name, "temples");
  // Recorded parameters are complete: every declared one, defaults filled in.
  EXPECT_EQ(level.meta.passes[1].params,
            builtin_feature_passes().get("fountains").info().schema.defaults());
}

TEST(FeaturePipeline, ValidatesEverythingBeforeGenerating) {
  const auto make = [](GenerateOptions options) {
    return generate_level(rooms(), {80, 50}, 1, {}, options);
  };
  EXPECT_THROW(make({.motif = "lunar"}), InputError);
  EXPECT_THROW(make({.unique_rate = -0.5}), InputError);
  EXPECT_THROW(make({.unique_rate = 11}), InputError);
  EXPECT_THROW(make({.difficulty = 0}), InputError);
  EXPECT_THROW(make({.difficulty = 101}), InputError);
  EXPECT_THROW(make({.features = {{"lava_lamps", {}}}}), InputError);
  EXPECT_THROW(make({.features = {{"water", {{"size", "banana"}}}}}), InputError);
}

TEST(FeaturePipeline, NoPassesLeavesTheGeneratorsLevelAlone) {
  const Level plain = generate_level(rooms(), {80, 50}, 5, {});
  EXPECT_TRUE(plain.meta.passes.empty());
  EXPECT_EQ(plain.meta.motif, "dungeon");
  // A pass changes the level, on its own stream: the generator's part is the same.
  const Level watered = generate_level(rooms(), {80, 50}, 5, {}, {.features = {{"water", {}}}});
  EXPECT_EQ(plain.meta.rooms.size(), watered.meta.rooms.size());
  EXPECT_NE(level_hash(plain), level_hash(watered));
}

TEST(DataDir, DefaultsToTheSourceTreesData) {
  if (std::getenv("YENDOR_DATA_DIR") != nullptr) GTEST_SKIP() << "YENDOR_DATA_DIR is set";
  EXPECT_EQ(default_data_dir(), std::string(YENDOR_SOURCE_DIR) + "/data");
}

}  // namespace
}  // namespace yendor
