// The dd rules (docs/dd.md; the DD platform paper 2.3-2.7) on hand-made states: who strikes
// first, exact damage, experience and levels, exploring's regeneration for hero and monsters,
// items, every spell, conversion per race, refusals; and over random play, that monsters
// never move and the state's invariants hold.

#include <gtest/gtest.h>

#include <bit>

#include "dd/dd_support.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::dd {
namespace {

using testing::add_monster;
using testing::give_spell;
using testing::open_state;
using testing::shipped;

const Content& c() {
  return shipped();
}

constexpr int k_east = 1;

TEST(DdFormulas, MonsterBaseStatsFollowTheAlpha) {
  const int health[] = {6, 15, 26, 39, 54, 71, 90, 111, 134, 159};
  const int attack[] = {3, 7, 12, 18, 25, 33, 42, 52, 63, 75};
  for (int n = 1; n <= 10; ++n) {
    EXPECT_EQ(base_monster_health(n), health[n - 1]) << n;
    EXPECT_EQ(base_monster_attack(n), attack[n - 1]) << n;
  }
}

TEST(DdFormulas, KillExperienceAddsTheBonusForHigherMonsters) {
  const HeroClass& fighter = c().classes[static_cast<std::size_t>(c().class_index("fighter"))];
  EXPECT_EQ(kill_xp(1, 1, fighter), 1);
  EXPECT_EQ(kill_xp(1, 5, fighter), 1);
  EXPECT_EQ(kill_xp(3, 2, fighter), 3 + 2);
  EXPECT_EQ(kill_xp(5, 2, fighter), 5 + 12);
  EXPECT_EQ(kill_xp(10, 1, fighter), 10 + 90);
  const HeroClass& thief = c().classes[static_cast<std::size_t>(c().class_index("thief"))];
  EXPECT_EQ(kill_xp(5, 2, thief), (5 + 12) * 125 / 100);
}

TEST(DdFormulas, HeroGrowsTenHealthAndFiveAttackPerLevel) {
  for (int level = 1; level <= 10; ++level) {
    const State s = open_state(c(), level, "human", "priest");  // priest: the base numbers
    EXPECT_EQ(s.hero.max_hp, 10 * level);
    EXPECT_EQ(s.hero.attack, 5 * level);
    EXPECT_EQ(s.hero.max_mana, 10);
  }
}

TEST(DdCombat, HigherLevelHeroStrikesFirstAndKillsWithoutRetaliation) {
  State s = open_state(c(), 2);                            // attack 10
  const int m = add_monster(s, c(), "goblin", 1, 11, 10);  // 6 health, attack 3
  const int hp = s.hero.hp;
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(m)].hp, 0);
  EXPECT_EQ(s.hero.hp, hp);  // dead monsters do not strike back
  EXPECT_EQ(s.monster_at[static_cast<std::size_t>(cell_of(11, 10))], k_no_monster);
  EXPECT_EQ(s.hero.cell, cell_of(10, 10));  // a bump does not move the hero
  EXPECT_EQ(s.alive, 0);
  EXPECT_EQ(s.tally.kills, 1);
  EXPECT_EQ(s.hero.total_xp, 1);
}

TEST(DdCombat, MonsterStrikesFirstOnATieAndEachBlowIsExactlyTheAttack) {
  State s = open_state(c(), 1);                            // fighter: 12 health, attack 5
  const int m = add_monster(s, c(), "zombie", 1, 11, 10);  // 9 health, attack 3
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.hero.hp, 12 - 3);
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(m)].hp, 9 - 5);
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.hero.hp, 12 - 6);
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(m)].hp, 0);
}

TEST(DdCombat, AHeroKilledFirstDoesNotStrike) {
  State s = open_state(c(), 1);
  s.hero.hp = 3;
  const int m = add_monster(s, c(), "goblin", 3, 11, 10);  // attack 12
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.outcome, Outcome::died);
  EXPECT_EQ(s.killer, m);
  EXPECT_EQ(s.hero.hp, 0);
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(m)].hp,
            s.monsters[static_cast<std::size_t>(m)].max_hp);
  EXPECT_EQ(check(s, c(), move_action(0)), Refusal::game_over);
}

TEST(DdCombat, FirstStrikeTraitBeatsHigherLevelsButNotTheSpell) {
  State s = open_state(c(), 3);
  add_monster(s, c(), "serpent", 1, 11, 10);  // first strike
  EXPECT_FALSE(hero_strikes_first(s, c(), s.monsters[0]));
  s.hero.first_strike = true;
  EXPECT_TRUE(hero_strikes_first(s, c(), s.monsters[0]));
}

