// Traps, fountains and altars (features.cpp): every trap kind's effect, finding hidden
// traps, the fountain's outcomes and their frequencies, the altar's blessing and curse.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "support/game_fixture.hpp"
#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;

const std::vector<std::string> k_room{
    "#########", "#.......#", "#.......#", "#...@...#", "#.......#", "#.......#", "#########",
};

int& status(Actor& a, Status s) {
  return a.status[static_cast<std::size_t>(s)];
}

std::size_t count_events(Game& game, EventKind kind) {
  const auto& events = game.events();
  return static_cast<std::size_t>(std::count_if(events.begin(), events.end(),
                                                [kind](const Event& e) { return e.kind == kind; }));
}

const Event* first_event(Game& game, EventKind kind) {
  for (const Event& e : game.events())
    if (e.kind == kind) return &e;
  return nullptr;
}

// Steps the player one cell east onto a trap of `kind` at (5,3) and lets it go off.
Game game_with_trap(TrapKind kind, std::uint64_t seed, bool hidden = true) {
  Game game = ascii_game(k_room, seed);
  game.level().traps.push_back(Trap{{5, 3}, kind, hidden});
  return game;
}

void walk_onto_trap(Game& game) {
  Actor& player = game.state().player;
  move_actor(game, player, {5, 3});
  on_enter(game, player, {5, 3});
}

// ---- traps ----

TEST(Traps, DartHurtsOneToSixAndIsFoundByGoingOff) {
  int lowest = 100, highest = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    Game game = game_with_trap(TrapKind::dart, seed);
    const int before = game.state().player.hp;
    walk_onto_trap(game);
    const int loss = before - game.state().player.hp;
    lowest = std::min(lowest, loss);
    highest = std::max(highest, loss);
    EXPECT_FALSE(game.level().traps[0].hidden);
    ASSERT_EQ(count_events(game, EventKind::found), 1U);
    const Event* trap = first_event(game, EventKind::trap);
    ASSERT_NE(trap, nullptr);
    EXPECT_EQ(trap->pos, (Point{5, 3}));
    EXPECT_EQ(trap->value, static_cast<int>(TrapKind::dart));
    EXPECT_FALSE(trap->text.empty());
    const Event* hurt = first_event(game, EventKind::damaged);
    ASSERT_NE(hurt, nullptr);
    EXPECT_EQ(hurt->value, loss);
  }
  EXPECT_EQ(lowest, 1);
  EXPECT_EQ(highest, 6);
}

TEST(Traps, KnownTrapStillGoesOffButIsNotFoundAgain) {
  Game game = game_with_trap(TrapKind::dart, 3, /*hidden=*/false);
  const int before = game.state().player.hp;
  walk_onto_trap(game);
  EXPECT_LT(game.state().player.hp, before);
  EXPECT_EQ(count_events(game, EventKind::found), 0U);
  EXPECT_EQ(count_events(game, EventKind::trap), 1U);
}

TEST(Traps, PitHurtsTwoToEightUnlessLevitating) {
  int lowest = 100, highest = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Game game = game_with_trap(TrapKind::pit, seed);
    const int before = game.state().player.hp;
    walk_onto_trap(game);
    lowest = std::min(lowest, before - game.state().player.hp);
    highest = std::max(highest, before - game.state().player.hp);
  }
  EXPECT_EQ(lowest, 2);
  EXPECT_EQ(highest, 8);

  Game floating = game_with_trap(TrapKind::pit, 1);
  status(floating.state().player, Status::levitation) = 5;
  const int before = floating.state().player.hp;
  walk_onto_trap(floating);
  EXPECT_EQ(floating.state().player.hp, before);
  EXPECT_FALSE(floating.level().traps[0].hidden);
}

TEST(Traps, FireHurtsTwoToTwelveUnlessResistant) {
  int lowest = 100, highest = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    Game game = game_with_trap(TrapKind::fire, seed);
    game.state().player.max_hp = game.state().player.hp = 50;
    walk_onto_trap(game);
    lowest = std::min(lowest, 50 - game.state().player.hp);
    highest = std::max(highest, 50 - game.state().player.hp);
  }
  EXPECT_EQ(lowest, 2);
  EXPECT_EQ(highest, 12);

  Game resistant = game_with_trap(TrapKind::fire, 1);
  status(resistant.state().player, Status::fire_resistance) = 5;
  const int before = resistant.state().player.hp;
  walk_onto_trap(resistant);
  EXPECT_EQ(resistant.state().player.hp, before);
  EXPECT_EQ(count_events(resistant, EventKind::trap), 1U);
}

