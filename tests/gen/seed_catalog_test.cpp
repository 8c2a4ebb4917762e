// The seed catalog: what fixed seeds generate (hash, rooms, corridors, doors, stairs, walking
// distance between them), one line per map, diffed against tests/gen/golden/seed_catalog.txt.
// A diff shows exactly which maps changed. After an intended change (with the generator's
// version bumped), rewrite the file with:
//   YENDOR_UPDATE_GOLDEN=1 build/test/tests/gen/gen_test --gtest_filter='SeedCatalog.*'

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "yendor/core/file_io.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

const std::string k_catalog = YENDOR_SOURCE_DIR "/tests/gen/golden/seed_catalog.txt";

std::string catalog() {
  std::ostringstream out;
  out << "# generator version size seed level_hash rooms corridors doors up down walk\n";
  for (const Generator* g : builtin_generators().all()) {
    for (const Size size : {Size{80, 50}, Size{40, 30}, Size{200, 120}}) {
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const Level level = generate_level(*g, size, seed, {});
        const Point up = *level.meta.stairs.up, down = *level.meta.stairs.down;
        out << g->info().name << " " << g->info().version << " " << size.width << "x" << size.height
            << " " << seed << " " << level_hash(level) << " " << level.meta.rooms.size() << " "
            << level.meta.corridors.size() << " " << level.meta.doors.size() << " " << up.x << ","
            << up.y << " " << down.x << "," << down.y << " "
            << walk_distances(level.tiles, up)[down] << "\n";
      }
    }
  }
  return out.str();
}

TEST(SeedCatalog, MatchesTheGoldenFile) {
  const std::string now = catalog();
  if (std::getenv("YENDOR_UPDATE_GOLDEN") != nullptr) {
    write_file_atomic(k_catalog, now);
    GTEST_SKIP() << "rewrote " << k_catalog;
  }
  const std::string golden = read_file(k_catalog);
  std::istringstream a(golden), b(now);
  std::string want, got;
  int line = 0;
  while (std::getline(a, want)) {
    ++line;
    ASSERT_TRUE(std::getline(b, got)) << "catalog ends early at line " << line;
    EXPECT_EQ(got, want) << "line " << line;
  }
  EXPECT_FALSE(std::getline(b, got)) << "catalog has more lines than the golden file";
}

}  // namespace
}  // namespace yendor
