// Game::accepts, the rules' own answer to "would this action be refused?" (the agent
// platform's legal-action mask): over states reached by random play on the test and the
// shipped content, for every kind of action with many arguments, accepts() changes nothing
// (the whole state and the step's events compare equal) and agrees with what step() on a copy
// does: accepted exactly when no refusal comes back.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "support/game_fixture.hpp"
#include "support/game_test_content.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::shared_test_content;

std::shared_ptr<const Content> shipped_content() {
  static const auto content = std::make_shared<const Content>(load_content(default_content_dir()));
  return content;
}

// Actions of every type, with the arguments that matter in `game`'s state and some that
// never fit (a letter not carried, a zero direction, an invalid choice).
std::vector<Action> candidate_actions(const Game& game) {
  std::vector<Action> out;
  const auto add = [&out](ActionType type, auto&& set) {
    Action a;
    a.type = type;
    set(a);
    out.push_back(a);
  };
  for (ActionType type :
       {ActionType::move, ActionType::open, ActionType::close, ActionType::operate}) {
    for (Point d : k_directions8)
      add(type, [d](Action& a) { a.dir = d; });
    add(type, [](Action& a) { a.dir = {}; });
  }
  add(ActionType::move, [](Action& a) { a.dir = {2, 0}; });
  for (ActionType type :
       {ActionType::wait, ActionType::search, ActionType::descend, ActionType::ascend,
        ActionType::pray, ActionType::drink, ActionType::quit})
    add(type, [](Action&) {});
  for (int count : {0, 1, 5})
    add(ActionType::rest, [count](Action& a) { a.count = count; });
  for (char item : {'\0', 'a', 'b', 'z'}) {
    add(ActionType::pick_up, [item](Action& a) { a.item = item; });
    add(ActionType::buy, [item](Action& a) { a.item = item; });
  }
  for (int choice : {0, 1, 2, 3})
    add(ActionType::raise, [choice](Action& a) { a.choice = choice; });
  std::vector<char> letters{'Z'};
  for (const Item& item : game.state().player.inventory)
    letters.push_back(item.letter);
  std::vector<Point> targets{game.state().player.pos, game.state().player.pos + Point{30, 0}};
  for (const Actor& m : game.level().monsters)
    if (m.hp > 0 && game.view().visible(m.pos)) targets.push_back(m.pos);
  for (char letter : letters) {
    for (ActionType type :
         {ActionType::drop, ActionType::quaff, ActionType::read, ActionType::eat, ActionType::wield,
          ActionType::wear, ActionType::take_off, ActionType::sell})
      add(type, [letter](Action& a) { a.item = letter; });
    add(ActionType::drop, [letter](Action& a) {
      a.item = letter;
      a.count = 1;
    });
    for (Point t : targets)
      add(ActionType::throw_item, [letter, t](Action& a) {
        a.item = letter;
        a.target = t;
      });
  }
  return out;
}

bool refused_by_step(const Game& game, const Action& a) {
  Game copy = game;
  for (const Event& e : copy.step(a))
    if (e.kind == EventKind::refused && e.actor == k_player_id) return true;
  return false;
}

struct Tally {
  int checked = 0, accepted = 0, refused = 0;
  std::array<int, k_action_type_count> accepted_by_type{}, refused_by_type{};
};

// Every candidate action in `game`'s state: accepts() changes nothing and agrees with step().
void check_state(Game& game, const std::string& where, Tally& tally) {
  const bool confused = status_turns(game.state().player, Status::confusion) > 0;
  for (const Action& a : candidate_actions(game)) {
    const std::string what = where + " '" + format_action(a) + "'";
    const GameState before = game.state();
    const std::vector<Event> events = game.events();
    const bool accepted = game.accepts(a);
    ASSERT_TRUE(game.state() == before) << what << ": accepts() changed the state";
    ASSERT_EQ(game.events(), events) << what << ": accepts() changed the events";
    ASSERT_FALSE(game.probing()) << what;
    ++tally.checked;
    (accepted ? tally.accepted : tally.refused) += 1;
    (accepted ? tally.accepted_by_type : tally.refused_by_type)[static_cast<std::size_t>(a.type)] +=
        1;
    // Under confusion a move may stumble (accepted) or not (refused): accepts says yes.
    if (confused && a.type == ActionType::move) {
      EXPECT_TRUE(accepted) << what;
      continue;
    }
    ASSERT_EQ(accepted, !refused_by_step(game, a)) << what;
  }
}

// Plays `steps` random steps of `seed`, checking every candidate action every `every` steps.
void check_seed(const std::shared_ptr<const Content>& content, std::uint64_t seed, int steps,
                int every, Tally& tally) {
  GameOptions options;
  options.seed = seed;
  auto game = std::make_unique<Game>(content, options);
  Rng bot = Rng::for_stream(seed, "bot");
  for (int step = 0; step < steps; ++step) {
    if (game->over()) {
      options.seed = mix64(options.seed + 1);
      game = std::make_unique<Game>(content, options);
    }
    if (step % every == 0)
      check_state(*game, "seed " + std::to_string(seed) + " step " + std::to_string(step), tally);
    if (::testing::Test::HasFatalFailure()) return;
    game->step(random_action(*game, bot));
    // Now and then a dive, so deeper levels (shops, altars, fountains, locks) come up.
    if (step % 150 == 149 && !game->over() && game->state().depth < game->state().levels) {
      change_level(*game, game->state().depth + 1, true);
      game->update_view();
    }
  }
}