TEST(Traps, PoisonNeedlePoisonsForTenTurns) {
  Game game = game_with_trap(TrapKind::poison_needle, 1);
  walk_onto_trap(game);
  EXPECT_GE(status(game.state().player, Status::poison), 10);
  const Event* e = first_event(game, EventKind::status);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->value, static_cast<int>(Status::poison));
}

TEST(Traps, TeleportMovesThePlayerToAFreeSafeCell) {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    Game game = ascii_game(
        {
            "#########",
            "#.......#",
            "#.~r.V..#",
            "#...@...#",
            "#..g....#",
            "#.......#",
            "#########",
        },
        seed);
    game.level().traps.push_back(Trap{{5, 3}, TrapKind::teleport, true});
    game.level().traps.push_back(Trap{{1, 1}, TrapKind::dart, true});
    walk_onto_trap(game);
    const Actor& player = game.state().player;
    const LevelState& level = game.level();
    EXPECT_NE(player.pos, (Point{5, 3}));
    EXPECT_NE(player.pos, (Point{1, 1})) << "never onto another trap";
    const TileInfo& info = tile_info(level.level.tiles[player.pos]);
    EXPECT_TRUE(info.passable && !info.hazard) << "seed " << seed;
    EXPECT_EQ(level.occupant[player.pos], k_player_id);
    EXPECT_EQ(level.occupant[(Point{5, 3})], 0U);
    for (const Actor& m : level.monsters)
      EXPECT_NE(m.pos, player.pos);
    EXPECT_TRUE(level.traps[1].hidden) << "the trap it lands next to stays hidden";
  }
}

TEST(Traps, TeleportOnAFullLevelLeavesThePlayerWhereItIs) {
  Game game = ascii_game({"####", "#@g#", "####"}, 1);
  game.level().traps.push_back(Trap{{1, 1}, TrapKind::teleport, true});
  Actor& player = game.state().player;
  on_enter(game, player, {1, 1});  // the only other floor cell has a goblin on it
  EXPECT_EQ(player.pos, (Point{1, 1}));
  EXPECT_EQ(game.level().occupant[player.pos], k_player_id);
}

TEST(Traps, AlarmWakesEveryHostileMonsterTowardThePlayer) {
  Game game = ascii_game(
      {
          "###########",
          "#r.......g#",
          "#...@.....#",
          "#........o#",
          "###########",
      },
      1);
  for (Actor& m : game.level().monsters)
    m.memory = ai::Memory{};
  game.level().monsters.back().hp = 0;  // the dead stay asleep
  Actor keeper =
      testing::test_monster(game.content(), game.content().monster_index("shopkeeper"), {5, 1});
  keeper.peaceful = true;
  keeper.memory = ai::Memory{};
  add_monster(game, game.level(), keeper);
  game.level().traps.push_back(Trap{{5, 2}, TrapKind::alarm, true});
  Actor& player = game.state().player;
  move_actor(game, player, {5, 2});
  on_enter(game, player, {5, 2});
  const auto& monsters = game.level().monsters;
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(monsters[i].memory.awake);
    EXPECT_TRUE(monsters[i].memory.has_target);
    EXPECT_EQ(monsters[i].memory.target, (Point{5, 2}));
  }
  EXPECT_FALSE(monsters[2].memory.awake);
  EXPECT_FALSE(monsters[3].memory.awake) << "the shopkeeper minds its shop";
}

TEST(Traps, MonstersNeverSetThemOff) {
  Game game = ascii_game({"#######", "#@.g..#", "#######"}, 1);
  game.level().traps.push_back(Trap{{4, 1}, TrapKind::dart, true});
  Actor& goblin = game.level().monsters[0];
  const int hp = goblin.hp;
  move_actor(game, goblin, {4, 1});
  on_enter(game, goblin, {4, 1});
  EXPECT_EQ(goblin.hp, hp);
  EXPECT_TRUE(game.level().traps[0].hidden);
  EXPECT_TRUE(game.events().empty());
}

