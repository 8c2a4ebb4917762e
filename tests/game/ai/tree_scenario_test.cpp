// The stateless and genetic brains in the real game (monster_turn's View): the default
// look-and-chase rat charges and bites; a wounded coward runs to the dead end and bites when
// cornered; a guard far from its post walks back, the player in sight, and stands there; a genetic
// rat follows its genome, and the game counts what it cost the player (the fitness of the next
// run).
#include <gtest/gtest.h>

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

using testing::wait_action;

std::shared_ptr<const Content> rats_with(const std::string& brain, const std::string& tactics,
                                         const std::string& extra = "") {
  return testing::kind_with_brain("rat", brain, tactics, extra);
}

// Whether the monster `id` attacked the player in `events`.
bool attacked(const std::vector<Event>& events, ActorId id) {
  for (const Event& e : events)
    if ((e.kind == EventKind::attack_hit || e.kind == EventKind::attack_miss) && e.actor == id &&
        e.target == k_player_id)
      return true;
  return false;
}

TEST(TreeScenario, LookAndChaseChargesAndBites) {
  const auto content = rats_with("stateless", "");
  Game game(content, testing::ascii_state(
                         {
                             "##########",
                             "#@.......#",
                             "#......r.#",
                             "##########",
                         },
                         *content, 2));
  const ActorId rat = game.level().monsters.at(0).id;
  int last = chebyshev(game.level().monsters.at(0).pos, game.state().player.pos);
  bool bit = false;
  for (int turn = 0; turn < 12 && !bit && !game.over(); ++turn) {
    bit = attacked(game.step(wait_action()), rat);
    const int now = chebyshev(game.level().monsters.at(0).pos, game.state().player.pos);
    if (!bit) {
      EXPECT_EQ(now, last - 1) << "it did not close in on turn " << turn;
    }
    last = now;
  }
  EXPECT_TRUE(bit);
}

TEST(TreeScenario, WoundedCowardRunsToTheDeadEndAndBitesWhenCornered) {
  const auto content = rats_with("stateless", "coward");
  Game game(content, testing::ascii_state(
                         {
                             "############",
                             "#@.r.......#",
                             "############",
                         },
                         *content, 3));
  Actor& rat = game.level().monsters.at(0);
  const ActorId rat_id = rat.id;
  rat.max_hp = 20;
  rat.hp = 3;  // below a third
  bool fought = false;
  int last_x = rat.pos.x;
  for (int turn = 0; turn < 40 && !fought && !game.over(); ++turn) {
    const Actor& player = game.state().player;
    const bool adjacent = chebyshev(player.pos, game.level().monsters.at(0).pos) <= 1;
    Action a;
    a.type = adjacent ? ActionType::wait : ActionType::move;
    a.dir = adjacent ? Point{} : Point{1, 0};
    fought = attacked(game.step(a), rat_id);
    const Actor& r = game.level().monsters.at(0);
    ASSERT_EQ(r.id, rat_id);
    EXPECT_GE(r.pos.x, last_x) << "it stepped back towards the player on turn " << turn;
    last_x = r.pos.x;
  }
  EXPECT_TRUE(fought);
  EXPECT_EQ(game.level().monsters.at(0).pos, (Point{10, 1}));  // the dead end
}

TEST(TreeScenario, GuardWalksBackToItsPostAndStandsThere) {
  const auto content = rats_with("stateless", "guard");
  Game game(content, testing::ascii_state(
                         {
                             "#########################",
                             "#@......r...............#",
                             "#########################",
                         },
                         *content, 4));
  Actor& rat = game.level().monsters.at(0);
  ASSERT_TRUE(monster_sees_player(game, rat));
  rat.memory.home = {22, 1};  // its post, 14 cells behind it: too far to chase from
  for (int turn = 0; turn < 20 && !game.over(); ++turn) {
    const int before = game.level().monsters.at(0).pos.x;
    game.step(wait_action());
    const int after = game.level().monsters.at(0).pos.x;
    EXPECT_EQ(after, std::min(before + 1, 22)) << turn;
  }
  EXPECT_EQ(game.level().monsters.at(0).pos, (Point{22, 1}));
}

// Genome 0 always flees, genome 1 always attacks (depth-1 trees).
constexpr std::string_view k_two_minds = R"(
[evolved.two_minds]
depth = 1

[[evolved.two_minds.genome]]
fitness = 1
conditions = ["always"]
behaviours = ["flee", "flee"]

[[evolved.two_minds.genome]]
fitness = 0
conditions = ["always"]
behaviours = ["attack", "attack"]
)";

TEST(TreeScenario, GeneticRatFollowsItsGenomeAndTheGameCountsItsCost) {
  const auto content = rats_with("genetic", "two_minds", std::string(k_two_minds));
  for (const int genome : {0, 1}) {
    Game game(content, testing::ascii_state(
                           {
                               "############",
                               "#.....@r...#",
                               "############",
                           },
                           *content, 6));
    Actor& rat = game.level().monsters.at(0);
    const ActorId id = rat.id;
    rat.memory.genome = genome;
    bool bit = false;
    int damage = 0;  // the oracle: the hits the events report
    for (int turn = 0; turn < 6 && !game.over(); ++turn)
      for (const Event& e : game.step(wait_action()))
        if (e.actor == id && e.target == k_player_id) {
          bit = bit || e.kind == EventKind::attack_hit || e.kind == EventKind::attack_miss;
          if (e.kind == EventKind::attack_hit) damage += e.value;
        }
    const Actor& r = game.level().monsters.at(0);
    EXPECT_EQ(r.memory.genome, genome);
    EXPECT_GT(r.memory.turns_alive, 0);
    if (genome == 0) {
      EXPECT_FALSE(bit);
      EXPECT_EQ(r.pos, (Point{10, 1}));  // fled to the end of the corridor
      EXPECT_EQ(r.memory.damage_dealt, 0);
    } else {
      EXPECT_TRUE(bit);
      EXPECT_EQ(r.memory.damage_dealt, damage);
    }
  }
}

}  // namespace
}  // namespace yendor::game