TEST(DdCombat, ThiefWinsTiesOfLevel) {
  State s = open_state(c(), 2, "human", "thief");
  add_monster(s, c(), "goblin", 2, 11, 10);
  add_monster(s, c(), "goblin", 3, 12, 10);
  EXPECT_TRUE(hero_strikes_first(s, c(), s.monsters[0]));
  EXPECT_FALSE(hero_strikes_first(s, c(), s.monsters[1]));
  State f = open_state(c(), 2);
  add_monster(f, c(), "goblin", 2, 11, 10);
  EXPECT_FALSE(hero_strikes_first(f, c(), f.monsters[0]));
}

TEST(DdProgress, LevelUpRestoresHealthAndManaAndCarriesTheRest) {
  State s = open_state(c(), 1);
  s.hero.hp = 4;
  s.hero.mana = 0;
  s.hero.xp = 4;
  add_monster(s, c(), "bandit", 1, 11, 10);  // strikes first (a tie) for 2
  s.monsters[0].hp = 1;
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  ASSERT_EQ(s.outcome, Outcome::playing);
  EXPECT_EQ(s.hero.level, 2);
  EXPECT_EQ(s.hero.xp, 0);  // 4 + 1 = 5 = the need of level 1
  EXPECT_EQ(s.hero.max_hp, 24);
  EXPECT_EQ(s.hero.hp, 24);
  EXPECT_EQ(s.hero.mana, s.hero.max_mana);
  EXPECT_EQ(s.hero.attack, 10);
}

TEST(DdProgress, BigExperienceClimbsSeveralLevelsUpToTheCap) {
  State s = open_state(c(), 1);
  add_monster(s, c(), "goblin", 9, 11, 10);
  s.monsters[0].hp = 1;
  s.hero.first_strike = true;
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  // 9 + 8 * 9 = 81 experience: 5 + 10 + 15 + 20 = 50 to reach level 5, 25 more for 6.
  EXPECT_EQ(s.hero.total_xp, 81);
  EXPECT_EQ(s.hero.level, 6);
  EXPECT_EQ(s.hero.xp, 81 - 75);
}

TEST(DdProgress, KillingTheBossWins) {
  State s = open_state(c(), 9);
  add_monster(s, c(), "dragon", 10, 11, 10);
  s.monsters[0].hp = 1;
  s.hero.first_strike = true;
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.outcome, Outcome::won);
}

TEST(DdExplore, EachNewCellHealsTheHeroByLevelAndGivesAManaPoint) {
  State s = open_state(c(), 3);
  s.revealed.fill(0);
  s.unrevealed = k_cells;
  s.hero.hp = 1;
  s.hero.mana = 0;
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  // The 3x3 round (11, 10): nine cells, none revealed before.
  EXPECT_EQ(s.unrevealed, k_cells - 9);
  EXPECT_EQ(s.tally.explored, 9);
  EXPECT_EQ(s.hero.hp, 1 + 9 * 3);
  EXPECT_EQ(s.hero.mana, 9);
  // Moving back reveals three more.
  ASSERT_EQ(step(s, c(), move_action(3)), Refusal::none);
  EXPECT_EQ(s.unrevealed, k_cells - 12);
  EXPECT_EQ(s.hero.mana, 10);  // capped
}

TEST(DdExplore, DamagedMonstersHealTooAndStopAtTheirMaximum) {
  State s = open_state(c(), 1);
  s.revealed.fill(0);
  s.unrevealed = k_cells;
  const int m = add_monster(s, c(), "goblin", 4, 2, 2);  // 39 health, heals 4 a cell
  s.monsters[static_cast<std::size_t>(m)].hp = 1;
  s.damaged = 1;
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);  // nine new cells
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(m)].hp, 1 + 9 * 4);
  EXPECT_EQ(s.damaged, 1u);
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);  // three more
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(m)].hp, 39);
  EXPECT_EQ(s.damaged, 0u);
}