TEST(Traps, ADeadlyTrapEndsTheGameWithItsName) {
  Game game = game_with_trap(TrapKind::fire, 1);
  game.state().player.hp = 1;
  walk_onto_trap(game);
  EXPECT_EQ(game.state().outcome, Outcome::died);
  EXPECT_NE(game.state().info.cause.find("fire trap"), std::string::npos)
      << game.state().info.cause;
}

// ---- arriving ----

TEST(Arrival, NamesFountainsAndAltarsAndLeavesItemsToTheMovementRules) {
  Game game = ascii_game({"######", "#@.{_#", "######"}, 1);
  Actor& player = game.state().player;
  place_item(game, game.level(), make_item(game, game.content().item_index("dart"), 3), {2, 1});
  move_actor(game, player, {2, 1});
  on_enter(game, player, {2, 1});
  EXPECT_TRUE(game.events().empty()) << "movement.cpp's describe_floor names the darts";
  move_actor(game, player, {3, 1});
  on_enter(game, player, {3, 1});
  ASSERT_EQ(game.events().size(), 1U);
  EXPECT_EQ(game.events()[0].text, "There is a fountain here.");
  game.events().clear();
  move_actor(game, player, {4, 1});
  on_enter(game, player, {4, 1});
  ASSERT_EQ(game.events().size(), 1U);
  EXPECT_EQ(game.events()[0].text, "There is an altar here.");
}

TEST(Arrival, SteppingOntoATrapSetsItOff) {
  Game game = game_with_trap(TrapKind::poison_needle, 1);
  game.step(Action{ActionType::move, {1, 0}, 0, {}, 0, 0});
  EXPECT_EQ(game.state().player.pos, (Point{5, 3}));
  EXPECT_FALSE(game.level().traps[0].hidden);
  EXPECT_GT(status(game.state().player, Status::poison), 0);
}

// ---- finding traps ----

TEST(FindTraps, CertainFindsEveryAdjacentHiddenTrapAndNothingFarther) {
  Game game = ascii_game(k_room, 1);
  auto& traps = game.level().traps;
  traps.push_back(Trap{{3, 2}, TrapKind::dart, true});
  traps.push_back(Trap{{5, 4}, TrapKind::pit, true});
  traps.push_back(Trap{{4, 4}, TrapKind::fire, false});
  traps.push_back(Trap{{6, 3}, TrapKind::alarm, true});  // two cells away
  EXPECT_TRUE(find_traps(game, game.state().player, true));
  EXPECT_FALSE(traps[0].hidden);
  EXPECT_FALSE(traps[1].hidden);
  EXPECT_TRUE(traps[3].hidden);
  EXPECT_EQ(count_events(game, EventKind::found), 2U) << "a known trap is not found again";
  game.events().clear();
  EXPECT_FALSE(find_traps(game, game.state().player, true));
  EXPECT_TRUE(game.events().empty());
}

TEST(FindTraps, EachSearchFindsAnAdjacentTrapWithChanceOneThird) {
  constexpr int k_trials = 3000;
  int found = 0;
  Game game = ascii_game(k_room, 7);
  game.level().traps.push_back(Trap{{5, 2}, TrapKind::dart, true});
  for (int i = 0; i < k_trials; ++i) {
    game.level().traps[0].hidden = true;
    const bool result = find_traps(game, game.state().player, false);
    EXPECT_EQ(result, !game.level().traps[0].hidden);
    found += result ? 1 : 0;
  }
  const double rate = static_cast<double>(found) / k_trials;
  EXPECT_NEAR(rate, 1.0 / 3.0, 0.035);  // 4 standard deviations
}

TEST(FindTraps, RepeatedSearchingFindsEveryAdjacentTrap) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    Game game = ascii_game(k_room, seed);
    for (Point d : k_directions8)
      game.level().traps.push_back(Trap{Point{4, 3} + d, TrapKind::dart, true});
    int searches = 0;
    while (searches < 60 && std::any_of(game.level().traps.begin(), game.level().traps.end(),
                                        [](const Trap& t) { return t.hidden; })) {
      find_traps(game, game.state().player, false);
      ++searches;
    }
    // Eight traps, each missed 60 times in a row with probability (2/3)^60: never.
    for (const Trap& t : game.level().traps)
      EXPECT_FALSE(t.hidden) << "seed " << seed;
    EXPECT_EQ(count_events(game, EventKind::found), 8U);
  }
}

