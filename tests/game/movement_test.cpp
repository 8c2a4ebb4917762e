// Movement: walls refuse without time passing, doors open by bumping, peaceful monsters are
// not attacked, confusion sends steps astray, rest stops when disturbed, monsters chase and
// attack, sleep and wake, stay off lava; the stairs.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/game_fixture.hpp"
#include "support/game_test_content.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;
using testing::count;
using testing::move;
using testing::tile;

Action rest(int count) {
  return Action{ActionType::rest, {}, 0, {}, count, 0};
}
Action plain(ActionType t) {
  return Action{t, {}, 0, {}, 0, 0};
}

// The goblin archer's chance to fire a turn, from the test content.
double game_chance() {
  const Content& c = *testing::shared_test_content();
  return c.monsters[static_cast<std::size_t>(c.monster_index("goblin_archer"))].ranged->chance;
}

TEST(Movement, WallsAndOtherObstaclesRefuseWithoutTime) {
  Game game = ascii_game({
      "#####",
      "#T@W#",
      "#.:V#",
      "#####",
  });
  const GameState before = game.state();
  for (Point d : k_directions8) {
    const Point to = game.state().player.pos + d;
    const Tile t = game.level().level.tiles[to];
    if (t == Tile::floor || t == Tile::lava) continue;  // the player may wade into lava
    const auto& events = game.step(move(d));
    EXPECT_EQ(count(events, EventKind::refused), 1) << "toward " << tile_info(t).name;
    EXPECT_EQ(game.state().player.pos, before.player.pos);
  }
  EXPECT_EQ(game.state().time, before.time);
  EXPECT_EQ(game.state().info.turns, 0);
  EXPECT_EQ(game.state().world_rng, before.world_rng);
}

TEST(Movement, AStepMovesOneCellAndTakesOneTurn) {
  Game game = ascii_game({
      "#####",
      "#@..#",
      "#####",
  });
  game.step(move({1, 0}));
  EXPECT_EQ(game.state().player.pos, (Point{2, 1}));
  EXPECT_EQ(game.state().time, k_turn_ticks);
  EXPECT_EQ(game.state().info.turns, 1);
  EXPECT_EQ(occupant_at(game.level(), {2, 1}), k_player_id);
  EXPECT_EQ(occupant_at(game.level(), {1, 1}), 0u);
}

TEST(Movement, BumpingAClosedDoorOpensIt) {
  Game game = ascii_game({
      "#####",
      "#@+.#",
      "#####",
  });
  const int cost = do_move(game, move({1, 0}));
  EXPECT_EQ(cost, k_action_cost);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_open);
  EXPECT_EQ(game.state().player.pos, (Point{1, 1}));  // opening takes the turn
  EXPECT_EQ(count(game.events(), EventKind::door), 1);
  EXPECT_FALSE(game.level().opacity.opaque({2, 1}));
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(game.state().player.pos, (Point{2, 1}));
}

TEST(Movement, OpenAndCloseDoors) {
  Game game = ascii_game({
      "#####",
      "#@+.#",
      "#####",
  });
  EXPECT_EQ(do_close(game, plain(ActionType::close)), 0);            // nothing open
  EXPECT_EQ(do_open(game, plain(ActionType::open)), k_action_cost);  // the one next to you
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_open);
  EXPECT_EQ(do_open(game, Action{ActionType::open, {1, 0}, 0, {}, 0, 0}), 0);
  EXPECT_EQ(do_close(game, Action{ActionType::close, {1, 0}, 0, {}, 0, 0}), k_action_cost);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_closed);
  EXPECT_TRUE(game.level().opacity.opaque({2, 1}));
}