TEST(DdItems, PickingUpAppliesAtOnce) {
  State s = open_state(c(), 2);
  const auto put = [&](int x, ItemKind k) {
    s.item_at[static_cast<std::size_t>(cell_of(x, 10))] = static_cast<std::uint8_t>(k);
  };
  put(11, ItemKind::health_potion);
  put(12, ItemKind::attack_powerup);
  put(13, ItemKind::health_powerup);
  put(14, ItemKind::mana_powerup);
  const int potions = s.hero.health_potions;
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.hero.health_potions, potions + 1);
  EXPECT_EQ(s.hero.attack, 11);
  EXPECT_EQ(s.hero.max_hp, 26);
  EXPECT_EQ(s.hero.hp, s.hero.max_hp);  // the powerup adds its health
  EXPECT_EQ(s.hero.max_mana, 11);
  for (int x = 11; x <= 14; ++x)
    EXPECT_EQ(s.item_at[static_cast<std::size_t>(cell_of(x, 10))], 0);
}

TEST(DdItems, GlyphsNeedAFreeSlotOrStayOnTheFloor) {
  State s = open_state(c(), 1);  // fighter: 3 slots
  for (int i = 0; i < 3; ++i)
    give_spell(s, c(), "heal");
  const auto cell = static_cast<std::size_t>(cell_of(11, 10));
  s.item_at[cell] = static_cast<std::uint8_t>(ItemKind::spell);
  s.spell_at[cell] = static_cast<std::uint8_t>(c().spell_index("fireball"));
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.hero.cell, cell);
  EXPECT_EQ(s.item_at[cell], static_cast<std::uint8_t>(ItemKind::spell));
  ASSERT_EQ(step(s, c(), convert_action(0)), Refusal::none);
  ASSERT_EQ(step(s, c(), move_action(3)), Refusal::none);
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.item_at[cell], 0);
  EXPECT_EQ(s.hero.glyphs[0], c().spell_index("fireball"));
}

TEST(DdItems, PotionsRestoreTheClassShareAndAreRefusedWhenUseless) {
  State s = open_state(c(), 5);  // fighter: 60 health, potions restore 40 %
  s.hero.health_potions = 1;
  EXPECT_EQ(check(s, c(), {ActionKind::drink_health}), Refusal::full_health);
  s.hero.hp = 10;
  ASSERT_EQ(step(s, c(), {ActionKind::drink_health}), Refusal::none);
  EXPECT_EQ(s.hero.hp, 10 + 24);
  EXPECT_EQ(check(s, c(), {ActionKind::drink_health}), Refusal::no_potion);
  EXPECT_EQ(s.tally.health_potions_used, 1);
  s.hero.mana_potions = 1;
  s.hero.mana = 0;
  ASSERT_EQ(step(s, c(), {ActionKind::drink_mana}), Refusal::none);
  EXPECT_EQ(s.hero.mana, 4);
  State p = open_state(c(), 5, "human", "priest");  // 100 %
  p.hero.health_potions = 1;
  p.hero.hp = 1;
  ASSERT_EQ(step(p, c(), {ActionKind::drink_health}), Refusal::none);
  EXPECT_EQ(p.hero.hp, p.hero.max_hp);
}

TEST(DdSpells, FireballDealsDamagePerLevelWithoutRetaliationAndMagicResistCounts) {
  State s = open_state(c(), 3);
  const int slot = give_spell(s, c(), "fireball");
  const int g = add_monster(s, c(), "goblin", 5, 15, 15);  // far away: any revealed monster
  const int golem = add_monster(s, c(), "golem", 5, 16, 15);
  const int hp = s.hero.hp;
  ASSERT_EQ(step(s, c(), cast_action(slot, cell_of(15, 15))), Refusal::none);
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(g)].hp, 54 - 12);
  EXPECT_EQ(s.hero.hp, hp);
  EXPECT_EQ(s.hero.mana, 10 - 6);
  EXPECT_EQ(s.damaged, std::uint64_t{1} << g);
  s.hero.mana = 10;
  ASSERT_EQ(step(s, c(), cast_action(slot, cell_of(16, 15))), Refusal::none);
  EXPECT_EQ(s.monsters[static_cast<std::size_t>(golem)].hp, 54 - 6);  // resists half
  EXPECT_EQ(check(s, c(), cast_action(slot, cell_of(16, 15))), Refusal::no_mana);
  s.hero.mana = 10;
  EXPECT_EQ(check(s, c(), cast_action(slot, cell_of(1, 1))), Refusal::no_target);
  EXPECT_EQ(check(s, c(), cast_action(slot)), Refusal::no_target);
  s.revealed[static_cast<std::size_t>(cell_of(15, 15))] = 0;
  EXPECT_EQ(check(s, c(), cast_action(slot, cell_of(15, 15))), Refusal::no_target);
}

