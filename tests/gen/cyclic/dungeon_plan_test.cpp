#include "yendor/gen/cyclic/dungeon_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/cyclic/cyclic_options.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/locks.hpp"

namespace yendor::cyclic {
namespace {

const std::string k_data_dir = YENDOR_SOURCE_DIR "/data";

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

template <typename Names>
bool all_known(const std::vector<std::string>& names, const Names& known) {
  return std::all_of(names.begin(), names.end(), [&](const std::string& n) {
    return std::find(known.begin(), known.end(), n) != known.end();
  });
}

// A small plan whose table the tests know: lock kinds with their first depths and keys.
struct KnownLock {
  std::string kind;
  int from;
  std::vector<std::string> keys;
  std::string only_theme;  // "" = every theme
};
const std::vector<KnownLock> k_known_locks{
    {"locked_door", 1, {"key"}, ""},
    {"barred_door", 1, {"lever"}, ""},
    {"secret_door", 2, {"scroll_magic_mapping"}, ""},
    {"lava", 3, {"potion_fire_resistance"}, "fire"},
    {"drop", 4, {}, ""},
    {"timed_gate", 6, {"lever"}, ""},
};

std::string small_plan_text(int max_kinds, const std::string& lock_kinds) {
  std::string text = "[rules]\nmax_lock_kinds = " + std::to_string(max_kinds) +
                     "\ntheme_preference = 5\n"
                     "[[theme]]\nname = \"dungeon\"\nprefers = [\"locked_door\"]\n"
                     "[[theme]]\nname = \"fire\"\nprefers = [\"lava\"]\n"
                     "[[band]]\ndepths = \"1-4\"\nthemes = { dungeon = 1 }\ncycles = \"2-3\"\n"
                     "lock_kinds = \"" +
                     lock_kinds +
                     "\"\nmonsters = \"rats\"\n"
                     "[[band]]\ndepths = \"5-100\"\nthemes = { dungeon = 1, fire = 1 }\n"
                     "cycles = \"3-5\"\nlock_kinds = \"" +
                     lock_kinds + "\"\nmonsters = \"imps\"\n";
  for (const KnownLock& lock : k_known_locks) {
    text += "[[lock]]\nkind = \"" + lock.kind + "\"\nfrom = " + std::to_string(lock.from) +
            "\nkeys = [";
    for (std::size_t i = 0; i < lock.keys.size(); ++i)
      text += (i == 0 ? "\"" : ", \"") + lock.keys[i] + "\"";
    text += "]\n";
    if (!lock.only_theme.empty()) text += "themes = [\"" + lock.only_theme + "\"]\n";
  }
  text += "[[pattern]]\nname = \"lock_key\"\nfrom = 1\n[[pattern]]\nname = \"gambit\"\nfrom = 3\n";
  return text;
}

TEST(DungeonPlan, SameSeedSamePlanAndDeeperPlansExtendShallowerOnes) {
  for (std::uint64_t seed : {1ull, 7ull, 123456789ull}) {
    const DungeonPlan a = make_dungeon_plan(seed, 30, k_data_dir);
    const DungeonPlan b = make_dungeon_plan(seed, 30, k_data_dir);
    EXPECT_EQ(plan_to_text(a), plan_to_text(b));
    EXPECT_EQ(plan_to_json(a), plan_to_json(b));
    const DungeonPlan shallow = make_dungeon_plan(seed, 12, k_data_dir);
    for (std::size_t i = 0; i < shallow.levels.size(); ++i) {
      EXPECT_EQ(shallow.levels[i].theme, a.levels[i].theme);
      EXPECT_EQ(shallow.levels[i].locks, a.levels[i].locks);
      EXPECT_EQ(shallow.levels[i].new_locks, a.levels[i].new_locks);
    }
  }
  // The seed matters: some seed of twenty plans a different dungeon than seed 1.
  const std::string first = plan_to_text(make_dungeon_plan(1, 20, k_data_dir));
  bool differs = false;
  for (std::uint64_t seed = 2; seed <= 21 && !differs; ++seed) {
    std::string other = plan_to_text(make_dungeon_plan(seed, 20, k_data_dir));
    other.replace(other.find("seed " + std::to_string(seed)), 5 + std::to_string(seed).size(),
                  "seed 1");
    differs = other != first;
  }
  EXPECT_TRUE(differs);
}

TEST(DungeonPlan, DepthBounds) {
  EXPECT_THROW(make_dungeon_plan(1, 0, k_data_dir), InputError);
  EXPECT_THROW(make_dungeon_plan(1, 101, k_data_dir), InputError);
  EXPECT_THROW(make_dungeon_plan(1, -5, k_data_dir), InputError);
  for (int depth : {1, 2, 57, 100}) {
    const DungeonPlan plan = make_dungeon_plan(3, depth, k_data_dir);
    ASSERT_EQ(plan.levels.size(), static_cast<std::size_t>(depth));
    for (int d = 0; d < depth; ++d)
      EXPECT_EQ(plan.levels[static_cast<std::size_t>(d)].depth, d + 1);
  }
}

TEST(DungeonPlan, EveryLevelNamesOnlyKnownLocksKeysPatternsAndThemes) {
  const std::unique_ptr<Generator> cyclic = make_cyclic_generator();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const DungeonPlan plan = make_dungeon_plan(seed, 100, k_data_dir);
    for (const LevelPlan& level : plan.levels) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " depth " + std::to_string(level.depth));
      EXPECT_TRUE(all_known(level.locks, lock_realizations()));
      EXPECT_TRUE(all_known(level.keys, key_kinds()));
      EXPECT_TRUE(all_known(level.patterns, cycle_patterns()));
      EXPECT_TRUE(all_known(level.new_locks, level.locks));
      EXPECT_LE(level.locks.size(), 3u);  // max_lock_kinds in data/plans/dungeon.toml
      EXPECT_TRUE(check_cycles_text(level.cycles).empty());
      EXPECT_FALSE(level.monsters.empty());
      // The generator accepts the level's parameters as they are.
      EXPECT_NO_THROW(cyclic->info().schema.parse("cyclic", level.cyclic_params()));
    }
  }
}

