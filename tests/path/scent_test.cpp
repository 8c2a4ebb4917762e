// Scent: marks decode exactly, lay keeps the larger mark and orders turns, the scent falls
// away from the player, climb agrees with a brute-force choice over the neighbours, and a
// monster climbing the gradient on real levels reaches the player along cells the player saw.

#include "yendor/path/scent.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "support/plain_movement.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/path/cost_map.hpp"

namespace yendor::path {
namespace {

// The step rule, written out plainly (no StepTable): the target passable, and for a diagonal
// the corner cells as the movement's corner rule asks.
bool allowed_step(const CostMap& map, Point a, Point b, const Movement& m) {
  return chebyshev(a, b) == 1 && test::plain_step(map, a, b - a, m) != 0;
}

// A stand-in for sight: the cells within `radius` (Chebyshev) reached from the player by
// allowed steps that each go one ring farther out, plus the blocking cells such a step would
// enter (the walls in view). Every seen passable cell at ring d > 0 then has a seen neighbour
// at ring d − 1 one allowed step away, which is what guarantees the trail can be climbed.
std::vector<Point> seen_from(const CostMap& map, Point player, int radius, const Movement& m) {
  std::vector<Point> seen{player};
  std::vector<char> mark(static_cast<std::size_t>(map.size().area()), 0);
  const auto at = [&](Point p) -> char& {
    return mark[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(map.width()) +
                static_cast<std::size_t>(p.x)];
  };
  at(player) = 1;
  std::size_t head = 0;
  while (head < seen.size()) {
    const Point c = seen[head++];
    if (!map.passable(c) && c != player) continue;
    const int ring = chebyshev(c, player);
    if (ring == radius) continue;
    for (const Point d : k_directions8) {
      const Point n = c + d;
      if (!map.in_bounds(n) || at(n) || chebyshev(n, player) != ring + 1) continue;
      // Walls are seen when the step into them would be allowed if they were floor.
      const bool ok = map.passable(n)
                          ? allowed_step(map, c, n, m)
                          : (d.x == 0 || d.y == 0 || m.connectivity == Connectivity::eight);
      if (!ok) continue;
      at(n) = 1;
      seen.push_back(n);
    }
  }
  return seen;
}

// The marks recomputed independently: per cell the best (turn, distance) laid so far.
struct Oracle {
  int spread = 32;
  Grid<std::int64_t> best;
  Grid<std::int32_t> turn;
  Grid<std::int32_t> distance;

