// The pack: letters, stacking, picking up, dropping, equipping, and unit conservation.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "item_test_support.hpp"

namespace yendor::game::testing {
namespace {

const std::vector<std::string> k_room = {
    "#######", "#.....#", "#..@..#", "#.....#", "#######",
};

std::string letters_of(const Actor& actor) {
  std::string out;
  for (const Item& i : actor.inventory)
    out += i.letter;
  return out;
}

// Letters valid (a-z, A-Z), unique; equipment refers to carried items of the right class.
::testing::AssertionResult pack_consistent(const Game& game) {
  const Actor& p = game.state().player;
  std::set<char> seen;
  for (const Item& i : p.inventory) {
    const bool valid = (i.letter >= 'a' && i.letter <= 'z') || (i.letter >= 'A' && i.letter <= 'Z');
    if (!valid) return ::testing::AssertionFailure() << "bad letter " << int{i.letter};
    if (!seen.insert(i.letter).second)
      return ::testing::AssertionFailure() << "letter " << i.letter << " twice";
    if (i.count < 1) return ::testing::AssertionFailure() << "empty stack " << i.letter;
  }
  auto carried_class = [&](ItemId id) -> int {
    for (const Item& i : p.inventory)
      if (i.id == id)
        return static_cast<int>(game.content().items[static_cast<std::size_t>(i.kind)].item_class);
    return -1;
  };
  if (p.wielded != 0 && carried_class(p.wielded) != static_cast<int>(ItemClass::weapon))
    return ::testing::AssertionFailure() << "wielding something not a carried weapon";
  if (p.worn != 0 && carried_class(p.worn) != static_cast<int>(ItemClass::armour))
    return ::testing::AssertionFailure() << "wearing something not carried armour";
  return ::testing::AssertionSuccess();
}

TEST(Inventory, LettersGoAThroughZThenAThroughZUpToFiftyTwo) {
  Game game = ascii_game(k_room);
  std::string expected;
  for (char c = 'a'; c <= 'z'; ++c)
    expected += c;
  for (char c = 'A'; c <= 'Z'; ++c)
    expected += c;
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(give(game, "dagger"), expected[i]);
  EXPECT_EQ(letters_of(game.state().player), expected);

  // Full: a 53rd item is refused, and the caller still owns it.
  Item extra = make_item(game, kind_id(game, "sword"));
  EXPECT_FALSE(add_to_inventory(game, game.state().player, extra));
  EXPECT_EQ(game.state().player.inventory.size(), 52U);
  place_item(game, game.level(), extra, game.state().player.pos);
  EXPECT_TRUE(units_conserved(game.state()));

  // ... but picking it up is refused without taking time.
  game.events().clear();
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 0)), 0);
  EXPECT_TRUE(has_event(game, EventKind::refused));
  EXPECT_EQ(game.level().items.size(), 1U);
}

TEST(Inventory, FullPackStillTakesWhatStacks) {
  Game game = ascii_game(k_room);
  const char potions = give(game, "potion_healing", 2);
  for (int i = 0; i < 51; ++i)
    give(game, "dagger");
  ASSERT_EQ(game.state().player.inventory.size(), 52U);
  EXPECT_TRUE(add_to_inventory(game, game.state().player,
                               make_item(game, kind_id(game, "potion_healing"), 3)));
  EXPECT_EQ(inventory_item(game.state().player, potions)->count, 5);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Inventory, IdenticalStackablesMergeAndKeepTheirLetter) {
  Game game = ascii_game(k_room);
  EXPECT_EQ(give(game, "potion_healing", 2), 'a');
  EXPECT_EQ(give(game, "dagger"), 'b');
  EXPECT_EQ(give(game, "potion_healing"), 'a');
  EXPECT_EQ(give(game, "dart", 4), 'c');
  EXPECT_EQ(give(game, "dart", 3), 'c');
  Actor& p = game.state().player;
  EXPECT_EQ(p.inventory.size(), 3U);
  EXPECT_EQ(inventory_item(p, 'a')->count, 3);
  EXPECT_EQ(inventory_item(p, 'c')->count, 7);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Inventory, NonStackablesAndDifferentStacksNeverMerge) {
  Game game = ascii_game(k_room);
  Actor& p = game.state().player;
  EXPECT_EQ(give(game, "dagger"), 'a');
  EXPECT_EQ(give(game, "dagger"), 'b');  // identical, but daggers do not stack
  Item enchanted = make_item(game, kind_id(game, "dart"), 2);
  enchanted.enchant = 1;
  ASSERT_TRUE(add_to_inventory(game, p, enchanted));
  EXPECT_EQ(give(game, "dart", 2), 'd');  // +0 darts are another stack than +1 darts
  Item key_a = make_item(game, kind_id(game, "key"));
  key_a.key = 0;
  Item key_b = make_item(game, kind_id(game, "key"));
  key_b.key = 1;
  ASSERT_TRUE(add_to_inventory(game, p, key_a));
  ASSERT_TRUE(add_to_inventory(game, p, key_b));
  EXPECT_EQ(p.inventory.size(), 6U);
  for (const Item& i : p.inventory) {
    if (!game.content().items[static_cast<std::size_t>(i.kind)].stackable) {
      EXPECT_EQ(i.count, 1) << i.letter;
    }
  }
  EXPECT_TRUE(pack_consistent(game));
}

