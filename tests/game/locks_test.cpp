// The locks of cyclic levels in play (map/locks.hpp): each realization on a small drawn level
// with its LockInfo / KeyInfo records added by hand, as the cyclic generator records them.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "game/item_test_support.hpp"
#include "support/game_fixture.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;
using testing::count;
using testing::move;
using testing::tile;

Action operate() {
  return Action{ActionType::operate, {}, 0, {}, 0, 0};
}
Action wait() {
  return Action{};
}

LockInfo& add_lock(Game& game, std::string kind, std::vector<Point> cells) {
  LevelState& level = game.level();
  LockInfo lock;
  lock.id = static_cast<int>(level.level.meta.locks.size()) + 1;
  lock.kind = std::move(kind);
  lock.cells = std::move(cells);
  level.level.meta.locks.push_back(lock);
  level.lock_open.resize(level.level.meta.locks.size(), 0);
  return level.level.meta.locks.back();
}

KeyInfo& add_key(Game& game, std::string kind, Point pos, LockInfo& lock, bool fixed) {
  LevelState& level = game.level();
  KeyInfo key;
  key.id = static_cast<int>(level.level.meta.keys.size()) + 1;
  key.kind = std::move(kind);
  key.pos = pos;
  key.fixed = fixed;
  key.locks = {lock.id};
  lock.keys.push_back(key.id);
  level.level.meta.keys.push_back(key);
  return level.level.meta.keys.back();
}

// A key item for KeyInfo `key` of this depth, put in the player's pack.
void give_key(Game& game, int key) {
  Item item = make_item(game, game.content().item_index("key"));
  item.key = key;
  item.key_depth = game.level().depth;
  item.letter = 'a';
  game.state().player.inventory.push_back(item);
}

TEST(LockedDoor, RefusesWithoutTheKeyAndOpensWithIt) {
  Game game = ascii_game({
      "#####",
      "#@L.#",
      "#####",
  });
  LockInfo& lock = add_lock(game, "locked_door", {{2, 1}});
  add_key(game, "key", {0, 0}, lock, false);
  EXPECT_FALSE(has_key_for(game, 0));
  const auto& refused = game.step(move({1, 0}));
  EXPECT_EQ(count(refused, EventKind::refused), 1);
  EXPECT_EQ(game.state().time, 0);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_locked);
  // A key of another depth or another lock does not fit.
  give_key(game, 7);
  EXPECT_FALSE(has_key_for(game, 0));
  game.state().player.inventory.clear();
  give_key(game, 1);
  EXPECT_TRUE(has_key_for(game, 0));
  game.events().clear();
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_open);
  EXPECT_EQ(game.level().lock_open[0], 1);
  EXPECT_EQ(count(game.events(), EventKind::lock_opened), 1);
  EXPECT_EQ(game.state().player.inventory.size(), 1u);  // not consumed: kept
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(game.state().player.pos, (Point{2, 1}));
}

TEST(LockedDoor, AConsumedKeyIsUsedUp) {
  Game game = ascii_game({
      "#####",
      "#@L.#",
      "#####",
  });
  LockInfo& lock = add_lock(game, "locked_door", {{2, 1}});
  KeyInfo& key = add_key(game, "key", {0, 0}, lock, false);
  key.consumed = true;
  give_key(game, 1);
  const std::int64_t destroyed = game.state().items_destroyed;
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_open);
  EXPECT_TRUE(game.state().player.inventory.empty());
  EXPECT_EQ(game.state().items_destroyed, destroyed + 1);
}

TEST(LockedDoor, AnAsymmetricalLockOpensOnlyFromItsEntrySide) {
  Game game = ascii_game({
      "#####",
      "#.L@#",
      "#####",
  });
  LockInfo& lock = add_lock(game, "locked_door", {{2, 1}});
  lock.direction = LockDirection::asymmetrical;
  lock.entry = Point{1, 1};
  add_key(game, "key", {0, 0}, lock, false);
  give_key(game, 1);
  EXPECT_EQ(do_move(game, move({-1, 0})), 0);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_locked);
  move_actor(game, game.state().player, {1, 1});
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_open);
}

TEST(LockedDoor, ADoorWithoutALockRecordCanBeForced) {
  Game game = ascii_game({
      "#####",
      "#@L.#",
      "#####",
  });
  EXPECT_EQ(do_move(game, move({1, 0})), 0);  // bumping: just locked
  int tries = 0;
  while (tile(game, {2, 1}) == Tile::door_locked && tries < 200) {
    EXPECT_EQ(do_open(game, Action{ActionType::open, {1, 0}, 0, {}, 0, 0}), k_action_cost);
    ++tries;
  }
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_open);
  EXPECT_GT(tries, 0);
}

