// The `water` pass: connected levels whatever the liquid cuts, crossings where it cuts, the
// share it was asked for, no new ground in rock, protected cells untouched, and the motifs
// built on it.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "gen/features/plain_level.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

Level with_water(const char* generator, std::uint64_t seed, const RawParams& raw,
                 Size size = {80, 50}) {
  GenerateOptions options;
  options.features = {{"water", raw}};
  return generate_level(builtin_generators().get(generator), size, seed, {}, options);
}

using test::without_passes;

bool is_liquid(Tile t) {
  return t == Tile::water_shallow || t == Tile::water_deep || t == Tile::lava;
}

void expect_connected(const Level& level, const std::string& context) {
  const auto report = check_connectivity(level.tiles, *level.meta.stairs.up);
  EXPECT_TRUE(report.connected()) << context << ": " << report.reachable << " of "
                                  << report.traversable;
  for (int x = 0; x < level.width(); ++x) {
    EXPECT_FALSE(is_traversable(level.tiles[Point{x, 0}])) << context;
    EXPECT_FALSE(is_traversable(level.tiles[Point{x, level.height() - 1}])) << context;
  }
  for (int y = 0; y < level.height(); ++y) {
    EXPECT_FALSE(is_traversable(level.tiles[Point{0, y}])) << context;
    EXPECT_FALSE(is_traversable(level.tiles[Point{level.width() - 1, y}])) << context;
  }
}

// An all-floor level (but its border) with no rooms recorded: the liquid must cut it.
Level open_level(Size size) {
  Level level(size, Tile::wall);
  level.tiles.fill(level.tiles.bounds().expanded(-1), Tile::floor);
  return level;
}

void apply_water(Level& level, const RawParams& raw, std::uint64_t seed) {
  const FeaturePass& pass = builtin_feature_passes().get("water");
  Rng rng(seed);
  pass.apply(level, pass.info().schema.parse("water", raw), FeatureContext{}, rng);
}

TEST(Water, EveryKindAndLiquidKeepsRoomsAndBspConnected) {
  for (const char* generator : {"rooms", "bsp"})
    for (const char* kind : {"river", "lake", "mixed"})
      for (const char* liquid : {"water", "lava"})
        for (std::uint64_t seed = 0; seed < 25; ++seed) {
          const Level level =
              with_water(generator, seed, {{"kind", kind}, {"liquid", liquid}, {"size", "0.2"}});
          expect_connected(level, std::string(generator) + " " + kind + " " + liquid + " seed " +
                                      std::to_string(seed));
        }
}

TEST(Water, ChangesOnlyRockAndOpenGroundAndNeverOpensRock) {
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const Level base = without_passes("rooms", seed);
    const Level level = with_water("rooms", seed, {{"kind", "mixed"}, {"size", "0.25"}});
    for (std::size_t i = 0; i < level.tiles.cell_count(); ++i) {
      const Tile was = base.tiles[i], now = level.tiles[i];
      const auto stairs = [](Tile t) { return t == Tile::stairs_up || t == Tile::stairs_down; };
      if (was == now || stairs(was) || stairs(now)) continue;
      EXPECT_TRUE(was == Tile::wall || was == Tile::floor || was == Tile::corridor)
          << "seed " << seed << ": changed a " << tile_info(was).name;
      EXPECT_TRUE(is_liquid(now) || now == Tile::bridge) << tile_info(now).name;
      // Walkable ground in former rock only as a bridge: no shallow pockets inside rock.
      if (was == Tile::wall && is_traversable(now)) {
        EXPECT_EQ(now, Tile::bridge);
      }
    }
  }
}