TEST(Inventory, FreedLettersAreReused) {
  Game game = ascii_game(k_room);
  give(game, "dagger");
  give(game, "sword");
  give(game, "leather_armour");
  game.events().clear();
  EXPECT_EQ(do_drop(game, item_action(ActionType::drop, 'b')), k_action_cost);
  EXPECT_TRUE(has_event(game, EventKind::dropped));
  EXPECT_EQ(letters_of(game.state().player), "ac");
  EXPECT_EQ(give(game, "potion_haste"), 'b');
  EXPECT_EQ(letters_of(game.state().player), "abc");
  EXPECT_EQ(give(game, "food_ration"), 'd');
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Inventory, PickUpChoosesByFloorIndexTopFirst) {
  Game game = ascii_game(k_room);
  const Point here = game.state().player.pos;
  place_item(game, game.level(), make_item(game, kind_id(game, "dagger")), here);
  place_item(game, game.level(), make_item(game, kind_id(game, "sword")), here);
  place_item(game, game.level(), make_item(game, kind_id(game, "dart"), 5), here);
  // 'b': the second item lying here (in floor order).
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 'b')), k_action_cost);
  Actor& p = game.state().player;
  ASSERT_EQ(p.inventory.size(), 1U);
  EXPECT_EQ(p.inventory[0].kind, kind_id(game, "sword"));
  // 0: the top (first) one.
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 0)), k_action_cost);
  EXPECT_EQ(p.inventory[1].kind, kind_id(game, "dagger"));
  // Out of range: refused.
  game.events().clear();
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 'c')), 0);
  EXPECT_TRUE(has_event(game, EventKind::refused));
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 'a')), k_action_cost);
  EXPECT_EQ(inventory_item(p, 'c')->count, 5);
  // Nothing left.
  game.events().clear();
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 0)), 0);
  EXPECT_TRUE(has_event(game, EventKind::refused));
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Inventory, PickUpOnlyWhatLiesUnderfoot) {
  Game game = ascii_game(k_room);
  const Point beside = game.state().player.pos + Point{1, 0};
  place_item(game, game.level(), make_item(game, kind_id(game, "dagger")), beside);
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 0)), 0);
  EXPECT_TRUE(game.state().player.inventory.empty());
}

TEST(Inventory, GoldGoesToThePurseAndLeavesTheItemWorld) {
  Game game = ascii_game(k_room);
  const Point here = game.state().player.pos;
  place_item(game, game.level(), make_item(game, kind_id(game, "gold"), 37), here);
  const std::int64_t destroyed = game.state().items_destroyed;
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 0)), k_action_cost);
  EXPECT_EQ(game.state().player.gold, 37);
  EXPECT_TRUE(game.state().player.inventory.empty());
  EXPECT_EQ(game.state().items_destroyed, destroyed + 37);
  EXPECT_TRUE(game.level().items.empty());
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Inventory, LevitatingCannotReachTheFloor) {
  Game game = ascii_game(k_room);
  place_item(game, game.level(), make_item(game, kind_id(game, "dagger")), game.state().player.pos);
  game.state().player.status[static_cast<std::size_t>(Status::levitation)] = 5;
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 0)), 0);
  EXPECT_TRUE(game.state().player.inventory.empty());
}

