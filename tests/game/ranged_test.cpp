// Throwing items and monsters' missiles along the line of sight.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "item_test_support.hpp"
#include "yendor/fov/line_of_sight.hpp"

namespace yendor::game::testing {
namespace {

Action throw_at(char letter, Point target) {
  Action a = item_action(ActionType::throw_item, letter);
  a.target = target;
  return a;
}

// Units lying on each cell.
std::map<Point, int> floor_counts(const LevelState& level) {
  std::map<Point, int> out;
  for (const Item& i : level.items)
    out[i.pos] += i.count;
  return out;
}

// The one cell whose floor count grew between two snapshots (none: {-1, -1}).
Point landing_cell(const std::map<Point, int>& before, const std::map<Point, int>& after) {
  Point found{-1, -1};
  for (const auto& [p, n] : after) {
    const auto it = before.find(p);
    if (n > (it == before.end() ? 0 : it->second)) found = p;
  }
  return found;
}

int events_of(Game& game, EventKind kind, ActorId target) {
  int n = 0;
  for (const Event& e : game.events())
    n += e.kind == kind && e.target == target ? 1 : 0;
  return n;
}

// |observed - expected| within 4.5 standard deviations of a binomial proportion.
void expect_rate_near(int hits, int trials, int percent) {
  const double p = percent / 100.0;
  const double sd = std::sqrt(std::max(p * (1 - p), 0.01) / trials);
  EXPECT_NEAR(static_cast<double>(hits) / trials, p, 4.5 * sd)
      << hits << " hits in " << trials << " at " << percent << "%";
}

TEST(Ranged, ThrowRangeGrowsWithStrength) {
  Actor a;
  for (int str : {3, 10, 12, 18, 25}) {
    a.attr.str = str;
    EXPECT_EQ(throw_range(a), 4 + str / 3) << str;
  }
}

TEST(Ranged, ThrownItemsLandOnTheirPathNeverInWalls) {
  const std::vector<std::string> map = {
      "######################", "#....................#", "#...#.......#....#...#",
      "#.......##...........#", "#..+.....@...........#", "#.....##......+......#",
      "#...#.......#....##..#", "#....................#", "######################",
  };
  Game game = ascii_game(map);
  Actor& p = game.state().player;
  const Point from = p.pos;
  const int range = throw_range(p);
  std::vector<Point> targets;
  for (int y = 0; y < game.level().level.height(); ++y)
    for (int x = 0; x < game.level().level.width(); ++x) {
      const Point t{x, y};
      if (t != from && game.view().visible(t) && distance_squared(t, from) <= range * (range + 1))
        targets.push_back(t);
    }
  ASSERT_GT(targets.size(), 60U);
  const char darts = give(game, "dart", static_cast<int>(targets.size()));
  std::vector<Point> path;
  int at_target = 0;
  for (const Point t : targets) {
    const auto before = floor_counts(game.level());
    ASSERT_EQ(do_throw(game, throw_at(darts, t)), k_action_cost) << t.x << "," << t.y;
    const Point landed = landing_cell(before, floor_counts(game.level()));
    ASSERT_NE(landed, (Point{-1, -1})) << "nothing landed for " << t.x << "," << t.y;
    EXPECT_TRUE(tile_info(game.level().level.tiles[landed]).passable);
    fov::line_path(game.level().opacity, from, t, path);
    std::size_t stop = 0;
    if (landed != from) {
      const auto it = std::find(path.begin(), path.end(), landed);
      ASSERT_NE(it, path.end()) << "landed off the path";
      stop = static_cast<std::size_t>(it - path.begin()) + 1;
    }
    for (std::size_t i = 0; i < stop; ++i)
      EXPECT_FALSE(game.level().opacity.opaque(path[i]));
    // With a clear line to an open cell, it flies all the way.
    if (tile_info(game.level().level.tiles[t]).passable &&
        fov::line_of_sight(game.level().opacity, from, t)) {
      EXPECT_EQ(landed, t);
      ++at_target;
    }
  }
  EXPECT_GT(at_target, 40);
  EXPECT_EQ(inventory_item(p, darts), nullptr);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Ranged, ThrowsOutOfSightOrRangeAreRefused) {
  Game game = ascii_game({
      "################",
      "#@.............#",
      "#.##############",
      "#..............#",
      "################",
  });
  Actor& p = game.state().player;
  p.attr.str = 12;  // range 8
  const char dagger = give(game, "dagger");
  const GameState before = game.state();
  // Itself; too far (9 and 13 cells); out of sight (round the corner); off the map.
  const Point refused[] = {p.pos, {10, 1}, {14, 1}, {4, 3}, {40, 40}, {-1, 1}};
  for (const Point t : refused) {
    game.events().clear();
    EXPECT_EQ(do_throw(game, throw_at(dagger, t)), 0) << t.x << "," << t.y;
    EXPECT_TRUE(has_event(game, EventKind::refused));
  }
  EXPECT_EQ(do_throw(game, throw_at('q', {3, 1})), 0);
  GameState after = game.state();
  after.messages = before.messages;  // only the refusals were said
  EXPECT_EQ(after, before);
  EXPECT_EQ(do_throw(game, throw_at(dagger, {9, 1})), k_action_cost);  // 8 cells away
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].pos, (Point{9, 1}));
}

