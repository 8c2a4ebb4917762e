// Properties every registered generator must have, checked over many seeds and sizes:
// determinism (with a pinned golden hash), connectivity from the up stairs, both stairs
// present and far apart, rooms inside the map, and valid levels or clear errors for any
// parameters the schema accepts. A new generator is covered by adding it to the registry
// and pinning its golden hash below.

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

// level_hash of generator(seed 1, 80x50, default parameters). A change here means every map
// of that generator changed: bump the generator's version and update the pin.
const std::map<std::string, std::uint64_t> k_golden = {
    {"rooms", 17103269289569121398u},
    {"bsp", 18236530896990841375u},
};

void expect_valid(const Level& level, const std::string& context) {
  SCOPED_TRACE(context);
  const auto& stairs = level.meta.stairs;
  ASSERT_TRUE(stairs.up.has_value());
  ASSERT_TRUE(stairs.down.has_value());
  ASSERT_NE(*stairs.up, *stairs.down);
  int ups = 0, downs = 0;
  for (Tile t : level.tiles.cells()) {
    ups += t == Tile::stairs_up ? 1 : 0;
    downs += t == Tile::stairs_down ? 1 : 0;
  }
  EXPECT_EQ(ups, 1);
  EXPECT_EQ(downs, 1);
  EXPECT_EQ(level.tiles[*stairs.up], Tile::stairs_up);
  EXPECT_EQ(level.tiles[*stairs.down], Tile::stairs_down);
  // Every traversable cell reachable from the up stairs by orthogonal steps.
  const auto report = check_connectivity(level.tiles, *stairs.up);
  EXPECT_TRUE(report.connected()) << report.reachable << " of " << report.traversable;
  // The border is closed.
  for (int x = 0; x < level.width(); ++x) {
    EXPECT_FALSE(is_traversable(level.tiles[{x, 0}]));
    EXPECT_FALSE(is_traversable(level.tiles[{x, level.height() - 1}]));
  }
  for (int y = 0; y < level.height(); ++y) {
    EXPECT_FALSE(is_traversable(level.tiles[{0, y}]));
    EXPECT_FALSE(is_traversable(level.tiles[{level.width() - 1, y}]));
  }
  const Rect inside = level.tiles.bounds().expanded(-1);
  for (const Room& r : level.meta.rooms)
    EXPECT_TRUE(inside.contains(r.rect)) << "room " << r.id;
  for (const Door& d : level.meta.doors)
    EXPECT_TRUE(tile_info(level.tiles[d.pos]).door);
}

Level make(const Generator& g, Size size, std::uint64_t seed, const ParamSet& params = {}) {
  return generate_level(g, size, seed, params);
}

class EveryGenerator : public ::testing::TestWithParam<std::string> {
 protected:
  const Generator& gen() const { return builtin_generators().get(GetParam()); }
};

TEST_P(EveryGenerator, GoldenHashIsPinned) {
  const auto it = k_golden.find(GetParam());
  ASSERT_NE(it, k_golden.end()) << "pin a golden hash for " << GetParam();
  EXPECT_EQ(level_hash(make(gen(), {80, 50}, 1)), it->second);
}

TEST_P(EveryGenerator, SameSeedSameLevelDifferentSeedsDiffer) {
  std::set<std::uint64_t> hashes;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const Level a = make(gen(), {80, 50}, seed);
    const Level b = make(gen(), {80, 50}, seed);
    EXPECT_EQ(a, b);  // tiles, flags and every piece of metadata
    hashes.insert(level_hash(a));
  }
  EXPECT_EQ(hashes.size(), 40u);
  // The depth selects another stream: another level.
  EXPECT_NE(level_hash(generate_level(gen(), {80, 50}, 1, {}, {.depth = 2})),
            level_hash(make(gen(), {80, 50}, 1)));
}

TEST_P(EveryGenerator, ConnectedWithStairsOverAThousandSeeds) {
  for (std::uint64_t seed = 0; seed < 1000; ++seed)
    expect_valid(make(gen(), {80, 50}, seed), "seed " + std::to_string(seed));
}

TEST_P(EveryGenerator, DownStairsAreFarFromUpStairs) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const Level level = make(gen(), {80, 50}, seed);
    const auto dist = walk_distances(level.tiles, *level.meta.stairs.up);
    std::int32_t farthest = 0;
    for (const Room& r : level.meta.rooms)
      for (int y = r.rect.top(); y <= r.rect.bottom(); ++y)
        for (int x = r.rect.left(); x <= r.rect.right(); ++x)
          farthest = std::max(farthest, dist[{x, y}]);
    EXPECT_GE(dist[*level.meta.stairs.down], farthest - farthest / 10) << "seed " << seed;
  }
}