void print(const Tally& tally) {
  for (std::size_t t = 0; t < k_action_type_count; ++t)
    std::cout << "[          ] " << to_string(static_cast<ActionType>(t)) << ": "
              << tally.accepted_by_type[t] << " accepted, " << tally.refused_by_type[t]
              << " refused\n";
}

TEST(Accepts, AgreesWithStepAndChangesNothingOnTestContent) {
  Tally tally;
  for (std::uint64_t seed = 1; seed <= 6; ++seed)
    check_seed(shared_test_content(), seed, 600, 7, tally);
  EXPECT_GT(tally.checked, 20000);
  EXPECT_GT(tally.accepted, 2000);
  EXPECT_GT(tally.refused, 2000);
  print(tally);
}

TEST(Accepts, AgreesWithStepAndChangesNothingOnShippedContent) {
  Tally tally;
  for (std::uint64_t seed = 101; seed <= 103; ++seed)
    check_seed(shipped_content(), seed, 900, 9, tally);
  EXPECT_GT(tally.checked, 10000);
  print(tally);
}

// A shop with its keeper and stock, an altar, a fountain and a lever, the pack holding one of
// every item kind and a level-up pending: the player on every cell in turn.
TEST(Accepts, AgreesWithStepAroundShopsAltarsFountainsAndLevers) {
  const std::vector<std::string> rows{"############", "#....#.....#", "#....'._{/.#",
                                      "#....#.....#", "############"};
  const auto content = shared_test_content();
  Tally tally;
  for (int y = 1; y <= 3; ++y)
    for (int x = 1; x <= 10; ++x) {
      if (rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '#' ||
          (x == 1 && y == 1))
        continue;
      std::vector<std::string> here = rows;
      here[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = '@';
      const std::uint64_t seed = static_cast<std::uint64_t>(y * 16 + x);
      Game game(content, testing::ascii_state(here, *content, seed));
      // The player stands on what the picture had there (an altar, a fountain, a lever).
      const char under = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      game.level().level.tiles[{x, y}] = tile_from_symbol(under).value_or(Tile::floor);
      place_item(game, game.level(), make_item(game, 0, 1), Point{7, 3});
      place_item(game, game.level(), make_item(game, 1, 1), Point{6, 1});
      game.level().level.meta.rooms.push_back(Room{0, Rect{1, 1, 4, 3}, "shop"});
      Actor keeper = testing::test_monster(*content, content->monster_index("shopkeeper"), {1, 1});
      keeper.peaceful = true;
      add_monster(game, game.level(), keeper);
      for (std::size_t k = 0; k < content->items.size(); ++k) {
        Item stock = make_item(game, static_cast<int>(k), 1);
        stock.price = std::max(1, content->items[k].price);
        if (k % 3 == 0)
          place_item(game, game.level(), stock, Point{1 + static_cast<int>(k % 4), 2});
        Item mine = make_item(game, static_cast<int>(k), 1);
        add_to_inventory(game, game.state().player, mine);
      }
      game.state().player.gold = (x % 2) * 500;
      game.state().info.pending_raises = y % 2;
      if (x == 3) game.state().player.status[static_cast<std::size_t>(Status::levitation)] = 5;
      game.update_view();
      check_state(game, "cell (" + std::to_string(x) + "," + std::to_string(y) + ")", tally);
      if (HasFatalFailure()) return;
    }
  for (ActionType type :
       {ActionType::read, ActionType::pray, ActionType::drink, ActionType::buy, ActionType::sell,
        ActionType::raise, ActionType::operate, ActionType::quaff, ActionType::eat,
        ActionType::wield, ActionType::wear, ActionType::throw_item, ActionType::pick_up}) {
    EXPECT_GT(tally.accepted_by_type[static_cast<std::size_t>(type)], 0) << to_string(type);
    EXPECT_GT(tally.refused_by_type[static_cast<std::size_t>(type)], 0) << to_string(type);
  }
}

TEST(Accepts, FinishedGameAcceptsNothing) {
  Game game(shared_test_content(), GameOptions{7, "T", 0, {}});
  Action quit;
  quit.type = ActionType::quit;
  EXPECT_TRUE(game.accepts(quit));
  EXPECT_FALSE(game.over());
  game.step(quit);
  ASSERT_TRUE(game.over());
  Action wait;
  EXPECT_FALSE(game.accepts(wait));
  Action bad;
  bad.type = ActionType::count;
  EXPECT_FALSE(game.accepts(bad));
}

}  // namespace
}  // namespace yendor::game