TEST(DdSpells, FireballKillGivesExperience) {
  State s = open_state(c(), 2);
  const int slot = give_spell(s, c(), "fireball");
  add_monster(s, c(), "goblin", 1, 15, 15);
  ASSERT_EQ(step(s, c(), cast_action(slot, cell_of(15, 15))), Refusal::none);
  EXPECT_EQ(s.alive, 0);
  EXPECT_EQ(s.hero.total_xp, 1);
}

TEST(DdSpells, KillProtectLeavesOneHealthOnce) {
  State s = open_state(c(), 1);
  const int slot = give_spell(s, c(), "kill_protect");
  ASSERT_EQ(step(s, c(), cast_action(slot)), Refusal::none);
  EXPECT_TRUE(s.hero.kill_protect);
  EXPECT_EQ(check(s, c(), cast_action(slot)), Refusal::already_active);
  add_monster(s, c(), "goblin", 5, 11, 10);
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.outcome, Outcome::playing);
  EXPECT_EQ(s.hero.hp, 1);
  EXPECT_FALSE(s.hero.kill_protect);
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.outcome, Outcome::died);
}

TEST(DdSpells, FirstAndPowerStrikeAreSpentByTheNextExchange) {
  State s = open_state(c(), 1);  // attack 5
  const int fs = give_spell(s, c(), "first_strike");
  const int ps = give_spell(s, c(), "power_strike");
  add_monster(s, c(), "meat_man", 3, 11, 10);  // 52 health, attack 7
  ASSERT_EQ(step(s, c(), cast_action(fs)), Refusal::none);
  ASSERT_EQ(step(s, c(), cast_action(ps)), Refusal::none);
  EXPECT_EQ(check(s, c(), cast_action(ps)), Refusal::already_active);
  const int hp = s.hero.hp;
  ASSERT_EQ(step(s, c(), move_action(k_east)), Refusal::none);
  EXPECT_EQ(s.monsters[0].hp, 52 - 6);  // 5 x 130 %
  EXPECT_EQ(s.hero.hp, hp - 7);
  EXPECT_FALSE(s.hero.first_strike);
  EXPECT_EQ(s.hero.power_strike, 0);
}

TEST(DdSpells, HealAndRevealFollowTheirAmounts) {
  State s = open_state(c(), 4);
  const int heal = give_spell(s, c(), "heal");
  EXPECT_EQ(check(s, c(), cast_action(heal)), Refusal::full_health);
  s.hero.hp = 1;
  ASSERT_EQ(step(s, c(), cast_action(heal)), Refusal::none);
  EXPECT_EQ(s.hero.hp, 1 + 3 * 4);
  const int reveal = give_spell(s, c(), "reveal");
  EXPECT_EQ(check(s, c(), cast_action(reveal)), Refusal::nothing_to_reveal);
  s.revealed.fill(0);
  s.unrevealed = k_cells;
  State twin = s;
  ASSERT_EQ(step(s, c(), cast_action(reveal)), Refusal::none);
  EXPECT_EQ(s.unrevealed, k_cells - 3);
  ASSERT_EQ(step(twin, c(), cast_action(reveal)), Refusal::none);
  EXPECT_EQ(s.revealed, twin.revealed);  // the state's own Rng: same state, same cells
}

TEST(DdSpells, WizardPaysLessAndBerserkerMore) {
  State w = open_state(c(), 1, "human", "wizard");
  State b = open_state(c(), 1, "human", "berserker");
  const int fireball = c().spell_index("fireball");
  EXPECT_EQ(spell_cost(c(), w.hero, fireball), 5);
  EXPECT_EQ(spell_cost(c(), b.hero, fireball), 8);
  EXPECT_EQ(w.hero.glyph_slots, 4);
  EXPECT_EQ(b.hero.attack, 5 * 150 / 100);
}

