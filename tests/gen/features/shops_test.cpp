// The `shops` pass: shops in plain rooms, counters that never block, a shopkeeper and a theme
// per shop, stock inside, and the rate, max and unique_rate limits.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

Level with_shops(const char* generator, std::uint64_t seed, const RawParams& raw,
                 double unique_rate = 1.0) {
  GenerateOptions options;
  options.unique_rate = unique_rate;
  options.features = {{"shops", raw}};
  return generate_level(builtin_generators().get(generator), {80, 50}, seed, {}, options);
}

std::vector<const Room*> shops_of(const Level& level) {
  std::vector<const Room*> out;
  for (const Room& r : level.meta.rooms)
    if (r.kind == "shop") out.push_back(&r);
  return out;
}

std::vector<Point> tagged(const Level& level, const std::string& tag) {
  std::vector<Point> out;
  for (const Feature& f : level.meta.features)
    if (f.tag == tag) out.push_back(f.pos);
  return out;
}

int ring_entrances(const Level& level, const Rect& r) {
  int n = 0;
  for (int x = r.left(); x <= r.right(); ++x)
    n += (is_traversable(level.tiles[Point{x, r.top() - 1}]) ? 1 : 0) +
         (is_traversable(level.tiles[Point{x, r.bottom() + 1}]) ? 1 : 0);
  for (int y = r.top(); y <= r.bottom(); ++y)
    n += (is_traversable(level.tiles[Point{r.left() - 1, y}]) ? 1 : 0) +
         (is_traversable(level.tiles[Point{r.right() + 1, y}]) ? 1 : 0);
  return n;
}

TEST(Shops, CountersNeverBlockAndEverythingInAShopIsReachable) {
  int shops = 0;
  for (const char* generator : {"rooms", "bsp"})
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      SCOPED_TRACE(std::string(generator) + " seed " + std::to_string(seed));
      const Level level = with_shops(generator, seed, {{"rate", "1"}, {"max", "1000"}});
      const auto dist = walk_distances(level.tiles, *level.meta.stairs.up);
      const auto report = check_connectivity(level.tiles, *level.meta.stairs.up);
      EXPECT_TRUE(report.connected());
      for (const Room* shop : shops_of(level)) {
        ++shops;
        int counters = 0;
        for (int y = shop->rect.top(); y <= shop->rect.bottom(); ++y)
          for (int x = shop->rect.left(); x <= shop->rect.right(); ++x) {
            const Point p{x, y};
            if (level.tiles[p] == Tile::shop_counter)
              ++counters;
            else
              EXPECT_NE(dist[p], k_unreachable) << x << "," << y;  // the whole shop floor
          }
        // One counter along a wall, all of it but the two end cells.
        EXPECT_TRUE(counters == shop->rect.width - 2 || counters == shop->rect.height - 2)
            << counters;
      }
      // Counters only inside shops.
      for (std::size_t i = 0; i < level.tiles.cell_count(); ++i) {
        if (level.tiles[i] != Tile::shop_counter) continue;
        const Point p = level.tiles.point_of(i);
        const auto all = shops_of(level);
        EXPECT_TRUE(std::any_of(all.begin(), all.end(),
                                [&](const Room* s) { return s->rect.contains(p); }));
      }
    }
  EXPECT_GT(shops, 100);
}

TEST(Shops, EachShopHasAShopkeeperAThemeAndStockInside) {
  const std::set<std::string> themes{"shop:general", "shop:armor", "shop:weapons", "shop:magic",
                                     "shop:food"};
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const Level level = with_shops("rooms", seed, {{"rate", "1"}, {"max", "3"}});
    const auto shops = shops_of(level);
    EXPECT_LE(shops.size(), 3u);
    const auto keepers = tagged(level, "shopkeeper");
    ASSERT_EQ(keepers.size(), shops.size());
    for (const Room* shop : shops) {
      const auto inside = [&](Point p) { return shop->rect.contains(p); };
      EXPECT_EQ(std::count_if(keepers.begin(), keepers.end(), inside), 1);
      int theme_tags = 0;
      for (const Feature& f : level.meta.features)
        if (f.tag.rfind("shop:", 0) == 0 && inside(f.pos)) {
          ++theme_tags;
          EXPECT_EQ(themes.count(f.tag), 1u) << f.tag;
          seen.insert(f.tag);
        }
      EXPECT_EQ(theme_tags, 1);
    }
    for (Point p : tagged(level, "shop_item")) {
      EXPECT_TRUE(std::any_of(shops.begin(), shops.end(),
                              [&](const Room* s) { return s->rect.contains(p); }));
      EXPECT_TRUE(tile_info(level.tiles[p]).passable);
    }
  }
  EXPECT_EQ(seen, themes);  // a random theme per shop covers them all
}