// The known small plan: locks appear no earlier than their `from`, keys are exactly those of
// the level's locks, the theme-bound kind only with its theme, and a kind is new on a level
// exactly when no shallower level featured it.
TEST(DungeonPlan, IntroducesEachLockNoEarlierThanItsDepthThenCombines) {
  for (const char* kinds : {"1-1", "1-2", "2-3", "0-1"}) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      const DungeonPlan plan =
          make_dungeon_plan_from_text(seed, 40, small_plan_text(3, kinds), "small.toml");
      std::set<std::string> featured;
      for (const LevelPlan& level : plan.levels) {
        SCOPED_TRACE(std::string(kinds) + " seed " + std::to_string(seed) + " depth " +
                     std::to_string(level.depth));
        std::set<std::string> keys;
        std::vector<std::string> fresh;
        for (const KnownLock& lock : k_known_locks) {
          const bool allowed = lock.from <= level.depth &&
                               (lock.only_theme.empty() || lock.only_theme == level.theme);
          if (has(level.locks, lock.kind)) {
            EXPECT_TRUE(allowed) << lock.kind;
            keys.insert(lock.keys.begin(), lock.keys.end());
            EXPECT_EQ(has(level.new_locks, lock.kind), featured.count(lock.kind) == 0) << lock.kind;
          }
          if (allowed && featured.count(lock.kind) == 0) fresh.push_back(lock.kind);
        }
        // Newest first: the new kind with the greatest `from` (first in the table on ties).
        if (!fresh.empty()) {
          const KnownLock* newest = nullptr;
          for (const KnownLock& lock : k_known_locks)
            if (has(fresh, lock.kind) && (newest == nullptr || lock.from > newest->from))
              newest = &lock;
          EXPECT_TRUE(has(level.locks, newest->kind)) << "newest " << newest->kind;
        }
        EXPECT_EQ(std::set<std::string>(level.keys.begin(), level.keys.end()), keys);
        EXPECT_EQ(has(level.patterns, "gambit"), level.depth >= 3);
        EXPECT_TRUE(has(level.patterns, "lock_key"));
        EXPECT_EQ(level.cycles, level.depth <= 4 ? "2-3" : "3-5");
        EXPECT_EQ(level.monsters, level.depth <= 4 ? "rats" : "imps");
        EXPECT_EQ(level.theme == "fire", level.theme != "dungeon");
        if (level.depth <= 4) {
          EXPECT_EQ(level.theme, "dungeon");
        }
        featured.insert(level.locks.begin(), level.locks.end());
      }
    }
  }
}

