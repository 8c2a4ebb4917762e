// Experience, levels, attribute raises and regeneration (progression.cpp), as docs/rules.md
// states them.
#include <gtest/gtest.h>

#include <cstdint>

#include "support/game_fixture.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;

Game small_game(std::uint64_t seed = 1) {
  return ascii_game({"#####", "#@.r#", "#####"}, seed);
}

std::size_t count_events(Game& game, EventKind kind) {
  std::size_t n = 0;
  for (const Event& e : game.events())
    n += e.kind == kind ? 1 : 0;
  return n;
}

Action raise(int choice) {
  Action a;
  a.type = ActionType::raise;
  a.choice = choice;
  return a;
}

// ---- thresholds and hit points ----

TEST(Experience, ThresholdsStartAtZeroAndRiseStrictly) {
  EXPECT_EQ(xp_threshold(1), 0);
  for (int level = 1; level <= 31; ++level) {
    EXPECT_GT(xp_threshold(level + 1), xp_threshold(level)) << level;
    // Each level costs more than the one before.
    if (level >= 2) {
      EXPECT_GT(xp_threshold(level + 1) - xp_threshold(level),
                xp_threshold(level) - xp_threshold(level - 1));
    }
  }
}

TEST(HitPoints, RiseWithConstitutionAndLevel) {
  for (int con = 1; con <= 40; ++con)
    for (int level = 1; level <= 30; ++level) {
      const Attributes a{10, 10, con};
      const Attributes more{10, 10, con + 1};
      EXPECT_GT(max_hp_for(more, level), max_hp_for(a, level));
      if (level > 1) {
        EXPECT_GT(max_hp_for(a, level), max_hp_for(a, level - 1));
      }
      EXPECT_GE(max_hp_for(a, level), 1);
      // Strength and dexterity do not give hit points.
      EXPECT_EQ(max_hp_for({30, 1, con}, level), max_hp_for(a, level));
    }
}

TEST(HitPoints, ANewPlayerIsAtFullHealthOfItsAttributes) {
  Game game = small_game();
  const Actor& p = game.state().player;
  EXPECT_EQ(p.level, 1);
  EXPECT_EQ(p.xp, 0);
  EXPECT_EQ(p.attr, game.content().dungeon.start_attributes);
  EXPECT_EQ(p.max_hp, max_hp_for(p.attr, 1));
  EXPECT_EQ(p.hp, p.max_hp);
}

// ---- level-ups ----

TEST(Experience, BelowTheThresholdNothingHappens) {
  Game game = small_game();
  award_xp(game, xp_threshold(2) - 1);
  EXPECT_EQ(game.state().player.level, 1);
  EXPECT_EQ(game.state().info.pending_raises, 0);
  EXPECT_EQ(count_events(game, EventKind::level_up), 0u);
  award_xp(game, 1);
  EXPECT_EQ(game.state().player.level, 2);
  EXPECT_EQ(game.state().info.pending_raises, 1);
}

TEST(Experience, OneBigAwardGivesSeveralLevelsAndRaises) {
  for (int target = 2; target <= 12; ++target) {
    Game game = small_game();
    Actor& p = game.state().player;
    p.hp = p.max_hp - 5;  // wounded: the level-ups add to current HP as much as to max
    const int max_before = p.max_hp;
    award_xp(game, xp_threshold(target));
    EXPECT_EQ(p.level, target);
    EXPECT_EQ(p.xp, xp_threshold(target));
    EXPECT_EQ(game.state().info.pending_raises, target - 1);
    EXPECT_EQ(p.max_hp, max_hp_for(p.attr, target));
    EXPECT_EQ(p.hp, p.max_hp - 5);
    EXPECT_GT(p.max_hp, max_before);
    // One level_up event per level, in order, each with text.
    int expected = 2;
    for (const Event& e : game.events()) {
      if (e.kind != EventKind::level_up) continue;
      EXPECT_EQ(e.value, expected++);
      EXPECT_FALSE(e.text.empty());
    }
    EXPECT_EQ(expected, target + 1);
  }
}

