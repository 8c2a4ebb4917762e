#pragma once
// The test-only content pack as C++ values: small, fixed, so balance changes to data/game
// never break rule tests. tests/game/content/*.toml is the same pack as files
// (content_loader_test checks load_content() of it equals test_content()).

#include <memory>

#include "yendor/ai/library.hpp"
#include "yendor/game/content.hpp"

namespace yendor::game::testing {

inline Content test_content() {
  Content c;
  c.races = {
      Race{"animal", "animal", {150, 120, 90}, {0, 0, 0}, false, false, false},
      Race{"goblinoid", "goblinoid", {90, 170, 60}, {0, 1, 0}, false, false, false},
      Race{"orc", "orc", {200, 60, 40}, {1, 0, 0}, false, false, false},
      Race{"undead", "undead", {220, 220, 220}, {0, 0, 0}, true, false, true},
  };
  auto monster = [](std::string id, char glyph, int race) {
    MonsterKind m;
    m.id = id;
    m.name = id;
    m.glyph = glyph;
    m.race = race;
    return m;
  };
  MonsterKind rat = monster("rat", 'r', 0);
  rat.str = {3, 5};
  rat.dex = {8, 10};
  rat.con = {3, 5};
  rat.speed = {100, 100};
  rat.base_xp = 2;
  rat.damage = {1, 2};
  rat.attack_verb = "bites";
  rat.depth = {1, 4};
  rat.frequency = 20;
  rat.group = {1, 3};
  MonsterKind goblin = monster("goblin", 'g', 1);
  goblin.str = {5, 8};
  goblin.dex = {10, 14};
  goblin.con = {5, 8};
  goblin.speed = {120, 140};
  goblin.base_xp = 6;
  goblin.damage = {1, 4};
  goblin.depth = {1, 6};
  goblin.gold = {1, 10};
  goblin.drops = {Drop{"dart", 0.3, {2, 4}}};
  MonsterKind orc = monster("orc", 'o', 2);
  orc.str = {12, 16};
  orc.dex = {6, 9};
  orc.con = {12, 16};
  orc.speed = {70, 90};
  orc.base_xp = 15;
  orc.armour = 2;
  orc.damage = {2, 6};
  orc.depth = {3, 10};
  orc.gold = {5, 20};
  orc.drops = {Drop{"sword", 0.2, {1, 1}}};
  MonsterKind archer = monster("goblin_archer", 'a', 1);
  archer.name = "goblin archer";
  archer.str = {5, 7};
  archer.dex = {12, 15};
  archer.con = {5, 7};
  archer.base_xp = 10;
  archer.depth = {2, 8};
  archer.frequency = 5;
  archer.ranged = RangedAttack{"arrow", {1, 6}, 6, 0.6};
  MonsterKind skeleton = monster("skeleton", 'z', 3);
  skeleton.str = {8, 12};
  skeleton.dex = {6, 10};
  skeleton.con = {8, 12};
  skeleton.base_xp = 12;
  skeleton.depth = {4, 10};
  skeleton.leaves_corpse = false;
  MonsterKind shopkeeper = monster("shopkeeper", '@', 0);
  shopkeeper.str = {18, 18};
  shopkeeper.dex = {16, 16};
  shopkeeper.con = {20, 20};
  shopkeeper.base_xp = 50;
  shopkeeper.frequency = 0;
  shopkeeper.shopkeeper = true;
  shopkeeper.brain = "chase";
  MonsterKind boss = monster("orc_warlord", 'O', 2);
  boss.name = "Grishnak the orc warlord";
  boss.str = {18, 20};
  boss.dex = {10, 12};
  boss.con = {20, 24};
  boss.base_xp = 200;
  boss.armour = 4;
  boss.damage = {4, 10};
  boss.depth = {1, 100};
  boss.frequency = 0;
  boss.boss = true;
  boss.unique = true;
  c.monsters = {rat, goblin, orc, archer, skeleton, shopkeeper, boss};

  auto item = [](std::string id, std::string name, ItemClass cls, char glyph) {
    ItemKind k;
    k.id = id;
    k.name = name;
    k.item_class = cls;
    k.glyph = glyph;
    return k;
  };
  ItemKind healing = item("potion_healing", "potion of healing", ItemClass::potion, '!');
  healing.plural = "potions of healing";
  healing.effect = "heal";
  healing.power = 20;
  healing.stackable = true;
  healing.price = 30;
  ItemKind haste = item("potion_haste", "potion of haste", ItemClass::potion, '!');
  haste.plural = "potions of haste";
  haste.effect = "haste";
  haste.power = 20;
  haste.stackable = true;
  haste.price = 60;
  haste.frequency = 5;
  ItemKind fire_res =
      item("potion_fire_resistance", "potion of fire resistance", ItemClass::potion, '!');
  fire_res.plural = "potions of fire resistance";
  fire_res.effect = "fire_resistance";
  fire_res.power = 50;
  fire_res.stackable = true;
  fire_res.price = 50;
  fire_res.frequency = 3;
  ItemKind teleport =
      item("scroll_teleportation", "scroll of teleportation", ItemClass::scroll, '?');
  teleport.plural = "scrolls of teleportation";
  teleport.effect = "teleport";
  teleport.stackable = true;
  teleport.price = 40;
  ItemKind mapping =
      item("scroll_magic_mapping", "scroll of magic mapping", ItemClass::scroll, '?');
  mapping.plural = "scrolls of magic mapping";
  mapping.effect = "magic_mapping";
  mapping.stackable = true;
  mapping.price = 50;
  ItemKind dagger = item("dagger", "dagger", ItemClass::weapon, ')');
  dagger.damage = {1, 4};
  dagger.to_hit = 1;
  dagger.thrown_damage = {1, 4};
  dagger.price = 10;
  ItemKind sword = item("sword", "sword", ItemClass::weapon, ')');
  sword.damage = {2, 8};
  sword.price = 40;
  sword.depth = {2, 10};
  ItemKind leather = item("leather_armour", "leather armour", ItemClass::armour, '[');
  leather.armour = 2;
  leather.price = 20;
  ItemKind plate = item("plate_armour", "plate armour", ItemClass::armour, '[');
  plate.armour = 6;
  plate.evasion_penalty = 3;
  plate.price = 120;
  plate.depth = {5, 10};
  plate.frequency = 3;
  ItemKind dart = item("dart", "dart", ItemClass::missile, '(');
  dart.thrown_damage = {1, 3};
  dart.stackable = true;
  dart.price = 2;
  ItemKind ration = item("food_ration", "food ration", ItemClass::food, '%');
  ration.effect = "nourish";
  ration.nutrition = 800;
  ration.stackable = true;
  ration.price = 15;
  ItemKind key = item("key", "key", ItemClass::key, '-');
  key.frequency = 0;
  key.price = 0;
  ItemKind gold = item("gold", "gold piece", ItemClass::gold, '$');
  gold.stackable = true;
  gold.frequency = 0;
  gold.price = 1;
  ItemKind corpse = item("corpse", "corpse", ItemClass::corpse, '%');
  corpse.frequency = 0;
  corpse.price = 0;
  corpse.nutrition = 200;
  c.items = {healing, haste, fire_res, teleport, mapping, dagger, sword,
             leather, plate, dart,     ration,   key,     gold,   corpse};

  DungeonRecipe& d = c.dungeon;
  d.levels = 4;
  d.size = {60, 30};
  DepthBand early;
  early.depths = {1, 2};
  early.levels = {LevelChoice{"rooms", {}, "dungeon", 2}, LevelChoice{"bsp", {}, "dungeon", 1}};
  early.monsters = {3, 5};
  early.items = {3, 5};
  early.traps = {1, 2};
  DepthBand late;
  late.depths = {3, 4};
  late.levels = {LevelChoice{"caves", {}, "dungeon", 1}, LevelChoice{"cyclic", {}, "dungeon", 1}};
  late.monsters = {4, 6};
  late.items = {3, 5};
  late.traps = {1, 3};
  d.bands = {early, late};
  d.boss = "orc_warlord";
  d.catch_up_turns = 50;
  d.start_items = {"dagger", "leather_armour", "potion_healing"};
  c.legend = {
      LegendEntry{"monster", "monster", 0, ""},
      LegendEntry{"boss", "boss", 0, ""},
      LegendEntry{"item", "item", 0, ""},
      LegendEntry{"treasure", "treasure", 2, ""},
      LegendEntry{"trap", "trap", 0, ""},
      LegendEntry{"key", "key", 0, ""},
      LegendEntry{"shopkeeper", "shopkeeper", 0, ""},
      LegendEntry{"shop_item", "shop_item", 0, ""},
      LegendEntry{"priest", "nothing", 0, ""},
      LegendEntry{"book", "item", 0, "scroll"},
  };
  c.ai = ai::load_library(ai::default_library_dir());  // the shipped AI tables, as the pack
  return c;
}

inline std::shared_ptr<const Content> shared_test_content() {
  static const auto content = std::make_shared<const Content>(test_content());
  return content;
}

// The shared test content by reference, for tests that only read it.
inline const Content& shared_content() {
  return *shared_test_content();
}

}  // namespace yendor::game::testing
