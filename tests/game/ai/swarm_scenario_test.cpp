// The swarm and ambush brains in the real game (monster_turn's View: per-monster sight of
// flockmates, the shared distance map, greedy and hierarchical path steps, the scheduler's
// move order): a pack of rats flocks about a room without losing anyone, and an ambush pack
// reaches the waiting player on the same turn while plain chasers from the same places arrive
// one after another.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "game/ai/scenario.hpp"
#include "support/game_fixture.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// The test content (which carries the shipped AI library) with its rats run by `brain` on
// the swarm entry `tactics` of data/ai/swarm.toml ("" for a brain without tables), seeing
// `vision` cells.
std::shared_ptr<const Content> swarm_rats(const std::string& brain, const std::string& tactics,
                                          int vision) {
  Content c = *testing::kind_with_brain("rat", brain, tactics);
  for (MonsterKind& k : c.monsters)
    if (k.id == "rat") k.vision = vision;
  return std::make_shared<const Content>(std::move(c));
}

void wait_a_turn(Game& game) {
  game.step(testing::wait_action());
}

// Whether the monsters form one group: linked by pairs within `radius`.
bool one_group(const std::vector<Actor>& monsters, int radius) {
  std::vector<bool> reached(monsters.size(), false);
  std::vector<std::size_t> frontier{0};
  reached[0] = true;
  while (!frontier.empty()) {
    const std::size_t i = frontier.back();
    frontier.pop_back();
    for (std::size_t j = 0; j < monsters.size(); ++j)
      if (!reached[j] && chebyshev(monsters[i].pos, monsters[j].pos) <= radius) {
        reached[j] = true;
        frontier.push_back(j);
      }
  }
  return std::all_of(reached.begin(), reached.end(), [](bool r) { return r; });
}

TEST(SwarmScenario, APackOfRatsFlocksAboutARoomTogether) {
  const auto content = swarm_rats("swarm", "wolves", 8);
  // The player is shut in a closet: the rats never see him.
  Game game(content, testing::ascii_state(
                         {
                             "########################################",
                             "#......................................#",
                             "#......................................#",
                             "#.....r.r..............................#",
                             "#......................................#",
                             "#.....r.r..............................#",
                             "#......................................#",
                             "#.....r.r..............................#",
                             "#......................................#",
                             "#......................................#",
                             "#......................................#",
                             "#......................................#",
                             "#..................................###.#",
                             "#..................................#@#.#",
                             "#..................................###.#",
                             "#......................................#",
                             "########################################",
                         },
                         *content, 5));
  const std::vector<Actor> start = game.level().monsters;
  ASSERT_EQ(start.size(), 6u);
  int moved = 0;
  for (int turn = 0; turn < 150; ++turn) {
    wait_a_turn(game);
    const std::vector<Actor>& rats = game.level().monsters;
    ASSERT_EQ(rats.size(), 6u);
    EXPECT_TRUE(one_group(rats, 8)) << "turn " << turn;
    for (std::size_t i = 0; i < rats.size(); ++i)
      for (std::size_t j = i + 1; j < rats.size(); ++j)
        ASSERT_NE(rats[i].pos, rats[j].pos);
  }
  for (std::size_t i = 0; i < start.size(); ++i)
    moved += chebyshev(start[i].pos, game.level().monsters[i].pos) > 0 ? 1 : 0;
  EXPECT_GE(moved, 5);
}

// The turn on which each rat first stands next to the player, who waits in the middle of an
// open room; the rats start 3 to 9 cells away.
std::vector<int> arrivals(const std::shared_ptr<const Content>& content) {
  std::vector<std::string> rows(21, "#...................#");
  rows.front() = rows.back() = std::string(21, '#');
  rows[10][10] = '@';
  rows[10][7] = 'r';   // 3 away
  rows[13][15] = 'r';  // 5 away
  rows[3][10] = 'r';   // 7 away
  rows[19][10] = 'r';  // 9 away (the player's sight is round: 9 straight south)
  Game game(content, testing::ascii_state(rows, *content, 7));
  const Point player = game.state().player.pos;
  std::vector<int> arrived(game.level().monsters.size(), -1);
  for (int turn = 0; turn < 40 && !game.over(); ++turn) {
    wait_a_turn(game);
    const std::vector<Actor>& rats = game.level().monsters;
    for (std::size_t i = 0; i < rats.size() && i < arrived.size(); ++i)
      if (arrived[i] < 0 && chebyshev(rats[i].pos, player) == 1) arrived[i] = turn;
  }
  return arrived;
}

TEST(SwarmScenario, AnAmbushPackArrivesOnTheSameTurn) {
  const std::vector<int> arrived = arrivals(swarm_rats("ambush", "jackal_ambush", 9));
  ASSERT_EQ(arrived.size(), 4u);
  ASSERT_TRUE(std::none_of(arrived.begin(), arrived.end(), [](int t) { return t < 0; }));
  const auto [first, last] = std::minmax_element(arrived.begin(), arrived.end());
  EXPECT_LE(*last - *first, 1);
}

// The control: plain chasers from the same places arrive one after another.
TEST(SwarmScenario, PlainChasersArriveStaggered) {
  const std::vector<int> arrived = arrivals(swarm_rats("chase", "", 9));
  ASSERT_TRUE(std::none_of(arrived.begin(), arrived.end(), [](int t) { return t < 0; }));
  const auto [first, last] = std::minmax_element(arrived.begin(), arrived.end());
  EXPECT_GE(*last - *first, 4);
}

}  // namespace
}  // namespace yendor::game