TEST(Ranged, ThrowingTakesOneUnitAndUnequips) {
  Game game = ascii_game({"##########", "#@.......#", "##########"});
  Actor& p = game.state().player;
  const char darts = give(game, "dart", 5);
  const char dagger = give(game, "dagger");
  ASSERT_EQ(do_wield(game, item_action(ActionType::wield, dagger)), k_action_cost);
  game.events().clear();
  EXPECT_EQ(do_throw(game, throw_at(darts, {5, 1})), k_action_cost);
  EXPECT_TRUE(has_event(game, EventKind::thrown));
  EXPECT_EQ(inventory_item(p, darts)->count, 4);
  EXPECT_NE(p.wielded, 0U);
  EXPECT_EQ(do_throw(game, throw_at(dagger, {6, 1})), k_action_cost);
  EXPECT_EQ(p.wielded, 0U);
  EXPECT_EQ(inventory_item(p, dagger), nullptr);
  EXPECT_EQ(game.level().items.size(), 2U);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Ranged, MissilesStopBeforeWallsAndClosedDoorsAndNotOnBars) {
  Game game = ascii_game({
      "###########",
      "#@...+....#",
      "#...B.....#",
      "###########",
  });
  const char darts = give(game, "dart", 3);
  // At the door: it falls in front of it.
  ASSERT_EQ(do_throw(game, throw_at(darts, {5, 1})), k_action_cost);
  // At the bars (transparent, but nothing can lie there): it falls short.
  ASSERT_EQ(do_throw(game, throw_at(darts, {4, 2})), k_action_cost);
  // At the wall below: it falls on the player's side.
  ASSERT_EQ(do_throw(game, throw_at(darts, {2, 3})), k_action_cost);
  for (const Item& i : game.level().items) {
    EXPECT_TRUE(tile_info(game.level().level.tiles[i.pos]).passable) << i.pos.x << "," << i.pos.y;
  }
  const auto counts = floor_counts(game.level());
  EXPECT_EQ(counts.count({4, 1}), 1U);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Ranged, ItemsThrownIntoAChasmAreLost) {
  Game game = ascii_game({"##########", "#@..:::..#", "##########"});
  const char darts = give(game, "dart", 2);
  ASSERT_EQ(do_throw(game, throw_at(darts, {5, 1})), k_action_cost);
  EXPECT_TRUE(game.level().items.empty());
  EXPECT_EQ(game.state().items_destroyed, 1);
  // Over the chasm to the far side: it lands.
  ASSERT_EQ(do_throw(game, throw_at(darts, {7, 1})), k_action_cost);
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].pos, (Point{7, 1}));
  EXPECT_TRUE(units_conserved(game.state()));
}

