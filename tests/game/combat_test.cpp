// Combat maths, damage, death and healing (combat.cpp): properties over many seeded rolls,
// checked against the rules as docs/rules.md states them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "support/game_fixture.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;

// Player on the left, one monster (glyph `m`) to its right.
Game duel(char m, std::uint64_t seed = 1) {
  const std::string row = std::string("#@") + m + ".#";
  return ascii_game({"#####", row, "#####"}, seed);
}

Actor& monster(Game& game) {
  return game.level().monsters.at(0);
}

int kind_index(const Game& game, const char* id) {
  return game.content().item_index(id);
}

// Puts an item of `kind` into `actor`'s pack and wields (weapon) or wears (armour) it.
void equip(Game& game, Actor& actor, const char* kind, int enchant = 0) {
  Item item = make_item(game, kind_index(game, kind));
  item.enchant = enchant;
  item.letter = static_cast<char>('a' + actor.inventory.size());
  const ItemKind& k = game.content().items[static_cast<std::size_t>(item.kind)];
  if (k.item_class == ItemClass::weapon) actor.wielded = item.id;
  if (k.item_class == ItemClass::armour) actor.worn = item.id;
  actor.inventory.push_back(item);
}

// The outcomes of `n` attacks by the player on the monster, which never dies.
struct Tally {
  int attacks = 0;
  int misses = 0;
  int blocked = 0;
  int hits = 0;
  std::vector<int> damage;  // of each hit
  bool all_have_text = true;
};

Tally attack_many(Game& game, Actor& attacker, Actor& defender, int n) {
  Tally t;
  for (int i = 0; i < n; ++i) {
    defender.hp = defender.max_hp = 10000;
    game.events().clear();
    melee_attack(game, attacker, defender);
    ++t.attacks;
    for (const Event& e : game.events()) {
      if (e.text.empty()) t.all_have_text = false;
      if (e.kind == EventKind::attack_miss) ++t.misses;
      if (e.kind == EventKind::blocked) ++t.blocked;
      if (e.kind == EventKind::attack_hit) {
        ++t.hits;
        t.damage.push_back(e.value);
      }
    }
  }
  return t;
}

// ---- to-hit ----

TEST(ToHit, RisesWithAttackerDexterityAndFallsWithDefenderDexterity) {
  Game game = duel('g');
  Actor& player = game.state().player;
  Actor& gob = monster(game);
  int previous = -1;
  for (int dex = 1; dex <= 40; ++dex) {
    player.attr.dex = dex;
    const int p = to_hit_percent(game, player, gob);
    EXPECT_GE(p, previous);
    if (previous > 5 && previous < 95) {
      EXPECT_GT(p, previous) << "dex " << dex;
    }
    previous = p;
  }
  player.attr.dex = 12;
  previous = 101;
  for (int dex = 1; dex <= 40; ++dex) {
    gob.attr.dex = dex;
    const int p = to_hit_percent(game, player, gob);
    EXPECT_LE(p, previous);
    if (previous > 5 && previous < 95) {
      EXPECT_LT(p, previous) << "defender dex " << dex;
    }
    previous = p;
  }
}

TEST(ToHit, IsAlwaysBetweenFiveAndNinetyFive) {
  Game game = duel('g');
  Actor& player = game.state().player;
  Actor& gob = monster(game);
  for (int a = -5; a <= 60; a += 5)
    for (int d = -5; d <= 60; d += 5) {
      player.attr.dex = a;
      gob.attr.dex = d;
      const int p = to_hit_percent(game, player, gob);
      EXPECT_GE(p, 5);
      EXPECT_LE(p, 95);
    }
  player.attr.dex = 100;
  gob.attr.dex = 0;
  EXPECT_EQ(to_hit_percent(game, player, gob), 95);
  player.attr.dex = 0;
  gob.attr.dex = 100;
  EXPECT_EQ(to_hit_percent(game, player, gob), 5);
}