TEST(FindTraps, SearchingFindsTraps) {
  Game game = ascii_game(k_room, 1);
  game.level().traps.push_back(Trap{{5, 4}, TrapKind::dart, true});
  for (int i = 0; i < 60 && game.level().traps[0].hidden; ++i)
    game.step(Action{ActionType::search, {}, 0, {}, 0, 0});
  EXPECT_FALSE(game.level().traps[0].hidden);
}

// ---- fountains ----

TEST(Fountains, DrinkingNeedsAFountainUnderfootAndFeet) {
  Game game = ascii_game({"#####", "#@{.#", "#####"}, 1);
  EXPECT_EQ(do_drink(game, Action{ActionType::drink, {}, 0, {}, 0, 0}), 0);
  ASSERT_EQ(game.events().size(), 1U);
  EXPECT_EQ(game.events()[0].kind, EventKind::refused);
  Actor& player = game.state().player;
  move_actor(game, player, {2, 1});
  status(player, Status::levitation) = 3;
  EXPECT_EQ(do_drink(game, Action{ActionType::drink, {}, 0, {}, 0, 0}), 0);
  EXPECT_EQ(game.events().back().kind, EventKind::refused);
}

// What one drink did, observed from the state (the outcome number is the first event's value).
struct Drink {
  int outcome = -1;
  bool dried = false;
};

// Outcome numbers, docs/rules.md: refreshing, potion, foul, monster, attribute, gift.
constexpr std::array<double, 6> k_weights{0.40, 0.25, 0.10, 0.10, 0.10, 0.05};

TEST(Fountains, OutcomesFollowTheirWeightsAndDoWhatTheySay) {
  constexpr int k_drinks = 4000;
  Game game = ascii_game(k_room, 11);
  GameState& s = game.state();
  Actor& player = s.player;
  const Point here = player.pos;
  const Attributes attr = player.attr;
  std::array<int, 6> seen{};
  int dried = 0;
  for (int i = 0; i < k_drinks; ++i) {
    // A fresh fountain, a wounded player with nothing going on.
    set_tile(game.level(), here, Tile::fountain);
    while (!game.level().monsters.empty())
      remove_monster(game, game.level().monsters.back().id);
    game.level().items.clear();
    player.attr = attr;
    player.max_hp = max_hp_for(attr, player.level) + 1;  // +1 from extra healing: kept
    player.hp = player.max_hp - 10;
    player.status = {};
    game.events().clear();
    const std::int64_t created = s.items_created;

    ASSERT_EQ(do_drink(game, Action{ActionType::drink, {}, 0, {}, 0, 0}), k_action_cost);
    ASSERT_FALSE(game.events().empty());
    const int outcome = game.events()[0].value;
    ASSERT_TRUE(outcome >= 0 && outcome < 6) << outcome;
    ++seen[static_cast<std::size_t>(outcome)];
    const int diff = std::abs(player.attr.str - attr.str) + std::abs(player.attr.dex - attr.dex) +
                     std::abs(player.attr.con - attr.con);
    EXPECT_EQ(diff, outcome == 4 ? 1 : 0) << "attributes change only by the attribute outcome";
    EXPECT_EQ(game.level().monsters.size(), outcome == 3 ? 1U : 0U);
    EXPECT_EQ(game.level().items.size(), outcome == 5 ? 1U : 0U);
    EXPECT_EQ(s.items_created - created, outcome == 5 ? 1 : 0);
    const int healed = player.hp - (player.max_hp - 10);
    switch (outcome) {
      case 0:  // refreshing: 1d8 hit points
        EXPECT_TRUE(healed >= 1 && healed <= 8) << healed;
        break;
      case 1:  // a potion's effect: the test potions heal, haste or protect from fire
        EXPECT_TRUE(healed > 0 || status(player, Status::haste) > 0 ||
                    status(player, Status::fire_resistance) > 0);
        break;
      case 2:  // foul water
        EXPECT_GE(status(player, Status::poison), 5);
        break;
      case 3: {  // a monster of the depth, awake, next to the player
        const Actor& m = game.level().monsters[0];
        const MonsterKind& kind = game.content().monsters[static_cast<std::size_t>(m.kind)];
        EXPECT_TRUE(kind.depth.contains(1) && kind.frequency > 0 && !kind.boss && !kind.shopkeeper);
        EXPECT_EQ(chebyshev(m.pos, here), 1);
        EXPECT_TRUE(m.memory.awake);
        EXPECT_EQ(game.level().occupant[m.pos], m.id);
        break;
      }
      case 4:  // +1 or -1 to one attribute; constitution moves max HP with it
        EXPECT_EQ(player.max_hp, max_hp_for(player.attr, player.level) + 1);
        break;
      case 5:  // a random item at the player's feet
        EXPECT_EQ(game.level().items[0].pos, here);
        EXPECT_GT(
            game.content().items[static_cast<std::size_t>(game.level().items[0].kind)].frequency,
            0);
        break;
      default:
        break;
    }
    if (game.level().level.tiles[here] != Tile::fountain) {
      ++dried;
      EXPECT_EQ(game.level().level.tiles[here], Tile::floor);
    }
  }
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const double share = static_cast<double>(seen[i]) / k_drinks;
    const double sd = std::sqrt(k_weights[i] * (1 - k_weights[i]) / k_drinks);
    EXPECT_NEAR(share, k_weights[i], 4 * sd) << "outcome " << i;
  }
  EXPECT_NEAR(static_cast<double>(dried) / k_drinks, 0.25, 4 * std::sqrt(0.25 * 0.75 / k_drinks));
}