TEST(Shops, ThemeParameterFixesTheTheme) {
  const Level level = with_shops("rooms", 3, {{"rate", "1"}, {"max", "5"}, {"theme", "magic"}});
  ASSERT_FALSE(shops_of(level).empty());
  for (const Feature& f : level.meta.features)
    if (f.tag.rfind("shop:", 0) == 0) {
      EXPECT_EQ(f.tag, "shop:magic");
    }
}

TEST(Shops, RoomsWithOneEntranceComeFirst) {
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const Level level = with_shops("rooms", seed, {{"rate", "1"}, {"max", "1"}});
    const auto shops = shops_of(level);
    if (shops.empty()) continue;
    // Another room of kind room, 3x3 or more and all floor, with a single entrance?
    bool single_available = false;
    for (const Room& r : level.meta.rooms) {
      if (r.kind != "room" || r.rect.width < 3 || r.rect.height < 3) continue;
      bool all_floor = true;
      for (int y = r.rect.top(); y <= r.rect.bottom(); ++y)
        for (int x = r.rect.left(); x <= r.rect.right(); ++x)
          all_floor = all_floor && level.tiles[Point{x, y}] == Tile::floor;
      single_available = single_available || (all_floor && ring_entrances(level, r.rect) == 1);
    }
    if (!single_available) continue;
    ++checked;
    EXPECT_EQ(ring_entrances(level, shops.front()->rect), 1) << "seed " << seed;
  }
  EXPECT_GT(checked, 10);
}

TEST(Shops, RateMaxAndUniqueRateLimitTheCount) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_TRUE(shops_of(with_shops("rooms", seed, {{"rate", "0"}})).empty());
    EXPECT_TRUE(shops_of(with_shops("rooms", seed, {{"rate", "1"}, {"max", "0"}})).empty());
    EXPECT_TRUE(shops_of(with_shops("rooms", seed, {{"rate", "1"}}, 0.0)).empty());
    EXPECT_LE(shops_of(with_shops("rooms", seed, {{"rate", "1"}, {"max", "1"}})).size(), 1u);
  }
  // unique_rate 10 turns the default rate of 0.1 into a certainty: max shops when rooms allow.
  int full = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    full += shops_of(with_shops("rooms", seed, {{"max", "2"}}, 10.0)).size() == 2 ? 1 : 0;
  EXPECT_GE(full, 18);
}

TEST(Shops, LevelsWithoutRoomsStayAsTheyWere) {
  Level level(Size{40, 30}, Tile::wall);
  level.tiles.fill(level.tiles.bounds().expanded(-1), Tile::floor);
  const Level before = level;
  const FeaturePass& pass = builtin_feature_passes().get("shops");
  Rng rng(1);
  pass.apply(level, pass.info().schema.parse("shops", {{"rate", "1"}}), FeatureContext{}, rng);
  EXPECT_EQ(level, before);
}

TEST(Shops, SameSeedSameLevel) {
  for (std::uint64_t seed = 0; seed < 10; ++seed)
    EXPECT_EQ(with_shops("bsp", seed, {{"rate", "0.5"}}),
              with_shops("bsp", seed, {{"rate", "0.5"}}));
}

TEST(Shops, RejectsBadParameters) {
  for (const RawParams& raw : std::vector<RawParams>{{{"rate", "1.5"}},
                                                     {{"rate", "-1"}},
                                                     {{"max", "-1"}},
                                                     {{"max", "1001"}},
                                                     {{"theme", "pets"}},
                                                     {{"count", "2"}}})
    EXPECT_THROW(with_shops("rooms", 1, raw), InputError) << raw.front().first;
}

}  // namespace
}  // namespace yendor
