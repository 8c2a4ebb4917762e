// The crowd benchmark's set-up and methods (game/crowd_bench.hpp), never its timings: the
// arena is connected and made again from its seed; the path methods' steps are checked
// against a breadth-first distance of the test's own; the brain runs move real monsters, one
// action each a turn, and nobody dies; the protocol calls back once per timed turn and
// rejects bad options before running anything.
#include "yendor/game/crowd_bench.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "support/game_test_content.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/core/error.hpp"
#include "yendor/game/game.hpp"

namespace yendor::game {
namespace {

// Floor cells reachable from `from` by monster steps (8 neighbours, round corners): their
// step counts; -1 elsewhere.
Grid<int> walking_distances(const Level& level, Point from) {
  Grid<int> d(level.size(), -1);
  std::deque<Point> queue{from};
  d[from] = 0;
  while (!queue.empty()) {
    const Point p = queue.front();
    queue.pop_front();
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const Point q{p.x + dx, p.y + dy};
        if (!level.in_bounds(q) || d[q] >= 0 || level.tiles[q] != Tile::floor) continue;
        d[q] = d[p] + 1;
        queue.push_back(q);
      }
  }
  return d;
}

// '#' wall, '.' floor, '@' the player, 'a' an actor (on floor), in reading order.
CrowdArena drawn_arena(const std::vector<std::string>& rows) {
  CrowdArena arena;
  arena.level = Level(Size{static_cast<int>(rows[0].size()), static_cast<int>(rows.size())});
  for (int y = 0; y < arena.level.height(); ++y)
    for (int x = 0; x < arena.level.width(); ++x) {
      const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      arena.level.tiles[{x, y}] = c == '#' ? Tile::wall : Tile::floor;
      if (c == '@') arena.player = {x, y};
      if (c == 'a') arena.actors.push_back({x, y});
    }
  return arena;
}

// Actors three or more cells apart, behind walls and pillars: no two want the same cell.
const std::vector<std::string> k_pillars = {
    "##########################",  //
    "#a.......#.......#......a#",  //
    "#........#..........##...#",  //
    "#...a....#...a...........#",  //
    "#..####..........#.......#",  //
    "#.....#......@...#...a...#",  //
    "#.....#..........#.......#",  //
    "#a....#...####...#.......#",  //
    "#.........#..............#",  //
    "#....a....#.....a.....a..#",  //
    "##########################",  //
};

void expect_sound_positions(const CrowdArena& arena, std::span<const Point> positions) {
  std::set<Point> seen;
  for (const Point p : positions) {
    EXPECT_EQ(arena.level.tiles[p], Tile::floor);
    EXPECT_NE(p, arena.player);
    EXPECT_TRUE(seen.insert(p).second) << "two actors on " << p.x << "," << p.y;
  }
}

TEST(CrowdArena, IsConnectedAndMadeAgainFromItsSeed) {
  for (const std::uint64_t seed : {1u, 2u, 77u}) {
    const CrowdArena a = make_crowd_arena({{60, 40}, 50, seed, 0});
    const Grid<int> d = walking_distances(a.level, a.player);
    int floor = 0, walls = 0;
    for (int y = 0; y < a.level.height(); ++y)
      for (int x = 0; x < a.level.width(); ++x) {
        const bool is_floor = a.level.tiles[{x, y}] == Tile::floor;
        floor += is_floor ? 1 : 0;
        walls += is_floor ? 0 : 1;
        if (is_floor) {
          const Point p{x, y};
          EXPECT_GE(d[p], 0) << "unreachable floor at " << x << "," << y;
        }
        const bool edge = x == 0 || y == 0 || x == a.level.width() - 1 || y == a.level.height() - 1;
        if (edge) {
          EXPECT_FALSE(is_floor);
        }
      }
    // Not an empty room: wall pieces inside the ring (which is 196 cells).
    EXPECT_GT(walls, 196 + 60);
    EXPECT_GT(floor, 60 * 40 / 2);
    ASSERT_EQ(a.actors.size(), 50u);
    expect_sound_positions(a, a.actors);
    for (const Point p : a.actors)
      EXPECT_GE(chebyshev(p, a.player), 2);
    const CrowdArena again = make_crowd_arena({{60, 40}, 50, seed, 0});
    EXPECT_EQ(again.level, a.level);
    EXPECT_EQ(again.actors, a.actors);
    EXPECT_EQ(again.player, a.player);
  }
  EXPECT_NE(make_crowd_arena({{60, 40}, 5, 1, 0}).level.tiles,
            make_crowd_arena({{60, 40}, 5, 2, 0}).level.tiles);
}

TEST(CrowdArena, SmallerCrowdsAreTheFirstActorsOfLargerOnesOnTheSameMap) {
  const CrowdArena large = make_crowd_arena({{50, 50}, 120, 9, 0});
  const CrowdArena small = make_crowd_arena({{50, 50}, 30, 9, 0});
  EXPECT_EQ(small.level, large.level);
  EXPECT_TRUE(std::equal(small.actors.begin(), small.actors.end(), large.actors.begin()));
}

TEST(CrowdArena, ARadiusKeepsTheCrowdNearThePlayer) {
  const CrowdArena a = make_crowd_arena({{80, 80}, 60, 4, 6});
  for (const Point p : a.actors) {
    EXPECT_LE(chebyshev(p, a.player), 6);
    EXPECT_GE(chebyshev(p, a.player), 2);
  }
}

TEST(CrowdArena, RejectsWhatItCannotBuild) {
  EXPECT_THROW(make_crowd_arena({{7, 40}, 1, 1, 0}), InputError);
  EXPECT_THROW(make_crowd_arena({{40, k_crowd_max_side + 1}, 1, 1, 0}), InputError);
  EXPECT_THROW(make_crowd_arena({{20, 20}, 0, 1, 0}), InputError);
  EXPECT_THROW(make_crowd_arena({{20, 20}, 5, 1, -1}), InputError);
  EXPECT_THROW(make_crowd_arena({{20, 20}, 400, 1, 0}), InputError);  // 18x18 inside at most
  EXPECT_THROW(make_crowd_arena({{40, 40}, 30, 1, 2}), InputError);   // 16 cells at distance 2
}

TEST(CrowdMethods, ArePathMethodsThenEveryBrain) {
  const std::vector<std::string> methods = crowd_methods();
  const auto paths = crowd_path_methods();
  ASSERT_EQ(methods.size(), paths.size() + ai::builtin_brains().all().size());
  for (std::size_t i = 0; i < paths.size(); ++i)
    EXPECT_EQ(methods[i], paths[i]);
  for (const ai::Brain* b : ai::builtin_brains().all())
    EXPECT_NE(std::find(methods.begin(), methods.end(), b->info().name), methods.end());
  EXPECT_THROW(check_crowd_method("teleport"), InputError);
  EXPECT_THROW(make_crowd_run("teleport", drawn_arena(k_pillars), 0, nullptr), InputError);
  EXPECT_THROW(make_crowd_run("chase", drawn_arena(k_pillars), 0, nullptr), InputError);
}

// Every actor takes a step of a shortest walk to the player: one step nearer by the test's
// own breadth-first distance (the searches' first cells, the shared map's downhill). On the
// first turn the actors, three or more cells apart, cannot block each other: all move; later,
// those that move still step along a shortest walk.
TEST(CrowdPathMethods, SearchesStepAlongAShortestWalk) {
  const CrowdArena arena = drawn_arena(k_pillars);
  const Grid<int> d = walking_distances(arena.level, arena.player);
  for (const std::string method : {"bfs", "astar", "dijkstra"}) {
    SCOPED_TRACE(method);
    const auto run = make_crowd_run(method, arena, 0, nullptr);
    std::vector<Point> before(run->positions().begin(), run->positions().end());
    for (int turn = 0; turn < 3; ++turn) {
      run->turn();
      EXPECT_EQ(run->timed_actors(), static_cast<int>(arena.actors.size()));
      const std::span<const Point> after = run->positions();
      ASSERT_EQ(after.size(), before.size());
      expect_sound_positions(arena, after);
      for (std::size_t i = 0; i < after.size(); ++i) {
        if (turn > 0 && after[i] == before[i]) continue;
        EXPECT_EQ(chebyshev(after[i], before[i]), 1) << "actor " << i << " turn " << turn;
        EXPECT_EQ(d[after[i]], d[before[i]] - 1) << "actor " << i << " turn " << turn;
      }
      before.assign(after.begin(), after.end());
    }
  }
}

// The thesis's optimised search: only actors in the player's radius-9 view search, within it.
// On open ground the view is the disc dx² + dy² <= 9 × 10.
TEST(CrowdPathMethods, TheViewRestrictedSearchMovesOnlyWhatThePlayerSees) {
  const CrowdArena arena = drawn_arena({
      "################################",  //
      "#..............................#",  //
      "#..a......................a....#",  //
      "#..............................#",  //
      "#..........a...................#",  //
      "#..............................#",  //
      "#..................a...........#",  //
      "#..............................#",  //
      "#...............@..............#",  //
      "#..............................#",  //
      "#...........a........a.........#",  //
      "#..............................#",  //
      "#..a.......................a...#",  //
      "################################",  //
  });
  const Grid<int> d = walking_distances(arena.level, arena.player);
  const auto run = make_crowd_run("bfs_fov", arena, 0, nullptr);
  const std::vector<Point> before(run->positions().begin(), run->positions().end());
  run->turn();
  const std::span<const Point> after = run->positions();
  int moved = 0;
  for (std::size_t i = 0; i < after.size(); ++i) {
    const Point o = before[i] - arena.player;
    if (o.x * o.x + o.y * o.y <= 90) {
      EXPECT_EQ(d[after[i]], d[before[i]] - 1) << "actor " << i;
      ++moved;
    } else {
      EXPECT_EQ(after[i], before[i]) << "actor " << i << " is out of view";
    }
  }
  EXPECT_EQ(moved, 4);
}

TEST(CrowdPathMethods, TheEuclidChaseClosesInOrStaysAndNeverEntersWalls) {
  const CrowdArena arena = drawn_arena(k_pillars);
  const auto run = make_crowd_run("euclid", arena, 0, nullptr);
  int moved = 0;
  for (int turn = 0; turn < 5; ++turn) {
    const std::vector<Point> before(run->positions().begin(), run->positions().end());
    run->turn();
    const std::span<const Point> after = run->positions();
    expect_sound_positions(arena, after);
    for (std::size_t i = 0; i < after.size(); ++i) {
      if (after[i] == before[i]) continue;
      ++moved;
      EXPECT_EQ(chebyshev(after[i], before[i]), 1);
      // Next to the player it may sidestep round him; from farther, any of its three
      // candidate steps (within 67.5 degrees of the line) gets nearer.
      if (chebyshev(before[i], arena.player) >= 2) {
        EXPECT_LT(distance_squared(after[i], arena.player),
                  distance_squared(before[i], arena.player));
      }
    }
  }
  EXPECT_GT(moved, 0);
}

// With a sample of two, two actors search a turn, in turn: after enough turns all have moved.
TEST(CrowdPathMethods, SampledSearchesRotateThroughTheCrowd) {
  const CrowdArena arena = drawn_arena(k_pillars);
  const auto run = make_crowd_run("bfs", arena, 2, nullptr);
  const std::vector<Point> start(run->positions().begin(), run->positions().end());
  const int n = static_cast<int>(start.size());
  const int stride = (n + 1) / 2;
  for (int turn = 0; turn < stride; ++turn) {
    const std::vector<Point> before(run->positions().begin(), run->positions().end());
    run->turn();
    EXPECT_LE(run->timed_actors(), 2);
    EXPECT_GE(run->timed_actors(), 1);
    int moved = 0;
    for (std::size_t i = 0; i < before.size(); ++i)
      moved += run->positions()[i] != before[i] ? 1 : 0;
    EXPECT_EQ(moved, run->timed_actors());
  }
  for (int i = 0; i < n; ++i)
    EXPECT_NE(run->positions()[static_cast<std::size_t>(i)], start[static_cast<std::size_t>(i)]);
}

// Through the engine: every brain moves its monsters, each monster acts once a turn, nobody
// dies, and the player (who only waits) survives.
TEST(CrowdBrains, RunTheRealEngineOneActionPerMonsterPerTurn) {
  const Content content = testing::test_content();
  const CrowdArena arena = make_crowd_arena({{40, 30}, 24, 3, 7});
  for (const ai::Brain* brain : ai::builtin_brains().all()) {
    const std::string name = brain->info().name;
    SCOPED_TRACE(name);
    const auto run = make_crowd_run(name, arena, 0, &content);
    ASSERT_NE(run->game(), nullptr);
    const Game& game = *run->game();
    const int kind = content.monster_index("goblin");
    EXPECT_EQ(game.content().monsters[static_cast<std::size_t>(kind)].brain, name);
    ASSERT_EQ(game.level().monsters.size(), arena.actors.size());
    EXPECT_EQ(run->positions().size(), arena.actors.size());
    std::set<Point> visited(arena.actors.begin(), arena.actors.end());
    const int turns = 4;
    for (int t = 0; t < turns; ++t) {
      run->turn();
      for (const Point p : run->positions())
        visited.insert(p);
    }
    EXPECT_FALSE(game.over());
    ASSERT_EQ(run->positions().size(), arena.actors.size());
    EXPECT_EQ(run->timed_actors(), static_cast<int>(arena.actors.size()));
    expect_sound_positions(arena, run->positions());
    for (const Actor& m : game.level().monsters) {
      EXPECT_EQ(m.kind, kind);
      EXPECT_GT(m.hp, 0);
      EXPECT_EQ(m.memory.turns_alive, turns) << "monster " << m.id;
    }
    // Somebody went somewhere: cells visited beyond the starting ones.
    EXPECT_GT(visited.size(), arena.actors.size());
  }
}

TEST(CrowdBrains, RejectAnUnknownKind) {
  const Content content = testing::test_content();
  const CrowdArena arena = make_crowd_arena({{20, 20}, 3, 1, 0});
  EXPECT_THROW(make_crowd_run("fsm", arena, 0, &content, {"dragon_king", 1}), InputError);
}

TEST(CrowdTiming, TimesEachRepetitionOfEveryActor) {
  const CrowdArena arena = drawn_arena(k_pillars);
  const auto run = make_crowd_run("dijkstra", arena, 0, nullptr);
  const std::vector<CrowdTurn> turns = time_crowd_turns(*run, 4, 1);
  ASSERT_EQ(turns.size(), 4u);
  int moved = 0;
  for (const CrowdTurn& t : turns) {
    EXPECT_EQ(t.timed_actors, static_cast<int>(arena.actors.size()));
    EXPECT_GE(t.ms, 0);
    EXPECT_GE(t.cpu_ms, 0);
    EXPECT_LE(t.moved, t.timed_actors);
    moved += t.moved;
  }
  EXPECT_GT(moved, 0);
}

TEST(CrowdProtocol, CallsBackOncePerTimedTurnInOrder) {
  const Content content = testing::test_content();
  CrowdBenchOptions o;
  o.methods = {"euclid", "astar", "chase"};
  o.plans = {{{30, 30}, {3, 6}}, {{20, 24}, {2}}};
  o.reps = 2;
  std::vector<CrowdSample> samples;
  run_crowd_bench(o, &content, [&samples](const CrowdSample& s) { samples.push_back(s); });
  ASSERT_EQ(samples.size(), (3u * 2u + 3u * 1u) * 2u);
  EXPECT_EQ(samples.front().method, "euclid");
  EXPECT_EQ(samples.front().map, (Size{30, 30}));
  EXPECT_EQ(samples.front().actors, 3);
  EXPECT_EQ(samples.front().rep, 1);
  EXPECT_EQ(samples[1].rep, 2);
  EXPECT_EQ(samples.back().method, "chase");
  EXPECT_EQ(samples.back().map, (Size{20, 24}));
  EXPECT_EQ(samples.back().actors, 2);
  for (const CrowdSample& s : samples)
    EXPECT_EQ(s.turn.timed_actors, s.actors);
  const std::vector<CrowdSummary> summary = summarize_crowd(samples);
  EXPECT_EQ(summary.size(), 9u);
  for (const CrowdSummary& s : summary)
    EXPECT_EQ(s.reps, 2);
}

TEST(CrowdProtocol, ChecksEverythingBeforeRunningAnything) {
  const Content content = testing::test_content();
  int calls = 0;
  const auto count = [&calls](const CrowdSample&) { ++calls; };
  CrowdBenchOptions o;
  o.methods = {"euclid"};
  o.plans = {{{30, 30}, {3}}, {{10, 10}, {500}}};  // the second cannot hold its crowd
  EXPECT_THROW(run_crowd_bench(o, &content, count), InputError);
  o.plans = {{{30, 30}, {3}}};
  o.methods = {"euclid", "warp"};
  EXPECT_THROW(run_crowd_bench(o, &content, count), InputError);
  o.methods = {"euclid", "fsm"};
  EXPECT_THROW(run_crowd_bench(o, nullptr, count), InputError);
  o.kind = "dragon_king";
  EXPECT_THROW(run_crowd_bench(o, &content, count), InputError);
  o.kind = "goblin";
  o.reps = 0;
  EXPECT_THROW(run_crowd_bench(o, &content, count), InputError);
  o.reps = 1;
  o.plans = {{{30, 30}, {}}};
  EXPECT_THROW(run_crowd_bench(o, &content, count), InputError);
  o.plans.clear();
  EXPECT_THROW(run_crowd_bench(o, &content, count), InputError);
  EXPECT_EQ(calls, 0);
}

TEST(CrowdSummary, MeanMedianMinMaxPerMethodAndCount) {
  const auto sample = [](std::string method, int actors, double ms, int timed) {
    CrowdSample s;
    s.method = std::move(method);
    s.map = {200, 200};
    s.actors = actors;
    s.turn.ms = ms;
    s.turn.cpu_ms = ms / 2;
    s.turn.timed_actors = timed;
    return s;
  };
  const std::vector<CrowdSample> samples = {
      sample("bfs", 10, 3, 10), sample("bfs", 10, 1, 10), sample("fsm", 10, 5, 10),
      sample("bfs", 10, 10, 4), sample("bfs", 10, 2, 10), sample("bfs", 20, 7, 20),
  };
  const std::vector<CrowdSummary> s = summarize_crowd(samples);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].method, "bfs");
  EXPECT_EQ(s[0].actors, 10);
  EXPECT_EQ(s[0].reps, 4);
  EXPECT_DOUBLE_EQ(s[0].mean_ms, 4.0);    // (3 + 1 + 10 + 2) / 4
  EXPECT_DOUBLE_EQ(s[0].median_ms, 2.5);  // between 2 and 3
  EXPECT_DOUBLE_EQ(s[0].min_ms, 1.0);
  EXPECT_DOUBLE_EQ(s[0].max_ms, 10.0);
  EXPECT_EQ(s[0].timed_actors, 4);
  EXPECT_DOUBLE_EQ(s[0].mean_cpu_ms, 2.0);  // processor time summarized alike
  EXPECT_DOUBLE_EQ(s[0].median_cpu_ms, 1.25);
  EXPECT_EQ(s[1].method, "fsm");
  EXPECT_DOUBLE_EQ(s[1].median_ms, 5.0);
  EXPECT_EQ(s[2].actors, 20);
  EXPECT_DOUBLE_EQ(s[2].mean_ms, 7.0);
}

}  // namespace
}  // namespace yendor::game