TEST(BarredDoor, ALeverOpensTheBars) {
  Game game = ascii_game({
      "######",
      "#/@B.#",
      "######",
  });
  LockInfo& lock = add_lock(game, "barred_door", {{3, 1}});
  add_key(game, "lever", {1, 1}, lock, true);
  EXPECT_EQ(do_move(game, move({1, 0})), 0);
  EXPECT_FALSE(game.level().opacity.opaque({3, 1}));      // bars: you see through
  EXPECT_EQ(do_operate(game, operate()), k_action_cost);  // the lever next to the player
  EXPECT_EQ(tile(game, {3, 1}), Tile::door_open);
  EXPECT_EQ(game.level().lock_open[0], 1);
  // Permanent: pulling again changes nothing, and the bars cannot be closed by hand.
  EXPECT_EQ(do_operate(game, operate()), k_action_cost);
  EXPECT_EQ(tile(game, {3, 1}), Tile::door_open);
  EXPECT_EQ(do_close(game, Action{ActionType::close, {1, 0}, 0, {}, 0, 0}), 0);
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(game.state().player.pos, (Point{3, 1}));
}

TEST(BarredDoor, AReversibleLeverToggles) {
  Game game = ascii_game({
      "######",
      "#/@B.#",
      "######",
  });
  LockInfo& lock = add_lock(game, "barred_door", {{3, 1}});
  lock.duration = LockDuration::reversible;
  add_key(game, "lever", {1, 1}, lock, true);
  for (int i = 0; i < 4; ++i) {
    do_operate(game, Action{ActionType::operate, {-1, 0}, 0, {}, 0, 0});
    EXPECT_EQ(tile(game, {3, 1}), i % 2 == 0 ? Tile::door_open : Tile::door_barred);
    EXPECT_EQ(game.level().lock_open[0], i % 2 == 0 ? 1 : 0);
  }
}

TEST(TimedGate, ClosesAfterItsTimeButNotOnSomeone) {
  Game game = ascii_game({
      "######",
      "#/@B.#",
      "######",
  });
  LockInfo& lock = add_lock(game, "timed_gate", {{3, 1}});
  lock.duration = LockDuration::temporary;
  add_key(game, "lever", {1, 1}, lock, true);
  game.step(operate());
  ASSERT_EQ(tile(game, {3, 1}), Tile::door_open);
  int open_turns = 0;
  while (tile(game, {3, 1}) == Tile::door_open && open_turns < 100) {
    game.step(wait());
    ++open_turns;
  }
  // Open for its 20 turns (give or take the turn it closes on).
  EXPECT_GE(open_turns, 19);
  EXPECT_LE(open_turns, 21);
  EXPECT_EQ(tile(game, {3, 1}), Tile::door_barred);
  EXPECT_EQ(game.level().lock_open[0], 0);
  // Again, standing in the gate: it stays open while the player is there.
  game.step(operate());
  game.step(move({1, 0}));
  ASSERT_EQ(game.state().player.pos, (Point{3, 1}));
  for (int i = 0; i < 40; ++i)
    game.step(wait());
  EXPECT_EQ(tile(game, {3, 1}), Tile::door_open);
  game.step(move({1, 0}));
  game.step(wait());
  EXPECT_EQ(tile(game, {3, 1}), Tile::door_barred);
}

TEST(Lava, BurnsWithoutFireResistanceAndNotWithIt) {
  for (bool resistant : {false, true}) {
    Game game = ascii_game({
        "######",
        "#@VV.#",
        "######",
    });
    Actor& player = game.state().player;
    player.hp = player.max_hp = 200;
    if (resistant) player.status[static_cast<std::size_t>(Status::fire_resistance)] = 50;
    game.step(move({1, 0}));
    ASSERT_EQ(player.pos, (Point{2, 1}));
    const int after_one = player.hp;
    game.step(move({1, 0}));
    const int after_two = player.hp;
    game.step(move({1, 0}));
    EXPECT_EQ(player.pos, (Point{4, 1}));
    if (resistant) {
      EXPECT_GE(after_one, 200 - 1);  // (regeneration aside) nothing burnt
      EXPECT_GE(after_two, 200 - 1);
    } else {
      EXPECT_LE(after_one, 200 - 10 + 1);  // 10+ a turn spent on it (+1 regeneration)
      EXPECT_LE(after_two, after_one - 10 + 1);
      EXPECT_GE(after_one, 200 - 16);
    }
  }
}