  Oracle(Size size, int s) : spread(s), best(size, 0), turn(size, 0), distance(size, 0) {}
  void lay(Point player, std::int32_t t, const std::vector<Point>& seen) {
    for (const Point p : seen) {
      const int d = chebyshev(p, player);
      const std::int64_t v = std::int64_t{spread} * t - d;
      if (v > best[p]) {
        best[p] = v;
        turn[p] = t;
        distance[p] = d;
      }
    }
  }
  bool senses(Point p, std::int32_t now, const ScentSense& s) const {
    if (best[p] <= 0) return false;
    if (s.max_age > 0 && now - turn[p] > s.max_age) return false;
    if (s.max_distance > 0 && distance[p] > s.max_distance) return false;
    return true;
  }
  std::optional<Point> climb(const CostMap& map, Point from, const Movement& m, std::int32_t now,
                             const ScentSense& s) const {
    std::int64_t top = senses(from, now, s) ? best[from] : 0;
    std::optional<Point> out;
    const int dirs = m.connectivity == Connectivity::four ? 4 : 8;
    for (int k = 0; k < dirs; ++k) {
      const Point n = from + k_directions8[static_cast<std::size_t>(k)];
      if (!allowed_step(map, from, n, m) || !senses(n, now, s)) continue;
      if (best[n] > top) {
        top = best[n];
        out = n;
      }
    }
    return out;
  }
};

CostMap random_map(Rng& rng, Size size, double wall_rate) {
  return CostMap::from(size, [&](Point) { return rng.chance(wall_rate) ? 0 : rng.range(1, 3); });
}

Point random_passable(Rng& rng, const CostMap& map) {
  for (int tries = 0; tries < 10000; ++tries) {
    const Point p{rng.range(0, map.width() - 1), rng.range(0, map.height() - 1)};
    if (map.passable(p)) return p;
  }
  return {0, 0};
}

Movement random_movement(Rng& rng) {
  Movement m;
  m.connectivity = rng.chance(0.3) ? Connectivity::four : Connectivity::eight;
  m.corners = static_cast<CornerCutting>(rng.range(0, 2));
  return m;
}

// A shortest walk by plain breadth-first search over allowed steps (empty if unreachable).
std::vector<Point> bfs_route(const CostMap& map, Point from, Point to, const Movement& m) {
  Grid<Point> parent(map.size(), Point{-1, -1});
  Grid<char> seen(map.size(), 0);
  std::deque<Point> open{from};
  seen[from] = 1;
  while (!open.empty()) {
    const Point c = open.front();
    open.pop_front();
    if (c == to) break;
    for (const Point d : k_directions8) {
      const Point n = c + d;
      if (!map.in_bounds(n) || seen[n] || !allowed_step(map, c, n, m)) continue;
      seen[n] = 1;
      parent[n] = c;
      open.push_back(n);
    }
  }
  if (!seen[to]) return {};
  std::vector<Point> route{to};
  while (route.back() != from)
    route.push_back(parent[route.back()]);
  std::reverse(route.begin(), route.end());
  return route;
}

TEST(ScentMap, MarksDecodeToTheirTurnAndDistance) {
  Rng rng(71);
  for (const int spread : {1, 2, 9, 32, 100, 1000}) {
    const int side = std::min(2 * spread + 1, 41);
    ScentMap scent({side, side}, spread);
    const Point player{side / 2, side / 2};
    const std::int32_t max_turn = std::numeric_limits<std::int32_t>::max() / spread;
    std::vector<std::int32_t> turns{1, 2, max_turn};
    for (int i = 0; i < 40; ++i)
      turns.push_back(rng.range(3, max_turn - 1));
    std::sort(turns.begin(), turns.end());
    turns.erase(std::unique(turns.begin(), turns.end()), turns.end());
    for (const std::int32_t turn : turns) {
      const int d = rng.range(0, std::min(spread - 1, side / 2));
      const Point cell{player.x + d, player.y - rng.range(0, d)};
      const std::vector<Point> seen{cell};
      scent.lay(player, turn, seen);
      const std::int32_t mark = scent.at(cell);
      ASSERT_EQ(std::int64_t{mark}, std::int64_t{spread} * turn - d);
      EXPECT_EQ(scent.turn_of(mark), turn) << "spread " << spread;
      EXPECT_EQ(scent.distance_of(mark), d) << "spread " << spread;
    }
  }
  const ScentMap scent({3, 3});
  EXPECT_EQ(scent.turn_of(0), 0);
  EXPECT_EQ(scent.distance_of(0), 0);
  EXPECT_EQ(scent.at({-1, 0}), 0);
  EXPECT_EQ(scent.at({3, 0}), 0);
}

TEST(ScentMap, LayKeepsTheLargerMarkAndSkipsCellsOutside) {
  ScentMap scent({10, 1}, 8);
  const std::vector<Point> row{{-1, 0}, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {10, 0}};
  scent.lay({0, 0}, 1, row);
  EXPECT_EQ(scent.at({0, 0}), 8);
  EXPECT_EQ(scent.at({4, 0}), 4);
  // Same turn from farther away: the closer mark stays.
  scent.lay({7, 0}, 1, std::vector<Point>{{4, 0}, {7, 0}});
  EXPECT_EQ(scent.at({4, 0}), 5);  // 8 − 3 beats 8 − 4
  scent.lay({0, 0}, 1, row);
  EXPECT_EQ(scent.at({4, 0}), 5);
  EXPECT_EQ(scent.at({7, 0}), 8);
  EXPECT_EQ(scent.at({8, 0}), 0);
  EXPECT_EQ(scent.last_turn(), 1);
}

// lay_each is lay over the cells below the spread: the same marks from the same calls, cells
// from the spread or farther (which lay refuses) and outside the map skipped.
TEST(ScentMap, LayEachMatchesLayOverTheCellsItKeeps) {
  Rng rng(91);
  for (int round = 0; round < 50; ++round) {
    ScentMap a({30, 20}, 6), b({30, 20}, 6);
    for (std::int32_t turn = 1; turn <= 12; ++turn) {
      const Point player{static_cast<int>(rng.below(30)), static_cast<int>(rng.below(20))};
      std::vector<Point> seen{player}, kept{player};  // a view holds its origin
      for (int i = 0; i < 40; ++i) {
        const Point p{static_cast<int>(rng.below(34)) - 2, static_cast<int>(rng.below(24)) - 2};
        seen.push_back(p);
        if (chebyshev(p, player) < 6) kept.push_back(p);
      }
      a.lay(player, turn, kept);
      b.lay_each(player, turn, [&](auto&& mark) {
        for (Point p : seen)
          mark(p);
      });
      ASSERT_EQ(a.values(), b.values()) << "round " << round << " turn " << turn;
      EXPECT_EQ(b.at(player), b.top_mark(turn));
    }
    EXPECT_EQ(a, b);
    EXPECT_THROW(b.lay_each({1, 1}, 3, [](auto&&) {}), InputError);
    EXPECT_THROW(b.lay_each({30, 1}, 13, [](auto&&) {}), InputError);
  }
}

TEST(ScentMap, BadTurnsAndPointsAreInputErrors) {
  ScentMap scent({5, 5}, 4);
  const std::vector<Point> one{{1, 1}};
  EXPECT_THROW(scent.lay({1, 1}, 0, one), InputError);
  scent.lay({1, 1}, 3, one);
  scent.lay({1, 1}, 3, one);  // the same turn again is fine
  const Grid<std::int32_t> before = scent.values();
  EXPECT_THROW(scent.lay({1, 1}, 2, one), InputError);
  EXPECT_THROW(scent.lay({5, 1}, 4, one), InputError);
  EXPECT_THROW(scent.lay({-1, 0}, 4, one), InputError);
  // Seen from the spread or farther: its mark would read as an older turn.
  EXPECT_THROW(scent.lay({0, 0}, 4, std::vector<Point>{{1, 1}, {4, 0}}), InputError);
  EXPECT_THROW(scent.lay({0, 0}, std::numeric_limits<std::int32_t>::max() / 2, one), InputError);
  EXPECT_EQ(scent.values(), before);
  EXPECT_EQ(scent.last_turn(), 3);

  EXPECT_THROW(ScentMap({3, 3}, 0), InputError);
  EXPECT_THROW(ScentMap({-1, 3}), InputError);

  const CostMap map({5, 5});
  EXPECT_THROW((void)scent.climb(CostMap({5, 4}), {1, 1}, {}, 3), InputError);
  EXPECT_THROW((void)scent.climb(map, {5, 1}, {}, 3), InputError);
  EXPECT_THROW((void)scent.climb(map, {1, 1}, {}, 3, {-1, 0}), InputError);
  EXPECT_THROW((void)scent.climb(map, {1, 1}, {}, 3, {0, -2}), InputError);
  Movement bad;
  bad.diagonal_weight = 0;
  EXPECT_THROW((void)scent.climb(map, {1, 1}, bad, 3), InputError);
  try {
    scent.lay({1, 1}, 1, one);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "scent: turn 1 comes after turn 3");
  }
}

// The monotonicity: the maximum is under the player, and along every allowed step
// away from the player the scent never increases; every mark is the best one laid.
TEST(ScentMap, FallsAwayFromThePlayerOnRandomMaps) {
  Rng rng(5150);
  for (int trial = 0; trial < 300; ++trial) {
    const Size size{rng.range(3, 30), rng.range(3, 30)};
    const CostMap map = random_map(rng, size, rng.real(0.0, 0.45));
    const Movement m = random_movement(rng);
    const int radius = rng.range(1, 12);
    const int spread = radius + rng.range(1, 20);
    ScentMap scent(size, spread);
    Oracle oracle(size, spread);
    Point player = random_passable(rng, map);
    if (!map.passable(player)) continue;
    std::int32_t turn = 0;
    for (int step = 0; step < 15; ++step) {
      turn += rng.range(1, 3);
      const std::vector<Point> seen = seen_from(map, player, radius, m);
      scent.lay(player, turn, seen);
      oracle.lay(player, turn, seen);
      for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x) {
          const std::int64_t mark = scent.at({x, y});
          ASSERT_EQ(mark, oracle.best[(Point{x, y})]);
        }

      const auto top =
          std::max_element(scent.values().cells().begin(), scent.values().cells().end());
      EXPECT_EQ(*top, spread * turn);
      EXPECT_EQ(scent.at(player), spread * turn);
      for (const Point c : seen)
        for (const Point d : k_directions8) {
          const Point n = c + d;
          if (!allowed_step(map, c, n, m) || chebyshev(n, player) <= chebyshev(c, player)) continue;
          EXPECT_LT(scent.at(n), scent.at(c)) << "trial " << trial;
        }

      // Walk on to a random neighbour.
      std::vector<Point> next;
      for (const Point d : k_directions8)
        if (allowed_step(map, player, player + d, m)) next.push_back(player + d);
      if (!next.empty()) player = rng.pick(next);
    }
  }
}

