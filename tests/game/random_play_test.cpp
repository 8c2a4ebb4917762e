// The scripted random player over many seeds with the invariants checked after every step
// (issue 6: 10,000 turns per seed without a crash or a broken invariant), the random player
// itself, and save -> load -> continue giving the same bytes as uninterrupted play.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "random_play.hpp"
#include "support/game_fixture.hpp"
#include "support/game_test_content.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/save.hpp"
#include "yendor/game/state_codec.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::play_randomly;
using testing::RandomPlayStats;
using testing::shared_test_content;

constexpr std::int64_t k_turns = 10'000;

std::shared_ptr<const Content> shipped_content() {
  static const auto content = std::make_shared<const Content>(load_content(default_content_dir()));
  return content;
}

void print(const RandomPlayStats& stats) {
  std::cout << "[          ] " << stats.turns << " turns, " << stats.steps << " steps, "
            << stats.games << " games, " << stats.deaths << " deaths, " << stats.wins
            << " wins, deepest level " << stats.deepest << "\n";
  for (const auto& [cause, n] : stats.causes)
    std::cout << "[          ]   " << n << " " << cause << "\n";
}

// Seeds first..last, k_turns each, the harness diving every `dive` turns. Split over several
// tests so that ctest runs them in parallel.
void play_seeds(const std::shared_ptr<const Content>& content, std::uint64_t first,
                std::uint64_t last, std::int64_t dive) {
  RandomPlayStats stats;
  for (std::uint64_t seed = first; seed <= last; ++seed) {
    std::string problem;
    problem = play_randomly(content, seed, k_turns, stats, dive);
    ASSERT_EQ(problem, "");
  }
  // Each seed plays until its k_turns are done; its last step may overshoot (a rest runs up
  // to 1000 turns in one step).
  const auto seeds = static_cast<std::int64_t>(last - first + 1);
  EXPECT_GE(stats.turns, seeds * k_turns);
  EXPECT_LE(stats.turns, seeds * (k_turns + 1000));
  // Games end (mostly in death) and new ones start cleanly after them.
  EXPECT_GT(stats.games, 1);
  print(stats);
}

// Twelve seeds of the test content (4 levels, the boss on the last).
TEST(RandomPlay, TestContentSeeds1To4) {
  play_seeds(shared_test_content(), 1, 4, 400);
}
TEST(RandomPlay, TestContentSeeds5To8) {
  play_seeds(shared_test_content(), 5, 8, 400);
}
TEST(RandomPlay, TestContentSeeds9To12) {
  play_seeds(shared_test_content(), 9, 12, 400);
}
// And a few of the shipped content (10 levels).
TEST(RandomPlay, ShippedContentSeed101) {
  play_seeds(shipped_content(), 101, 101, 300);
}
TEST(RandomPlay, ShippedContentSeed102) {
  play_seeds(shipped_content(), 102, 102, 300);
}
TEST(RandomPlay, ShippedContentSeed103) {
  play_seeds(shipped_content(), 103, 103, 300);
}

TEST(RandomPlayer, ChoosesEveryActionTypeButQuit) {
  RandomPlayStats stats;
  for (std::uint64_t seed = 21; seed <= 22; ++seed) {
    std::string problem;
    problem = play_randomly(shared_test_content(), seed, 3000, stats);
    ASSERT_EQ(problem, "");
  }
  for (std::size_t t = 0; t < k_action_type_count; ++t) {
    const auto type = static_cast<ActionType>(t);
    if (type == ActionType::quit)
      EXPECT_EQ(stats.actions[t], 0);
    else
      EXPECT_GT(stats.actions[t], 0) << to_string(type);
  }
}

TEST(RandomPlayer, ActsOnWhatIsThere) {
  // An orc next to the player, a pending level-up, a potion in the pack: the bot raises,
  // attacks, and its actions are always well formed (dirs are unit steps).
  Game game = testing::ascii_game({
      "#####",
      "#@o.#",
      "#...#",
      "#####",
  });
  game.state().info.pending_raises = 1;
  Rng rng(5);
  int raises = 0, attacks = 0;
  for (int i = 0; i < 400; ++i) {
    const Action a = random_action(game, rng);
    ASSERT_NE(a.type, ActionType::quit);
    EXPECT_LE(std::abs(a.dir.x), 1);
    EXPECT_LE(std::abs(a.dir.y), 1);
    raises += a.type == ActionType::raise ? 1 : 0;
    attacks += a.type == ActionType::move && a.dir == Point{1, 0} ? 1 : 0;
  }
  EXPECT_GT(raises, 100);
  EXPECT_GT(attacks, 100);
}