TEST(ToHit, FollowsTheDocumentedFormula) {
  // 50 + 3 (attacker DEX - defender DEX) + attacker level + 5 (weapon to_hit + enchant)
  // + 3 (defender's armour evasion penalty), within 5..95.
  Game game = duel('o');
  Actor& player = game.state().player;
  Actor& orc = monster(game);
  player.attr.dex = 14;
  orc.attr.dex = 7;
  player.level = 3;
  EXPECT_EQ(to_hit_percent(game, player, orc), 50 + 21 + 3);
  equip(game, player, "dagger", 2);  // to_hit 1
  EXPECT_EQ(to_hit_percent(game, player, orc), 50 + 21 + 3 + 15);
  equip(game, orc, "plate_armour");  // evasion penalty 3
  EXPECT_EQ(to_hit_percent(game, player, orc), 95);
  player.attr.dex = 7;
  EXPECT_EQ(to_hit_percent(game, player, orc), 50 + 3 + 15 + 9);
  // A thrown item counts its own to_hit and enchantment, never the wielded weapon's.
  Item thrown = make_item(game, game.content().item_index("dagger"));
  thrown.enchant = -1;
  EXPECT_EQ(to_hit_percent(game, player, orc, &thrown), 50 + 3 + 0 + 9);
  EXPECT_EQ(to_hit_percent(game, player, orc, nullptr), 50 + 3 + 9);
}

TEST(ToHit, ObservedHitFrequencyMatchesThePercentage) {
  // Defender DEX 10 (no block chance), no armour: every attack is a hit or a miss.
  const int dexes[] = {4, 10, 16, 22};
  for (std::uint64_t seed = 1; seed <= 2; ++seed)
    for (const int dex : dexes) {
      Game game = duel('r', seed);
      Actor& player = game.state().player;
      Actor& rat = monster(game);
      rat.attr.dex = 10;
      rat.armour = 0;
      player.attr.dex = dex;
      const int n = 3000;
      const Tally t = attack_many(game, player, rat, n);
      EXPECT_EQ(t.blocked, 0);
      EXPECT_EQ(t.hits + t.misses, n);
      const double expected = to_hit_percent(game, player, rat) / 100.0;
      const double observed = static_cast<double>(t.hits) / n;
      // 4.5 standard deviations of a binomial proportion with n = 3000 is below 0.041.
      EXPECT_NEAR(observed, expected, 0.041) << "seed " << seed << " dex " << dex;
    }
}

// ---- damage ----

TEST(Damage, UnarmedUsesNaturalDamageAndWeaponsReplaceIt) {
  Game game = duel('g');
  Actor& player = game.state().player;
  player.attr.str = 10;  // no strength bonus
  EXPECT_EQ(melee_damage(game, player), player.damage);
  equip(game, player, "sword");
  EXPECT_EQ(melee_damage(game, player), (IntRange{2, 8}));
  player.inventory.back().enchant = 2;
  EXPECT_EQ(melee_damage(game, player), (IntRange{4, 10}));
  // Monsters use their own natural weapon.
  Actor& gob = monster(game);
  gob.attr.str = 8;
  EXPECT_EQ(melee_damage(game, gob), gob.damage);
}

TEST(Damage, StrengthAddsHalfItsExcessOverTenAndNeverSubtracts) {
  Game game = duel('g');
  Actor& player = game.state().player;
  equip(game, player, "dagger");  // 1-4
  int previous_hi = 0;
  for (int str = 1; str <= 30; ++str) {
    player.attr.str = str;
    const IntRange r = melee_damage(game, player);
    const int bonus = str > 10 ? (str - 10) / 2 : 0;
    EXPECT_EQ(r, (IntRange{1 + bonus, 4 + bonus})) << "str " << str;
    EXPECT_GE(r.hi, previous_hi);
    previous_hi = r.hi;
  }
}

TEST(Damage, HitsRollEveryValueOfTheRangeWithoutArmour) {
  Game game = duel('r', 7);
  Actor& player = game.state().player;
  Actor& rat = monster(game);
  rat.attr.dex = 10;
  rat.armour = 0;
  player.attr.str = 15;  // +2
  player.attr.dex = 40;  // always hits (95%)
  equip(game, player, "dagger");
  const IntRange r = melee_damage(game, player);
  ASSERT_EQ(r, (IntRange{3, 6}));
  const Tally t = attack_many(game, player, rat, 2000);
  ASSERT_GT(t.hits, 1500);
  std::set<int> seen(t.damage.begin(), t.damage.end());
  EXPECT_EQ(seen, (std::set<int>{3, 4, 5, 6}));
}