TEST(ScentMap, ClimbPicksTheStrongestNoticedNeighbourLikeABruteForceChoice) {
  Rng rng(808);
  int moved = 0, stayed = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Size size{rng.range(2, 25), rng.range(2, 25)};
    const CostMap map = random_map(rng, size, rng.real(0.0, 0.4));
    const Movement walker = random_movement(rng);
    const int radius = rng.range(1, 8);
    const int spread = radius + rng.range(1, 4);
    ScentMap scent(size, spread);
    Oracle oracle(size, spread);
    std::int32_t turn = 0;
    for (int lays = rng.range(1, 20); lays > 0; --lays) {
      turn += rng.range(1, 4);
      const Point player = random_passable(rng, map);
      const std::vector<Point> seen = seen_from(map, player, radius, random_movement(rng));
      scent.lay(player, turn, seen);
      oracle.lay(player, turn, seen);
    }
    for (int q = 0; q < 40; ++q) {
      const Point from{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
      const ScentSense sense{rng.chance(0.5) ? 0 : rng.range(1, 30),
                             rng.chance(0.5) ? 0 : rng.range(1, radius)};
      const std::int32_t now = turn + rng.range(0, 10);
      const auto got = scent.climb(map, from, walker, now, sense);
      ASSERT_EQ(got, oracle.climb(map, from, walker, now, sense)) << "trial " << trial;
      (got ? moved : stayed)++;
    }
  }
  EXPECT_GT(moved, 1000);  // both outcomes are exercised
  EXPECT_GT(stayed, 1000);
}

