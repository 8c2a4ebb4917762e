// The turn engine: fairness at mixed speeds (over long runs each actor acts in proportion
// to its effective speed), the player as one actor among others, ties by id, and the
// start-of-turn upkeep (statuses, poison, hunger). Turns are counted independently of the
// scheduler's own clock: every actor carries a long-lasting status whose counter start_turn
// lowers once per turn it takes.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "support/game_fixture.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;

constexpr int k_counter = 1'000'000;  // turns of the counting status

int& counter(Actor& a) {
  return a.status[static_cast<std::size_t>(Status::telepathy)];
}
int turns_taken(Actor& a) {
  return k_counter - counter(a);
}

// Monsters walled in one per cell, far from the player: they act (wait or fail to wander)
// without ever meeting anyone.
Game caged_game(const std::vector<int>& speeds) {
  std::string top = "###", mid = "#@#";
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    top += "##";
    mid += "r#";
  }
  Game game = ascii_game({top, mid, top});
  game.state().player.status[static_cast<std::size_t>(Status::telepathy)] = k_counter;
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    Actor& m = game.level().monsters[i];
    m.speed = speeds[i];
    counter(m) = k_counter;
  }
  return game;
}

bool has_event(const std::vector<Event>& events, EventKind kind) {
  for (const Event& e : events)
    if (e.kind == kind) return true;
  return false;
}

TEST(Scheduler, ActorsActInProportionToTheirSpeed) {
  const std::vector<int> speeds{200, 100, 70, 150, 33};
  Game game = caged_game(speeds);
  const int player_turns = 2000;
  for (int i = 0; i < player_turns; ++i)
    game.step(Action{});
  EXPECT_EQ(turns_taken(game.state().player), player_turns);
  EXPECT_EQ(game.state().info.turns, player_turns);
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    // Expected from the speeds alone: speed / 100 actions per player action (the integer
    // rounding of delays costs well under 2%).
    const double expected = player_turns * speeds[i] / 100.0;
    EXPECT_NEAR(turns_taken(game.level().monsters[i]), expected, expected * 0.02 + 2)
        << "speed " << speeds[i];
  }
  // One turn is 100 ticks: the clock ran exactly the player's turns.
  EXPECT_EQ(game.state().time, std::int64_t{player_turns} * k_turn_ticks);
}

TEST(Scheduler, ASlowPlayerLetsANormalMonsterActTwice) {
  Game game = caged_game({100});
  game.state().player.speed = 50;
  Actor& rat = game.level().monsters[0];
  int before = turns_taken(rat);
  game.step(Action{});
  for (int i = 0; i < 50; ++i) {
    before = turns_taken(rat);
    game.step(Action{});
    EXPECT_EQ(turns_taken(rat) - before, 2);
  }
}

TEST(Scheduler, HasteAndSlowChangeHowOftenActorsAct) {
  // A hasted player (speed 200) acts twice per turn of a speed-100 rat; a slowed rat
  // (speed 50) acts a quarter as often as the hasted player.
  Game game = caged_game({100, 100});
  Actor& player = game.state().player;
  const int player_turns = 1000;
  player.status[static_cast<std::size_t>(Status::haste)] = player_turns + 10;
  game.level().monsters[1].status[static_cast<std::size_t>(Status::slow)] = k_counter;
  for (int i = 0; i < player_turns; ++i)
    game.step(Action{});
  EXPECT_NEAR(turns_taken(game.level().monsters[0]), player_turns / 2.0, 3);
  EXPECT_NEAR(turns_taken(game.level().monsters[1]), player_turns / 4.0, 3);
  EXPECT_EQ(game.state().time, std::int64_t{player_turns} * k_turn_ticks / 2);
}

TEST(Scheduler, HasteOnAMonsterDoublesItsTurnsWhileItLasts) {
  Game game = caged_game({100, 100});
  Actor& hasted = game.level().monsters[0];
  hasted.status[static_cast<std::size_t>(Status::haste)] = 200;  // its own turns
  for (int i = 0; i < 400; ++i)
    game.step(Action{});
  // 200 hasted turns take 100 player turns, then 300 more at normal speed.
  EXPECT_NEAR(turns_taken(game.level().monsters[0]), 500, 3);
  EXPECT_NEAR(turns_taken(game.level().monsters[1]), 400, 2);
  EXPECT_EQ(game.level().monsters[0].status[static_cast<std::size_t>(Status::haste)], 0);
}

TEST(Scheduler, TiesGoToTheSmallerIdAndThePlayerFirst) {
  // Two rats chase the player from the same distance, at the same speed and time: every
  // round the lower id moves first.
  Game game = ascii_game({
      "##########",
      "#r.......#",
      "#.......@#",
      "#r.......#",
      "##########",
  });
  std::vector<ActorId> order;
  for (int i = 0; i < 5; ++i) {
    order.clear();
    const auto& events = game.step(Action{});
    for (const Event& e : events)
      if (e.kind == EventKind::moved) order.push_back(e.actor);
    ASSERT_EQ(order.size(), 2u);
    EXPECT_LT(order[0], order[1]);
  }
  // Same time for the player and the monsters: the player (id 1) acts before them, so the
  // clock is exactly the player's next turn when step returns.
  EXPECT_EQ(game.state().time, game.state().player.next_time);
}