TEST(Water, ShareFollowsSize) {
  // Share of the inner cells under liquid or its crossings (bsp makes none), over seeds.
  const auto share = [](const char* kind, const char* size) {
    double sum = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const Level level = with_water("bsp", seed, {{"kind", kind}, {"size", size}});
      std::int64_t wet = 0;
      for (Tile t : level.tiles.cells())
        wet += is_liquid(t) || t == Tile::bridge ? 1 : 0;
      sum += static_cast<double>(wet) / (78.0 * 48.0);
    }
    return sum / 20;
  };
  // Lakes stop at the share; rivers run from edge to edge, so the last one may overshoot.
  for (const char* size : {"0.05", "0.2"}) {
    const double wanted = std::stod(size);
    const double lake = share("lake", size), mixed = share("mixed", size),
                 river = share("river", size);
    EXPECT_GT(lake, wanted * 0.95) << size;
    EXPECT_LT(lake, wanted * 1.05) << size;
    EXPECT_GT(mixed, wanted * 0.95) << size;
    EXPECT_LT(mixed, wanted * 1.3) << size;
    EXPECT_GT(river, wanted * 0.95) << size;
    EXPECT_LT(river, wanted * 1.7) << size;
  }
  EXPECT_EQ(share("mixed", "0"), 0.0);
}

TEST(Water, DeepInsideShallowOnTheRimOfOpenGround) {
  Level level = open_level({60, 40});
  apply_water(level, {{"kind", "lake"}, {"size", "0.3"}}, 7);
  int deep = 0, shallow = 0;
  for (int y = 1; y < 39; ++y)
    for (int x = 1; x < 59; ++x) {
      const Tile t = level.tiles[Point{x, y}];
      deep += t == Tile::water_deep ? 1 : 0;
      shallow += t == Tile::water_shallow ? 1 : 0;
      if (t != Tile::water_deep) continue;
      // On open ground a deep cell has liquid (or its crossing) all round, or the map's edge.
      for (Point d : k_directions8) {
        const Point n = Point{x, y} + d;
        if (n.x == 0 || n.y == 0 || n.x == 59 || n.y == 39) continue;
        EXPECT_TRUE(is_liquid(level.tiles[n]) || level.tiles[n] == Tile::bridge) << x << "," << y;
      }
    }
  EXPECT_GT(deep, 0);
  EXPECT_GT(shallow, 0);
}

TEST(Water, AStraightRiverAcrossOpenGroundIsCrossedAndTakesAtMostHalf) {
  for (const char* liquid : {"water", "lava"})
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      SCOPED_TRACE(std::string(liquid) + " seed " + std::to_string(seed));
      Level level = open_level({40, 30});
      const std::int64_t floor_before = count_traversable(level.tiles);
      apply_water(
          level,
          {{"kind", "river"}, {"bias", "1"}, {"width", "5"}, {"size", "0.5"}, {"liquid", liquid}},
          seed);
      // A river with full bias cuts the open ground in two: it must have been crossed.
      EXPECT_EQ(label_regions(level.tiles).sizes.size(), 1u);
      int crossings = 0;
      for (const Feature& f : level.meta.features) {
        ASSERT_TRUE(f.tag == "bridge" || f.tag == "ford") << f.tag;
        ++crossings;
        // Lava is always bridged; water over former floor only is forded.
        EXPECT_EQ(f.tag, std::string(liquid) == "lava" ? "bridge" : "ford");
        EXPECT_EQ(level.tiles[f.pos], f.tag == "bridge" ? Tile::bridge : Tile::water_shallow);
      }
      EXPECT_GE(crossings, 1);
      std::int64_t floor_after = 0;
      for (Tile t : level.tiles.cells())
        floor_after += t == Tile::floor ? 1 : 0;
      EXPECT_GE(floor_after, floor_before / 2);
      for (const Region& r : level.meta.regions)
        EXPECT_EQ(r.kind, std::string(liquid) == "lava" ? "lava" : "river");
    }
}