// The FAQ's promise: a monster that keeps stepping to its strongest neighbour finds its way
// to the player through squares the player has seen.
TEST(ScentMap, MonsterClimbingTheTrailReachesThePlayerOnLevels) {
  int chases = 0;
  for (const char* name : {"caves", "rooms", "maze"})
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Generator& gen = builtin_generators().get(name);
      const Level level = generate_level(gen, {80, 50}, seed, {});
      TileCosts doors_open;  // locked and secret doors are in the player's way too
      doors_open.door_locked = 2;
      doors_open.door_secret = 2;
      const CostMap map = CostMap::from_tiles(level.tiles, doors_open);
      const Movement m{Connectivity::eight, static_cast<CornerCutting>(seed % 3), 1, 1};
      const std::vector<Point> route =
          bfs_route(map, *level.meta.stairs.up, *level.meta.stairs.down, m);
      ASSERT_FALSE(route.empty()) << name << " " << seed;
      const std::size_t turns = std::min<std::size_t>(route.size(), 150);

      ScentMap scent(level.size());
      Grid<char> ever_seen(level.size(), 0);
      for (std::size_t t = 0; t < turns; ++t) {
        const std::vector<Point> seen = seen_from(map, route[t], 9, m);
        for (const Point p : seen)
          ever_seen[p] = 1;
        scent.lay(route[t], static_cast<std::int32_t>(t + 1), seen);
      }
      const Point player = route[turns - 1];
      const auto now = static_cast<std::int32_t>(turns);

      Rng rng(seed);
      std::vector<Point> starts{route[0]};
      for (int i = 0; i < 10; ++i) {
        const Point p = random_passable(rng, map);
        if (scent.at(p) > 0) starts.push_back(p);
      }
      for (const Point start : starts) {
        Point monster = start;
        for (int steps = 0; steps < 2000; ++steps) {
          const auto next = scent.climb(map, monster, m, now);
          if (!next) break;
          ASSERT_TRUE(allowed_step(map, monster, *next, m));
          ASSERT_TRUE(ever_seen[*next]) << "stepped off the trail";
          ASSERT_GT(scent.at(*next), scent.at(monster));
          monster = *next;
        }
        EXPECT_EQ(monster, player)
            << name << " seed " << seed << " from (" << start.x << "," << start.y << ")";
        ++chases;
      }
    }
  EXPECT_GT(chases, 40);
}