TEST(Inventory, DropSplitsStacksConservingUnits) {
  Game game = ascii_game(k_room);
  const char darts = give(game, "dart", 5);
  const ItemId stack_id = inventory_item(game.state().player, darts)->id;
  const std::int64_t created = game.state().items_created;
  EXPECT_EQ(do_drop(game, item_action(ActionType::drop, darts, 2)), k_action_cost);
  const Item* left = inventory_item(game.state().player, darts);
  ASSERT_NE(left, nullptr);
  EXPECT_EQ(left->count, 3);
  EXPECT_EQ(left->id, stack_id);
  ASSERT_EQ(game.level().items.size(), 1U);
  const Item& floor = game.level().items[0];
  EXPECT_EQ(floor.count, 2);
  EXPECT_NE(floor.id, stack_id);  // the split part is a new item
  EXPECT_EQ(floor.letter, 0);
  EXPECT_EQ(floor.pos, game.state().player.pos);
  EXPECT_EQ(game.state().items_created, created);  // ... but no new units
  EXPECT_TRUE(units_conserved(game.state()));

  // Dropping more again merges with the floor stack; count 0 drops everything.
  EXPECT_EQ(do_drop(game, item_action(ActionType::drop, darts, 0)), k_action_cost);
  EXPECT_EQ(inventory_item(game.state().player, darts), nullptr);
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].count, 5);
  EXPECT_TRUE(units_conserved(game.state()));

  // More than carried: all of it.
  const char potions = give(game, "potion_healing", 2);
  EXPECT_EQ(do_drop(game, item_action(ActionType::drop, potions, 9)), k_action_cost);
  EXPECT_EQ(inventory_item(game.state().player, potions), nullptr);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Inventory, DropRefusesUnknownLetters) {
  Game game = ascii_game(k_room);
  give(game, "dagger");
  for (char letter : {'b', 'Z', '?', '\0'}) {
    game.events().clear();
    EXPECT_EQ(do_drop(game, item_action(ActionType::drop, letter)), 0) << letter;
    EXPECT_TRUE(has_event(game, EventKind::refused));
  }
  EXPECT_EQ(game.state().player.inventory.size(), 1U);
}

TEST(Inventory, DroppingIntoAChasmDestroysTheItem) {
  Game game = ascii_game({"#####", "#@::#", "#####"});
  const char dagger = give(game, "dagger");
  game.state().player.status[static_cast<std::size_t>(Status::levitation)] = 10;
  move_actor(game, game.state().player, {2, 1});
  EXPECT_EQ(do_drop(game, item_action(ActionType::drop, dagger)), k_action_cost);
  EXPECT_TRUE(game.level().items.empty());
  EXPECT_EQ(game.state().items_destroyed, 1);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Inventory, WieldOnlyWeaponsWearOnlyArmour) {
  Game game = ascii_game(k_room);
  const char dagger = give(game, "dagger");
  const char leather = give(game, "leather_armour");
  const char potion = give(game, "potion_healing");
  const char darts = give(game, "dart", 3);
  Actor& p = game.state().player;
  EXPECT_EQ(do_wield(game, item_action(ActionType::wield, leather)), 0);
  EXPECT_EQ(do_wield(game, item_action(ActionType::wield, potion)), 0);
  EXPECT_EQ(do_wield(game, item_action(ActionType::wield, darts)), 0);
  EXPECT_EQ(do_wear(game, item_action(ActionType::wear, dagger)), 0);
  EXPECT_EQ(do_wear(game, item_action(ActionType::wear, potion)), 0);
  EXPECT_EQ(p.wielded, 0U);
  EXPECT_EQ(p.worn, 0U);

  game.events().clear();
  EXPECT_EQ(do_wield(game, item_action(ActionType::wield, dagger)), k_action_cost);
  EXPECT_TRUE(has_event(game, EventKind::equipped));
  EXPECT_EQ(p.wielded, inventory_item(p, dagger)->id);
  EXPECT_EQ(do_wield(game, item_action(ActionType::wield, dagger)), 0);  // already
  EXPECT_EQ(do_wear(game, item_action(ActionType::wear, leather)), k_action_cost);
  EXPECT_EQ(p.worn, inventory_item(p, leather)->id);
  EXPECT_TRUE(pack_consistent(game));

  // One suit at a time: the second must wait until the first is off.
  const char plate = give(game, "plate_armour");
  EXPECT_EQ(do_wear(game, item_action(ActionType::wear, plate)), 0);
  EXPECT_EQ(p.worn, inventory_item(p, leather)->id);
  game.events().clear();
  EXPECT_EQ(do_take_off(game, item_action(ActionType::take_off, leather)), k_action_cost);
  EXPECT_TRUE(has_event(game, EventKind::unequipped));
  EXPECT_EQ(p.worn, 0U);
  EXPECT_EQ(do_wear(game, item_action(ActionType::wear, plate)), k_action_cost);
  EXPECT_EQ(p.worn, inventory_item(p, plate)->id);

  // Taking off what is not equipped is refused; a wielded weapon can be put away.
  EXPECT_EQ(do_take_off(game, item_action(ActionType::take_off, potion)), 0);
  EXPECT_EQ(do_take_off(game, item_action(ActionType::take_off, dagger)), k_action_cost);
  EXPECT_EQ(p.wielded, 0U);
  // Wielding a second weapon replaces the first.
  const char sword = give(game, "sword");
  EXPECT_EQ(do_wield(game, item_action(ActionType::wield, dagger)), k_action_cost);
  EXPECT_EQ(do_wield(game, item_action(ActionType::wield, sword)), k_action_cost);
  EXPECT_EQ(p.wielded, inventory_item(p, sword)->id);
  EXPECT_TRUE(pack_consistent(game));
}

