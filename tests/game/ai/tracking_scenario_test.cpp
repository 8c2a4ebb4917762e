// How monsters find and follow the player in the real game (game/tracking, monster_turn's
// View): the chase brain steps round a pillar; fights and doors wake sleepers that hear them,
// walls stop the sound; a tracker follows the scent round a corner; the shared chase map is
// the true walking distance (an independent BFS), and far steps lead to the target.
#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "game/ai/scenario.hpp"
#include "support/game_fixture.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/tracking.hpp"
#include "yendor/game/world.hpp"
#include "yendor/path/dijkstra_map.hpp"

namespace yendor::game {
namespace {

using testing::move_action;
using testing::wait_action;

std::shared_ptr<const Content> plain() {
  return std::make_shared<const Content>(testing::test_content());
}

// Eight-way walking distances from `from` over the level's passable cells - the test's own
// oracle (its maps have no doors).
Grid<int> bfs(const LevelState& level, Point from) {
  Grid<int> d(level.level.size(), -1);
  std::deque<Point> open{from};
  d[from] = 0;
  while (!open.empty()) {
    const Point p = open.front();
    open.pop_front();
    for (Point dir : k_directions8) {
      const Point n = p + dir;
      if (!d.in_bounds(n) || d[n] >= 0 || !tile_info(level.level.tiles[n]).passable) continue;
      d[n] = d[p] + 1;
      open.push_back(n);
    }
  }
  return d;
}

TEST(TrackingScenario, ChaseStepsRoundAPillarWithoutStopping) {
  const auto content = plain();
  Game game(content, testing::ascii_state(
                         {
                             "#########",
                             "#.......#",
                             "#..r#.@.#",
                             "#.......#",
                             "#########",
                         },
                         *content, 4));
  // It saw the player, who stepped behind the pillar: it heads for where he was.
  Actor& rat = game.level().monsters.at(0);
  ASSERT_FALSE(monster_sees_player(game, rat));
  rat.memory.has_target = true;
  rat.memory.target = game.state().player.pos;
  int turns = 0;
  while (chebyshev(game.level().monsters.at(0).pos, game.state().player.pos) > 1) {
    ASSERT_LT(++turns, 4) << "the rat did not get round the pillar";
    const Point before = game.level().monsters.at(0).pos;
    game.step(wait_action());
    EXPECT_NE(game.level().monsters.at(0).pos, before) << "it stood still on turn " << turns;
  }
}

// A goblin asleep behind a wall, out of sight: the player's fight with a rat carries round the
// wall's end and wakes it; with the wall closed the sound cannot reach it and it sleeps on.
TEST(TrackingScenario, AFightWakesASleeperThatHearsItAndWallsStopTheSound) {
  const auto content = plain();
  for (const bool open_wall : {true, false}) {
    Game game(content, testing::ascii_state(
                           {
                               "##########",
                               "#...#....#",
                               "#@r.#..g.#",
                               std::string("#...") + (open_wall ? "." : "#") + "....#",
                               "##########",
                           },
                           *content, 8));
    Actor* goblin = nullptr;
    for (Actor& m : game.level().monsters)
      if (content->monsters[static_cast<std::size_t>(m.kind)].id == "goblin") goblin = &m;
    ASSERT_NE(goblin, nullptr);
    goblin->memory.awake = false;
    const ActorId goblin_id = goblin->id;
    ASSERT_FALSE(monster_sees_player(game, *goblin));
    game.step(move_action({1, 0}));  // attacks the rat
    const Actor* g = find_actor(game, goblin_id);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->memory.awake, open_wall) << (open_wall ? "open" : "walled");
  }
}

TEST(TrackingScenario, OpeningADoorWakesASleeperNearIt) {
  const auto content = plain();
  Game game(content, testing::ascii_state(
                         {
                             "##########",
                             "#...#....#",
                             "#.@.+.#g.#",
                             "#...#.#..#",
                             "##########",
                         },
                         *content, 9));
  Actor& goblin = game.level().monsters.at(0);
  goblin.memory.awake = false;
  ASSERT_FALSE(monster_sees_player(game, goblin));
  game.step(move_action({1, 0}));
  ASSERT_FALSE(game.level().monsters.at(0).memory.awake);
  game.step(move_action({1, 0}));  // opens the door
  EXPECT_EQ(game.level().level.tiles[Point(4, 2)], Tile::door_open);
  EXPECT_TRUE(game.level().monsters.at(0).memory.awake);
}

// The player walks along a corridor and round a corner. A tracker that never saw him, put
// at the corridor's start afterwards, follows the scent he left on the cells he saw.
TEST(TrackingScenario, ATrackerFollowsTheScentRoundACorner) {
  const auto content = testing::kind_with_brain("rat", "stateless", "tracker");
  Game game(content, testing::ascii_state(
                         {
                             "##############",
                             "#@...........#",
                             "############.#",
                             "############.#",
                             "############.#",
                             "############.#",
                             "##############",
                         },
                         *content, 11));
  std::vector<Point> walk(10, Point{1, 0});
  walk.push_back({1, 1});
  walk.insert(walk.end(), 3, Point{0, 1});
  for (Point d : walk)
    game.step(move_action(d));
  ASSERT_EQ(game.state().player.pos, (Point{12, 5}));
  int rat_kind = -1;
  for (std::size_t i = 0; i < content->monsters.size(); ++i)
    if (content->monsters[i].id == "rat") rat_kind = static_cast<int>(i);
  const ActorId rat_id =
      add_monster(game, game.level(), testing::test_monster(*content, rat_kind, {2, 1})).id;
  ASSERT_FALSE(monster_sees_player(game, *find_actor(game, rat_id)));
  bool reached = false;
  for (int turn = 0; turn < 20 && !reached && !game.over(); ++turn) {
    game.step(wait_action());
    const Actor* rat = find_actor(game, rat_id);
    ASSERT_NE(rat, nullptr);
    reached = chebyshev(rat->pos, game.state().player.pos) <= 1;
  }
  EXPECT_TRUE(reached) << "the rat did not follow the trail";
}

// The shared chase map is the walking distance from the player within the window, on random
// cave-like maps; unreachable outside the window.
TEST(TrackingScenario, TheSharedChaseMapIsTheWalkingDistance) {
  const auto content = plain();
  Rng rng(21);
  for (int round = 0; round < 20; ++round) {
    std::vector<std::string> rows(30, std::string(40, '.'));
    for (auto& row : rows)
      row.front() = row.back() = '#';
    rows.front() = rows.back() = std::string(40, '#');
    for (int i = 0; i < 300; ++i)
      rows[1 + rng.below(28)][1 + rng.below(38)] = '#';
    rows[15][20] = '@';
    Game game(content, testing::ascii_state(rows, *content, 2));
    const Point player = game.state().player.pos;
    const Grid<int> truth = bfs(game.level(), player);
    for (int y = 0; y < 30; ++y)
      for (int x = 0; x < 40; ++x) {
        const Point p{x, y};
        const path::Distance d = game.tracking().chase_distance(game, p);
        if (truth[p] < 0 || chebyshev(p, player) > k_chase_window) {
          EXPECT_EQ(d, path::k_unreachable) << x << "," << y;
        } else {
          EXPECT_EQ(d, truth[p]) << x << "," << y << " round " << round;
        }
      }
  }
}

// Beyond the chase window, far steps (hierarchical paths) lead a walker to its target on a
// long level, in not many more steps than the shortest walk.
TEST(TrackingScenario, FarStepsLeadToATargetBeyondTheWindow) {
  const auto content = plain();
  std::vector<std::string> rows(9, std::string(90, '#'));
  for (int x = 1; x < 89; ++x)
    rows[2][x] = rows[6][x] = '.';
  for (int y = 2; y <= 6; ++y)
    rows[y][1] = rows[y][45] = rows[y][88] = '.';
  rows[6][2] = '@';
  Game game(content, testing::ascii_state(rows, *content, 3));
  const Point target{87, 2};
  Point at{2, 2};
  const int shortest = bfs(game.level(), target)[at];
  ASSERT_GT(shortest, k_chase_window);
  int steps = 0;
  while (at != target) {
    const Point d = game.tracking().far_step(game, at, target);
    ASSERT_NE(d, Point{}) << "no step at " << at.x << "," << at.y;
    ASSERT_EQ(chebyshev(d, Point{}), 1);
    at = at + d;
    ASSERT_TRUE(tile_info(game.level().level.tiles[at]).passable);
    ASSERT_LE(++steps, shortest * 3 / 2) << "the far path wanders";
  }
}

}  // namespace
}  // namespace yendor::game