// Over many seeded throws the hit rate matches to_hit_percent; hits cost the monster
// exactly the damage reported, within the dart's thrown damage; every dart lands under it.
TEST(Ranged, ThrownItemsHitMonstersAtTheToHitRate) {
  Game game = ascii_game({"###########", "#@...o....#", "###########"}, 7);
  Actor& orc = game.level().monsters.at(0);
  const Point orc_at = orc.pos;
  constexpr int k_throws = 400;
  const char darts = give(game, "dart", k_throws);
  const int percent = to_hit_percent(game, game.state().player, orc);
  const IntRange dart_damage =
      game.content().items[static_cast<std::size_t>(kind_id(game, "dart"))].thrown_damage;
  int hits = 0;
  for (int i = 0; i < k_throws; ++i) {
    orc.hp = orc.max_hp;
    game.events().clear();
    ASSERT_EQ(do_throw(game, throw_at(darts, orc_at)), k_action_cost);
    // A hit either wounds (armour absorbing part) or glances off the armour.
    for (const Event& e : game.events()) {
      if (e.kind == EventKind::attack_hit && e.target == orc.id) {
        EXPECT_GE(e.value, 1);
        EXPECT_LE(e.value, dart_damage.hi);
        EXPECT_EQ(orc.hp, orc.max_hp - e.value);
      }
    }
    const int struck = events_of(game, EventKind::attack_hit, orc.id) +
                       events_of(game, EventKind::blocked, orc.id);
    if (struck == 0) {
      EXPECT_EQ(orc.hp, orc.max_hp);
    }
    hits += struck;
    EXPECT_EQ(struck + events_of(game, EventKind::attack_miss, orc.id), 1);
    EXPECT_TRUE(orc.memory.has_target);
  }
  expect_rate_near(hits, k_throws, percent);
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].pos, orc_at);
  EXPECT_EQ(game.level().items[0].count, k_throws);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Ranged, AMissFliesOnAndPeacefulMonstersAreFlownOver) {
  Game game = ascii_game({"###########", "#@.r.g.o..#", "###########"}, 3);
  Actor& rat = game.level().monsters.at(0);
  Actor& goblin = game.level().monsters.at(1);
  Actor& orc = game.level().monsters.at(2);
  goblin.peaceful = true;
  rat.max_hp = rat.hp = 1000;  // it must live through every throw
  const char darts = give(game, "dart", 200);
  int orc_attacked = 0;
  for (int i = 0; i < 200; ++i) {
    rat.hp = rat.max_hp;
    orc.hp = orc.max_hp;
    game.events().clear();
    ASSERT_EQ(do_throw(game, throw_at(darts, orc.pos)), k_action_cost);
    EXPECT_EQ(events_of(game, EventKind::attack_hit, goblin.id) +
                  events_of(game, EventKind::attack_miss, goblin.id) +
                  events_of(game, EventKind::blocked, goblin.id),
              0);
    const bool rat_hit = events_of(game, EventKind::attack_hit, rat.id) +
                             events_of(game, EventKind::blocked, rat.id) >
                         0;
    const int at_orc = events_of(game, EventKind::attack_hit, orc.id) +
                       events_of(game, EventKind::attack_miss, orc.id) +
                       events_of(game, EventKind::blocked, orc.id);
    EXPECT_EQ(at_orc, rat_hit ? 0 : 1);  // only a dart that missed the rat reaches the orc
    orc_attacked += at_orc;
  }
  EXPECT_GT(orc_attacked, 0);
  EXPECT_EQ(goblin.hp, goblin.max_hp);
  EXPECT_TRUE(units_conserved(game.state()));
}