TEST(Experience, TheLevelStopsAtThirty) {
  Game game = small_game();
  award_xp(game, 1000000);
  EXPECT_EQ(game.state().player.level, 30);
  EXPECT_EQ(game.state().info.pending_raises, 29);
  EXPECT_EQ(game.state().player.xp, 1000000);
  award_xp(game, 1000000);
  EXPECT_EQ(game.state().player.level, 30);
}

TEST(Experience, LevelUpsKeepHitPointBonusesFromElsewhere) {
  Game game = small_game();
  Actor& p = game.state().player;
  p.max_hp += 3;  // e.g. potions of extra healing drunk at full health
  p.hp = p.max_hp;
  award_xp(game, xp_threshold(3));
  EXPECT_EQ(p.max_hp, max_hp_for(p.attr, 3) + 3);
  EXPECT_EQ(p.hp, p.max_hp);
}

// ---- raises ----

TEST(Raise, IsRefusedWithoutAPendingRaiseAndTakesNoTime) {
  Game game = small_game();
  const GameState before = game.state();
  const auto& events = game.step(raise(0));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, EventKind::refused);
  EXPECT_FALSE(events[0].text.empty());
  EXPECT_EQ(game.state().player.attr, before.player.attr);
  EXPECT_EQ(game.state().time, before.time);
  EXPECT_EQ(game.state().info.turns, before.info.turns);
}

TEST(Raise, EachChoiceRaisesItsAttributeForFree) {
  for (int choice = 0; choice < 3; ++choice) {
    Game game = small_game();
    award_xp(game, xp_threshold(4));
    Actor& p = game.state().player;
    p.hp -= 4;
    const Attributes before = p.attr;
    const int hp_before = p.hp;
    const std::int64_t time = game.state().time;
    const std::int64_t turns = game.state().info.turns;
    const auto& events = game.step(raise(choice));
    ASSERT_EQ(count_events(game, EventKind::raised), 1u);
    for (const Event& e : events) {
      if (e.kind == EventKind::raised) {
        EXPECT_EQ(e.value, choice);
        EXPECT_FALSE(e.text.empty());
      }
    }
    EXPECT_EQ(game.state().info.pending_raises, 2);
    EXPECT_EQ(p.attr.str, before.str + (choice == 0 ? 1 : 0));
    EXPECT_EQ(p.attr.dex, before.dex + (choice == 1 ? 1 : 0));
    EXPECT_EQ(p.attr.con, before.con + (choice == 2 ? 1 : 0));
    // CON recomputes hit points; the others leave them alone.
    EXPECT_EQ(p.max_hp, max_hp_for(p.attr, 4));
    EXPECT_EQ(p.hp - hp_before, max_hp_for(p.attr, 4) - max_hp_for(before, 4));
    if (choice == 2) {
      EXPECT_GT(p.hp, hp_before);
    } else {
      EXPECT_EQ(p.hp, hp_before);
    }
    EXPECT_EQ(game.state().time, time);
    EXPECT_EQ(game.state().info.turns, turns);
  }
}

TEST(Raise, StrengthAndDexterityShowInCombat) {
  Game game = small_game();
  award_xp(game, xp_threshold(3));  // two raises
  Actor& p = game.state().player;
  Actor& rat = game.level().monsters.at(0);
  p.attr.str = 13;  // an odd value: the next point raises the bonus
  const IntRange damage = melee_damage(game, p);
  game.step(raise(0));
  EXPECT_GT(melee_damage(game, p).hi, damage.hi);
  const int to_hit = to_hit_percent(game, p, rat);
  const int to_be_hit = to_hit_percent(game, rat, p);
  game.step(raise(1));
  EXPECT_GT(to_hit_percent(game, p, rat), to_hit);
  EXPECT_LT(to_hit_percent(game, rat, p), to_be_hit);
  EXPECT_EQ(game.state().info.pending_raises, 0);
  game.step(raise(2));
  EXPECT_EQ(count_events(game, EventKind::refused), 1u);
}

