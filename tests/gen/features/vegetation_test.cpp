// The `vegetation` pass: plants only on former floor, about the density asked for, grown in
// clumps, and trees that never cut a way (nor join what was apart).

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

Level with_plants(const char* generator, std::uint64_t seed, const RawParams& raw,
                  Size size = {80, 50}) {
  GenerateOptions options;
  options.features = {{"vegetation", raw}};
  return generate_level(builtin_generators().get(generator), size, seed, {}, options);
}

using test::without_passes;

void apply_plants(Level& level, const RawParams& raw, std::uint64_t seed) {
  const FeaturePass& pass = builtin_feature_passes().get("vegetation");
  Rng rng(seed);
  pass.apply(level, pass.info().schema.parse("vegetation", raw), FeatureContext{}, rng);
}

bool is_stairs(Tile t) {
  return t == Tile::stairs_up || t == Tile::stairs_down;
}

TEST(Vegetation, TreesNeverDisconnectRoomsOrBsp) {
  for (const char* generator : {"rooms", "bsp"})
    for (const char* density : {"0.3", "0.6"})
      for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const Level level = with_plants(generator, seed, {{"kind", "trees"}, {"density", density}});
        const auto report = check_connectivity(level.tiles, *level.meta.stairs.up);
        EXPECT_TRUE(report.connected()) << generator << " " << density << " seed " << seed;
      }
}

TEST(Vegetation, TreesInNarrowPassagesAreCutBackAndSeparateAreasStaySeparate) {
  // A comb of one-cell passages (every cell of a passage is a cut vertex) beside an open area,
  // and a second area apart from both: trees must not cut the comb nor join the two areas.
  Level level(Size{60, 30}, Tile::wall);
  level.tiles.fill(Rect{1, 1, 30, 1}, Tile::floor);
  for (int x = 1; x <= 29; x += 2)
    level.tiles.fill(Rect{x, 2, 1, 20}, Tile::floor);
  level.tiles.fill(Rect{36, 2, 20, 20}, Tile::floor);
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    Level copy = level;
    apply_plants(copy, {{"kind", "trees"}, {"density", "0.6"}}, seed);
    EXPECT_EQ(label_regions(copy.tiles).sizes.size(), 2u) << "seed " << seed;
    std::int64_t trees = 0;
    for (Tile t : copy.tiles.cells())
      trees += t == Tile::tree ? 1 : 0;
    EXPECT_GT(trees, 0);
  }
}

TEST(Vegetation, PlantsGrowOnlyOnFormerFloorAndChangeNothingElse) {
  for (const char* kind : {"trees", "herbs"})
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      const Level base = without_passes("rooms", seed);
      const Level level = with_plants("rooms", seed, {{"kind", kind}, {"density", "0.4"}});
      const Tile plant = std::string(kind) == "trees" ? Tile::tree : Tile::herb;
      std::int64_t plants = 0;
      for (std::size_t i = 0; i < level.tiles.cell_count(); ++i) {
        const Tile was = base.tiles[i], now = level.tiles[i];
        if (is_stairs(was) || is_stairs(now)) continue;  // the stairs move with the floor
        if (now == plant) {
          ++plants;
          EXPECT_EQ(was, Tile::floor) << kind << " seed " << seed;
        } else {
          EXPECT_EQ(was, now) << kind << " seed " << seed;
        }
      }
      EXPECT_GT(plants, 0);
    }
}

TEST(Vegetation, DensityIsTheShareOfFloorCovered) {
  for (const char* density : {"0.05", "0.2", "0.5"}) {
    double sum = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const Level base = without_passes("bsp", seed);
      const Level level = with_plants("bsp", seed, {{"kind", "herbs"}, {"density", density}});
      std::int64_t floor = 0, herbs = 0;
      for (std::size_t i = 0; i < level.tiles.cell_count(); ++i) {
        floor += base.tiles[i] == Tile::floor || is_stairs(base.tiles[i]) ? 1 : 0;
        herbs += level.tiles[i] == Tile::herb ? 1 : 0;
      }
      sum += static_cast<double>(herbs) / static_cast<double>(floor);
    }
    const double share = sum / 20, wanted = std::stod(density);
    EXPECT_LE(share, wanted + 0.01) << density;
    EXPECT_GE(share, wanted * 0.9) << density;
  }
}

TEST(Vegetation, GenerationsGrowClumps) {
  // Mean number of plant neighbours per plant: scattered seeds have few, grown clumps many.
  const auto clumping = [](const char* generations) {
    double sum = 0;
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      Level level(Size{100, 100}, Tile::wall);
      level.tiles.fill(level.tiles.bounds().expanded(-1), Tile::floor);
      apply_plants(level, {{"density", "0.2"}, {"generations", generations}}, seed);
      std::int64_t plants = 0, pairs = 0;
      for (int y = 1; y < 99; ++y)
        for (int x = 1; x < 99; ++x) {
          if (level.tiles[Point{x, y}] != Tile::herb) continue;
          ++plants;
          for (Point d : k_directions8)
            pairs += level.tiles[Point{x, y} + d] == Tile::herb ? 1 : 0;
        }
      sum += static_cast<double>(pairs) / static_cast<double>(plants);
    }
    return sum / 10;
  };
  const double scattered = clumping("0"), grown = clumping("4");
  EXPECT_LT(scattered, 2.0);  // about 8 x 0.2 for a uniform scatter
  EXPECT_GT(grown, scattered + 1.0);
}

TEST(Vegetation, NoDigCellsKeepTheirFloor) {
  Level level(Size{40, 30}, Tile::wall);
  level.tiles.fill(level.tiles.bounds().expanded(-1), Tile::floor);
  const Rect keep{5, 5, 10, 10};
  for (int y = keep.top(); y <= keep.bottom(); ++y)
    for (int x = keep.left(); x <= keep.right(); ++x)
      level.flags[Point{x, y}] |= cell_flag::no_dig;
  apply_plants(level, {{"kind", "trees"}, {"density", "0.6"}}, 5);
  for (int y = keep.top(); y <= keep.bottom(); ++y)
    for (int x = keep.left(); x <= keep.right(); ++x)
      EXPECT_EQ(level.tiles[(Point{x, y})], Tile::floor);
}

TEST(Vegetation, SameSeedSameLevel) {
  std::set<std::uint64_t> hashes;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Level a = with_plants("bsp", seed, {{"kind", "trees"}});
    EXPECT_EQ(a, with_plants("bsp", seed, {{"kind", "trees"}}));
    hashes.insert(level_hash(a));
  }
  EXPECT_EQ(hashes.size(), 10u);
}

TEST(Vegetation, RejectsBadParameters) {
  for (const RawParams& raw : std::vector<RawParams>{{{"kind", "moss"}},
                                                     {{"density", "0.7"}},
                                                     {{"density", "-0.1"}},
                                                     {{"generations", "21"}},
                                                     {{"generations", "x"}},
                                                     {{"size", "0.1"}}})
    EXPECT_THROW(with_plants("rooms", 1, raw), InputError) << raw.front().first;
}

TEST(VegetationMotifs, OvergrownStaysConnected) {
  for (const char* generator : {"rooms", "bsp"})
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      GenerateOptions options;
      options.motif = "overgrown";
      const Level level =
          generate_level(builtin_generators().get(generator), {80, 50}, seed, {}, options);
      const auto report = check_connectivity(level.tiles, *level.meta.stairs.up);
      EXPECT_TRUE(report.connected()) << generator << " seed " << seed;
    }
}

}  // namespace
}  // namespace yendor
