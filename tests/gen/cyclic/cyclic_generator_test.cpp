// The `cyclic` generator as a whole: every level proven solvable over thousands of seeds and
// across the parameter ranges, locks really present (the repair is the exception), each lock
// realization and pattern reachable on its own, windows that really show what `sees` edges
// promise, and determinism.

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "support/valid_level.hpp"
#include "yendor/fov/line_of_sight.hpp"
#include "yendor/fov/opacity_map.hpp"
#include "yendor/gen/cyclic/solver.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

const Generator& cyclic_generator() {
  return builtin_generators().get("cyclic");
}

Level make(std::uint64_t seed, const RawParams& raw = {}, Size size = {80, 50}) {
  const Generator& g = cyclic_generator();
  return generate_level(g, size, seed, g.info().schema.parse("cyclic", raw));
}

bool repaired(const Level& level) {
  for (const int id : level.meta.mission.nodes_of_kind("start"))
    if (bool_attr(level.meta.mission.find_node(id)->attrs, "repaired")) return true;
  return false;
}

// Every lock and key record agrees with the tiles and with each other.
void expect_consistent_locks(const Level& level) {
  std::set<int> key_ids, lock_ids;
  for (const KeyInfo& k : level.meta.keys)
    key_ids.insert(k.id);
  for (const LockInfo& l : level.meta.locks) {
    lock_ids.insert(l.id);
    EXPECT_FALSE(l.cells.empty()) << "lock " << l.id;
    for (const int k : l.keys)
      EXPECT_TRUE(key_ids.count(k)) << "lock " << l.id << " key " << k;
  }
  for (const KeyInfo& k : level.meta.keys) {
    EXPECT_TRUE(is_traversable(level.tiles[k.pos])) << "key " << k.id;
    if (k.fixed) {
      EXPECT_EQ(level.tiles[k.pos], Tile::lever) << "key " << k.id;
    }
    for (const int l : k.locks)
      EXPECT_TRUE(lock_ids.count(l)) << "key " << k.id << " lock " << l;
  }
}

TEST(CyclicGenerator, EveryLevelIsProvenSolvableOverFiveThousandSeeds) {
  int with_locks = 0, repairs = 0;
  std::map<std::string, int> kinds;
  constexpr int k_seeds = 5000;
  for (std::uint64_t seed = 1; seed <= k_seeds; ++seed) {
    const Level level = make(seed);
    const cyclic::SolveResult result = cyclic::solve_level(level);
    ASSERT_TRUE(result.solvable) << "seed " << seed << ": "
                                 << (result.problems.empty() ? "" : result.problems.front());
    if (seed <= 200) {
      test::expect_valid_level(level, "seed " + std::to_string(seed));
      expect_consistent_locks(level);
    }
    with_locks += level.meta.locks.empty() ? 0 : 1;
    repairs += repaired(level) ? 1 : 0;
    for (const LockInfo& l : level.meta.locks)
      ++kinds[l.kind];
  }
  // The proof must not be bought by the repair: almost every level keeps its locks.
  EXPECT_GE(with_locks, k_seeds * 9 / 10);
  EXPECT_LE(repairs, k_seeds / 100);
  // With every realization allowed, each one turns up.
  for (std::string_view kind : lock_realizations())
    EXPECT_GT(kinds[std::string(kind)], 0) << kind;
}

