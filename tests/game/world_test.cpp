// Finding monsters by id: find_monster answers like a search of the level's monster list after
// any sequence of monsters added, removed and killed, and whatever state its lookup hint
// (LevelState::slots) is in, stale or scrambled: the hint may only make it faster.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/game_fixture.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/spawn.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;

const Actor* searched(const LevelState& level, ActorId id) {
  const auto it = std::find_if(level.monsters.begin(), level.monsters.end(),
                               [id](const Actor& a) { return a.id == id; });
  return it == level.monsters.end() ? nullptr : &*it;
}

void expect_found_like_a_search(const Game& game, const char* when) {
  const LevelState& level = game.level();
  for (ActorId id = 0; id < game.state().next_actor_id + 3; ++id)
    ASSERT_EQ(find_monster(level, id), searched(level, id)) << when << ": id " << id;
}

TEST(World, FindMonsterAnswersLikeASearchWhateverItsHint) {
  const std::string row(40, '.');
  Game game = ascii_game({"#" + std::string(40, '#') + "#", "#@" + row.substr(1) + "#",
                          "#" + row + "#", "#" + row + "#", "#" + std::string(40, '#') + "#"});
  Rng rng(11);
  const Actor rat = roll_monster(game.content(), 0, 1, rng);
  for (int step = 0; step < 300; ++step) {
    LevelState& level = game.level();
    const auto roll = rng.below(4);
    if (roll < 2 || level.monsters.empty()) {
      const Point p{1 + static_cast<int>(rng.below(40)), 2 + static_cast<int>(rng.below(2))};
      if (occupant_at(level, p) != 0) continue;
      Actor m = rat;
      m.pos = p;
      add_monster(game, level, m);
      expect_found_like_a_search(game, "after add_monster");
    } else if (roll == 2) {
      remove_monster(game, level.monsters[rng.below(level.monsters.size())].id);
      expect_found_like_a_search(game, "after remove_monster");
    } else {
      level.monsters[rng.below(level.monsters.size())].hp = 0;
      sweep_dead(game);
      expect_found_like_a_search(game, "after sweep_dead");
    }
    // A hint gone wrong (as a test or a tool could leave it) changes nothing but speed.
    if (step % 25 == 0) {
      for (auto& slot : level.slots.of_id)
        slot = static_cast<std::uint32_t>(rng.below(50));
      expect_found_like_a_search(game, "with a scrambled hint");
      index_monsters(level);
    }
  }
  game.level().slots.of_id.clear();
  expect_found_like_a_search(game, "with no hint");
}

}  // namespace
}  // namespace yendor::game