TEST(Scheduler, NothingActsOnceTheGameIsOver) {
  Game game = caged_game({100});
  game.step(Action{});
  game.step(Action{ActionType::quit, {}, 0, {}, 0, 0});
  ASSERT_TRUE(game.over());
  const int before = turns_taken(game.level().monsters[0]);
  const auto& events = game.step(Action{});
  EXPECT_TRUE(has_event(events, EventKind::refused));
  EXPECT_EQ(turns_taken(game.level().monsters[0]), before);
}

TEST(StartTurn, StatusesRunOutWithAnEventForThePlayer) {
  Game game = ascii_game({"#####", "#@..#", "#####"});
  Actor& player = game.state().player;
  player.status[static_cast<std::size_t>(Status::haste)] = 3;
  int ended = 0;
  for (int i = 0; i < 6; ++i) {
    for (const Event& e : game.step(Action{}))
      if (e.kind == EventKind::status && e.value == static_cast<int>(Status::haste)) ++ended;
  }
  EXPECT_EQ(ended, 1);
  EXPECT_EQ(player.status[static_cast<std::size_t>(Status::haste)], 0);
}

TEST(StartTurn, PoisonCostsOneHitPointATurnAndStopsRegeneration) {
  Game game = ascii_game({"#####", "#@..#", "#####"});
  Actor& player = game.state().player;
  player.max_hp = 50;
  player.hp = 30;
  player.status[static_cast<std::size_t>(Status::poison)] = 5;
  for (int i = 0; i < 5; ++i) {
    const int before = player.hp;
    game.step(Action{});
    EXPECT_EQ(player.hp, before - 1);
  }
  EXPECT_EQ(player.status[static_cast<std::size_t>(Status::poison)], 0);
}

TEST(StartTurn, PoisonImmuneMonstersTakeNoPoisonDamage) {
  Game game = ascii_game({"#######", "#@#z#r#", "#######"});
  Actor& skeleton = game.level().monsters[0];  // undead: poison immune
  Actor& rat = game.level().monsters[1];
  skeleton.status[static_cast<std::size_t>(Status::poison)] = 3;
  rat.status[static_cast<std::size_t>(Status::poison)] = 3;
  rat.hp = rat.max_hp = 20;
  const int skeleton_hp = skeleton.hp;
  for (int i = 0; i < 3; ++i)
    game.step(Action{});
  EXPECT_EQ(game.level().monsters[0].hp, skeleton_hp);
  EXPECT_EQ(game.level().monsters[1].hp, 17);
}

TEST(StartTurn, HungerWarnsThenStarves) {
  Game game = ascii_game({"#####", "#@..#", "#####"});
  GameState& s = game.state();
  s.info.nutrition = 302;
  auto text_of_step = [&] {
    std::string all;
    for (const Event& e : game.step(Action{}))
      all += e.text + "\n";
    return all;
  };
  std::string text;
  text = text_of_step();
  EXPECT_EQ(text.find("hungry"), std::string::npos);
  EXPECT_NE(text_of_step().find("hungry"), std::string::npos);
  EXPECT_EQ(s.info.nutrition, 300);
  s.info.nutrition = 1;
  EXPECT_NE(text_of_step().find("weak"), std::string::npos);
  // Weak: no regeneration, so a wounded player stays wounded.
  s.player.hp = s.player.max_hp - 5;
  for (int i = 0; i < 20; ++i)
    text_of_step();
  EXPECT_EQ(s.player.hp, s.player.max_hp - 5);
  // Starving: one hit point a turn until death by starvation.
  s.info.nutrition = -99;
  EXPECT_NE(text_of_step().find("starving"), std::string::npos);
  const int hp = s.player.hp;
  text_of_step();
  EXPECT_EQ(s.player.hp, hp - 1);
  for (int i = 0; i < 200 && !game.over(); ++i)
    game.step(Action{});
  EXPECT_EQ(s.outcome, Outcome::died);
  EXPECT_NE(s.info.cause.find("starvation"), std::string::npos);
}

TEST(StartTurn, LevitationDoesNotRunOutOverAChasm) {
  Game game = ascii_game({"#####", "#@:.#", "#####"});
  Actor& player = game.state().player;
  player.status[static_cast<std::size_t>(Status::levitation)] = 2;
  ASSERT_GT(game.step(Action{ActionType::move, {1, 0}, 0, {}, 0, 0}).size(), 0u);
  ASSERT_EQ(player.pos, (Point{2, 1}));
  for (int i = 0; i < 10; ++i)
    game.step(Action{});
  EXPECT_EQ(player.status[static_cast<std::size_t>(Status::levitation)], 1);
  game.step(Action{ActionType::move, {1, 0}, 0, {}, 0, 0});
  EXPECT_EQ(player.pos, (Point{3, 1}));
  game.step(Action{});
  EXPECT_EQ(player.status[static_cast<std::size_t>(Status::levitation)], 0);
}

}  // namespace
}  // namespace yendor::game
