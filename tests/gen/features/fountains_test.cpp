// The `fountains` pass: fountains at room centres (or in open floor on levels without rooms),
// each recorded, at most `max`, and never a blocked way.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

Level with_fountains(const char* generator, std::uint64_t seed, const RawParams& raw,
                     double unique_rate = 1.0) {
  GenerateOptions options;
  options.unique_rate = unique_rate;
  options.features = {{"fountains", raw}};
  return generate_level(builtin_generators().get(generator), {80, 50}, seed, {}, options);
}

// The fountain tiles and the `fountain` features are the same cells; returns how many.
int expect_recorded(const Level& level) {
  std::set<Point> tiles, features;
  for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
    if (level.tiles[i] == Tile::fountain) tiles.insert(level.tiles.point_of(i));
  for (const Feature& f : level.meta.features)
    if (f.tag == "fountain") features.insert(f.pos);
  EXPECT_EQ(tiles, features);
  return static_cast<int>(tiles.size());
}

TEST(Fountains, AtRoomCentresAtMostMax) {
  for (const char* generator : {"rooms", "bsp"})
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      const std::string context = std::string(generator) + " seed " + std::to_string(seed);
      const Level level = with_fountains(generator, seed, {{"rate", "1"}, {"max", "5"}});
      EXPECT_EQ(expect_recorded(level), 5) << context;  // every level has 5 rooms to spare
      for (const Feature& f : level.meta.features) {
        if (f.tag != "fountain") continue;
        int centre_of = 0;
        for (const Room& r : level.meta.rooms)
          centre_of += r.rect.center() == f.pos ? 1 : 0;
        EXPECT_EQ(centre_of, 1) << context;
      }
      EXPECT_TRUE(check_connectivity(level.tiles, *level.meta.stairs.up).connected()) << context;
    }
}

TEST(Fountains, RateMaxAndUniqueRate) {
  int some = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    EXPECT_EQ(expect_recorded(with_fountains("rooms", seed, {{"rate", "0"}})), 0);
    EXPECT_EQ(expect_recorded(with_fountains("rooms", seed, {{"max", "0"}}, 10.0)), 0);
    EXPECT_EQ(expect_recorded(with_fountains("rooms", seed, {{"rate", "1"}}, 0.0)), 0);
    const int n = expect_recorded(with_fountains("rooms", seed, {}));
    EXPECT_LE(n, 4);
    some += n > 0 ? 1 : 0;
  }
  EXPECT_GT(some, 20);
}

TEST(Fountains, LevelsWithoutRoomsGetThemInOpenFloor) {
  const FeaturePass& pass = builtin_feature_passes().get("fountains");
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Level level(Size{60, 40}, Tile::wall);  // 58 x 38 = 2204 floor cells: 12 chances
    level.tiles.fill(level.tiles.bounds().expanded(-1), Tile::floor);
    Rng rng(seed);
    pass.apply(level, pass.info().schema.parse("fountains", {{"rate", "1"}, {"max", "8"}}),
               FeatureContext{}, rng);
    const int n = expect_recorded(level);
    EXPECT_GE(n, 1);
    EXPECT_LE(n, 8);
    // Apart: no two fountains touch, and each stands in open floor.
    for (const Feature& a : level.meta.features) {
      for (Point d : k_directions8)
        EXPECT_NE(level.tiles[a.pos + d], Tile::fountain);
    }
    EXPECT_EQ(label_regions(level.tiles).sizes.size(), 1u);
  }
}

TEST(Fountains, ATempleInOpenGroundLeavesTheLevelWithoutRooms) {
  Level level(Size{60, 40}, Tile::wall);
  level.tiles.fill(level.tiles.bounds().expanded(-1), Tile::floor);
  Rng rng(2);
  const FeaturePass& temples = builtin_feature_passes().get("temples");
  temples.apply(level, temples.info().schema.parse("temples", {{"rate", "1"}}), FeatureContext{},
                rng);
  ASSERT_EQ(level.meta.rooms.size(), 1u);
  const FeaturePass& fountains = builtin_feature_passes().get("fountains");
  fountains.apply(level, fountains.info().schema.parse("fountains", {{"rate", "1"}}),
                  FeatureContext{}, rng);
  EXPECT_GE(expect_recorded(level), 1);
}

TEST(Fountains, SameSeedSameLevel) {
  for (std::uint64_t seed = 0; seed < 10; ++seed)
    EXPECT_EQ(with_fountains("rooms", seed, {{"rate", "0.5"}}),
              with_fountains("rooms", seed, {{"rate", "0.5"}}));
}

TEST(Fountains, RejectsBadParameters) {
  for (const RawParams& raw : std::vector<RawParams>{{{"rate", "1.1"}},
                                                     {{"rate", "-1"}},
                                                     {{"max", "-1"}},
                                                     {{"max", "5000"}},
                                                     {{"count", "1"}}})
    EXPECT_THROW(with_fountains("rooms", 1, raw), InputError) << raw.front().first;
}

}  // namespace
}  // namespace yendor
