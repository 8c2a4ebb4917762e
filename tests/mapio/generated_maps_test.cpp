// Every generator's maps survive every export: json reads back to the identical level (tiles
// and all metadata), txt reads back to the identical tiles.

#include <gtest/gtest.h>

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor {
namespace {

TEST(GeneratedMaps, RoundTripThroughJsonAndText) {
  for (const Generator* g : builtin_generators().all()) {
    for (const ParamSpec& spec : g->info().schema.specs()) {
      if (spec.type != ParamType::choice) continue;
      for (const std::string& choice : spec.choices) {
        ParamSet params;
        params.set(spec.name, choice);
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
          SCOPED_TRACE(g->info().name + " " + spec.name + "=" + choice + " seed " +
                       std::to_string(seed));
          const Level level = generate_level(*g, {70, 40}, seed, params);
          const std::string text = to_json(level);
          const Level back = level_from_json(text);
          Level expected = level;
          expected.flags.fill(0);  // state bits (town's no_dig) are not part of the format
          EXPECT_EQ(back, expected);
          EXPECT_EQ(to_json(back), text);
          EXPECT_EQ(tiles_from_text(to_text(level)), level.tiles);
        }
      }
    }
  }
}

}  // namespace
}  // namespace yendor