TEST_P(EveryGenerator, EdgeSizes) {
  const Size min = gen().info().min_size;
  for (std::uint64_t seed = 0; seed < 300; ++seed)
    expect_valid(make(gen(), min, seed), "minimum size, seed " + std::to_string(seed));
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    expect_valid(make(gen(), {1000, 20}, seed), "1000x20, seed " + std::to_string(seed));
    expect_valid(make(gen(), {20, 1000}, seed), "20x1000, seed " + std::to_string(seed));
  }
  for (std::uint64_t seed = 0; seed < 3; ++seed)
    expect_valid(make(gen(), {1000, 1000}, seed), "1000x1000, seed " + std::to_string(seed));
}

TEST_P(EveryGenerator, RejectsSizesOutsideItsRange) {
  const Size min = gen().info().min_size;
  EXPECT_THROW(make(gen(), {min.width - 1, min.height}, 1), InputError);
  EXPECT_THROW(make(gen(), {min.width, min.height - 1}, 1), InputError);
  EXPECT_THROW(make(gen(), {10001, 50}, 1), InputError);
  EXPECT_THROW(make(gen(), {50, 10001}, 1), InputError);
  EXPECT_THROW(make(gen(), {0, 0}, 1), InputError);
  EXPECT_THROW(make(gen(), {-5, 50}, 1), InputError);
}

TEST_P(EveryGenerator, EveryChoiceOfEveryParameterWorks) {
  for (const ParamSpec& spec : gen().info().schema.specs()) {
    if (spec.type != yendor::ParamType::choice) continue;
    for (const std::string& choice : spec.choices) {
      ParamSet p;
      p.set(spec.name, choice);
      for (std::uint64_t seed = 0; seed < 100; ++seed)
        expect_valid(make(gen(), {80, 50}, seed, p),
                     spec.name + "=" + choice + " seed " + std::to_string(seed));
    }
  }
}

// Any values inside the schema's ranges give a valid level or a clear InputError: never a
// hang, a crash or another exception.
TEST_P(EveryGenerator, RandomParametersGiveLevelsOrClearErrors) {
  const GeneratorInfo& info = gen().info();
  Rng rng(Rng::stream_seed(99, info.name));
  int valid = 0;
  for (int trial = 0; trial < 400; ++trial) {
    ParamSet p;
    for (const ParamSpec& spec : info.schema.specs()) {
      if (!rng.chance(0.6)) continue;
      switch (spec.type) {
        case yendor::ParamType::boolean:
          p.set(spec.name, rng.chance(0.5));
          break;
        case yendor::ParamType::integer: {
          // Mostly small values: ranges reach far beyond what a small map can hold.
          const auto lo = static_cast<std::int64_t>(*spec.min);
          const auto hi = std::min<std::int64_t>(static_cast<std::int64_t>(*spec.max), lo + 40);
          p.set(spec.name, rng.chance(0.02) ? static_cast<std::int64_t>(*spec.max)
                                            : lo + rng.range(0, static_cast<int>(hi - lo)));
          break;
        }
        case yendor::ParamType::real:
          p.set(spec.name, rng.real(*spec.min, *spec.max));
          break;
        case yendor::ParamType::choice:
          p.set(spec.name, rng.pick(spec.choices));
          break;
      }
    }
    const Size size{rng.range(info.min_size.width, 120), rng.range(info.min_size.height, 90)};
    const std::string context = "trial " + std::to_string(trial);
    try {
      expect_valid(make(gen(), size, rng.next_u64(), p), context);
      ++valid;
    } catch (const InputError&) {
      // A clear refusal is allowed; anything else escapes and fails the test.
    }
  }
  EXPECT_GT(valid, 100);
}

INSTANTIATE_TEST_SUITE_P(Builtin, EveryGenerator, ::testing::Values("rooms", "bsp"),
                         [](const auto& param_info) { return param_info.param; });

TEST(EveryGeneratorList, CoversTheRegistry) {
  // The parameterised suite above must name every registered generator.
  EXPECT_EQ(builtin_generators().all().size(), k_golden.size());
  for (const Generator* g : builtin_generators().all())
    EXPECT_TRUE(k_golden.contains(g->info().name)) << g->info().name;
}

}  // namespace
}  // namespace yendor
