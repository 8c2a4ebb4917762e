// Shops (shops.cpp): which room is a shop, whether its keeper is there, buying and selling
// with their gold arithmetic and refusals, and item conservation through trade.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "game/item_test_support.hpp"
#include "support/game_fixture.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::shared_test_content;

// The shop is the room x 1..4, y 1..3 (its door at (5,2)); x 6..8 is a plain room.
const std::vector<std::string> k_rows{
    "##########", "#....#...#", "#.@..'...#", "#....#...#", "##########",
};
constexpr Rect k_shop_rect{1, 1, 4, 3};
constexpr Point k_keeper_pos{1, 1};
constexpr Point k_outside{7, 2};

Game shop_game(std::uint64_t seed = 1,
               std::shared_ptr<const Content> content = shared_test_content()) {
  Game game(content, testing::ascii_state(k_rows, *content, seed));
  auto& rooms = game.level().level.meta.rooms;
  rooms.push_back(Room{0, k_shop_rect, "shop"});
  rooms.push_back(Room{1, Rect{6, 1, 3, 3}, "room"});
  Actor keeper =
      testing::test_monster(*content, content->monster_index("shopkeeper"), k_keeper_pos);
  keeper.peaceful = true;
  add_monster(game, game.level(), keeper);
  return game;
}

Actor& keeper(Game& game) {
  return game.level().monsters.at(0);
}

int kind_of(const Game& game, std::string_view id) {
  return game.content().item_index(id);
}

// Shop stock: `count` units of `id` at `p`, priced as the kind.
void stock(Game& game, std::string_view id, int count, Point p) {
  Item item = make_item(game, kind_of(game, id), count);
  item.price = game.content().items[static_cast<std::size_t>(item.kind)].price;
  place_item(game, game.level(), item, p);
}

// Puts an item straight into the pack with `letter`.
Item& give(Game& game, std::string_view id, int count, char letter) {
  Item item = make_item(game, kind_of(game, id), count);
  item.letter = letter;
  game.state().player.inventory.push_back(item);
  return game.state().player.inventory.back();
}

void expect_conserved(const Game& game) {
  EXPECT_TRUE(testing::units_conserved(game.state()));
}

Action buy(char item = 0) {
  return Action{ActionType::buy, {}, item, {}, 0, 0};
}
Action sell(char item, int count = 0) {
  return Action{ActionType::sell, {}, item, {}, count, 0};
}

// Everything but the message log (a refusal's text goes there) is as it was.
void expect_unchanged(const Game& game, GameState before) {
  before.messages = game.state().messages;
  EXPECT_EQ(game.state(), before);
}

bool refused(Game& game) {
  return !game.events().empty() && game.events().back().kind == EventKind::refused &&
         !game.events().back().text.empty();
}

// ---- where the shops are ----

TEST(Shops, ShopAtFindsTheShopRoomContainingACell) {
  Game game = shop_game();
  const LevelState& level = game.level();
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 10; ++x)
      EXPECT_EQ(shop_at(level, {x, y}), k_shop_rect.contains(Point{x, y}) ? 0 : -1)
          << x << "," << y;
  LevelState bare;
  EXPECT_EQ(shop_at(bare, {2, 2}), -1);
}

TEST(Shops, AShopHasItsKeeperOnlyWhileItIsAliveAtHandAndPeaceful) {
  Game game = shop_game();
  EXPECT_TRUE(shop_has_keeper(game, 0));
  EXPECT_FALSE(shop_has_keeper(game, -1));
  EXPECT_FALSE(shop_has_keeper(game, 1)) << "the plain room has nobody";
  move_actor(game, keeper(game), {5, 2});
  EXPECT_TRUE(shop_has_keeper(game, 0)) << "in the doorway, next to the shop";
  move_actor(game, keeper(game), {7, 3});
  EXPECT_FALSE(shop_has_keeper(game, 0)) << "wandered off";
  move_actor(game, keeper(game), k_keeper_pos);
  keeper(game).peaceful = false;
  EXPECT_FALSE(shop_has_keeper(game, 0)) << "angered";
  keeper(game).peaceful = true;
  keeper(game).hp = 0;
  EXPECT_FALSE(shop_has_keeper(game, 0)) << "dead";
}

// ---- buying ----