TEST(CyclicGenerator, ProvenSolvableAcrossTheParameterRanges) {
  struct Case {
    RawParams raw;
    Size size;
  };
  std::vector<Case> cases;
  for (const char* cycles : {"1", "2", "3", "4", "5", "6", "2-5", "1-12"})
    cases.push_back({{{"cycles", cycles}}, {80, 50}});
  for (const char* theme : {"dungeon", "cave", "fire", "chasm"})
    cases.push_back({{{"theme", theme}}, {80, 50}});
  for (const char* cell : {"5", "9", "15"})
    cases.push_back({{{"cell", cell}}, {120, 80}});
  cases.push_back({{{"rooms", "60"}, {"cycles", "4-6"}}, {200, 120}});
  cases.push_back({{{"rooms", "10"}}, {40, 30}});
  cases.push_back({{{"branches", "1"}, {"secrets", "1"}}, {80, 50}});
  cases.push_back({{{"branches", "0"}, {"secrets", "0"}}, {80, 50}});
  cases.push_back({{{"locks", "none"}}, {80, 50}});
  cases.push_back({{{"patterns", "none"}}, {80, 50}});
  cases.push_back({{}, {23, 23}});
  cases.push_back({{}, {300, 40}});
  for (const Case& c : cases) {
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
      std::string context = "seed " + std::to_string(seed);
      for (const auto& [k, v] : c.raw)
        context += " " + k + "=" + v;
      const Level level = make(seed, c.raw, c.size);
      const cyclic::SolveResult result = cyclic::solve_level(level);
      ASSERT_TRUE(result.solvable) << context;
      if (seed <= 10) test::expect_valid_level(level, context);
    }
  }
}

TEST(CyclicGenerator, EachLockRealizationOnItsOwn) {
  for (std::string_view kind : lock_realizations()) {
    int seen = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      const Level level = make(seed, {{"locks", std::string(kind)}});
      ASSERT_TRUE(cyclic::solve_level(level).solvable) << kind << " seed " << seed;
      for (const LockInfo& l : level.meta.locks) {
        EXPECT_EQ(l.kind, kind) << "seed " << seed;
        ++seen;
      }
    }
    EXPECT_GT(seen, 20) << kind;
  }
}

TEST(CyclicGenerator, EachPatternOnItsOwn) {
  for (std::string_view pattern :
       {"lock_key", "secret_shortcut", "valve", "gambit", "hidden_path", "foreshadowing"}) {
    int seen = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      const Level level = make(seed, {{"patterns", std::string(pattern)}});
      ASSERT_TRUE(cyclic::solve_level(level).solvable) << pattern << " seed " << seed;
      for (const CycleInfo& c : level.meta.cycles)
        seen += c.pattern == pattern ? 1 : 0;
    }
    EXPECT_GT(seen, 10) << pattern;
  }
}

TEST(CyclicGenerator, NoLocksMeansNoLocks) {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const Level level = make(seed, {{"locks", "none"}});
    EXPECT_TRUE(level.meta.locks.empty()) << seed;
    EXPECT_TRUE(level.meta.keys.empty()) << seed;
  }
}

TEST(CyclicGenerator, CyclesAsAskedUnlessTheMapIsTooSmall) {
  for (int cycles = 1; cycles <= 5; ++cycles) {
    int exact = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      const Level level = make(seed, {{"cycles", std::to_string(cycles)}}, {120, 80});
      exact += static_cast<int>(level.meta.cycles.size()) == cycles ? 1 : 0;
      for (const CycleInfo& c : level.meta.cycles) {
        EXPECT_GE(c.a_length + c.b_length, 1) << seed;
      }
    }
    EXPECT_GE(exact, 50) << cycles << " cycles";
  }
}

// `rooms` is a target: when a mission does not fit after a few attempts, the next ones ask for
// 20% fewer places, so a level may come out a little smaller; on average it is on target.
TEST(CyclicGenerator, SixtyRoomLevels) {
  int total = 0;
  constexpr int k_seeds = 30;
  for (std::uint64_t seed = 1; seed <= k_seeds; ++seed) {
    const Level level = make(seed, {{"rooms", "60"}}, {200, 120});
    ASSERT_TRUE(cyclic::solve_level(level).solvable) << seed;
    int places = 0;
    for (const MissionNode& n : level.meta.mission.nodes())
      places += is_place_kind(kind_of(n.attrs)) ? 1 : 0;
    EXPECT_GE(places, 45) << seed;
    total += places;
  }
  EXPECT_GE(total, 57 * k_seeds);
}