TEST(Movement, APeacefulMonsterIsNotAttacked) {
  Game game = ascii_game({
      "#####",
      "#@r.#",
      "#####",
  });
  Actor& rat = game.level().monsters[0];
  rat.peaceful = true;
  const int hp = rat.hp;
  EXPECT_EQ(do_move(game, move({1, 0})), 0);
  EXPECT_EQ(count(game.events(), EventKind::refused), 1);
  EXPECT_EQ(rat.hp, hp);
  // And it never acts: it stands still however long the player waits.
  for (int i = 0; i < 20; ++i)
    game.step(plain(ActionType::wait));
  EXPECT_EQ(game.level().monsters[0].pos, (Point{2, 1}));
}

TEST(Movement, BumpingAHostileMonsterAttacksIt) {
  Game game = ascii_game({
      "#####",
      "#@r.#",
      "#####",
  });
  int cost = 0;
  cost = do_move(game, move({1, 0}));
  EXPECT_EQ(cost, k_action_cost);
  EXPECT_EQ(game.state().player.pos, (Point{1, 1}));
  EXPECT_GE(count(game.events(), EventKind::attack_hit) +
                count(game.events(), EventKind::attack_miss) +
                count(game.events(), EventKind::blocked),
            1);
}

// Property: a confused step goes a random way half the time, so 7/16 of the steps leave the
// chosen direction (the random way is the chosen one 1 time in 8).
TEST(Movement, ConfusionSendsStepsAstray) {
  Game game = ascii_game({
      "#######",
      "#.....#",
      "#.....#",
      "#..@..#",
      "#.....#",
      "#.....#",
      "#######",
  });
  Actor& player = game.state().player;
  player.status[static_cast<std::size_t>(Status::confusion)] = 1'000'000;
  const Point centre = player.pos;
  const int trials = 4000;
  int astray = 0;
  for (int i = 0; i < trials; ++i) {
    game.events().clear();
    EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
    if (player.pos != centre + Point{1, 0}) ++astray;
    move_actor(game, player, centre);
  }
  EXPECT_NEAR(astray / static_cast<double>(trials), 7.0 / 16.0, 0.04);
}

TEST(Movement, ItemsUnderfootAreDescribed) {
  Game game = ascii_game({
      "#####",
      "#@..#",
      "#####",
  });
  place_item(game, game.level(), make_item(game, game.content().item_index("dagger")), {2, 1});
  do_move(game, move({1, 0}));
  bool described = false;
  for (const Event& e : game.events())
    described = described || e.text.find("You see here a dagger") != std::string::npos;
  EXPECT_TRUE(described);
}

TEST(Rest, StopsWhenAMonsterComesIntoView) {
  Game game = ascii_game({
      "###################",
      "#@.......#........#",
      "#........+......r.#",
      "#........#........#",
      "###################",
  });
  Actor& rat = game.level().monsters[0];
  rat.memory.has_target = true;  // it heard something: it comes to look
  rat.memory.target = {2, 2};
  game.step(rest(200));
  EXPECT_LT(game.state().info.turns, 200);
  EXPECT_GT(game.state().info.turns, 3);
  // It stopped because the rat is in view now.
  EXPECT_TRUE(game.view().visible(game.level().monsters[0].pos));
}

TEST(Rest, RunsItsCountWhenUndisturbedAndUntilHealed) {
  Game game = ascii_game({
      "#####",
      "#@..#",
      "#####",
  });
  game.step(rest(30));
  EXPECT_EQ(game.state().info.turns, 30);
  EXPECT_EQ(game.state().time, 30 * k_turn_ticks);
  // Full health: resting "until healed" is refused.
  EXPECT_EQ(count(game.step(rest(0)), EventKind::refused), 1);
  Actor& player = game.state().player;
  player.hp = player.max_hp - 3;
  game.step(rest(0));
  EXPECT_EQ(player.hp, player.max_hp);
  EXPECT_LE(game.state().info.turns, 30 + 1000);
}