TEST(Shops, BuyingPaysPriceTimesCountAndMovesTheStackIntoThePack) {
  Game game = shop_game();
  Actor& player = game.state().player;
  player.gold = 100;
  stock(game, "potion_healing", 2, player.pos);  // 30 gold each
  EXPECT_EQ(do_buy(game, buy()), k_action_cost);
  EXPECT_EQ(player.gold, 40);
  EXPECT_EQ(keeper(game).gold, 60);
  ASSERT_EQ(player.inventory.size(), 1U);
  EXPECT_EQ(player.inventory[0].kind, kind_of(game, "potion_healing"));
  EXPECT_EQ(player.inventory[0].count, 2);
  EXPECT_EQ(player.inventory[0].price, 0);
  EXPECT_NE(player.inventory[0].letter, 0);
  EXPECT_TRUE(game.level().items.empty());
  const Event& e = game.events().back();
  EXPECT_EQ(e.kind, EventKind::bought);
  EXPECT_EQ(e.value, 60);
  EXPECT_FALSE(e.text.empty());
  expect_conserved(game);
}

TEST(Shops, BuyingPicksTheNamedItemHere) {
  Game game = shop_game();
  Actor& player = game.state().player;
  player.gold = 100;
  stock(game, "dagger", 1, player.pos);  // 10 gold, made first: 'a'
  stock(game, "sword", 1, player.pos);   // 40 gold: 'b'
  EXPECT_EQ(do_buy(game, buy('b')), k_action_cost);
  EXPECT_EQ(player.gold, 60);
  ASSERT_EQ(player.inventory.size(), 1U);
  EXPECT_EQ(player.inventory[0].kind, kind_of(game, "sword"));
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].kind, kind_of(game, "dagger"));
  EXPECT_EQ(do_buy(game, buy('c')), 0) << "nothing is 'c'";
  EXPECT_TRUE(refused(game));
}

TEST(Shops, BuyingIsRefusedWithReasonsAndChangesNothing) {
  // Too poor.
  Game game = shop_game();
  Actor& player = game.state().player;
  player.gold = 39;
  stock(game, "sword", 1, player.pos);
  const GameState before = game.state();
  EXPECT_EQ(do_buy(game, buy()), 0);
  EXPECT_TRUE(refused(game));
  expect_unchanged(game, before);

  // Nothing unpaid here: a free item.
  Game free_item = shop_game();
  place_item(free_item, free_item.level(), make_item(free_item, kind_of(free_item, "dagger")),
             free_item.state().player.pos);
  free_item.state().player.gold = 100;
  EXPECT_EQ(do_buy(free_item, buy()), 0);
  EXPECT_TRUE(refused(free_item));
  EXPECT_EQ(free_item.state().player.gold, 100);

  // Not in a shop.
  Game outside = shop_game();
  move_actor(outside, outside.state().player, k_outside);
  stock(outside, "dagger", 1, k_outside);
  outside.state().player.gold = 100;
  EXPECT_EQ(do_buy(outside, buy()), 0);
  EXPECT_TRUE(refused(outside));
  EXPECT_EQ(outside.state().player.gold, 100);

  // The keeper is dead: nobody takes the money (the stock is free to pick up).
  Game robbed = shop_game();
  stock(robbed, "dagger", 1, robbed.state().player.pos);
  robbed.state().player.gold = 100;
  keeper(robbed).hp = 0;
  EXPECT_EQ(do_buy(robbed, buy()), 0);
  EXPECT_TRUE(refused(robbed));
  EXPECT_EQ(robbed.state().player.gold, 100);
  EXPECT_EQ(robbed.level().items.size(), 1U);
}

TEST(Shops, BuyingWithAFullPackIsRefused) {
  Game game = shop_game();
  Actor& player = game.state().player;
  const std::string letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (char c : letters)
    give(game, "dagger", 1, c);
  player.gold = 500;
  stock(game, "sword", 1, player.pos);
  EXPECT_EQ(do_buy(game, buy()), 0);
  EXPECT_TRUE(refused(game));
  EXPECT_EQ(player.gold, 500);
  EXPECT_EQ(player.inventory.size(), 52U);
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].price, 40);
  expect_conserved(game);
}

// ---- selling ----