TEST(DungeonPlan, RealPlanIntroducesGradually) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const DungeonPlan plan = make_dungeon_plan(seed, 100, k_data_dir);
    std::set<std::string> featured, patterns_before;
    for (const LevelPlan& level : plan.levels) {
      for (const std::string& lock : level.locks)
        EXPECT_EQ(has(level.new_locks, lock), featured.count(lock) == 0);
      if (level.theme != "fire") {
        EXPECT_FALSE(has(level.locks, "lava"));
      }
      // Patterns once introduced stay.
      for (const std::string& p : patterns_before)
        EXPECT_TRUE(has(level.patterns, p)) << p << " at depth " << level.depth;
      patterns_before.insert(level.patterns.begin(), level.patterns.end());
      featured.insert(level.locks.begin(), level.locks.end());
    }
    // Depth 1 introduces the first of its two new kinds in the table (ties: file order).
    EXPECT_TRUE(has(plan.levels[0].locks, "locked_door"));
  }
}

TEST(DungeonPlan, ThemePrefersItsLockKinds) {
  // One kind per level from depth 5 on, where dungeon prefers locked_door and fire prefers
  // lava (weight 5 against 1 for each other kind).
  std::map<std::string, std::map<std::string, int>> seen;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const DungeonPlan plan =
        make_dungeon_plan_from_text(seed, 60, small_plan_text(1, "1-1"), "small.toml");
    for (const LevelPlan& level : plan.levels)
      if (level.depth > 10 && level.new_locks.empty())
        for (const std::string& lock : level.locks)
          ++seen[level.theme][lock];
  }
  const auto share = [&](const std::string& theme, const std::string& lock) {
    int total = 0;
    for (const auto& [name, n] : seen[theme])
      total += n;
    return total == 0 ? 0.0 : static_cast<double>(seen[theme][lock]) / total;
  };
  // Dungeon: 5 of 9 weight (five kinds open to it); fire: lava 5 of 10.
  EXPECT_GT(share("dungeon", "locked_door"), 0.4);
  EXPECT_GT(share("fire", "lava"), 0.35);
  EXPECT_EQ(seen["dungeon"]["lava"], 0);
}

TEST(DungeonPlan, CyclicParamsSpellTheLevel) {
  LevelPlan level;
  level.theme = "cave";
  level.locks = {"drop", "secret_door"};
  level.patterns = {"valve"};
  level.cycles = "2-3";
  const RawParams params = level.cyclic_params();
  const RawParams expected{
      {"theme", "cave"}, {"locks", "drop,secret_door"}, {"patterns", "valve"}, {"cycles", "2-3"}};
  EXPECT_EQ(params, expected);
  level.locks.clear();
  level.patterns.clear();
  EXPECT_EQ(level.cyclic_params()[1].second, "none");
  EXPECT_EQ(level.cyclic_params()[2].second, "none");
}

TEST(DungeonPlan, TextAndJsonShowEveryLevel) {
  const DungeonPlan plan = make_dungeon_plan(9, 6, k_data_dir);
  const std::string text = plan_to_text(plan);
  const std::string json = plan_to_json(plan);
  EXPECT_NE(text.find("seed 9"), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2 + 6);  // title, header, 6 levels
  EXPECT_EQ(std::count(json.begin(), json.end(), '{'), 1 + 2 * 6);
  for (const LevelPlan& level : plan.levels) {
    EXPECT_NE(json.find("\"depth\": " + std::to_string(level.depth)), std::string::npos);
    for (const std::string& lock : level.locks)
      EXPECT_NE(text.find(lock), std::string::npos);
  }
}

// Each problem of a plan file is one line naming the file, the line and the field.
struct BadPlan {
  std::string from, to;  // a replacement in the small plan
  std::string expected;  // a part of the message
};