TEST(Ranged, MonsterMissilesHurtThePlayerAndLeaveNothing) {
  Game game = ascii_game({"###########", "#@..r.a...#", "###########"}, 11);
  Actor& p = game.state().player;
  Actor& rat = game.level().monsters.at(0);
  Actor& archer = game.level().monsters.at(1);
  ASSERT_TRUE(monster_kind(game, archer)->ranged.has_value());
  const RangedAttack attack = *monster_kind(game, archer)->ranged;
  const int percent = to_hit_percent(game, archer, p);
  constexpr int k_shots = 400;
  int hits = 0;
  for (int i = 0; i < k_shots; ++i) {
    p.hp = p.max_hp;
    game.events().clear();
    fire_missile(game, archer, p.pos, attack.range, attack.damage, attack.name, nullptr);
    EXPECT_EQ(events_of(game, EventKind::fired, k_player_id), 1);
    EXPECT_EQ(events_of(game, EventKind::attack_hit, rat.id) +
                  events_of(game, EventKind::attack_miss, rat.id),
              0);  // monsters' missiles pass other monsters
    for (const Event& e : game.events()) {
      if (e.kind == EventKind::attack_hit && e.target == k_player_id) {
        ++hits;
        EXPECT_TRUE(attack.damage.contains(e.value)) << e.value;
        EXPECT_EQ(p.hp, p.max_hp - e.value);
        EXPECT_FALSE(e.text.empty());
      }
    }
  }
  expect_rate_near(hits, k_shots, percent);
  EXPECT_EQ(rat.hp, rat.max_hp);
  EXPECT_TRUE(game.level().items.empty());
  EXPECT_EQ(game.state().items_created, 0);
  EXPECT_FALSE(game.over());
}

TEST(Ranged, MonsterMissilesStopAtWallsAndRange) {
  Game game = ascii_game({
      "############",
      "#@...#...a.#",
      "############",
  });
  Actor& p = game.state().player;
  Actor& archer = game.level().monsters.at(0);
  const int hp = p.hp;
  for (int i = 0; i < 50; ++i)
    fire_missile(game, archer, p.pos, 20, IntRange{5, 5}, "arrow", nullptr);
  EXPECT_EQ(p.hp, hp);  // the wall is in the way
  move_actor(game, archer, {6, 1});
  for (int i = 0; i < 50; ++i)
    fire_missile(game, archer, {1, 1}, 4, IntRange{5, 5}, "arrow", nullptr);
  EXPECT_EQ(p.hp, hp);  // wall at x=5 again
  Game open = ascii_game({"############", "#@.......a.#", "############"});
  Actor& q = open.state().player;
  Actor& far = open.level().monsters.at(0);
  const int full = q.hp;
  for (int i = 0; i < 50; ++i)
    fire_missile(open, far, q.pos, 7, IntRange{5, 5}, "arrow", nullptr);
  EXPECT_EQ(q.hp, full);  // 8 cells away, range 7: it falls short
}

TEST(Ranged, ThrowingThroughStepTakesATurnRefusalsDoNot) {
  Game game = ascii_game({"##########", "#@.......#", "##########"});
  const char darts = give(game, "dart", 2);
  const auto& refused = game.step(throw_at(darts, {1, 1}));
  ASSERT_FALSE(refused.empty());
  EXPECT_EQ(refused.back().kind, EventKind::refused);
  EXPECT_EQ(game.state().info.turns, 0);
  const auto& events = game.step(throw_at(darts, {6, 1}));
  EXPECT_TRUE(std::any_of(events.begin(), events.end(),
                          [](const Event& e) { return e.kind == EventKind::thrown; }));
  EXPECT_EQ(game.state().info.turns, 1);
  ASSERT_EQ(game.level().items.size(), 1U);
  EXPECT_EQ(game.level().items[0].pos, (Point{6, 1}));
  EXPECT_TRUE(units_conserved(game.state()));
}

}  // namespace
}  // namespace yendor::game::testing