TEST(Damage, ArmourAbsorbsUpToItsValue) {
  Game game = duel('o', 3);
  Actor& player = game.state().player;
  Actor& orc = monster(game);
  orc.attr.dex = 10;  // no block chance
  player.attr.dex = 40;
  player.attr.str = 10;
  equip(game, player, "sword");  // 2-8
  equip(game, orc, "leather_armour", 1);
  const int armour = armour_of(game, orc);
  EXPECT_EQ(armour, orc.armour + 2 + 1);
  const Tally armoured = attack_many(game, player, orc, 4000);
  // Absorption is a roll 0..armour: damage within [lo - armour, hi], at least 1 when it hurts,
  // and blows absorbed entirely are reported as blocked ("glances off").
  for (const int d : armoured.damage) {
    EXPECT_GE(d, 1);
    EXPECT_LE(d, 8);
  }
  EXPECT_GT(armoured.blocked, 0);
  EXPECT_EQ(armoured.hits + armoured.blocked + armoured.misses, 4000);
  // The expected loss is armour / 2 per blow (minus what is lost below zero).
  orc.worn = 0;
  orc.armour = 0;
  const Tally bare = attack_many(game, player, orc, 4000);
  EXPECT_EQ(bare.blocked, 0);
  auto mean = [](const std::vector<int>& v) {
    double sum = 0;
    for (const int d : v)
      sum += d;
    return sum / static_cast<double>(v.size());
  };
  const double bare_per_attack = mean(bare.damage) * bare.hits / 4000.0;
  const double armoured_per_attack = mean(armoured.damage) * armoured.hits / 4000.0;
  EXPECT_LT(armoured_per_attack, bare_per_attack - 1.0);
}

TEST(Damage, ArmourOfCountsNaturalWornAndEnchantment) {
  Game game = duel('o');
  Actor& orc = monster(game);
  EXPECT_EQ(armour_of(game, orc), orc.armour);
  equip(game, orc, "plate_armour", -2);
  EXPECT_EQ(armour_of(game, orc), orc.armour + 6 - 2);
  // A carried but not worn armour does not count.
  Actor& player = game.state().player;
  Item spare = make_item(game, kind_index(game, "leather_armour"));
  spare.letter = 'z';
  player.inventory.push_back(spare);
  EXPECT_EQ(armour_of(game, player), player.armour);
}

TEST(Block, OnlyDefendersWithDexterityAboveTenBlock) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Game game = duel('g', seed);
    Actor& player = game.state().player;
    Actor& gob = monster(game);
    player.attr.dex = 40;
    gob.armour = 0;
    for (const int dex : {1, 5, 10}) {
      gob.attr.dex = dex;
      EXPECT_EQ(attack_many(game, player, gob, 500).blocked, 0) << "dex " << dex;
    }
    // DEX 20: 2% per point above 10 = 20% of the blows that would hit.
    gob.attr.dex = 20;
    const Tally t = attack_many(game, player, gob, 4000);
    EXPECT_GT(t.blocked, 0);
    const double blocked_share = static_cast<double>(t.blocked) / (t.blocked + t.hits);
    EXPECT_NEAR(blocked_share, 0.20, 0.04);
    // The cap: 25% however agile.
    gob.attr.dex = 60;
    player.attr.dex = 100;
    const Tally cap = attack_many(game, player, gob, 4000);
    EXPECT_NEAR(static_cast<double>(cap.blocked) / (cap.blocked + cap.hits), 0.25, 0.04);
  }
}

TEST(Melee, EveryExchangeHasAMessageAndNamesBothSides) {
  Game game = duel('g', 5);
  Actor& player = game.state().player;
  Actor& gob = monster(game);
  gob.attr.dex = 18;
  const Tally mine = attack_many(game, player, gob, 300);
  EXPECT_TRUE(mine.all_have_text);
  EXPECT_GT(mine.hits, 0);
  EXPECT_GT(mine.misses, 0);
  EXPECT_GT(mine.blocked, 0);
  player.hp = player.max_hp = 100000;
  game.events().clear();
  bool saw_hit = false;
  bool saw_miss = false;
  for (int i = 0; i < 200; ++i) {
    game.events().clear();
    melee_attack(game, gob, player);
    for (const Event& e : game.events()) {
      EXPECT_FALSE(e.text.empty());
      if (e.kind == EventKind::attack_hit) {
        saw_hit = true;
        EXPECT_EQ(e.text, "The goblin hits you.");
        EXPECT_EQ(e.actor, gob.id);
        EXPECT_EQ(e.target, k_player_id);
      }
      if (e.kind == EventKind::attack_miss) {
        saw_miss = true;
        EXPECT_EQ(e.text, "The goblin misses you.");
      }
    }
  }
  EXPECT_TRUE(saw_hit);
  EXPECT_TRUE(saw_miss);
  // HP lost equals the damage the hit events report.
  player.hp = player.max_hp = 1000;
  int reported = 0;
  for (int i = 0; i < 50; ++i) {
    game.events().clear();
    melee_attack(game, gob, player);
    for (const Event& e : game.events())
      if (e.kind == EventKind::attack_hit) reported += e.value;
  }
  EXPECT_EQ(player.hp, 1000 - reported);
}