// Stupid monsters ignore scent older than they care for.
TEST(ScentMap, MaxAgeIgnoresOldScent) {
  const CostMap map({40, 5});
  const Movement m;
  ScentMap scent(map.size());
  // Turn 1 on the left; turns 2..60 on the right, out of reach of the left.
  scent.lay({2, 2}, 1, seen_from(map, {2, 2}, 2, m));
  for (std::int32_t t = 2; t <= 60; ++t)
    scent.lay({37, 2}, t, seen_from(map, {37, 2}, 2, m));
  const Point monster{4, 2};
  EXPECT_EQ(scent.climb(map, monster, m, 60, {50, 0}), std::nullopt);
  EXPECT_EQ(scent.climb(map, monster, m, 60, {59, 0}), (Point{3, 2}));
  EXPECT_EQ(scent.climb(map, monster, m, 60, {}), (Point{3, 2}));
  EXPECT_EQ(scent.climb(map, monster, m, 20, {50, 0}), (Point{3, 2}));
  // Fresh scent is followed whatever the age limit.
  EXPECT_EQ(scent.climb(map, {35, 2}, m, 60, {1, 0}), (Point{36, 2}));
}

// Scent trackers notice only marks laid from close by: from k + 1 cells away from where the
// player stood they step in, from k + 2 they smell nothing.
TEST(ScentMap, MaxDistanceIgnoresScentSeenFromAfar) {
  const CostMap map({21, 21});
  const Movement m;
  const Point player{10, 10};
  ScentMap scent(map.size());
  scent.lay(player, 1, seen_from(map, player, 10, m));
  for (int k = 1; k <= 8; ++k) {
    const ScentSense tracker{0, k};
    const auto near = scent.climb(map, {10 + k + 1, 10}, m, 1, tracker);
    EXPECT_EQ(near, (Point{10 + k, 10})) << k;  // W: the first ring-k neighbour in order
    EXPECT_EQ(scent.climb(map, {10 + k + 2, 10}, m, 1, tracker), std::nullopt) << k;
  }
}

}  // namespace
}  // namespace yendor::path