TEST(RandomPlayer, SameStateAndRngSameAction) {
  Game game = testing::ascii_game({
      "######",
      "#@..>#",
      "######",
  });
  Rng a(9), b(9);
  for (int i = 0; i < 200; ++i)
    EXPECT_EQ(random_action(game, a), random_action(game, b));
}

// The invariant checker catches what it claims to (an independent check of the checker).
TEST(Invariants, DetectBrokenStates) {
  const auto fresh = [] {
    return testing::ascii_game({
        "######",
        "#@.r.#",
        "#....#",
        "######",
    });
  };
  {
    Game game = fresh();
    EXPECT_EQ(check_invariants(game), "");
  }
  {
    Game game = fresh();
    game.state().player.hp = game.state().player.max_hp + 1;
    EXPECT_NE(check_invariants(game).find("HP"), std::string::npos);
  }
  {
    Game game = fresh();
    game.level().monsters[0].hp = 0;
    EXPECT_NE(check_invariants(game).find("dead"), std::string::npos);
  }
  {
    Game game = fresh();
    game.level().occupant.set({2, 2}, game.level().monsters[0].id);  // a ghost in the grid
    EXPECT_NE(check_invariants(game).find("occupant"), std::string::npos);
  }
  {
    Game game = fresh();
    game.level().monsters[0].pos = {1, 1};  // on the player's cell
    EXPECT_NE(check_invariants(game), "");
  }
  {
    // The view follows tile changes: stale until update_view, which sees the tiles' epoch
    // moved and computes it again.
    Game game = fresh();
    set_tile(game.level(), {2, 1}, Tile::wall);
    EXPECT_NE(check_invariants(game).find("stale"), std::string::npos);
    game.update_view();
    EXPECT_EQ(check_invariants(game), "");
  }
  {
    Game game = fresh();
    set_tile(game.level(), {3, 1}, Tile::wall);  // under the rat
    EXPECT_NE(check_invariants(game).find("impassable"), std::string::npos);
  }
  {
    Game game = fresh();
    Item dagger = make_item(game, game.content().item_index("dagger"));
    place_item(game, game.level(), dagger, {2, 1});
    EXPECT_EQ(check_invariants(game), "");
    game.state().items_destroyed += 1;  // as if used up but still lying there
    EXPECT_NE(check_invariants(game).find("conserved"), std::string::npos);
  }
  {
    Game game = fresh();
    Item a = make_item(game, game.content().item_index("dagger"));
    Item b = make_item(game, game.content().item_index("sword"));
    a.letter = b.letter = 'a';
    game.state().player.inventory = {a, b};
    EXPECT_NE(check_invariants(game).find("letter"), std::string::npos);
  }
  {
    Game game = fresh();
    game.state().player.wielded = 999;
    EXPECT_NE(check_invariants(game).find("wields"), std::string::npos);
  }
  {
    Game game = fresh();
    game.level().lock_open.push_back(0);  // no locks on this level
    EXPECT_NE(check_invariants(game).find("lock_open"), std::string::npos);
  }
  {
    Game game = fresh();
    game.state().time += 7;
    EXPECT_NE(check_invariants(game).find("time"), std::string::npos);
  }
}

class SaveContinue : public test::TempDirTest {};

// Saving, loading and playing on gives the very bytes of playing on without the detour.
TEST_F(SaveContinue, ByteIdenticalToUninterruptedPlay) {
  for (const std::uint64_t seed : {3u, 17u, 40u}) {
    SCOPED_TRACE(seed);
    GameOptions options;
    options.seed = seed;
    std::unique_ptr<Game> original;
    original = std::make_unique<Game>(shared_test_content(), options);
    Rng bot = Rng::for_stream(seed, "bot");
    for (int i = 0; i < 1500 && !original->over(); ++i)
      original->step(random_action(*original, bot));
    if (original->over()) continue;  // nothing to save

    save_game(path("save.bin"), original->state(), original->content());
    GameState loaded_state;
    loaded_state = load_game(path("save.bin"), *shared_test_content());
    Game loaded(shared_test_content(), std::move(loaded_state));
    const auto bytes = [](const Game& g) {
      return encode_state(g.state(), g.content(), LevelEncoding::full);
    };
    ASSERT_EQ(bytes(loaded), bytes(*original));

    Rng bot_copy = bot;
    for (int i = 0; i < 1500 && !original->over(); ++i) {
      const Action a = random_action(*original, bot);
      ASSERT_EQ(random_action(loaded, bot_copy), a) << "step " << i;
      original->step(a);
      loaded.step(a);
    }
    EXPECT_EQ(bytes(loaded), bytes(*original));
    EXPECT_EQ(loaded.state(), original->state());
  }
}

}  // namespace
}  // namespace yendor::game