// Foreshadowing: the seen place can be seen before it is reached. From some cell of the
// viewer's region (the traversable cells joined to the viewing room without crossing a lock)
// a floor cell of the seen room is in sight.
TEST(CyclicGenerator, SeesEdgesAreRealWindows) {
  int checked = 0, levels_with_sees = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const Level level = make(seed, {{"patterns", "foreshadowing"}});
    const fov::OpacityMap opacity = fov::OpacityMap::from_tiles(level.tiles);
    Grid<Tile> walled = level.tiles;
    for (const LockInfo& lock : level.meta.locks)
      for (Point p : lock.cells)
        walled[p] = Tile::wall;
    const RegionLabels regions = label_regions(walled);
    std::map<int, Rect> room_of_node;
    for (const MissionNode& n : level.meta.mission.nodes()) {
      const std::int64_t room = int_attr(n.attrs, "room", -1);
      for (const Room& r : level.meta.rooms)
        if (r.id == room) room_of_node[n.id] = r.rect;
    }
    bool any = false;
    for (const MissionEdge& e : level.meta.mission.edges()) {
      if (kind_of(e.attrs) != "sees") continue;
      any = true;
      ASSERT_TRUE(room_of_node.count(e.from) && room_of_node.count(e.to)) << seed;
      const Rect a = room_of_node[e.from], b = room_of_node[e.to];
      // The viewer's region: the label of a traversable cell of its room.
      std::int32_t viewer = -1;
      for (int y = a.y; y < a.y + a.height && viewer < 0; ++y)
        for (int x = a.x; x < a.x + a.width && viewer < 0; ++x)
          viewer = regions.labels[{x, y}];
      ASSERT_GE(viewer, 0) << seed;
      std::vector<Point> targets;
      for (int y = b.y; y < b.y + b.height; ++y)
        for (int x = b.x; x < b.x + b.width; ++x)
          if (tile_info(level.tiles[{x, y}]).passable) targets.push_back({x, y});
      bool seen = false;
      for (int y = 0; y < level.height() && !seen; ++y)
        for (int x = 0; x < level.width() && !seen; ++x) {
          if (regions.labels[{x, y}] != viewer) continue;
          for (Point t : targets)
            if (fov::line_of_sight(opacity, {x, y}, t)) {
              seen = true;
              break;
            }
        }
      EXPECT_TRUE(seen) << "seed " << seed << ": node " << e.to << " not visible from node "
                        << e.from << "'s region";
      ++checked;
    }
    levels_with_sees += any ? 1 : 0;
  }
  // About half the foreshadowing edges find a window on 80x50; the rest leave the graph.
  EXPECT_GT(checked, 50);
  EXPECT_GT(levels_with_sees, 40);
}

TEST(CyclicGenerator, SameSeedSameLevelOtherSeedOtherLevel) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const Level a = make(seed), b = make(seed), c = make(seed + 1000);
    EXPECT_EQ(a, b) << seed;
    EXPECT_NE(level_hash(a), level_hash(c)) << seed;
  }
}

TEST(CyclicGenerator, BadParametersAreOneLineErrors) {
  const Generator& g = cyclic_generator();
  for (const RawParams& raw : std::vector<RawParams>{{{"cycles", "0"}},
                                                     {{"cycles", "5-2"}},
                                                     {{"cycles", "x"}},
                                                     {{"cycles", "13"}},
                                                     {{"locks", "locked_door,portcullis"}},
                                                     {{"patterns", "zigzag"}},
                                                     {{"cell", "4"}}}) {
    try {
      g.info().schema.parse("cyclic", raw);
      ADD_FAILURE() << raw.front().first << "=" << raw.front().second << " accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
      EXPECT_NE(std::string(e.what()).find(raw.front().first), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(make(1, {{"cell", "15"}}, {40, 40}), InputError);
  EXPECT_THROW(make(1, {{"recipe", "no_such_recipe"}}), InputError);
}

}  // namespace
}  // namespace yendor