// A fountain's monster is a new monster like a level's population: it inherits from the
// survivors of its kind, here two of every kind carrying the same genes, so the child's genes
// are theirs give or take one mutation step.
TEST(Fountains, AFountainsMonsterInheritsFromTheSurvivorsOfItsKind) {
  std::vector<std::string> rows(9, "#" + std::string(40, '.') + "#");
  rows.front() = rows.back() = std::string(42, '#');
  rows[4][20] = '@';
  Game game = ascii_game(rows, 7);
  const Genes parents{1040, 960, 1030, 970};
  const Content& content = game.content();
  int x = 1;
  for (std::size_t k = 0; k < content.monsters.size(); ++k)
    for (int y : {1, 7}) {
      Actor m = testing::test_monster(content, static_cast<int>(k), {x, y});
      m.genes = parents;
      add_monster(game, game.level(), m);
      x = y == 7 ? x + 1 : x;
    }
  ASSERT_LE(x, 41) << "room too small for two survivors of every kind";
  const ActorId first_child = game.state().next_actor_id;
  Actor& player = game.state().player;
  const Point here = player.pos;
  int children = 0;
  for (int drink = 0; drink < 2000 && children < 20; ++drink) {
    set_tile(game.level(), here, Tile::fountain);
    player.hp = player.max_hp;
    ASSERT_EQ(do_drink(game, Action{ActionType::drink, {}, 0, {}, 0, 0}), k_action_cost);
    for (const Actor& m : game.level().monsters) {
      if (m.id < first_child) continue;
      const auto near = [](std::int32_t gene, std::int32_t parent) {
        return gene >= parent - k_mutation_step && gene <= parent + k_mutation_step;
      };
      EXPECT_TRUE(near(m.genes.health, parents.health) && near(m.genes.attack, parents.attack) &&
                  near(m.genes.defence, parents.defence) && near(m.genes.speed, parents.speed))
          << "child #" << m.id << " of kind " << m.kind;
      ++children;
    }
    while (game.level().monsters.back().id >= first_child)
      remove_monster(game, game.level().monsters.back().id);
  }
  EXPECT_GE(children, 20);
}

TEST(Fountains, ADriedFountainIsFloor) {
  Game game = ascii_game({"#####", "#@{.#", "#####"}, 5);
  Actor& player = game.state().player;
  move_actor(game, player, {2, 1});
  int drinks = 0;
  while (game.level().level.tiles[Point{2, 1}] == Tile::fountain && drinks < 100) {
    while (!game.level().monsters.empty())
      remove_monster(game, game.level().monsters.back().id);
    ASSERT_EQ(do_drink(game, Action{ActionType::drink, {}, 0, {}, 0, 0}), k_action_cost);
    ++drinks;
  }
  EXPECT_EQ(game.level().level.tiles[(Point{2, 1})], Tile::floor);
  EXPECT_FALSE(game.level().opacity.opaque({2, 1}));
  EXPECT_EQ(do_drink(game, Action{ActionType::drink, {}, 0, {}, 0, 0}), 0);
}