TEST(Lava, CanKillAndSaysSo) {
  Game game = ascii_game({
      "######",
      "#@VV.#",
      "######",
  });
  game.state().player.hp = 5;
  game.step(move({1, 0}));
  EXPECT_TRUE(game.over());
  EXPECT_NE(game.state().info.cause.find("lava"), std::string::npos);
}

TEST(Chasm, ImpassableUntilABridgeLeverSpansIt) {
  Game game = ascii_game({
      "#######",
      "#.::..#",
      "#/::@.#",
      "#.::..#",
      "#######",
  });
  LockInfo& lock = add_lock(game, "chasm", {{2, 1}, {3, 1}, {2, 2}, {3, 2}, {2, 3}, {3, 3}});
  lock.bridge_cells = {{2, 2}, {3, 2}};
  add_key(game, "bridge_lever", {1, 2}, lock, true);  // across the chasm
  EXPECT_EQ(do_move(game, move({-1, 0})), 0);
  EXPECT_EQ(do_operate(game, operate()), 0);  // the lever is across the chasm
  move_actor(game, game.state().player, {1, 1});
  EXPECT_EQ(do_operate(game, operate()), k_action_cost);
  EXPECT_EQ(tile(game, {2, 2}), Tile::bridge);
  EXPECT_EQ(tile(game, {3, 2}), Tile::bridge);
  EXPECT_EQ(tile(game, {2, 1}), Tile::chasm);
  move_actor(game, game.state().player, {1, 2});
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(game.state().player.pos, (Point{3, 2}));
}

TEST(Chasm, OnlyTheLevitatingCrossIt) {
  Game game = ascii_game({
      "######",
      "#@::.#",
      "######",
  });
  Actor& player = game.state().player;
  EXPECT_EQ(do_move(game, move({1, 0})), 0);
  player.status[static_cast<std::size_t>(Status::levitation)] = 10;
  for (int i = 0; i < 3; ++i)
    game.step(move({1, 0}));
  EXPECT_EQ(player.pos, (Point{4, 1}));
}

// The generator's layout: the band across, the bridge along the middle, the entry one step
// before it on the way in.
Game collapsing_bridge_game() {
  Game game = ascii_game({
      "########",
      "#..::..#",
      "#@.==..#",
      "#..::..#",
      "########",
  });
  LockInfo& lock = add_lock(game, "collapsing_bridge", {{3, 2}, {4, 2}});
  lock.duration = LockDuration::collapsing;
  lock.entry = Point{2, 2};
  return game;
}

TEST(CollapsingBridge, FallsOnceCrossed) {
  Game game = collapsing_bridge_game();
  for (int i = 0; i < 4; ++i)
    game.step(move({1, 0}));
  EXPECT_EQ(game.state().player.pos, (Point{5, 2}));
  EXPECT_EQ(tile(game, {3, 2}), Tile::chasm);
  EXPECT_EQ(tile(game, {4, 2}), Tile::chasm);
  EXPECT_EQ(count(game.step(move({-1, 0})), EventKind::refused), 1);  // no way back
}

TEST(CollapsingBridge, StandsWhenTheWalkerTurnsBack) {
  Game game = collapsing_bridge_game();
  game.step(move({1, 0}));
  game.step(move({1, 0}));
  ASSERT_EQ(tile(game, game.state().player.pos), Tile::bridge);
  game.step(move({-1, 0}));
  game.step(move({-1, 0}));
  EXPECT_EQ(game.state().player.pos, (Point{1, 2}));
  EXPECT_EQ(tile(game, {3, 2}), Tile::bridge);
  EXPECT_EQ(tile(game, {4, 2}), Tile::bridge);
}