TEST(DungeonPlan, BadPlanFilesNameFileLineAndField) {
  const std::string good = small_plan_text(3, "1-2");
  ASSERT_NO_THROW(make_dungeon_plan_from_text(1, 5, good, "p.toml"));
  const std::vector<BadPlan> cases{
      {"[rules]\n", "[rules\n", "p.toml:1: "},
      {"[rules]\n", "colour = 3\n[rules]\n", "p.toml:1: field 'colour': is unknown"},
      {"max_lock_kinds = 3", "max_lock_kinds = 0", "p.toml:2: rules: field 'max_lock_kinds'"},
      {"max_lock_kinds = 3", "max_lock_kinds = \"3\"", "field 'max_lock_kinds': must be an"},
      {"theme_preference = 5\n", "", "p.toml:1: rules: field 'theme_preference': is missing"},
      {"name = \"fire\"", "name = \"ice\"", "p.toml:8: theme: field 'name': unknown theme 'ice'"},
      {"prefers = [\"lava\"]", "prefers = [\"lava\", \"moat\"]",
       "p.toml:9: theme 'fire': field 'prefers': unknown lock 'moat'"},
      {"depths = \"5-100\"", "depths = \"6-100\"",
       "p.toml:17: band 2: field 'depths': must start at depth 5"},
      {"depths = \"5-100\"", "depths = \"5-99\"", "field 'depths': the bands end at depth 99"},
      {"depths = \"1-4\"", "depths = \"4-1\"", "p.toml:11: band 1: field 'depths': must be N"},
      {"themes = { dungeon = 1 }", "themes = { dungeon = 1, cave = 2 }",
       "p.toml:12: band 1: field 'themes': unknown theme 'cave'"},
      {"themes = { dungeon = 1 }", "themes = { dungeon = 0 }", "field 'themes': must be an"},
      {"cycles = \"2-3\"", "cycles = \"3-2\"", "p.toml:13: band 1: field 'cycles': must be"},
      {"lock_kinds = \"1-2\"\nmonsters = \"rats\"", "lock_kinds = \"1-4\"\nmonsters = \"rats\"",
       "p.toml:14: band 1: field 'lock_kinds': must be N or A-B with 0 <= A <= B <= 3"},
      {"monsters = \"rats\"\n", "", "p.toml:10: band 1: field 'monsters': is missing"},
      {"kind = \"drop\"", "kind = \"moat\"", "p.toml:40: lock: field 'kind': unknown lock 'moat'"},
      {"kind = \"drop\"", "kind = \"lava\"", "p.toml:40: lock 'lava': field 'kind': defined twice"},
      {"from = 6", "from = 101", "p.toml:45: lock 'timed_gate': field 'from': must be an integer"},
      {"keys = [\"lever\"]\n[[lock]]\nkind = \"secret",
       "keys = [\"crowbar\"]\n[[lock]]\nkind = \"secret",
       "p.toml:29: lock 'barred_door': field 'keys': unknown key 'crowbar'"},
      {"themes = [\"fire\"]", "themes = [\"cave\"]",
       "p.toml:38: lock 'lava': field 'themes': unknown theme 'cave'"},
      {"themes = [\"fire\"]", "colour = \"red\"",
       "p.toml:38: lock 'lava': field 'colour': is unknown"},
      {"name = \"gambit\"", "name = \"ambush\"", "field 'name': unknown pattern 'ambush'"},
      {"name = \"gambit\"", "name = \"lock_key\"", "pattern 'lock_key': field 'name': defined"},
      {"[[band]]\ndepths = \"5-100\"", "[band5]\ndepths = \"5-100\"", "field 'band5'"},
  };
  for (const BadPlan& c : cases) {
    std::string text = good;
    const std::size_t at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    text.replace(at, c.from.size(), c.to);
    try {
      make_dungeon_plan_from_text(1, 5, text, "p.toml");
      ADD_FAILURE() << "accepted: " << c.to;
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(c.expected), std::string::npos)
          << "message: " << message << "\nexpected: " << c.expected;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(DungeonPlan, MissingPlanFileIsAnIoError) {
  EXPECT_THROW(make_dungeon_plan(1, 3, "/nonexistent/yendor/data"), IoError);
}

}  // namespace
}  // namespace yendor::cyclic
