#pragma once
// Small shared operations every rule uses: finding actors, moving them (keeping the
// occupancy grid in sync), changing tiles (keeping the opacity map in sync), making and
// placing items (keeping the item count that the conservation invariant checks), names,
// and emitting events and messages. Rules never touch LevelState::occupant or ::opacity
// directly.

#include <string>
#include <string_view>

#include "yendor/game/game.hpp"

namespace yendor::game {

// The player, or a monster of the current level; nullptr when gone.
Actor* find_actor(Game& game, ActorId id);
// A monster of `level` by id (nullptr when gone): one read through LevelState::slots.
const Actor* find_monster(const LevelState& level, ActorId id);
// Starts loading what find_monster will read of the monster into the cache, so a caller about
// to look at several monsters waits for their records together. A hint: no effect on results.
inline void prefetch_monster(const LevelState& level, ActorId id) {
  if (id >= level.slots.of_id.size()) return;
  const std::uint32_t slot = level.slots.of_id[id];
  if (slot >= level.monsters.size()) return;
  const Actor& a = level.monsters[slot];  // not read here: only its address is taken
  __builtin_prefetch(&a);
  __builtin_prefetch(&a.memory.heading);
}
// Starts loading what a monster's turn at `p` reads of a big level: the terrain within 2
// (walkable), the occupancy bits within k_prefetch_reach (View::others) and the ids next to
// it. The scheduler calls it for a monster about to act, so the loads overlap other turns.
inline constexpr int k_prefetch_reach = 8;
void prefetch_surroundings(const LevelState& level, Point p);
// The next stage: the id lines of the occupied cells within k_prefetch_id_reach of `p` (the
// nearest ones View::others reports), found from the bits prefetch_surroundings loaded.
inline constexpr int k_prefetch_id_reach = 4;
void prefetch_neighbours(const LevelState& level, Point p);
// Makes LevelState::slots match the monsters vector again (after erasing from it).
void index_monsters(LevelState& level);
// Who stands at `p` on the current level (the player included); nullptr when nobody.
Actor* actor_at(Game& game, Point p);
// Any actor on `level` at `p` (0: nobody).
inline ActorId occupant_at(const LevelState& level, Point p) {
  return level.occupant.in_bounds(p) ? level.occupant[p] : 0;
}

// Moves `actor` (on the current level) to `to`, which must be free. Emits nothing.
void move_actor(Game& game, Actor& actor, Point to);
// Adds a monster to `level` at its position (must be free), giving it a fresh id.
Actor& add_monster(Game& game, LevelState& level, Actor monster);
// Removes a monster from the current level now (its cell freed). Deaths do not call it:
// kill_actor sets hp to 0 and frees the cell, and sweep_dead() erases dead monsters at safe
// points (the scheduler between turns, the end of each step), so references to other
// actors stay valid while an attack or an explosion resolves.
void remove_monster(Game& game, ActorId id);
void sweep_dead(Game& game);

// Changes a tile and keeps the opacity map in sync.
void set_tile(LevelState& level, Point p, Tile t);

// A new item of `kind` (count units), with a fresh id; counted in items_created.
Item make_item(Game& game, int kind, int count = 1);
// Puts an item on the floor of `level` at `p` (merging with a matching stack there).
void place_item(Game& game, LevelState& level, Item item, Point p);
// Removes `count` units of the item from existence (eaten, quaffed...): items_destroyed.
void destroy_units(Game& game, int count);
// Whether two items would stack (same stackable kind, enchant, key, price).
bool stacks_with(const Content& content, const Item& a, const Item& b);

// Items lying at `p` on the level, as indices into level.items.
std::vector<std::size_t> items_at(const LevelState& level, Point p);
// The trap on `p` (found or not), nullptr when none.
const Trap* trap_at(const LevelState& level, Point p);
Trap* trap_at(LevelState& level, Point p);

// "you", "the goblin"; "You", "The goblin" when `capital`.
std::string actor_name(const Game& game, const Actor& actor, bool capital = false);
// "a potion of healing", "3 darts", "the potion of healing" (definite).
std::string item_name(const Content& content, const Item& item, bool definite = false);
const MonsterKind* monster_kind(const Game& game, const Actor& actor);  // nullptr: player
std::string trap_name(TrapKind kind);                                   // "dart trap", "pit", ...
inline int status_turns(const Actor& actor, Status s) {
  return actor.status[static_cast<std::size_t>(s)];
}

// Appends an event; its text (when not empty) goes into the message log too.
void emit(Game& game, Event event);
void message(Game& game, std::string text);
// Refuses the player's action: a `refused` event saying why; returns 0, the cost of an action
// not done. While Game::accepts probes, nothing is emitted and a literal is never copied
// (callers that build a text from names check game.probing() first). The forms with an actor
// refuse for any actor, silently for monsters.
int refuse(Game& game, std::string text);
int refuse(Game& game, const char* text);
int refuse(Game& game, const Actor& actor, std::string text);
int refuse(Game& game, const Actor& actor, const char* text);

// Haste doubles, slow halves (both: normal).
int effective_speed(const Actor& actor);
// Game ticks an action of `cost` takes `actor`.
std::int64_t action_delay(const Actor& actor, int cost = k_action_cost);

// Whether `p` is a cell an actor could stand on, terrain only (not occupants): passable
// tiles; deep water, lava and chasms only when levitating; lava also for monsters never.
// Inline: every monster asks it for some 30 cells a turn.
inline bool can_stand(const Game& game, const LevelState& level, const Actor& actor, Point p) {
  (void)game;
  if (!level.level.in_bounds(p)) return false;
  const Tile t = level.level.tiles[p];
  // The hazards a walker may not enter (deep water, lava, chasms) are crossed floating over
  // them; a levitating actor still cannot enter walls or closed doors.
  if (tile_info(t).passable) return true;
  const bool levitating = actor.status[static_cast<std::size_t>(Status::levitation)] > 0;
  return levitating && (t == Tile::water_deep || t == Tile::lava || t == Tile::chasm);
}

// Rebuilds LevelState::occupant and ::opacity of every made level (after loading).
void rebuild_caches(GameState& state);

}  // namespace yendor::game