TEST(Melee, AnAttackWakesTheDefender) {
  Game game = duel('g');
  Actor& gob = monster(game);
  gob.memory.awake = false;
  melee_attack(game, game.state().player, gob);
  EXPECT_TRUE(gob.memory.awake);
  EXPECT_TRUE(gob.memory.has_target);
  EXPECT_EQ(gob.memory.target, game.state().player.pos);
}

// ---- damage, death, healing ----

TEST(DamageActor, SubtractsOrKillsAtZero) {
  Game game = duel('o');
  Actor& orc = monster(game);
  orc.hp = orc.max_hp = 20;
  damage_actor(game, orc, 7, 0, "a dart trap");
  EXPECT_EQ(orc.hp, 13);
  damage_actor(game, orc, 0, 0, "nothing");
  damage_actor(game, orc, -5, 0, "nothing");
  EXPECT_EQ(orc.hp, 13);
  damage_actor(game, orc, 13, 0, "a dart trap");
  EXPECT_EQ(orc.hp, 0);
  EXPECT_EQ(occupant_at(game.level(), orc.pos), 0u);
}

TEST(Kill, AMonsterLeavesItsCellDropsItsBelongingsAndStaysUntilSwept) {
  // Over many seeds: gold, the drops by chance, a corpse and its carried items, all on its
  // cell; the units on the floor are exactly those made at its death plus those it carried.
  int with_darts = 0;
  const int runs = 400;
  for (std::uint64_t seed = 1; seed <= runs; ++seed) {
    Game game = duel('g', seed);
    GameState& s = game.state();
    Actor& gob = monster(game);
    const ActorId id = gob.id;
    const Point at = gob.pos;
    gob.gold = 7;
    gob.xp = 9;
    Item carried = make_item(game, kind_index(game, "potion_healing"), 2);
    carried.letter = 'a';
    gob.inventory.push_back(carried);
    equip(game, gob, "dagger");
    const std::int64_t created = s.items_created;
    const int xp = s.player.xp;
    damage_actor(game, gob, 1000, k_player_id, "you");

    ASSERT_EQ(game.level().monsters.size(), 1u);  // still listed, dead, until swept
    EXPECT_EQ(game.level().monsters[0].hp, 0);
    EXPECT_EQ(occupant_at(game.level(), at), 0u);
    EXPECT_EQ(s.info.kills, 1);
    EXPECT_EQ(s.player.xp, xp + 9);

    long floor_units = 0;
    int gold = 0, corpses = 0, darts = 0, potions = 0, daggers = 0;
    for (const Item& item : game.level().items) {
      EXPECT_EQ(item.pos, at);
      EXPECT_EQ(item.letter, 0);
      floor_units += item.count;
      const std::string& kind = game.content().items[static_cast<std::size_t>(item.kind)].id;
      if (kind == "gold") gold += item.count;
      if (kind == "corpse") corpses += item.count;
      if (kind == "dart") darts += item.count;
      if (kind == "potion_healing") potions += item.count;
      if (kind == "dagger") daggers += item.count;
    }
    EXPECT_EQ(gold, 7);
    EXPECT_EQ(corpses, 1);
    EXPECT_EQ(potions, 2);
    EXPECT_EQ(daggers, 1);
    EXPECT_TRUE(darts == 0 || (darts >= 2 && darts <= 4)) << darts;
    with_darts += darts > 0 ? 1 : 0;
    // Carried units (3) were counted when made; everything else was made now.
    EXPECT_EQ(floor_units, s.items_created - created + 3);

    bool died_event = false;
    for (const Event& e : game.events())
      if (e.kind == EventKind::died && e.actor == id) {
        died_event = true;
        EXPECT_EQ(e.text, "You kill the goblin!");
      }
    EXPECT_TRUE(died_event);
    // Killing it again changes nothing.
    const std::size_t items = game.level().items.size();
    kill_actor(game, game.level().monsters[0], k_player_id, "you");
    EXPECT_EQ(game.level().items.size(), items);
    EXPECT_EQ(s.info.kills, 1);
    sweep_dead(game);
    EXPECT_TRUE(game.level().monsters.empty());
  }
  // The goblin's dart drop has chance 0.3: 400 runs give 120 +- 4.5 sd (9.2).
  EXPECT_NEAR(with_darts, 120, 42);
}