TEST(Shops, SellingPaysHalfTheKindsPriceAndPutsTheItemUpForSale) {
  Game game = shop_game();
  Actor& player = game.state().player;
  Item& sword = give(game, "sword", 1, 'a');
  sword.enchant = 2;
  player.wielded = sword.id;
  EXPECT_EQ(do_sell(game, sell('a')), k_action_cost);
  EXPECT_EQ(player.gold, 20);
  EXPECT_EQ(player.wielded, 0U);
  EXPECT_TRUE(player.inventory.empty());
  ASSERT_EQ(game.level().items.size(), 1U);
  const Item& floor = game.level().items[0];
  EXPECT_EQ(floor.pos, player.pos);
  EXPECT_EQ(floor.price, 40);
  EXPECT_EQ(floor.enchant, 2);
  EXPECT_EQ(floor.letter, 0);
  const Event& e = game.events().back();
  EXPECT_EQ(e.kind, EventKind::sold);
  EXPECT_EQ(e.value, 20);
  EXPECT_FALSE(e.text.empty());
  expect_conserved(game);
}

TEST(Shops, SellingWornArmourTakesItOff) {
  Game game = shop_game();
  Actor& player = game.state().player;
  player.worn = give(game, "leather_armour", 1, 'b').id;
  EXPECT_EQ(do_sell(game, sell('b')), k_action_cost);
  EXPECT_EQ(player.worn, 0U);
  EXPECT_EQ(player.gold, 10);
}

TEST(Shops, SellingPartOfAStackSplitsIt) {
  Game game = shop_game();
  Actor& player = game.state().player;
  const ItemId id = give(game, "dart", 5, 'c').id;
  EXPECT_EQ(do_sell(game, sell('c', 2)), k_action_cost);
  EXPECT_EQ(player.gold, 2);  // darts cost 2: 1 each
  ASSERT_EQ(player.inventory.size(), 1U);
  EXPECT_EQ(player.inventory[0].count, 3);
  EXPECT_EQ(player.inventory[0].id, id);
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].count, 2);
  EXPECT_EQ(game.level().items[0].price, 2);
  EXPECT_NE(game.level().items[0].id, id);
  expect_conserved(game);
  // Selling the rest joins the stack on the floor.
  EXPECT_EQ(do_sell(game, sell('c')), k_action_cost);
  EXPECT_EQ(player.gold, 5);
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].count, 5);
  expect_conserved(game);
}

TEST(Shops, SellingPaysAtLeastOneGoldAUnit) {
  auto cheap = std::make_shared<Content>(testing::test_content());
  cheap->items[static_cast<std::size_t>(cheap->item_index("dart"))].price = 1;
  Game game = shop_game(1, cheap);
  give(game, "dart", 4, 'a');
  EXPECT_EQ(do_sell(game, sell('a')), k_action_cost);
  EXPECT_EQ(game.state().player.gold, 4);
  EXPECT_EQ(game.level().items[0].price, 1);
}

TEST(Shops, SellingIsRefusedWithReasonsAndChangesNothing) {
  auto expect_refused = [](Game& game, const Action& a) {
    const GameState before = game.state();
    EXPECT_EQ(do_sell(game, a), 0);
    EXPECT_TRUE(refused(game));
    expect_unchanged(game, before);
  };
  Game worthless = shop_game();
  give(worthless, "key", 1, 'a');  // price 0
  expect_refused(worthless, sell('a'));
  Game missing = shop_game();
  give(missing, "sword", 1, 'a');
  expect_refused(missing, sell('b'));
  expect_refused(missing, sell(0));
  Game outside = shop_game();
  give(outside, "sword", 1, 'a');
  move_actor(outside, outside.state().player, k_outside);
  expect_refused(outside, sell('a'));
  Game robbed = shop_game();
  give(robbed, "sword", 1, 'a');
  keeper(robbed).hp = 0;
  expect_refused(robbed, sell('a'));
}

