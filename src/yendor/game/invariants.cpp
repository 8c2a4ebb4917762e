#include "yendor/game/invariants.hpp"

#include <algorithm>
#include <vector>

#include "yendor/fov/fov.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

std::string at(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

std::string who(const Game& game, const Actor& a) {
  if (a.kind < 0) return "the player";
  return game.content().monsters[static_cast<std::size_t>(a.kind)].id + " #" + std::to_string(a.id);
}

// The player may stand in lava (a dangerous lock: it burns, docs/rules.md); can_stand is the
// rule for everything else.
bool may_stand(const Game& game, const LevelState& level, const Actor& actor) {
  if (can_stand(game, level, actor, actor.pos)) return true;
  return actor.id == k_player_id && level.level.in_bounds(actor.pos) &&
         level.level.tiles[actor.pos] == Tile::lava;
}

std::string check_actor(const Game& game, const LevelState& level, const Actor& a) {
  const auto name = [&game, &a] { return who(game, a); };  // built only on failure
  if (!level.level.in_bounds(a.pos))
    return name() + " is outside the map at " + at(a.pos) + " on level " +
           std::to_string(level.depth);
  if (!may_stand(game, level, a))
    return name() + " stands on impassable " +
           std::string(tile_info(level.level.tiles[a.pos]).name) + " at " + at(a.pos) +
           " on level " + std::to_string(level.depth);
  if (a.max_hp < 1 || a.hp > a.max_hp)
    return name() + " has " + std::to_string(a.hp) + " of " + std::to_string(a.max_hp) + " HP";
  if (a.wielded != 0 || a.worn != 0) {
    bool wielded = a.wielded == 0, worn = a.worn == 0;
    for (const Item& item : a.inventory) {
      wielded |= item.id == a.wielded;
      worn |= item.id == a.worn;
    }
    if (!wielded)
      return name() + " wields item #" + std::to_string(a.wielded) + ", not in its pack";
    if (!worn) return name() + " wears item #" + std::to_string(a.worn) + ", not in its pack";
  }
  for (const Item& item : a.inventory)
    if (item.count < 1)
      return name() + " carries item #" + std::to_string(item.id) + " with count " +
             std::to_string(item.count);
  return {};
}

std::string check_level(const Game& game, const LevelState& level, bool current) {
  const GameState& state = game.state();
  const auto where = [&level] { return " on level " + std::to_string(level.depth); };
  if (level.lock_open.size() != level.level.meta.locks.size())
    return "lock_open has " + std::to_string(level.lock_open.size()) + " entries for " +
           std::to_string(level.level.meta.locks.size()) + " locks" + where();
  if (level.occupant.size() != level.level.size())
    return "the occupant grid has the wrong size" + where();

  ActorId previous = 0;
  for (const Actor& m : level.monsters) {
    if (m.id <= previous) return "monsters out of id order at #" + std::to_string(m.id) + where();
    previous = m.id;
    if (m.hp <= 0) return who(game, m) + " is dead but still on the level" + where();
    if (std::string problem = check_actor(game, level, m); !problem.empty()) return problem;
    if (level.occupant[m.pos] != m.id)
      return who(game, m) + " at " + at(m.pos) + " is not in the occupant grid (it holds #" +
             std::to_string(level.occupant[m.pos]) + ")" + where();
  }
  const bool player_here = current && state.outcome == Outcome::playing;
  if (current && level.occupant[state.player.pos] != k_player_id && player_here)
    return "the player at " + at(state.player.pos) + " is not in the occupant grid" + where();

  // Every actor's cell names it (checked above), and the grid holds no other names: so no
  // two actors share a cell and no ghost stays behind. The count only for the current level
  // (a raw scan): the others do not change while the player is away.
  if (current) {
    // A dead player may still be in the grid (nothing moves after the game is over).
    const bool player_in_grid = level.occupant.in_bounds(state.player.pos) &&
                                level.occupant[state.player.pos] == k_player_id;
    const std::size_t living = level.monsters.size() + (player_in_grid ? 1 : 0);
    std::size_t occupied = 0;
    std::string stray;  // the first entry naming someone who is not there
    level.occupant.for_each([&](Point p, ActorId id) {
      ++occupied;
      if (!stray.empty()) return;
      const Actor* a = id == k_player_id ? &state.player : find_monster(level, id);
      if (a == nullptr)
        stray = "the occupant grid names #" + std::to_string(id) + " at " + at(p) +
                ", who is not on the level" + where();
      else if (a->pos != p)
        stray = "the occupant grid has " + who(game, *a) + " at " + at(p) + ", who is at " +
                at(a->pos) + where();
    });
    if (!stray.empty()) return stray;
    if (occupied != living)
      return "the occupant grid holds " + std::to_string(occupied) + " actors, the level " +
             std::to_string(living) + where();
  } else if (level.occupant.in_bounds(state.player.pos) &&
             level.occupant[state.player.pos] == k_player_id) {
    return "the player is still in the occupant grid" + where() + " after leaving it";
  }

  for (const Item& item : level.items) {
    if (item.count < 1)
      return "item #" + std::to_string(item.id) + " has count " + std::to_string(item.count) +
             where();
    if (!level.level.in_bounds(item.pos))
      return "item #" + std::to_string(item.id) + " lies outside the map at " + at(item.pos) +
             where();
    if (!tile_info(level.level.tiles[item.pos]).passable)
      return "item #" + std::to_string(item.id) + " lies on impassable " +
             std::string(tile_info(level.level.tiles[item.pos]).name) + " at " + at(item.pos) +
             where();
  }
  return {};
}

std::string check_pack(const Actor& player) {
  if (player.inventory.size() > 52)
    return "the pack holds " + std::to_string(player.inventory.size()) + " items (52 letters)";
  std::array<bool, 128> used{};
  for (const Item& item : player.inventory) {
    const char c = item.letter;
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
      return "pack item #" + std::to_string(item.id) + " has no letter";
    if (used[static_cast<std::size_t>(c)])
      return "inventory letter '" + std::string(1, c) + "' is used twice";
    used[static_cast<std::size_t>(c)] = true;
  }
  return {};
}

}  // namespace