TEST(Water, RiversAreCrossedOnRoomLevels) {
  int with_crossings = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const Level level = with_water("rooms", seed, {{"kind", "river"}, {"size", "0.1"}});
    for (const Feature& f : level.meta.features)
      if (f.tag == "bridge" || f.tag == "ford") {
        ++with_crossings;
        break;
      }
  }
  EXPECT_GT(with_crossings, 30);
}

TEST(Water, RegionsRecordEachShape) {
  std::size_t lakes = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Level level = with_water("bsp", seed, {{"kind", "mixed"}, {"size", "0.15"}});
    std::set<std::string> kinds;
    for (const Region& r : level.meta.regions) {
      kinds.insert(r.kind);
      EXPECT_GT(r.cells, 0);
      EXPECT_LE(r.cells, r.bounds.area());
      EXPECT_TRUE(level.tiles.bounds().expanded(-1).contains(r.bounds));
    }
    EXPECT_EQ(kinds.count("river"), 1u) << "seed " << seed;  // rivers first, then lakes
    lakes += kinds.count("lake");
    EXPECT_LE(kinds.size(), 2u);
  }
  EXPECT_GE(lakes, 15u);
}

TEST(Water, KeepsOutOfNoDigCellsAndTheBorder) {
  Level level = open_level({50, 40});
  const Rect keep{10, 10, 20, 15};
  for (int y = keep.top(); y <= keep.bottom(); ++y)
    for (int x = keep.left(); x <= keep.right(); ++x)
      level.flags[Point{x, y}] |= cell_flag::no_dig;
  const Level before = level;
  apply_water(level, {{"kind", "mixed"}, {"size", "0.5"}}, 3);
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const Point p{x, y};
      if (keep.contains(p) || x == 0 || y == 0 || x == 49 || y == 39) {
        EXPECT_EQ(level.tiles[p], before.tiles[p]) << x << "," << y;
      }
    }
  EXPECT_EQ(label_regions(level.tiles).sizes.size(), 1u);
}

TEST(Water, KeepsSeparateRegionsSeparate) {
  // Two open areas with rock between: the pass joins what it split, not what was apart.
  Level level(Size{60, 30}, Tile::wall);
  level.tiles.fill(Rect{1, 1, 25, 28}, Tile::floor);
  level.tiles.fill(Rect{34, 1, 25, 28}, Tile::floor);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Level copy = level;
    apply_water(copy, {{"kind", "mixed"}, {"size", "0.4"}}, seed);
    EXPECT_EQ(label_regions(copy.tiles).sizes.size(), 2u) << "seed " << seed;
  }
}

TEST(Water, SameSeedSameLevel) {
  std::set<std::uint64_t> hashes;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Level a = with_water("rooms", seed, {{"kind", "mixed"}});
    EXPECT_EQ(a, with_water("rooms", seed, {{"kind", "mixed"}}));
    hashes.insert(level_hash(a));
  }
  EXPECT_EQ(hashes.size(), 10u);
}

TEST(Water, RejectsBadParameters) {
  for (const RawParams& raw : std::vector<RawParams>{{{"kind", "sea"}},
                                                     {{"size", "0.9"}},
                                                     {{"size", "-0.1"}},
                                                     {{"bias", "1.5"}},
                                                     {{"width", "26"}},
                                                     {{"liquid", "oil"}},
                                                     {{"depth", "3"}}})
    EXPECT_THROW(with_water("rooms", 1, raw), InputError) << raw.front().first;
}

TEST(WaterMotifs, CavernVolcanicAndAquaticStayConnected) {
  for (const char* motif : {"cavern", "volcanic", "aquatic"})
    for (const char* generator : {"rooms", "bsp"})
      for (std::uint64_t seed = 0; seed < 150; ++seed) {
        GenerateOptions options;
        options.motif = motif;
        const Level level =
            generate_level(builtin_generators().get(generator), {80, 50}, seed, {}, options);
        expect_connected(level,
                         std::string(motif) + " " + generator + " seed " + std::to_string(seed));
      }
}

}  // namespace
}  // namespace yendor