TEST(Monsters, ChaseAndAttackTheSeenPlayer) {
  Game game = ascii_game({
      "##########",
      "#@.......#",
      "#......r.#",
      "##########",
  });
  Actor& player = game.state().player;
  player.hp = player.max_hp = 10'000;  // survive to count
  int attacks = 0;
  for (int i = 0; i < 30; ++i) {
    const auto& events = game.step(plain(ActionType::wait));
    for (const Event& e : events)
      if ((e.kind == EventKind::attack_hit || e.kind == EventKind::attack_miss ||
           e.kind == EventKind::blocked) &&
          e.actor != k_player_id)
        ++attacks;
  }
  // Six steps to close in, then one attack a turn.
  EXPECT_GE(attacks, 20);
  EXPECT_EQ(chebyshev(game.level().monsters[0].pos, player.pos), 1);
}

TEST(Monsters, SleepersWakeWhenThePlayerIsNextToThem) {
  Game game = ascii_game({
      "#######",
      "#@r...#",
      "#.....#",
      "#....o#",
      "#######",
  });
  for (Actor& m : game.level().monsters)
    m.memory.awake = false;
  game.state().player.hp = game.state().player.max_hp = 10'000;
  game.step(plain(ActionType::wait));
  EXPECT_TRUE(game.level().monsters[0].memory.awake);  // adjacent: always
  // The orc sees the player: it wakes within a few turns (1 in 3 a turn), never stays asleep
  // for long; run a few seeds.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Game g = ascii_game({"#######", "#@....#", "#.....#", "#....o#", "#######"}, seed);
    g.level().monsters[0].memory.awake = false;
    int turns = 0;
    while (!g.level().monsters[0].memory.awake && turns < 60) {
      g.step(plain(ActionType::wait));
      ++turns;
    }
    EXPECT_LT(turns, 60) << "seed " << seed;
  }
}

TEST(Monsters, SleepersOutOfSightStayAsleep) {
  Game game = ascii_game({
      "###########",
      "#@...#...r#",
      "###########",
  });
  game.level().monsters[0].memory.awake = false;
  for (int i = 0; i < 50; ++i)
    game.step(plain(ActionType::wait));
  EXPECT_FALSE(game.level().monsters[0].memory.awake);
  EXPECT_EQ(game.level().monsters[0].pos, (Point{9, 1}));
}

TEST(Monsters, NeverStepOntoLavaOrAcrossAChasm) {
  Game game = ascii_game({
      "###########",
      "#@..V:V..r#",
      "#...V:V...#",
      "###########",
  });
  for (int i = 0; i < 100; ++i) {
    game.step(plain(ActionType::wait));
    const Tile t = game.level().level.tiles[game.level().monsters[0].pos];
    ASSERT_TRUE(t == Tile::floor) << tile_info(t).name;
  }
}

TEST(Monsters, OpenDoorsOnTheWay) {
  Game game = ascii_game({
      "#########",
      "#@..+..r#",
      "#########",
  });
  Actor& rat = game.level().monsters[0];
  rat.memory.has_target = true;
  rat.memory.target = {2, 1};
  game.state().player.hp = game.state().player.max_hp = 10'000;
  for (int i = 0; i < 10; ++i)
    game.step(plain(ActionType::wait));
  EXPECT_EQ(tile(game, {4, 1}), Tile::door_open);
  EXPECT_LT(game.level().monsters[0].pos.x, 4);
}

// Property over seeds: an archer in range with a clear line fires on its turn with its
// kind's chance (0.6 in the test content) and otherwise closes in.
TEST(Monsters, ArchersFireWithTheirKindsChance) {
  const int seeds = 200;
  int fired = 0;
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    Game game = ascii_game({"##########", "#@.....a.#", "##########"}, seed);
    game.state().player.hp = game.state().player.max_hp = 10'000;
    const Point start = game.level().monsters[0].pos;
    std::vector<Event> events;
    events = game.step(plain(ActionType::wait));
    const int shots = count(events, EventKind::fired);
    const bool moved = game.level().monsters[0].pos != start;
    EXPECT_NE(shots == 1, moved) << "seed " << seed;  // one or the other, never both
    fired += shots;
  }
  const double chance = game_chance();
  EXPECT_NEAR(fired / static_cast<double>(seeds), chance, 0.12);
}

