// DdPaths: walking distances over what the hero knows (revealed floor without monsters, 8
// directions), walks that arrive, standing beside a monster, the frontier in order.

#include <gtest/gtest.h>

#include "dd/dd_support.hpp"
#include "yendor/api/bots/dd_paths.hpp"

namespace yendor::api::bots {
namespace {

using dd::cell_of;
using dd::testing::add_monster;
using dd::testing::open_state;
using dd::testing::shipped;

TEST(DdPaths, DistancesAreChebyshevOnOpenFloor) {
  const dd::State s = open_state(shipped());
  const DdPaths p(s);
  EXPECT_EQ(p.distance(cell_of(10, 10)), 0);
  EXPECT_EQ(p.distance(cell_of(13, 12)), 3);
  EXPECT_EQ(p.distance(cell_of(0, 0)), 10);
  EXPECT_TRUE(p.frontier().empty());  // everything is revealed
  EXPECT_EQ(p.nearest_frontier(), -1);
}

TEST(DdPaths, WallsMonstersAndUnrevealedCellsBlock) {
  dd::State s = open_state(shipped());
  for (int y = 0; y < dd::k_side; ++y)
    s.wall[static_cast<std::size_t>(cell_of(12, y))] = y == 5 ? 0 : 1;
  add_monster(s, shipped(), "goblin", 1, 12, 5);  // the only gap
  const DdPaths p(s);
  EXPECT_FALSE(p.reachable(cell_of(13, 10)));
  EXPECT_FALSE(p.reachable(cell_of(12, 5)));
  int stand = -1, dir = -1;
  ASSERT_TRUE(p.stand_beside(cell_of(12, 5), stand, dir));
  EXPECT_EQ(dd::cell_x(stand), 11);
  EXPECT_EQ(step_from(stand, dir), cell_of(12, 5));
  s.revealed[static_cast<std::size_t>(cell_of(9, 10))] = 0;
  EXPECT_FALSE(DdPaths(s).reachable(cell_of(9, 10)));
}

TEST(DdPaths, WalksArriveAndFrontierIsNearestFirst) {
  dd::State s = open_state(shipped());
  s.revealed.fill(0);
  for (int y = 5; y <= 15; ++y)
    for (int x = 5; x <= 15; ++x)
      s.revealed[static_cast<std::size_t>(cell_of(x, y))] = 1;
  s.unrevealed = dd::k_cells - 121;
  const DdPaths p(s);
  const std::vector<int> f = p.frontier();
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(p.distance(f.front()), 5);
  EXPECT_EQ(p.nearest_frontier(), f.front());
  for (std::size_t i = 1; i < f.size(); ++i)
    EXPECT_LE(p.distance(f[i - 1]), p.distance(f[i]));
  std::vector<dd::Action> walk;
  p.walk_to(cell_of(5, 15), walk);
  EXPECT_EQ(walk.size(), 5u);
  for (const dd::Action& a : walk)
    ASSERT_EQ(dd::step(s, shipped(), a), dd::Refusal::none);
  EXPECT_EQ(s.hero.cell, cell_of(5, 15));
}

}  // namespace
}  // namespace yendor::api::bots
