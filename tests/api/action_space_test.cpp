// The discrete action set: names, their round trip, the mapping to game actions, and the mask
// agreeing with Game::accepts for every index.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "api/env_test_support.hpp"
#include "yendor/api/action_space.hpp"
#include "yendor/game/world.hpp"

namespace yendor::api {
namespace {

TEST(ActionSpace, NamesAreUniqueAndRoundTrip) {
  std::set<std::string> names;
  for (int i = 0; i < k_action_count; ++i) {
    const std::string name = action_name(i);
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_EQ(action_index(name), i) << name;
  }
  EXPECT_EQ(k_action_count, 505);
  EXPECT_EQ(action_name(0), "move_north");
  EXPECT_EQ(action_name(k_wait), "wait");
  EXPECT_EQ(action_name(item_action(ItemVerb::quaff, 2)), "quaff_c");
  EXPECT_EQ(action_name(item_action(ItemVerb::throw_at, 51)), "throw_Z");
  EXPECT_EQ(action_index("fly"), -1);
  EXPECT_THROW(action_name(-1), std::out_of_range);
  EXPECT_THROW(action_name(k_action_count), std::out_of_range);
}

TEST(ActionSpace, IndicesMapToTheGameActionsTheyName) {
  Env env(game::testing::shared_test_content());
  env.reset(3);
  const game::Game& g = env.game();
  EXPECT_EQ(to_game_action(5, g).type, game::ActionType::move);
  EXPECT_EQ(to_game_action(5, g).dir, (Point{1, 1}));
  EXPECT_EQ(to_game_action(k_open_first + 3, g).dir, (Point{-1, 0}));
  EXPECT_EQ(to_game_action(k_close_first, g).type, game::ActionType::close);
  EXPECT_EQ(to_game_action(k_rest, g).count, 0);
  EXPECT_EQ(to_game_action(k_raise_first + 2, g).choice, 2);
  const game::Action drop = to_game_action(item_action(ItemVerb::drop, 27), g);
  EXPECT_EQ(drop.type, game::ActionType::drop);
  EXPECT_EQ(drop.item, 'B');
  const game::Action thrown = to_game_action(item_action(ItemVerb::throw_at, 0), g);
  EXPECT_EQ(thrown.type, game::ActionType::throw_item);
  EXPECT_EQ(thrown.target, throw_target(g));
  EXPECT_THROW(to_game_action(k_action_count, g), std::out_of_range);
  for (int rank = 0; rank < k_pack_size; ++rank)
    EXPECT_EQ(pack_rank(pack_letter(rank)), rank);
  EXPECT_EQ(pack_rank('!'), -1);
}

// Over random play: the mask is exactly Game::accepts of each index's action, item actions
// of letters not carried are 0, and every masked-legal action is carried out unrefused.
TEST(ActionSpace, MaskIsAcceptsOfEveryIndex) {
  Env env(game::testing::shared_test_content());
  Rng rng = Rng::for_stream(5, "test");
  int states = 0, legal_total = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    env.reset(seed);
    for (int step = 0; step < 300 && !env.done(); ++step) {
      const std::vector<std::uint8_t> mask = env.legal_mask();
      game::Game copy = env.game();
      for (int i = 0; i < k_action_count; ++i) {
        const bool expected = copy.accepts(to_game_action(i, copy));
        ASSERT_EQ(mask[static_cast<std::size_t>(i)] != 0, expected)
            << "seed " << seed << " step " << step << " " << action_name(i);
      }
      const int action = testing::random_legal_action(env, rng);
      const bool confused =
          game::status_turns(env.game().state().player, game::Status::confusion) > 0;
      const StepResult r = env.step(action);
      if (!confused) {
        EXPECT_FALSE(r.refused) << action_name(action);
      }
      ++states;
      for (std::uint8_t m : mask)
        legal_total += m;
    }
  }
  EXPECT_GT(states, 300);
  EXPECT_GT(legal_total, states * 3);  // moves, wait, search at least, mostly
}

}  // namespace
}  // namespace yendor::api