TEST(Monsters, ArchersDoNotShootThroughOtherMonsters) {
  Game game = ascii_game({
      "#########",
      "#@...ra.#",
      "#########",
  });
  game.level().monsters[0].peaceful = true;  // the rat stays in the way
  game.state().player.hp = game.state().player.max_hp = 10'000;
  int shots = 0;
  for (int i = 0; i < 30; ++i)
    shots += count(game.step(plain(ActionType::wait)), EventKind::fired);
  EXPECT_EQ(shots, 0);
  EXPECT_EQ(game.level().monsters[1].pos, (Point{6, 1}));
}

TEST(Monsters, SeeThePlayerExactlyWhenThePlayerSeesThem) {
  // Symmetric sight within the monster's vision: compare with the player's view on a
  // cluttered map, for a monster on every floor cell.
  Game game = ascii_game({
      "####################",
      "#@.....#...........#",
      "#..##..#..######...#",
      "#..#...+.......#...#",
      "#......#..#....#...#",
      "#####.###.#........#",
      "#.........#........#",
      "####################",
  });
  game.update_view();
  const int kind = 0;  // rat: vision 8
  const int vision = game.content().monsters[0].vision;
  int seen = 0;
  for (int y = 0; y < game.level().level.height(); ++y)
    for (int x = 0; x < game.level().level.width(); ++x) {
      const Point p{x, y};
      if (!tile_info(game.level().level.tiles[p]).passable || p == game.state().player.pos)
        continue;
      Actor m = testing::test_monster(game.content(), kind, p);
      const bool in_range =
          distance_squared(p, game.state().player.pos) <= std::int64_t{vision} * (vision + 1);
      const bool expected = game.view().visible(p) && in_range;
      EXPECT_EQ(monster_sees_player(game, m), expected) << x << "," << y;
      seen += expected ? 1 : 0;
    }
  EXPECT_GT(seen, 10);
}

TEST(Stairs, AscendingFromTheFirstLevelIsRefused) {
  Game game = ascii_game({
      "#####",
      "#@<.#",
      "#####",
  });
  EXPECT_EQ(do_ascend(game, plain(ActionType::ascend)), 0);  // not on the stairs
  move_actor(game, game.state().player, {2, 1});
  game.events().clear();
  EXPECT_EQ(do_ascend(game, plain(ActionType::ascend)), 0);
  ASSERT_EQ(count(game.events(), EventKind::refused), 1);
  EXPECT_NE(game.events()[0].text.find("sealed"), std::string::npos);
  EXPECT_EQ(do_descend(game, plain(ActionType::descend)), 0);  // not '>'
}

// Descending and ascending in a real dungeon (the dungeon helper's change_level).
TEST(Stairs, DownAndBackUpReturnsToTheSameLevel) {
  std::unique_ptr<Game> game;
  game = std::make_unique<Game>(testing::shared_test_content(), GameOptions{5, "T", 0, {}});
  GameState& s = game->state();
  ASSERT_EQ(s.depth, 1);
  const auto down = game->level().level.meta.stairs.down;
  ASSERT_TRUE(down.has_value());
  if (Actor* other = actor_at(*game, *down); other != nullptr && other->id != k_player_id)
    remove_monster(*game, other->id);
  move_actor(*game, s.player, *down);
  // Levitating: refused.
  s.player.status[static_cast<std::size_t>(Status::levitation)] = 5;
  EXPECT_EQ(count(game->step(plain(ActionType::descend)), EventKind::refused), 1);
  EXPECT_EQ(s.depth, 1);
  s.player.status[static_cast<std::size_t>(Status::levitation)] = 0;
  game->step(plain(ActionType::descend));
  ASSERT_EQ(s.depth, 2);
  EXPECT_EQ(game->level().level.tiles[s.player.pos], Tile::stairs_up);
  game->step(plain(ActionType::ascend));
  EXPECT_EQ(s.depth, 1);
  EXPECT_EQ(s.player.pos, *down);
}

}  // namespace
}  // namespace yendor::game