std::string check_invariants(const Game& game) {
  const GameState& state = game.state();
  if (state.depth < 1 || state.depth > static_cast<int>(state.dungeon.size()) ||
      state.dungeon[static_cast<std::size_t>(state.depth - 1)].depth != state.depth)
    return "the player's level " + std::to_string(state.depth) + " is not made";

  const Actor& player = state.player;
  const bool playing = state.outcome == Outcome::playing;
  if (playing && (player.hp < 1 || player.hp > player.max_hp))
    return "the player has " + std::to_string(player.hp) + " of " + std::to_string(player.max_hp) +
           " HP while playing";
  if (playing) {
    if (std::string problem = check_actor(game, game.level(), player); !problem.empty())
      return problem;
    if (state.time != player.next_time)
      return "it is the player's turn but the time is " + std::to_string(state.time) +
             ", the player's next turn " + std::to_string(player.next_time);
  }
  if (std::string problem = check_pack(player); !problem.empty()) return problem;

  std::int64_t units = 0;
  std::vector<ItemId> ids;
  const auto count = [&units, &ids](const std::vector<Item>& items) {
    for (const Item& item : items) {
      units += item.count;
      ids.push_back(item.id);
    }
  };
  count(player.inventory);
  for (const LevelState& level : state.dungeon) {
    if (level.depth == 0) continue;
    if (std::string problem = check_level(game, level, level.depth == state.depth);
        !problem.empty())
      return problem;
    count(level.items);
    for (const Actor& m : level.monsters)
      count(m.inventory);
  }
  if (units != state.items_created - state.items_destroyed)
    return "items not conserved: " + std::to_string(state.items_created) + " made - " +
           std::to_string(state.items_destroyed) + " destroyed != " + std::to_string(units) +
           " in the world";
  std::sort(ids.begin(), ids.end());
  for (std::size_t i = 1; i < ids.size(); ++i)
    if (ids[i] == ids[i - 1]) return "item id #" + std::to_string(ids[i]) + " is used twice";
  // The view is kept between steps while nothing it depends on changed (Game::update_view):
  // it must be what the field of view computes from here now, every cell of it explored.
  {
    const LevelState& here = game.level();
    fov::VisibleSet fresh;
    fov::builtin_fovs()
        .get(fov::k_default_fov)
        .compute(here.opacity, player.pos, fov::FovOptions{k_player_vision}, fresh);
    if (fresh.to_grid() != game.view().to_grid())
      return "the player's view is stale: it differs from the field of view computed now";
    bool all_explored = true;
    fresh.for_each([&](Point p) {
      all_explored = all_explored && (here.level.flags[p] & cell_flag::explored) != 0;
    });
    if (!all_explored) return "a cell in the player's view is not explored";
  }
  return {};
}

}  // namespace yendor::game