// ---- altars ----

Item wield_dagger(Game& game, int enchant) {
  Actor& player = game.state().player;
  Item dagger = make_item(game, game.content().item_index("dagger"));
  dagger.enchant = enchant;
  dagger.letter = 'a';
  player.inventory.push_back(dagger);
  player.wielded = dagger.id;
  return dagger;
}

const Action k_pray{ActionType::pray, {}, 0, {}, 0, 0};

TEST(Altars, PrayingNeedsAnAltar) {
  Game game = ascii_game({"#####", "#@_.#", "#####"}, 1);
  EXPECT_EQ(do_pray(game, k_pray), 0);
  EXPECT_EQ(game.events().back().kind, EventKind::refused);
  EXPECT_EQ(game.state().info.last_prayer, PlayerInfo{}.last_prayer);
}

TEST(Altars, AFirstPrayerHealsAndCuresPoison) {
  Game game = ascii_game({"#####", "#_@.#", "#####"}, 1);
  GameState& s = game.state();
  move_actor(game, s.player, {1, 1});
  s.time = 1234;
  s.player.hp = 3;
  status(s.player, Status::poison) = 8;
  EXPECT_EQ(do_pray(game, k_pray), k_action_cost);
  EXPECT_EQ(s.player.hp, s.player.max_hp);
  EXPECT_EQ(status(s.player, Status::poison), 0);
  EXPECT_EQ(s.info.last_prayer, 1234);
}

TEST(Altars, PrayingTooSoonAngersTheGodsAndWaitingLongEnoughIsAnsweredAgain) {
  std::array<int, 3> curses{};  // weapon dulled, slowed, smitten
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Game game = ascii_game({"#####", "#_@.#", "#####"}, seed);
    GameState& s = game.state();
    move_actor(game, s.player, {1, 1});
    wield_dagger(game, 0);
    s.time = 500;
    ASSERT_EQ(do_pray(game, k_pray), k_action_cost);  // answered
    const int enchant = s.player.inventory[0].enchant;

    s.time = 500 + 299 * k_turn_ticks;  // one turn too soon
    s.player.hp = s.player.max_hp - 5;
    const int hp = s.player.hp;
    ASSERT_EQ(do_pray(game, k_pray), k_action_cost);
    const bool dulled = s.player.inventory[0].enchant == enchant - 1;
    const bool slowed = status(s.player, Status::slow) > 0;
    const bool smitten = s.player.hp < hp;
    EXPECT_EQ(int{dulled} + int{slowed} + int{smitten}, 1) << "exactly one curse, seed " << seed;
    EXPECT_LE(s.player.hp, hp) << "no healing when praying too soon";
    curses[0] += dulled;
    curses[1] += slowed;
    curses[2] += smitten;
    EXPECT_EQ(s.info.last_prayer, s.time) << "an angry prayer restarts the wait";

    s.time += 300 * k_turn_ticks;
    s.player.hp = 2;
    ASSERT_EQ(do_pray(game, k_pray), k_action_cost);
    EXPECT_EQ(s.player.hp, s.player.max_hp) << "answered again after 300 turns";
  }
  for (int c : curses)
    EXPECT_GT(c, 0);
}

TEST(Altars, ABlessingSometimesEnchantsTheWieldedWeaponUpToPlusThree) {
  constexpr int k_seeds = 600;
  int blessed = 0;
  for (std::uint64_t seed = 1; seed <= k_seeds; ++seed) {
    Game game = ascii_game({"#####", "#_@.#", "#####"}, seed);
    move_actor(game, game.state().player, {1, 1});
    wield_dagger(game, seed % 2 == 0 ? 3 : 0);
    ASSERT_EQ(do_pray(game, k_pray), k_action_cost);
    const int enchant = game.state().player.inventory[0].enchant;
    if (seed % 2 == 0) {
      EXPECT_EQ(enchant, 3) << "a +3 weapon is not blessed further";
    } else {
      EXPECT_TRUE(enchant == 0 || enchant == 1);
      blessed += enchant;
    }
  }
  EXPECT_NEAR(static_cast<double>(blessed) / (k_seeds / 2), 1.0 / 3.0, 0.1);
}

}  // namespace
}  // namespace yendor::game
