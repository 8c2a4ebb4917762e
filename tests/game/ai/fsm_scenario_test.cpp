// The fsm brain in the real game (monster_turn's View: sight, the shared flee map, sound):
// a wounded Table 5.1 monster runs down a dead-end corridor and fights when cornered; a
// Table 4.1 sleeper ignores the player it sees and gets up on a loud noise.
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

// The test content with its rats run by the fsm brain on the shipped table `tactics`.
std::shared_ptr<const Content> fsm_rats(const std::string& tactics) {
  return testing::kind_with_brain("rat", "fsm", tactics);
}

const ai::FsmTable& table(const Game& game, const std::string& name) {
  const auto& fsm = game.content().ai.fsm;
  return fsm.at(static_cast<std::size_t>(ai::find_entry(fsm, name, "fsm table")));
}

std::string state_name(const Game& game, const std::string& tactics, const Actor& m) {
  return table(game, tactics).states.at(static_cast<std::size_t>(m.memory.state)).name;
}

TEST(FsmScenario, WoundedMonsterFleesDownTheCorridorAndFightsWhenCornered) {
  const auto content = fsm_rats("thesis_prototype");
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
  rat.hp = 2;  // LOW_HP
  rat.memory.state = table(game, "thesis_prototype").find_state("CHASING");

  bool fought = false;
  int last_x = rat.pos.x;
  for (int turn = 0; turn < 40 && !fought && !game.over(); ++turn) {
    const Actor& player = game.state().player;
    const bool adjacent = chebyshev(player.pos, game.level().monsters.at(0).pos) <= 1;
    Action a;
    a.type = adjacent ? ActionType::wait : ActionType::move;
    a.dir = adjacent ? Point{} : Point{1, 0};
    for (const Event& e : game.step(a))
      if ((e.kind == EventKind::attack_hit || e.kind == EventKind::attack_miss) &&
          e.actor == rat_id)
        fought = true;
    const Actor& r = game.level().monsters.at(0);
    ASSERT_EQ(r.id, rat_id);
    EXPECT_GE(r.pos.x, last_x) << "it stepped back towards the player on turn " << turn;
    last_x = r.pos.x;
  }
  const Actor& r = game.level().monsters.at(0);
  EXPECT_TRUE(fought);
  EXPECT_EQ(r.pos, (Point{10, 1}));  // the dead end
  EXPECT_EQ(state_name(game, "thesis_prototype", r), "CORNERED");
}

TEST(FsmScenario, TacticalSleeperIgnoresThePlayerItSeesAndWakesOnALoudNoise) {
  const auto content = fsm_rats("thesis_tactical");
  Game game(content, testing::ascii_state(
                         {
                             "##########",
                             "#@.......#",
                             "#.....r..#",
                             "##########",
                         },
                         *content, 5));
  Actor& rat = game.level().monsters.at(0);
  rat.memory.awake = false;
  rat.memory.state = 0;
  ASSERT_EQ(state_name(game, "thesis_tactical", rat), "SLEEPING");
  const Point at = rat.pos;
  ASSERT_TRUE(monster_sees_player(game, rat));

  // The game wakes it on sight one turn in three; blind in its sleep, it rolls over.
  for (int turn = 0; turn < 30; ++turn) {
    monster_turn(game, rat);
    ASSERT_FALSE(rat.memory.awake) << turn;
    ASSERT_EQ(rat.pos, at);
    ASSERT_EQ(state_name(game, "thesis_tactical", rat), "SLEEPING");
  }

  // A shout at the player's cell carries to it loud enough: it gets up, groggy for two turns.
  game.tracking().noise(game, game.state().player.pos, k_noise_shout);
  monster_turn(game, rat);
  EXPECT_TRUE(rat.memory.awake);
  EXPECT_EQ(state_name(game, "thesis_tactical", rat), "WAKING");
  game.tracking().clear_noise();
  monster_turn(game, rat);
  EXPECT_EQ(state_name(game, "thesis_tactical", rat), "WAKING");
  monster_turn(game, rat);
  EXPECT_EQ(state_name(game, "thesis_tactical", rat), "CURIOUS");
  EXPECT_TRUE(rat.memory.awake);
}

}  // namespace
}  // namespace yendor::game