TEST(DdConvert, EachRaceGetsItsBonus) {
  struct Case {
    const char* race;
    int attack, max_hp, max_mana, health_potions, mana_potions;
  };
  const State base = open_state(c(), 2);
  const Case cases[] = {
      {"human", base.hero.attack * 110 / 100, base.hero.max_hp, 10, 0, 0},
      {"elf", base.hero.attack, base.hero.max_hp, 12, 0, 0},
      {"dwarf", base.hero.attack, base.hero.max_hp * 110 / 100, 10, 0, 0},
      {"halfling", base.hero.attack, base.hero.max_hp, 10, 1, 0},
      {"gnome", base.hero.attack, base.hero.max_hp, 10, 0, 1},
  };
  for (const Case& k : cases) {
    State s = open_state(c(), 2, k.race);
    const int slot = give_spell(s, c(), "heal");
    ASSERT_EQ(step(s, c(), convert_action(slot)), Refusal::none) << k.race;
    EXPECT_EQ(s.hero.glyphs[static_cast<std::size_t>(slot)], -1);
    EXPECT_EQ(s.hero.attack, k.attack) << k.race;
    EXPECT_EQ(s.hero.max_hp, k.max_hp) << k.race;
    EXPECT_EQ(s.hero.max_mana, k.max_mana) << k.race;
    EXPECT_EQ(s.hero.health_potions, k.health_potions) << k.race;
    EXPECT_EQ(s.hero.mana_potions, k.mana_potions) << k.race;
    EXPECT_EQ(check(s, c(), convert_action(slot)), Refusal::empty_slot);
  }
}

TEST(DdRefusals, WallsEdgesAndBadArguments) {
  State s = open_state(c(), 1);
  s.hero.cell = static_cast<std::uint16_t>(cell_of(0, 0));
  EXPECT_EQ(check(s, c(), move_action(0)), Refusal::off_the_map);
  EXPECT_EQ(check(s, c(), move_action(3)), Refusal::off_the_map);
  s.wall[static_cast<std::size_t>(cell_of(1, 0))] = 1;
  EXPECT_EQ(step(s, c(), move_action(k_east)), Refusal::wall);
  EXPECT_EQ(s.tally.actions, 0);
  EXPECT_EQ(check(s, c(), move_action(8)), Refusal::bad_argument);
  EXPECT_EQ(check(s, c(), cast_action(0)), Refusal::empty_slot);
  EXPECT_EQ(check(s, c(), cast_action(3)), Refusal::bad_argument);  // fighters have 3 slots
  EXPECT_EQ(check(s, c(), convert_action(7)), Refusal::bad_argument);
  ASSERT_EQ(step(s, c(), {ActionKind::give_up}), Refusal::none);
  EXPECT_EQ(s.outcome, Outcome::gave_up);
}

// Random play over many games: monsters stay where they were placed, health stays in range,
// the damaged mask is exactly the living monsters below their maximum, the counts agree.
TEST(DdRandomPlay, MonstersNeverMoveAndTheStateStaysConsistent) {
  Rng rng(5);
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    State s = new_game(c(), {}, seed);
    const State start = s;
    for (int t = 0; t < 400 && s.outcome == Outcome::playing; ++t) {
      Action a;
      const auto r = rng.below(20);
      if (r < 14)
        a = move_action(static_cast<int>(rng.below(8)));
      else if (r == 14)
        a = {ActionKind::drink_health};
      else if (r == 15)
        a = {ActionKind::drink_mana};
      else if (r == 16)
        a = convert_action(static_cast<int>(rng.below(4)));
      else
        a = cast_action(static_cast<int>(rng.below(4)), static_cast<int>(rng.below(k_cells)));
      const Refusal why = check(s, c(), a);
      const State before = s;
      ASSERT_EQ(step(s, c(), a), why);
      if (why != Refusal::none) {
        ASSERT_EQ(s, before);
      }
      int alive = 0, revealed = 0;
      std::uint64_t damaged = 0;
      for (int i = 0; i < s.monster_count; ++i) {
        const Monster& m = s.monsters[static_cast<std::size_t>(i)];
        ASSERT_EQ(m.cell, start.monsters[static_cast<std::size_t>(i)].cell);
        ASSERT_LE(m.hp, m.max_hp);
        if (m.hp > 0) {
          ++alive;
          ASSERT_EQ(s.monster_at[m.cell], i);
          if (m.hp < m.max_hp) damaged |= std::uint64_t{1} << i;
        }
      }
      for (std::uint8_t r2 : s.revealed)
        revealed += r2;
      ASSERT_EQ(alive, s.alive);
      ASSERT_EQ(damaged, s.damaged);
      ASSERT_EQ(revealed + s.unrevealed, k_cells);
      ASSERT_LE(s.hero.hp, s.hero.max_hp);
      ASSERT_LE(s.hero.mana, s.hero.max_mana);
      ASSERT_GE(s.hero.mana, 0);
      ASSERT_EQ(s.wall[s.hero.cell], 0);
      ASSERT_EQ(s.revealed[s.hero.cell], 1);
    }
  }
}

}  // namespace
}  // namespace yendor::dd
