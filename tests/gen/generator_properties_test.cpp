// Properties every registered generator must have, checked over many seeds and sizes:
// determinism (with a pinned golden hash), connectivity from the up stairs, both stairs
// present and far apart, rooms inside the map, and valid levels or clear errors for any
// parameters the schema accepts. A new generator is covered by adding it to the registry
// and pinning its golden hash below.

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "support/random_params.hpp"
#include "support/valid_level.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

// level_hash of generator(seed 1, 80x50, default parameters). A change here means every map
// of that generator changed: bump the generator's version and update the pin.
const std::map<std::string, std::uint64_t> k_golden = {
    {"rooms", 17103269289569121398u},  {"bsp", 18236530896990841375u},
    {"digger", 12920706018167969224u}, {"town", 13315032893221311981u},
    {"maze", 8018510988851022755u},    {"wilderness", 13032921111585653473u},
    {"genetic", 4153921394506787990u}, {"caves", 733111393962004897u},
    {"cyclic", 8486692252756169725u},  {"dd", 9693919476134658302u},
};

void expect_valid(const Level& level, const std::string& context) {
  test::expect_valid_level(level, context);
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

TEST_P(EveryGenerator, AskingForTheStageTimesChangesNothing) {
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    GenerationTimes times{-1, -1, -1};
    const Level timed = generate_level(gen(), {80, 50}, seed, {}, {.times = &times});
    EXPECT_EQ(timed, make(gen(), {80, 50}, seed));
    EXPECT_GE(times.generator_ms, 0);  // each stage was timed
    EXPECT_GE(times.passes_ms, 0);
    EXPECT_GE(times.stairs_ms, 0);
  }
}

TEST_P(EveryGenerator, ConnectedWithStairsOverAThousandSeeds) {
  for (std::uint64_t seed = 0; seed < 1000; ++seed)
    expect_valid(make(gen(), {80, 50}, seed), "seed " + std::to_string(seed));
}

TEST_P(EveryGenerator, DownStairsAreFarFromUpStairs) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const Level level = make(gen(), {80, 50}, seed);
    // Levels built from a mission graph (cyclic) have their stairs where the mission's start
    // and goal are: how far apart is the level design's choice, not the stairs pass's.
    if (!level.meta.mission.empty()) GTEST_SKIP() << "stairs placed by the mission graph";
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
  // Long thin maps, as thin as the generator allows.
  const Size wide{1000, std::max(20, min.height)}, tall{std::max(20, min.width), 1000};
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    expect_valid(make(gen(), wide, seed), "1000xN, seed " + std::to_string(seed));
    expect_valid(make(gen(), tall, seed), "Nx1000, seed " + std::to_string(seed));
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
    const ParamSet p = test::random_params(info.schema, rng);
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

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const Generator* g : builtin_generators().all())
    names.push_back(g->info().name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Builtin, EveryGenerator, ::testing::ValuesIn(registered_names()),
                         [](const auto& param_info) { return param_info.param; });

TEST(EveryGeneratorList, CoversTheRegistry) {
  // The parameterised suite above must name every registered generator.
  EXPECT_EQ(builtin_generators().all().size(), k_golden.size());
  for (const Generator* g : builtin_generators().all())
    EXPECT_TRUE(k_golden.contains(g->info().name)) << g->info().name;
}

}  // namespace
}  // namespace yendor
