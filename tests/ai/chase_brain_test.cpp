// The chase brain in isolation, through the ASCII FakeView (fake_view.hpp): '#' wall, '.' floor,
// 'm' the monster itself, '@' the player, 'x' another monster.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/fake_view.hpp"
#include "yendor/ai/brain.hpp"

namespace yendor::ai {
namespace {

using testing::FakeView;

const Brain& chase() {
  return builtin_brains().get("chase");
}

TEST(ChaseBrain, IsRegisteredWithItsSource) {
  const BrainInfo& info = chase().info();
  EXPECT_EQ(info.name, "chase");
  EXPECT_NE(info.source.find("thesis 4."), std::string::npos);
  EXPECT_FALSE(info.description.empty());
}

TEST(ChaseBrain, AttacksAnAdjacentPlayerInEveryDirection) {
  for (Point d : k_directions8) {
    std::vector<std::string> rows(5, ".....");
    rows[2][2] = 'm';
    rows[static_cast<std::size_t>(2 + d.y)][static_cast<std::size_t>(2 + d.x)] = '@';
    FakeView view(rows);
    view.can_fire = true;  // melee wins when adjacent
    Memory memory;
    Rng rng(3);
    const Decision decision = chase().decide(view, memory, rng);
    EXPECT_EQ(decision.kind, DecisionKind::attack);
    EXPECT_EQ(decision.dir, d);
    EXPECT_TRUE(memory.has_target);
    EXPECT_EQ(memory.target, view.player());
  }
}

TEST(ChaseBrain, FiresAtRangeWhenItCan) {
  FakeView view({"m....@"});
  view.can_fire = true;
  Memory memory;
  Rng rng(1);
  EXPECT_EQ(chase().decide(view, memory, rng).kind, DecisionKind::fire);
}

// Property: every step toward a seen player reduces the Chebyshev distance by one on open
// floor, so it reaches the player in exactly that many steps, from anywhere.
TEST(ChaseBrain, ClosesInOnASeenPlayerInTheFewestSteps) {
  for (int sx = 0; sx < 9; ++sx)
    for (int sy = 0; sy < 7; ++sy) {
      std::vector<std::string> rows(7, ".........");
      rows[3][4] = '@';
      if (rows[static_cast<std::size_t>(sy)][static_cast<std::size_t>(sx)] == '@') continue;
      rows[static_cast<std::size_t>(sy)][static_cast<std::size_t>(sx)] = 'm';
      FakeView view(rows);
      Memory memory;
      Rng rng(static_cast<std::uint64_t>(sx * 10 + sy));
      const int distance = chebyshev(view.self(), view.player());
      int steps = 0;
      while (chebyshev(view.self(), view.player()) > 1) {
        const Decision d = chase().decide(view, memory, rng);
        ASSERT_EQ(d.kind, DecisionKind::step);
        const int before = chebyshev(view.self(), view.player());
        view.move_self(d.dir);
        ASSERT_EQ(chebyshev(view.self(), view.player()), before - 1);
        ++steps;
      }
      EXPECT_EQ(steps, distance - 1);
      EXPECT_EQ(chase().decide(view, memory, rng).kind, DecisionKind::attack);
    }
}

TEST(ChaseBrain, NeverStepsIntoWallsOrOtherMonsters) {
  FakeView view({
      "#######",
      "#..x..#",
      "#.xmx.#",
      "#..x#.#",
      "#....@#",
      "#######",
  });
  Memory memory;
  Rng rng(9);
  for (int i = 0; i < 200; ++i) {
    const Decision d = chase().decide(view, memory, rng);
    if (d.kind != DecisionKind::step) continue;
    const Point to = view.self() + d.dir;
    EXPECT_TRUE(view.walkable(to));
    EXPECT_FALSE(view.occupied(to));
  }
}

TEST(ChaseBrain, SidestepsAMonsterInTheWay) {
  // The straight line is blocked by another monster: it goes round (diagonally).
  FakeView view({
      ".....",
      "mx..@",
      ".....",
  });
  Memory memory;
  Rng rng(5);
  const Decision d = chase().decide(view, memory, rng);
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir.x, 1);
  EXPECT_NE(d.dir.y, 0);
}

TEST(ChaseBrain, WalksToWhereItLastSawThePlayerThenForgets) {
  FakeView view({
      "#########",
      "#m.....@#",
      "#########",
  });
  Memory memory;
  Rng rng(2);
  chase().decide(view, memory, rng);  // sees the player: remembers (7, 1)
  ASSERT_TRUE(memory.has_target);
  view.set({7, 1}, '.');
  view.sees = false;
  int steps = 0;
  while (view.self() != Point{7, 1} && steps < 20) {
    const Decision d = chase().decide(view, memory, rng);
    ASSERT_EQ(d.kind, DecisionKind::step);
    view.move_self(d.dir);
    ++steps;
  }
  EXPECT_EQ(view.self(), (Point{7, 1}));
  EXPECT_EQ(steps, 6);  // straight along the corridor
  chase().decide(view, memory, rng);
  EXPECT_FALSE(memory.has_target);
}

TEST(ChaseBrain, GivesUpWhenBlockedOnTheWay) {
  FakeView view({
      "#####",
      "#mx.#",
      "#####",
  });
  Memory memory;
  memory.awake = true;
  memory.has_target = true;
  memory.target = {3, 1};
  view.sees = false;
  Rng rng(4);
  int turns = 0;
  while (memory.has_target && turns < 100) {
    EXPECT_EQ(chase().decide(view, memory, rng).kind, DecisionKind::wait);
    ++turns;
  }
  EXPECT_FALSE(memory.has_target);
  EXPECT_LT(turns, 100);
}

// Property over many seeds: with nothing seen or remembered it mostly stays, sometimes
// steps, and only onto free cells.
TEST(ChaseBrain, WandersOccasionallyWhenIdle) {
  FakeView view({
      ".....",
      "..m..",
      ".....",
  });
  view.sees = false;
  Memory memory;
  Rng rng(11);
  int steps = 0;
  const int turns = 4000;
  for (int i = 0; i < turns; ++i) {
    const Decision d = chase().decide(view, memory, rng);
    if (d.kind == DecisionKind::step) {
      ++steps;
      EXPECT_TRUE(view.walkable(view.self() + d.dir));
    } else {
      EXPECT_EQ(d.kind, DecisionKind::wait);
    }
  }
  EXPECT_GT(steps, turns / 20);
  EXPECT_LT(steps, turns / 2);
  EXPECT_FALSE(memory.has_target);
}

TEST(ChaseBrain, IsDeterministicForASeed) {
  auto run = [](std::uint64_t seed) {
    FakeView view({
        "#########",
        "#m..x...#",
        "#...x..@#",
        "#.......#",
        "#########",
    });
    Memory memory;
    Rng rng(seed);
    std::vector<Decision> out;
    for (int i = 0; i < 30; ++i) {
      view.sees = i < 3 || i > 20;
      const Decision d = chase().decide(view, memory, rng);
      out.push_back(d);
      if (d.kind == DecisionKind::step) view.move_self(d.dir);
    }
    return out;
  };
  EXPECT_EQ(run(7), run(7));
}

TEST(StepToward, ReturnsNothingWhenNoNeighbourIsCloser) {
  FakeView view({
      "###",
      "#m#",
      "###",
  });
  EXPECT_EQ(step_toward(view, {5, 5}), (Point{}));
}

}  // namespace
}  // namespace yendor::ai