TEST(Kill, NoCorpseForKindsThatLeaveNone) {
  Game game = duel('z');
  damage_actor(game, monster(game), 1000, k_player_id, "you");
  for (const Item& item : game.level().items)
    EXPECT_NE(game.content().items[static_cast<std::size_t>(item.kind)].id, "corpse");
}

TEST(Kill, OnlyThePlayersKillsGiveExperience) {
  Game game = duel('r');
  Actor& rat = monster(game);
  rat.xp = 5;
  damage_actor(game, rat, 1000, 0, "a dart trap");
  EXPECT_EQ(rat.hp, 0);
  EXPECT_EQ(game.state().player.xp, 0);
  EXPECT_EQ(game.state().info.kills, 0);
  bool text = false;
  for (const Event& e : game.events())
    if (e.kind == EventKind::died) text = e.text == "The rat dies.";
  EXPECT_TRUE(text);
}

TEST(Kill, MeleeKillAwardsExperienceAndCanLevelUp) {
  Game game = duel('r', 11);
  Actor& player = game.state().player;
  Actor& rat = monster(game);
  rat.xp = xp_threshold(2);
  int attacks = 0;
  while (rat.hp > 0 && attacks < 1000) {
    melee_attack(game, player, rat);
    ++attacks;
  }
  ASSERT_EQ(rat.hp, 0);
  EXPECT_EQ(player.xp, xp_threshold(2));
  EXPECT_EQ(player.level, 2);
  EXPECT_EQ(game.state().info.pending_raises, 1);
  // Attacking the dead rat does nothing.
  game.events().clear();
  melee_attack(game, player, rat);
  EXPECT_TRUE(game.events().empty());
}

TEST(Kill, TheBossKillWinsTheGame) {
  Game game = duel('O');
  Actor& boss = monster(game);
  damage_actor(game, boss, 100000, k_player_id, "you");
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.state().outcome, Outcome::won);
  EXPECT_EQ(game.state().info.cause, "won: killed Grishnak the orc warlord");
  bool won = false;
  for (const Event& e : game.events())
    won = won || e.kind == EventKind::won;
  EXPECT_TRUE(won);
  // Nothing fights after the end.
  game.events().clear();
  melee_attack(game, game.state().player, boss);
  EXPECT_TRUE(game.events().empty());
}

TEST(Kill, OtherKillsDoNotWin) {
  Game game = duel('o');
  damage_actor(game, monster(game), 100000, k_player_id, "you");
  EXPECT_FALSE(game.over());
}

TEST(Death, ThePlayersDeathEndsTheGameWithItsCause) {
  Game game = duel('g');
  Actor& player = game.state().player;
  Actor& gob = monster(game);
  player.hp = 1;
  int attacks = 0;
  while (!game.over() && attacks < 10000) {
    melee_attack(game, gob, player);
    ++attacks;
  }
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.state().outcome, Outcome::died);
  EXPECT_EQ(player.hp, 0);
  EXPECT_EQ(game.state().info.cause, "killed by a goblin on level 1");
  bool over = false;
  for (const Event& e : game.events())
    over = over || e.kind == EventKind::game_over;
  EXPECT_TRUE(over);
  // Further damage changes nothing.
  damage_actor(game, player, 5, 0, "lava");
  EXPECT_EQ(game.state().info.cause, "killed by a goblin on level 1");
}

TEST(Death, CauseNamesTheSourceAndTheDepth) {
  Game game = duel('g');
  game.state().depth = 1;
  game.state().player.hp = 3;
  damage_actor(game, game.state().player, 3, 0, "a dart trap");
  EXPECT_EQ(game.state().info.cause, "killed by a dart trap on level 1");
  EXPECT_EQ(game.state().outcome, Outcome::died);
}

TEST(Heal, NeverAboveMaximumAndNeverRaisesTheDead) {
  Game game = duel('g');
  Actor& player = game.state().player;
  player.max_hp = 30;
  player.hp = 10;
  heal_actor(game, player, 5);
  EXPECT_EQ(player.hp, 15);
  heal_actor(game, player, 100);
  EXPECT_EQ(player.hp, 30);
  heal_actor(game, player, -4);
  EXPECT_EQ(player.hp, 30);
  Actor& gob = monster(game);
  damage_actor(game, gob, 1000, k_player_id, "you");
  heal_actor(game, gob, 10);
  EXPECT_EQ(gob.hp, 0);
}

}  // namespace
}  // namespace yendor::game
