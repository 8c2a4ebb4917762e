#pragma once
// Shared by the item tests (inventory, effects, ranged): counting item units for the
// conservation invariant, and small conveniences for giving the player items.

#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>

#include "support/game_fixture.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game::testing {

// Every item unit in the world: on every made level's floor, in the player's pack, in
// monsters' packs. Gold in purses is not an item.
inline std::int64_t units_in_world(const GameState& s) {
  std::int64_t n = 0;
  for (const Item& i : s.player.inventory)
    n += i.count;
  for (const LevelState& level : s.dungeon) {
    for (const Item& i : level.items)
      n += i.count;
    for (const Actor& m : level.monsters)
      for (const Item& i : m.inventory)
        n += i.count;
  }
  return n;
}

// items_created - items_destroyed == the units that exist.
inline ::testing::AssertionResult units_conserved(const GameState& s) {
  const std::int64_t expected = s.items_created - s.items_destroyed;
  const std::int64_t counted = units_in_world(s);
  if (expected == counted) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "created - destroyed = " << expected << " but " << counted << " units exist";
}

inline int kind_id(const Game& game, std::string_view id) {
  const int k = game.content().item_index(id);
  if (k < 0) throw std::invalid_argument("no item kind " + std::string(id));
  return k;
}

// Makes `count` units of `id` and puts them in the player's pack; returns the letter.
inline char give(Game& game, std::string_view id, int count = 1) {
  Actor& player = game.state().player;
  Item item = make_item(game, kind_id(game, id), count);
  const ItemId item_id = item.id;
  if (!add_to_inventory(game, player, item)) throw std::logic_error("give: pack full");
  for (const Item& held : player.inventory)
    if (held.id == item_id || stacks_with(game.content(), held, item)) return held.letter;
  throw std::logic_error("give: item not found after adding");
}

inline Action item_action(ActionType type, char letter, int count = 0) {
  Action a;
  a.type = type;
  a.item = letter;
  a.count = count;
  return a;
}

inline bool has_event(Game& game, EventKind kind) {
  for (const Event& e : game.events())
    if (e.kind == kind) return true;
  return false;
}

}  // namespace yendor::game::testing
