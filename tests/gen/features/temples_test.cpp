// The `temples` pass: at most `max` temples, each with its altar in the middle and a priest
// beside it, in rooms or, on levels without rooms, in open squares of floor.

#include <gtest/gtest.h>

#include <string>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

Level with_temples(const char* generator, std::uint64_t seed, const RawParams& raw,
                   double unique_rate = 1.0) {
  GenerateOptions options;
  options.unique_rate = unique_rate;
  options.features = {{"temples", raw}};
  return generate_level(builtin_generators().get(generator), {80, 50}, seed, {}, options);
}

int count_tag_prefix(const Level& level, const Rect& r, const std::string& prefix) {
  int n = 0;
  for (const Feature& f : level.meta.features)
    n += f.tag.rfind(prefix, 0) == 0 && r.contains(f.pos) ? 1 : 0;
  return n;
}

// Every temple room: one altar, on its centre, with an alignment there and a priest beside it.
int expect_temples(const Level& level, std::int64_t max, const std::string& context) {
  SCOPED_TRACE(context);
  int temples = 0, altars = 0;
  for (Tile t : level.tiles.cells())
    altars += t == Tile::altar ? 1 : 0;
  for (const Room& room : level.meta.rooms) {
    if (room.kind != "temple") continue;
    ++temples;
    const Point altar = room.rect.center();
    EXPECT_EQ(level.tiles[altar], Tile::altar);
    EXPECT_EQ(count_tag_prefix(level, room.rect, "priest"), 1);
    EXPECT_EQ(count_tag_prefix(level, room.rect, "temple:"), 1);
    for (const Feature& f : level.meta.features) {
      if (!room.rect.contains(f.pos)) continue;
      if (f.tag == "priest") {
        EXPECT_LE(chebyshev(f.pos, altar), 1);
        EXPECT_TRUE(tile_info(level.tiles[f.pos]).passable);
      }
      if (f.tag.rfind("temple:", 0) == 0) {
        EXPECT_EQ(f.pos, altar);
        EXPECT_TRUE(f.tag == "temple:lawful" || f.tag == "temple:neutral" ||
                    f.tag == "temple:chaotic")
            << f.tag;
      }
    }
  }
  EXPECT_EQ(altars, temples);
  EXPECT_LE(temples, max);
  return temples;
}

TEST(Temples, AtMostMaxEachWithAltarAndPriest) {
  for (const char* generator : {"rooms", "bsp"})
    for (std::int64_t max : {1, 3})
      for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const Level level =
            with_temples(generator, seed, {{"rate", "1"}, {"max", std::to_string(max)}});
        const std::string context = std::string(generator) + " max " + std::to_string(max) +
                                    " seed " + std::to_string(seed);
        // With rate 1 every level with rooms to spare gets exactly max.
        EXPECT_EQ(expect_temples(level, max, context), max) << context;
        EXPECT_TRUE(check_connectivity(level.tiles, *level.meta.stairs.up).connected()) << context;
      }
}

TEST(Temples, RateAndUniqueRateScaleTheChance) {
  int with_default = 0, with_high_unique = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    EXPECT_EQ(expect_temples(with_temples("rooms", seed, {{"rate", "0"}}), 0, "rate 0"), 0);
    EXPECT_EQ(expect_temples(with_temples("rooms", seed, {{"rate", "1"}}, 0.0), 0, "unique 0"), 0);
    with_default += expect_temples(with_temples("rooms", seed, {}), 1, "default");
    with_high_unique += expect_temples(with_temples("rooms", seed, {}, 10.0), 1, "unique 10");
  }
  // Default rate 0.1 per room over ~20 rooms: most levels get their one temple; x10 all do.
  EXPECT_GT(with_default, 20);
  EXPECT_EQ(with_high_unique, 40);
}

TEST(Temples, LevelsWithoutRoomsGetThemInOpenSquares) {
  const FeaturePass& pass = builtin_feature_passes().get("temples");
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Level level(Size{50, 40}, Tile::wall);
    level.tiles.fill(level.tiles.bounds().expanded(-1), Tile::floor);
    Rng rng(seed);
    pass.apply(level, pass.info().schema.parse("temples", {{"rate", "1"}, {"max", "4"}}),
               FeatureContext{}, rng);
    const int temples = expect_temples(level, 4, "open seed " + std::to_string(seed));
    EXPECT_GE(temples, 1);
    for (const Room& a : level.meta.rooms) {
      EXPECT_EQ(a.rect.size(), (Size{5, 5}));
      for (const Room& b : level.meta.rooms)
        if (a.id != b.id) {
          EXPECT_FALSE(a.rect.intersects(b.rect));
        }
    }
  }
  // No open 5x5 square: no temple.
  Level narrow(Size{50, 6}, Tile::wall);
  narrow.tiles.fill(Rect{1, 1, 48, 4}, Tile::floor);
  const Level before = narrow;
  Rng rng(1);
  pass.apply(narrow, pass.info().schema.parse("temples", {{"rate", "1"}}), FeatureContext{}, rng);
  EXPECT_EQ(narrow, before);
}

TEST(Temples, SameSeedSameLevel) {
  for (std::uint64_t seed = 0; seed < 10; ++seed)
    EXPECT_EQ(with_temples("bsp", seed, {{"rate", "0.5"}}),
              with_temples("bsp", seed, {{"rate", "0.5"}}));
}

TEST(Temples, RejectsBadParameters) {
  for (const RawParams& raw : std::vector<RawParams>{
           {{"rate", "2"}}, {{"rate", "-0.5"}}, {{"max", "-1"}}, {{"max", "1001"}}, {{"god", "x"}}})
    EXPECT_THROW(with_temples("rooms", 1, raw), InputError) << raw.front().first;
}

}  // namespace
}  // namespace yendor