TEST(Ledge, CrossedOneWayOnly) {
  Game game = ascii_game({
      "#######",
      "#..v..#",
      "#@.v..#",
      "#..v..#",
      "#######",
  });
  LockInfo& lock = add_lock(game, "drop", {{3, 1}, {3, 2}, {3, 3}});
  lock.type = LockType::conditional;
  lock.direction = LockDirection::valve;
  lock.entry = Point{2, 2};
  Actor& player = game.state().player;
  // Down from the entry side: fine, also sideways along the ledge and diagonally off it.
  move_actor(game, player, {2, 2});
  EXPECT_EQ(do_move(game, move({1, 0})), k_action_cost);
  EXPECT_EQ(player.pos, (Point{3, 2}));
  EXPECT_EQ(do_move(game, move({-1, 0})), 0);  // no climbing back
  EXPECT_EQ(do_move(game, move({0, -1})), k_action_cost);
  EXPECT_EQ(do_move(game, move({1, 1})), k_action_cost);
  EXPECT_EQ(player.pos, (Point{4, 2}));
  // From the far side the ledge is a wall.
  EXPECT_EQ(do_move(game, move({-1, 0})), 0);
  EXPECT_EQ(do_move(game, move({-1, -1})), 0);
  EXPECT_EQ(player.pos, (Point{4, 2}));
}

TEST(Ledge, MonstersKeepToItsDirectionToo) {
  Game game = ascii_game({
      "#######",
      "#..v..#",
      "#@.v.r#",
      "#..v..#",
      "#######",
  });
  LockInfo& lock = add_lock(game, "drop", {{3, 1}, {3, 2}, {3, 3}});
  lock.direction = LockDirection::valve;
  lock.entry = Point{2, 2};
  game.state().player.hp = game.state().player.max_hp = 10'000;
  for (int i = 0; i < 40; ++i)
    game.step(wait());
  EXPECT_GE(game.level().monsters[0].pos.x, 4);
}

// Property over seeds: a search finds an adjacent secret door with chance 1/3 a turn, so
// within 40 turns always (a miss would be (2/3)^40 < 1e-7) and after about 3 on average.
TEST(SecretDoor, SearchFindsItWithinSomeTurns) {
  const int seeds = 60;
  int total = 0;
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    Game game = ascii_game({"#####", "#@S.#", "#####"}, seed);
    int turns = 1;
    while (!find_secret_doors(game, game.state().player, false) && turns < 40)
      ++turns;
    EXPECT_EQ(tile(game, {2, 1}), Tile::door_closed) << "seed " << seed;
    total += turns;
  }
  const double mean = total / static_cast<double>(seeds);
  EXPECT_GT(mean, 1.8);
  EXPECT_LT(mean, 4.5);
}

TEST(SecretDoor, CertainSearchFindsEveryAdjacentOne) {
  Game game = ascii_game({
      "#S###",
      "#@S.#",
      "#S###",
      "#.S.#",
      "#####",
  });
  LockInfo& lock = add_lock(game, "secret_door", {{2, 1}});
  lock.type = LockType::uncertain;
  EXPECT_TRUE(find_secret_doors(game, game.state().player, true));
  EXPECT_EQ(tile(game, {1, 0}), Tile::door_closed);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_closed);
  EXPECT_EQ(tile(game, {1, 2}), Tile::door_closed);
  EXPECT_EQ(tile(game, {2, 3}), Tile::door_secret);  // not adjacent
  EXPECT_EQ(game.level().lock_open[0], 1);
  EXPECT_EQ(count(game.events(), EventKind::found), 3);
  EXPECT_FALSE(find_secret_doors(game, game.state().player, true));
}

TEST(SecretDoor, MagicMappingOpensItsLock) {
  Game game = ascii_game({"#####", "#@S.#", "#####"});
  add_lock(game, "secret_door", {{2, 1}});
  const char scroll = testing::give(game, "scroll_magic_mapping");
  ASSERT_GT(do_read(game, testing::item_action(ActionType::read, scroll)), 0);
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_closed);
  EXPECT_EQ(game.level().lock_open[0], 1);
  EXPECT_EQ(count(game.events(), EventKind::found), 1);
}

TEST(SecretDoor, LooksLikeWallUntilFound) {
  Game game = ascii_game({"#####", "#@S.#", "#####"});
  EXPECT_EQ(do_move(game, move({1, 0})), 0);
  EXPECT_NE(game.events().back().text.find("wall"), std::string::npos);
  int searches = 0;
  while (tile(game, {2, 1}) == Tile::door_secret && searches < 40) {
    game.step(Action{ActionType::search, {}, 0, {}, 0, 0});
    ++searches;
  }
  EXPECT_EQ(tile(game, {2, 1}), Tile::door_closed);
  EXPECT_EQ(game.state().info.turns, searches);
}

}  // namespace
}  // namespace yendor::game