TEST(Inventory, DroppingEquipmentUnequipsIt) {
  Game game = ascii_game(k_room);
  const char dagger = give(game, "dagger");
  const char leather = give(game, "leather_armour");
  Actor& p = game.state().player;
  ASSERT_EQ(do_wield(game, item_action(ActionType::wield, dagger)), k_action_cost);
  ASSERT_EQ(do_wear(game, item_action(ActionType::wear, leather)), k_action_cost);
  EXPECT_EQ(do_drop(game, item_action(ActionType::drop, dagger)), k_action_cost);
  EXPECT_EQ(p.wielded, 0U);
  EXPECT_NE(p.worn, 0U);
  EXPECT_EQ(do_drop(game, item_action(ActionType::drop, leather)), k_action_cost);
  EXPECT_EQ(p.worn, 0U);
  // Picking it up again does not put it back on.
  EXPECT_EQ(do_pick_up(game, item_action(ActionType::pick_up, 0)), k_action_cost);
  EXPECT_EQ(p.wielded, 0U);
  EXPECT_TRUE(pack_consistent(game));
}

TEST(Inventory, PickUpAndDropThroughStep) {
  Game game = ascii_game(k_room);
  place_item(game, game.level(), make_item(game, kind_id(game, "dart"), 6),
             game.state().player.pos);
  game.step(item_action(ActionType::pick_up, 0));
  EXPECT_EQ(game.state().info.turns, 1);
  ASSERT_NE(inventory_item(game.state().player, 'a'), nullptr);
  game.step(item_action(ActionType::drop, 'a', 4));
  EXPECT_EQ(game.state().info.turns, 2);
  EXPECT_EQ(inventory_item(game.state().player, 'a')->count, 2);
  game.step(item_action(ActionType::drop, 'q'));
  EXPECT_EQ(game.state().info.turns, 2);  // refused: no time passes
  EXPECT_TRUE(units_conserved(game.state()));
}

// Random pick-ups and drops of assorted items on several cells: units are conserved,
// letters stay unique, equipment stays valid, after every action, for many seeds.
TEST(Inventory, RandomPickUpsAndDropsConserveUnits) {
  const char* kinds[] = {"dagger", "dart", "potion_healing", "gold", "leather_armour", "key"};
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Game game = ascii_game(k_room, seed);
    Rng rng = Rng::for_stream(seed, "inventory test");
    const Point start = game.state().player.pos;
    for (int i = 0; i < 12; ++i) {
      const int kind = kind_id(game, kinds[rng.below(6)]);
      const bool stackable = game.content().items[static_cast<std::size_t>(kind)].stackable;
      place_item(game, game.level(), make_item(game, kind, stackable ? rng.range(1, 5) : 1),
                 start + Point{rng.range(-1, 1), 0});
    }
    for (int step = 0; step < 150; ++step) {
      Actor& p = game.state().player;
      game.events().clear();
      switch (rng.below(5)) {
        case 0:
        case 1: {
          const auto here = items_at(game.level(), p.pos);
          const char which =
              here.empty()
                  ? 0
                  : static_cast<char>('a' + rng.below(static_cast<std::uint32_t>(here.size())));
          do_pick_up(game, item_action(ActionType::pick_up, which));
          break;
        }
        case 2:
          if (!p.inventory.empty()) {
            const Item& held = rng.pick(p.inventory);
            do_drop(game, item_action(ActionType::drop, held.letter, rng.range(0, held.count)));
          }
          break;
        case 3:
          if (!p.inventory.empty()) {
            const char letter = rng.pick(p.inventory).letter;
            if (rng.chance(0.5))
              do_wield(game, item_action(ActionType::wield, letter));
            else
              do_wear(game, item_action(ActionType::wear, letter));
          }
          break;
        default: {
          const Point to{start.x + rng.range(-1, 1), start.y};
          if (game.level().occupant[to] == 0) move_actor(game, p, to);
          break;
        }
      }
      ASSERT_TRUE(units_conserved(game.state())) << "seed " << seed << " step " << step;
      ASSERT_TRUE(pack_consistent(game)) << "seed " << seed << " step " << step;
      for (const Item& floor : game.level().items)
        ASSERT_EQ(floor.letter, 0);
    }
  }
}

}  // namespace
}  // namespace yendor::game::testing