TEST(Raise, RejectsAChoiceOutOfRange) {
  Game game = small_game();
  award_xp(game, xp_threshold(2));
  const Attributes before = game.state().player.attr;
  for (const int choice : {-1, 3, 100}) {
    game.step(raise(choice));
    EXPECT_EQ(count_events(game, EventKind::refused), 1u);
  }
  EXPECT_EQ(game.state().player.attr, before);
  EXPECT_EQ(game.state().info.pending_raises, 1);
}

// ---- regeneration ----

// Hit points `actor` regains over `turns` of its own turns from 1 HP (max_hp large).
int regained(Game& game, Actor& actor, int turns) {
  actor.max_hp = 10000;
  actor.hp = 1;
  actor.regen = 0;
  for (int i = 0; i < turns; ++i)
    regenerate(game, actor);
  return actor.hp - 1;
}

TEST(Regeneration, FollowsConstitutionPlusLevelPerHundredTurns) {
  Game game = small_game();
  Actor& p = game.state().player;
  for (const int con : {1, 5, 12, 20, 33})
    for (const int level : {1, 4, 30}) {
      p.attr.con = con;
      p.level = level;
      for (const int turns : {1, 7, 100, 250}) {
        EXPECT_EQ(regained(game, p, turns), turns * (con + level) / 100)
            << "con " << con << " level " << level << " turns " << turns;
      }
    }
}

TEST(Regeneration, IsMonotoneInConstitution) {
  Game game = small_game();
  Actor& p = game.state().player;
  int previous = -1;
  for (int con = 1; con <= 40; ++con) {
    p.attr.con = con;
    const int hp = regained(game, p, 500);
    EXPECT_GE(hp, previous);
    previous = hp;
  }
  p.attr.con = 5;
  const int weak = regained(game, p, 500);
  p.attr.con = 25;
  EXPECT_GT(regained(game, p, 500), weak);
}

TEST(Regeneration, NoneWhilePoisoned) {
  Game game = small_game();
  Actor& p = game.state().player;
  p.status[static_cast<std::size_t>(Status::poison)] = 1000;
  EXPECT_EQ(regained(game, p, 800), 0);
}

TEST(Regeneration, NeverAboveMaximum) {
  Game game = small_game();
  for (Actor* a : {&game.state().player, &game.level().monsters.at(0)}) {
    a->attr.con = 40;
    a->max_hp = 17;
    a->hp = 3;
    for (int i = 0; i < 2000; ++i) {
      regenerate(game, *a);
      ASSERT_LE(a->hp, a->max_hp);
    }
    EXPECT_EQ(a->hp, a->max_hp);
  }
}

TEST(Regeneration, MonstersRegenerateToo) {
  Game game = small_game();
  Actor& rat = game.level().monsters.at(0);
  EXPECT_GT(regained(game, rat, 300), 0);
}

TEST(Regeneration, TheRateIsPerGameTimeWhateverTheSpeed) {
  // A hasted actor takes two turns per game turn: it regains the same per game time.
  Game game = small_game();
  Actor& p = game.state().player;
  p.attr.con = 17;
  const int normal = regained(game, p, 400);
  p.status[static_cast<std::size_t>(Status::haste)] = 100000;
  EXPECT_EQ(regained(game, p, 800), normal);
  p.status[static_cast<std::size_t>(Status::haste)] = 0;
  p.speed = 50;
  EXPECT_EQ(regained(game, p, 200), normal);
}

TEST(Regeneration, TheDeadStayDead) {
  Game game = small_game();
  Actor& rat = game.level().monsters.at(0);
  damage_actor(game, rat, 1000, 0, "a trap");
  for (int i = 0; i < 500; ++i)
    regenerate(game, rat);
  EXPECT_EQ(rat.hp, 0);
}

}  // namespace
}  // namespace yendor::game