TEST(Shops, SellingThenBuyingBackCostsTheOtherHalf) {
  Game game = shop_game();
  Actor& player = game.state().player;
  player.gold = 25;
  Item& armour = give(game, "leather_armour", 1, 'a');  // price 20
  armour.enchant = 1;
  const ItemId id = armour.id;
  ASSERT_EQ(do_sell(game, sell('a')), k_action_cost);
  EXPECT_EQ(player.gold, 35);
  ASSERT_EQ(do_buy(game, buy()), k_action_cost);
  EXPECT_EQ(player.gold, 15);
  ASSERT_EQ(player.inventory.size(), 1U);
  EXPECT_EQ(player.inventory[0].id, id);
  EXPECT_EQ(player.inventory[0].enchant, 1);
  EXPECT_EQ(player.inventory[0].price, 0);
  EXPECT_TRUE(game.level().items.empty());
  expect_conserved(game);
}

// Random trading on many seeds: the gold moves by the documented prices (recomputed here
// from the kinds), refusals change nothing, units are conserved, carried items are paid.
TEST(Shops, RandomTradingKeepsTheBooks) {
  const std::vector<std::string> stock_ids{"potion_healing", "dart", "sword", "food_ration",
                                           "dagger"};
  std::vector<std::string> ids = stock_ids;
  ids.push_back("key");  // carried, never sold
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Game game = shop_game(seed);
    Rng rng(seed);
    Actor& player = game.state().player;
    player.gold = rng.range(0, 200);
    for (int i = 0; i < 8; ++i)
      stock(game, rng.pick(stock_ids), rng.range(1, 3), player.pos);
    for (char c = 'a'; c <= 'e'; ++c)
      give(game, rng.pick(ids), rng.range(1, 4), c);
    for (int step = 0; step < 200; ++step) {
      game.events().clear();
      const int gold = player.gold;
      const std::vector<Item> floor = game.level().items;
      const std::vector<Item> pack = player.inventory;
      if (rng.chance(0.5)) {
        const std::vector<std::size_t> here = items_at(game.level(), player.pos);
        const char letter =
            here.empty()
                ? 0
                : static_cast<char>('a' + rng.below(static_cast<std::uint32_t>(here.size())));
        const int cost = do_buy(game, buy(letter));
        if (cost > 0) {
          const Item& bought = floor[here[static_cast<std::size_t>(letter - 'a')]];
          EXPECT_EQ(gold - player.gold, bought.price * bought.count);
        }
      } else {
        const char letter = pack.empty() ? 'a' : rng.pick(pack).letter;
        const int count = rng.range(0, 3);
        const auto it = std::find_if(pack.begin(), pack.end(),
                                     [letter](const Item& i) { return i.letter == letter; });
        const int cost = do_sell(game, sell(letter, count));
        if (cost > 0) {
          ASSERT_NE(it, pack.end());
          const int price = game.content().items[static_cast<std::size_t>(it->kind)].price;
          const int units = count > 0 && count < it->count ? count : it->count;
          EXPECT_EQ(player.gold - gold, std::max(1, price / 2) * units);
        }
      }
      if (game.events().back().kind == EventKind::refused) {
        EXPECT_EQ(player.gold, gold);
        EXPECT_EQ(game.level().items, floor);
        EXPECT_EQ(player.inventory, pack);
      }
      EXPECT_GE(player.gold, 0);
      for (const Item& i : player.inventory)
        EXPECT_EQ(i.price, 0);
      for (const Item& i : game.level().items)
        EXPECT_GT(i.price, 0);
      expect_conserved(game);
    }
  }
}

// do_pick_up (inventory.cpp) asks shop_has_keeper: unpaid stock is refused while the keeper
// is there and free once it is gone.
TEST(Shops, UnpaidStockCanBeTakenOnlyWithoutItsKeeper) {
  Game game = shop_game();
  Actor& player = game.state().player;
  stock(game, "sword", 1, player.pos);
  EXPECT_EQ(do_pick_up(game, Action{ActionType::pick_up, {}, 0, {}, 0, 0}), 0);
  EXPECT_TRUE(refused(game));
  EXPECT_NE(game.events().back().text.find("buy"), std::string::npos) << "says how to get it";
  EXPECT_TRUE(player.inventory.empty());
  keeper(game).hp = 0;
  EXPECT_EQ(do_pick_up(game, Action{ActionType::pick_up, {}, 0, {}, 0, 0}), k_action_cost);
  ASSERT_EQ(player.inventory.size(), 1U);
  EXPECT_EQ(player.inventory[0].price, 0) << "taken goods are no longer stock";
  expect_conserved(game);
}

}  // namespace
}  // namespace yendor::game
