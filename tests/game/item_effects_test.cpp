// Quaffing, reading and eating, and what every effect does.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "item_test_support.hpp"

namespace yendor::game::testing {
namespace {

const std::vector<std::string> k_effects_room = {
    "#########", "#.......#", "#..@....#", "#.....g.#", "#########",
};

std::size_t at(Status s) {
  return static_cast<std::size_t>(s);
}

ItemKind effect_kind(std::string effect, int power) {
  ItemKind k;
  k.id = "test_" + effect;
  k.name = "test " + effect;
  k.item_class = ItemClass::potion;
  k.effect = std::move(effect);
  k.power = power;
  return k;
}

TEST(ItemEffects, UsingAnItemUsesUpOneUnit) {
  Game game = ascii_game(k_effects_room);
  const char potions = give(game, "potion_healing", 3);
  const std::int64_t destroyed = game.state().items_destroyed;
  game.events().clear();
  EXPECT_EQ(do_quaff(game, item_action(ActionType::quaff, potions)), k_action_cost);
  EXPECT_TRUE(has_event(game, EventKind::used));
  EXPECT_EQ(inventory_item(game.state().player, potions)->count, 2);
  EXPECT_EQ(game.state().items_destroyed, destroyed + 1);
  EXPECT_TRUE(units_conserved(game.state()));

  const char scroll = give(game, "scroll_magic_mapping");
  EXPECT_EQ(do_read(game, item_action(ActionType::read, scroll)), k_action_cost);
  EXPECT_EQ(inventory_item(game.state().player, scroll), nullptr);
  const char food = give(game, "food_ration", 2);
  EXPECT_EQ(do_eat(game, item_action(ActionType::eat, food)), k_action_cost);
  EXPECT_EQ(inventory_item(game.state().player, food)->count, 1);
  EXPECT_EQ(game.state().items_destroyed, destroyed + 3);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(ItemEffects, EachUseOnlyFitsItsClass) {
  Game game = ascii_game(k_effects_room);
  const char dagger = give(game, "dagger");
  const char potion = give(game, "potion_healing");
  const char scroll = give(game, "scroll_teleportation");
  const char food = give(game, "food_ration");
  const char corpse = give(game, "corpse");
  const auto before = game.state().player.inventory;
  struct Case {
    int (*handler)(Game&, const Action&);
    ActionType type;
    char letter;
  };
  const Case refused[] = {
      {do_quaff, ActionType::quaff, dagger}, {do_quaff, ActionType::quaff, scroll},
      {do_quaff, ActionType::quaff, food},   {do_read, ActionType::read, potion},
      {do_read, ActionType::read, dagger},   {do_read, ActionType::read, corpse},
      {do_eat, ActionType::eat, potion},     {do_eat, ActionType::eat, dagger},
      {do_eat, ActionType::eat, scroll},     {do_quaff, ActionType::quaff, 'z'},
  };
  for (const Case& c : refused) {
    game.events().clear();
    EXPECT_EQ(c.handler(game, item_action(c.type, c.letter)), 0) << c.letter;
    EXPECT_TRUE(has_event(game, EventKind::refused));
  }
  EXPECT_EQ(game.state().player.inventory, before);
  EXPECT_EQ(game.state().items_destroyed, 0);
}

TEST(ItemEffects, HealingIsBoundedByMaxHpAndCuresPoison) {
  Game game = ascii_game(k_effects_room);
  Actor& p = game.state().player;
  const ItemKind heal = effect_kind("heal", 7);
  ASSERT_GT(p.max_hp, 10);
  p.hp = 2;
  p.status[at(Status::poison)] = 9;
  apply_effect(game, p, heal);
  EXPECT_EQ(p.hp, 9);
  EXPECT_EQ(p.status[at(Status::poison)], 0);
  p.hp = p.max_hp - 3;
  const int max_hp = p.max_hp;
  apply_effect(game, p, heal);
  EXPECT_EQ(p.hp, max_hp);
  EXPECT_EQ(p.max_hp, max_hp);

  // The real potion, quaffed.
  p.hp = 1;
  const char potion = give(game, "potion_healing");
  ASSERT_EQ(do_quaff(game, item_action(ActionType::quaff, potion)), k_action_cost);
  EXPECT_EQ(p.hp, std::min(max_hp,
                           1 + game.content()
                                   .items[static_cast<std::size_t>(kind_id(game, "potion_healing"))]
                                   .power));
}

TEST(ItemEffects, ExtraHealingRaisesMaxHpOnlyWhenItOverflows) {
  Game game = ascii_game(k_effects_room);
  Actor& p = game.state().player;
  const ItemKind extra = effect_kind("extra_heal", 5);
  const int max_hp = p.max_hp;
  p.hp = max_hp - 8;
  apply_effect(game, p, extra);
  EXPECT_EQ(p.hp, max_hp - 3);
  EXPECT_EQ(p.max_hp, max_hp);
  apply_effect(game, p, extra);
  EXPECT_EQ(p.max_hp, max_hp + 1);
  EXPECT_EQ(p.hp, max_hp + 1);
}

TEST(ItemEffects, StatusEffectsLastTheirPower) {
  const std::pair<const char*, Status> cases[] = {
      {"haste", Status::haste},
      {"slow", Status::slow},
      {"confusion", Status::confusion},
      {"poison", Status::poison},
      {"fire_resistance", Status::fire_resistance},
      {"telepathy", Status::telepathy},
      {"levitation", Status::levitation},
  };
  for (const auto& [effect, status] : cases) {
    Game game = ascii_game(k_effects_room);
    Actor& p = game.state().player;
    game.events().clear();
    apply_effect(game, p, effect_kind(effect, 13));
    EXPECT_EQ(p.status[at(status)], 13) << effect;
    for (std::size_t s = 0; s < k_status_count; ++s) {
      if (s != at(status)) {
        EXPECT_EQ(p.status[s], 0) << effect << " touched " << to_string(static_cast<Status>(s));
      }
    }
    bool told = false;
    for (const Event& e : game.events())
      if (e.kind == EventKind::status && e.value == static_cast<int>(status) && !e.text.empty())
        told = true;
    EXPECT_TRUE(told) << effect;
    // A weaker dose does not shorten it; a stronger one lengthens it.
    apply_effect(game, p, effect_kind(effect, 4));
    EXPECT_EQ(p.status[at(status)], 13) << effect;
    apply_effect(game, p, effect_kind(effect, 30));
    EXPECT_EQ(p.status[at(status)], 30) << effect;
  }
}

TEST(ItemEffects, StatusesWorkOnMonstersToo) {
  Game game = ascii_game(k_effects_room);
  Actor& goblin = game.level().monsters.at(0);
  const int speed = effective_speed(goblin);
  apply_effect(game, goblin, effect_kind("haste", 10));
  EXPECT_EQ(goblin.status[at(Status::haste)], 10);
  EXPECT_EQ(effective_speed(goblin), 2 * speed);
  // Slow cancels haste rather than adding to it.
  apply_effect(game, goblin, effect_kind("slow", 10));
  EXPECT_EQ(goblin.status[at(Status::haste)], 0);
  EXPECT_EQ(effective_speed(goblin), speed / 2);
  EXPECT_EQ(game.state().player.status, (std::array<int, k_status_count>{}));
}

TEST(ItemEffects, QuaffingHasteHastesThePlayer) {
  Game game = ascii_game(k_effects_room);
  const char potion = give(game, "potion_haste");
  ASSERT_EQ(do_quaff(game, item_action(ActionType::quaff, potion)), k_action_cost);
  const int power =
      game.content().items[static_cast<std::size_t>(kind_id(game, "potion_haste"))].power;
  EXPECT_EQ(game.state().player.status[at(Status::haste)], power);
  EXPECT_EQ(effective_speed(game.state().player), 2 * game.state().player.speed);
}

TEST(ItemEffects, TeleportLandsOnAFreePassableCell) {
  const std::vector<std::string> map = {
      "############", "#@...#.....#", "#.g..#.r.o.#",
      "#....#.....#", "#WWWV#::::.#", "############",
  };
  std::set<Point> landed;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Game game = ascii_game(map, seed);
    Actor& p = game.state().player;
    const Point from = p.pos;
    const char scroll = give(game, "scroll_teleportation");
    ASSERT_EQ(do_read(game, item_action(ActionType::read, scroll)), k_action_cost);
    const Point to = p.pos;
    EXPECT_NE(to, from);
    const char drawn = map[static_cast<std::size_t>(to.y)][static_cast<std::size_t>(to.x)];
    EXPECT_TRUE(drawn == '.' || drawn == '@') << "landed on '" << drawn << "'";
    for (const Actor& m : game.level().monsters)
      EXPECT_NE(m.pos, to);
    EXPECT_EQ(game.level().occupant[to], k_player_id);
    EXPECT_EQ(game.level().occupant[from], 0U);
    EXPECT_TRUE(game.view().visible(to));  // the view follows the player
    landed.insert(to);
  }
  EXPECT_GE(landed.size(), 15U);  // random, not one favourite cell
  // Both sides of the wall are reachable.
  EXPECT_TRUE(std::any_of(landed.begin(), landed.end(), [](Point q) { return q.x > 5; }));
}

TEST(ItemEffects, TeleportMovesAMonsterKeepingTheOccupancyGrid) {
  Game game = ascii_game(k_effects_room, 5);
  Actor& goblin = game.level().monsters.at(0);
  const Point from = goblin.pos;
  apply_effect(game, goblin, effect_kind("teleport", 0));
  EXPECT_NE(goblin.pos, from);
  EXPECT_EQ(game.level().occupant[goblin.pos], goblin.id);
  EXPECT_EQ(game.level().occupant[from], 0U);
  EXPECT_NE(goblin.pos, game.state().player.pos);
}

TEST(ItemEffects, MagicMappingExploresEveryTraversableCellAndRevealsSecretDoors) {
  const std::vector<std::string> map = {
      "##########################", "#@...#########.....#######", "#....S.........#...#######",
      "#....#########.....S.....#", "###S######################", "#.....~~~WWW.#############",
      "#..V..+..:::.S...........#", "##########################",
  };
  Game game = ascii_game(map);
  const Level before = game.level().level;
  const char scroll = give(game, "scroll_magic_mapping");
  ASSERT_EQ(do_read(game, item_action(ActionType::read, scroll)), k_action_cost);
  const Level& after = game.level().level;
  int secret = 0;
  for (int y = 0; y < before.height(); ++y)
    for (int x = 0; x < before.width(); ++x) {
      const Point p{x, y};
      bool near_traversable = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const Point q{x + dx, y + dy};
          if (before.in_bounds(q) && is_traversable(before.tiles[q])) near_traversable = true;
        }
      if (near_traversable) {
        EXPECT_TRUE(after.flags[p] & cell_flag::explored) << x << "," << y;
      } else {
        EXPECT_EQ(after.flags[p], before.flags[p]) << x << "," << y;
      }
      if (before.tiles[p] == Tile::door_secret) {
        ++secret;
        EXPECT_EQ(after.tiles[p], Tile::door_closed) << x << "," << y;
      } else {
        EXPECT_EQ(after.tiles[p], before.tiles[p]) << x << "," << y;
      }
      EXPECT_EQ(game.level().opacity.opaque(p), !tile_info(after.tiles[p]).transparent);
    }
  EXPECT_EQ(secret, 4);
  int found = 0;
  for (const Event& e : game.events())
    found += e.kind == EventKind::found ? 1 : 0;
  EXPECT_EQ(found, secret);
}

TEST(ItemEffects, EatingNourishesByNutrition) {
  Game game = ascii_game(k_effects_room);
  int& nutrition = game.state().info.nutrition;
  const auto nutrition_of = [&](const char* id) {
    return game.content().items[static_cast<std::size_t>(kind_id(game, id))].nutrition;
  };
  nutrition = 100;
  const char ration = give(game, "food_ration");
  ASSERT_EQ(do_eat(game, item_action(ActionType::eat, ration)), k_action_cost);
  EXPECT_EQ(nutrition, 100 + nutrition_of("food_ration"));
  const int now = nutrition;
  const char corpse = give(game, "corpse");
  ASSERT_EQ(do_eat(game, item_action(ActionType::eat, corpse)), k_action_cost);
  EXPECT_EQ(nutrition, now + nutrition_of("corpse"));
  // Starving (negative) counts from zero, and there is a ceiling.
  nutrition = -50;
  ASSERT_EQ(do_eat(game, item_action(ActionType::eat, give(game, "corpse"))), k_action_cost);
  EXPECT_EQ(nutrition, nutrition_of("corpse"));
  nutrition = 3900;
  ASSERT_EQ(do_eat(game, item_action(ActionType::eat, give(game, "food_ration"))), k_action_cost);
  EXPECT_EQ(nutrition, 4000);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(ItemEffects, EnchantingNeedsSomethingEquipped) {
  Game game = ascii_game(k_effects_room);
  Actor& p = game.state().player;
  const char dagger = give(game, "dagger");
  const char leather = give(game, "leather_armour");
  const auto before = p.inventory;
  apply_effect(game, p, effect_kind("enchant_weapon", 0));
  apply_effect(game, p, effect_kind("enchant_armour", 0));
  EXPECT_EQ(p.inventory, before);  // nothing equipped: nothing happens

  ASSERT_EQ(do_wield(game, item_action(ActionType::wield, dagger)), k_action_cost);
  apply_effect(game, p, effect_kind("enchant_weapon", 0));
  apply_effect(game, p, effect_kind("enchant_weapon", 0));
  EXPECT_EQ(inventory_item(p, dagger)->enchant, 2);
  EXPECT_EQ(inventory_item(p, leather)->enchant, 0);
  ASSERT_EQ(do_wear(game, item_action(ActionType::wear, leather)), k_action_cost);
  apply_effect(game, p, effect_kind("enchant_armour", 0));
  EXPECT_EQ(inventory_item(p, leather)->enchant, 1);
  EXPECT_EQ(inventory_item(p, dagger)->enchant, 2);
  apply_effect(game, p, effect_kind("enchant_armour", 2));  // a stronger scroll
  EXPECT_EQ(inventory_item(p, leather)->enchant, 3);
}

TEST(ItemEffects, KnownEffectsAreExactlyTheContractsList) {
  for (const char* e : {"heal", "extra_heal", "haste", "slow", "confusion", "poison",
                        "fire_resistance", "telepathy", "levitation", "teleport", "magic_mapping",
                        "nourish", "enchant_weapon", "enchant_armour"})
    EXPECT_TRUE(is_known_effect(e)) << e;
  for (const char* e : {"", "bogus", "Heal", "identify"})
    EXPECT_FALSE(is_known_effect(e)) << e;
  // Every effect named by the test content is known.
  for (const ItemKind& k : shared_test_content()->items) {
    if (!k.effect.empty()) {
      EXPECT_TRUE(is_known_effect(k.effect)) << k.id;
    }
  }
}

TEST(ItemEffects, AnUnknownEffectDoesNothing) {
  Game game = ascii_game(k_effects_room);
  const GameState before = game.state();
  apply_effect(game, game.state().player, effect_kind("bogus", 5));
  GameState after = game.state();
  after.messages = before.messages;
  EXPECT_EQ(after, before);
}

}  // namespace
}  // namespace yendor::game::testing
