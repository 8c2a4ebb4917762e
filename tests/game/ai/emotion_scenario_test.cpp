// The emotion brain in the real game (monster_turn's View: sight, kin deaths, damage): a calm
// watcher holds while the player stands in view, turns angry when it sees the player kill one
// of its kind, and charges; with only the personality changed, a neurotic rat attacks at first
// sight where a calm one waits.
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

// The test content with its rats run by the emotion brain's built-in profile and tree.
std::shared_ptr<const Content> emotional_rats() {
  return testing::kind_with_brain("rat", "emotion", "");
}

void set_neuroticism(Actor& monster, std::int32_t n) {
  monster.memory.personality = {500, 500, 500, 500, n};
}

const Actor* find(const Game& game, ActorId id) {
  for (const Actor& a : game.level().monsters)
    if (a.id == id && a.hp > 0) return &a;
  return nullptr;
}

TEST(EmotionScenario, AWatcherSeesItsKinKilledTurnsAngryAndCharges) {
  const auto content = emotional_rats();
  Game game(content, testing::ascii_state(
                         {
                             "############",
                             "#..........#",
                             "#@r.....r..#",
                             "#..........#",
                             "############",
                         },
                         *content, 4));
  auto& monsters = game.level().monsters;
  ASSERT_EQ(monsters.size(), 2u);
  for (Actor& m : monsters)
    set_neuroticism(m, 0);  // calm: they wait for provocation
  monsters[0].hp = 1;       // the rat next to the player dies at the first hit
  const ActorId victim = monsters[0].id, watcher = monsters[1].id;
  const Point post = monsters[1].pos;

  for (int turn = 0; turn < 8; ++turn) {
    game.step(wait_action());
    ASSERT_EQ(find(game, watcher)->pos, post) << "it holds while nothing happens, turn " << turn;
    ASSERT_EQ(find(game, victim)->pos, (Point{2, 2}));
  }
  ASSERT_LT(find(game, watcher)->memory.emotion[0], 500);

  Action hit;
  hit.type = ActionType::move;
  hit.dir = {1, 0};
  for (int turn = 0; turn < 30 && find(game, victim) != nullptr; ++turn)
    game.step(hit);
  ASSERT_EQ(find(game, victim), nullptr) << "the player never killed the rat";

  // The watcher saw it die: angry, it closes in and bites.
  const Actor* w = find(game, watcher);
  ASSERT_NE(w, nullptr);
  EXPECT_GT(w->memory.emotion[static_cast<std::size_t>(ai::Emotion::anger)], 500);
  bool bit = false;
  int last = chebyshev(w->pos, game.state().player.pos);
  for (int turn = 0; turn < 12 && !bit && !game.over(); ++turn) {
    for (const Event& e : game.step(wait_action()))
      if ((e.kind == EventKind::attack_hit || e.kind == EventKind::attack_miss) &&
          e.actor == watcher)
        bit = true;
    const int now = chebyshev(find(game, watcher)->pos, game.state().player.pos);
    EXPECT_LE(now, last) << "turn " << turn;
    last = now;
  }
  EXPECT_TRUE(bit);
  EXPECT_LT(chebyshev(find(game, watcher)->pos, game.state().player.pos), 2);
}

TEST(EmotionScenario, ANeuroticRatAttacksAtFirstSightACalmOneWaits) {
  const auto content = emotional_rats();
  auto closes_in = [&](std::int32_t neuroticism) {
    Game game(content, testing::ascii_state(
                           {
                               "##########",
                               "#@....r..#",
                               "##########",
                           },
                           *content, 7));
    Actor& rat = game.level().monsters.at(0);
    set_neuroticism(rat, neuroticism);
    const ActorId id = rat.id;
    const int before = chebyshev(rat.pos, game.state().player.pos);
    for (int turn = 0; turn < 3; ++turn)
      game.step(wait_action());
    return before - chebyshev(find(game, id)->pos, game.state().player.pos);
  };
  EXPECT_EQ(closes_in(1000), 3);
  EXPECT_EQ(closes_in(0), 0);
}

}  // namespace
}  // namespace yendor::game
