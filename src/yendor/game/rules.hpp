#pragma once
// The rules, by area, as the action handlers and hooks Game::step calls. Each handler
// performs one player action and returns its cost in energy (k_action_cost for a normal
// action, 0 when it was refused or takes no time). Files: movement.cpp, doors_and_locks.cpp,
// scheduler.cpp, monster_turn.cpp (the turn engine), combat.cpp and progression.cpp,
// inventory.cpp, item_effects.cpp and ranged.cpp (items), features.cpp and shops.cpp
// (traps, fountains, altars, shops), dungeon.cpp and spawn.cpp (levels and population).

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/game/game.hpp"

namespace yendor::game {

// ---- the turn engine (scheduler.cpp, monster_turn.cpp) ----
// After the player's action: lets every other actor whose time comes before the player's
// next turn act, in (next_time, id) order, then advances state.time to the player's turn.
void run_until_player(Game& game);
// Start of any actor's turn: statuses count down, poison, regeneration, hunger (player),
// timed gates closing. Returns false when the actor died of it.
bool start_turn(Game& game, Actor& actor);
// One monster's turn: its brain decides, the rules carry it out.
void monster_turn(Game& game, Actor& monster);
// Whether `monster` sees the player now (symmetric FOV: the player's view, the monster's
// vision radius).
bool monster_sees_player(const Game& game, const Actor& monster);
// What `monster`'s brain would be told now (the view monster_turn builds), for tests and
// tools: valid while the game and the monster stay as they are. std::invalid_argument for the
// player or a monster of no known kind.
std::unique_ptr<ai::View> monster_view(Game& game, const Actor& monster);

// ---- movement, doors, locks, stairs (movement.cpp, doors_and_locks.cpp) ----
int do_wait(Game& game, const Action& a);
int do_move(Game& game, const Action& a);  // bump to attack, open doors, use keys
int do_rest(Game& game, const Action& a);
int do_search(Game& game, const Action& a);
int do_open(Game& game, const Action& a);
int do_close(Game& game, const Action& a);
int do_operate(Game& game, const Action& a);
int do_descend(Game& game, const Action& a);
int do_ascend(Game& game, const Action& a);
int do_quit(Game& game, const Action& a);
// Moves any actor one step (monsters too): attacks an actor there, opens a door, refuses
// walls. Returns the cost (0: refused, with a refused event for the player).
int step_actor(Game& game, Actor& actor, Point dir);
// Whether the player carries a key for `lock` (an index of meta.locks) of the current level.
bool has_key_for(const Game& game, int lock);
// Opens a lock (all its cells), records it, emits lock_opened.
void open_lock(Game& game, LevelState& level, int lock);
// Reveals secret doors next to `actor` with some chance (search), true when one was found.
bool find_secret_doors(Game& game, const Actor& actor, bool certain);
// Turns the secret door at `p` of the current level into a closed door, marks its lock (if
// any) open and emits `found` with `text`.
void reveal_secret_door(Game& game, Point p, const Actor& finder, std::string text);

// A random cell of the current level a teleport may put `actor` on (world_rng): solid ground,
// no hazard, no trap, nobody there. A few random probes, then a pick among every candidate, so
// a crowded level still finds its last free cell; nullopt when there is none.
std::optional<Point> random_teleport_cell(Game& game, const Actor& actor);

// ---- combat and progression (combat.cpp, progression.cpp) ----
void melee_attack(Game& game, Actor& attacker, Actor& defender);
int to_hit_percent(const Game& game, const Actor& attacker, const Actor& defender);
// The same with `weapon` in place of the wielded one: the thrown item, or none (a monster's
// missile).
int to_hit_percent(const Game& game, const Actor& attacker, const Actor& defender,
                   const Item* weapon);
IntRange melee_damage(const Game& game, const Actor& attacker);
int armour_of(const Game& game, const Actor& actor);
// Damage from any source; at 0 HP the victim dies (kill_actor). `cause` completes
// "killed by ..." for the player ("a goblin", "a dart trap", "lava").
void damage_actor(Game& game, Actor& victim, int amount, ActorId source, std::string_view cause);
// Death: a monster drops its gold and items and a corpse, the player gains its experience;
// the player's death ends the game.
void kill_actor(Game& game, Actor& victim, ActorId killer, std::string_view cause);
void heal_actor(Game& game, Actor& actor, int amount);
// The experience needed for experience level `level` (level 1: 0).
int xp_threshold(int level);
void award_xp(Game& game, int xp);
int do_raise(Game& game, const Action& a);
// Hit points from constitution and experience level.
int max_hp_for(const Attributes& attr, int level);
// One turn of natural regeneration for `actor`.
void regenerate(Game& game, Actor& actor);
// A new level-1 player with the recipe's starting attributes (no items).
Actor make_player(const Content& content, std::string_view name);

// ---- items (inventory.cpp, item_effects.cpp, ranged.cpp) ----
int do_pick_up(Game& game, const Action& a);
int do_drop(Game& game, const Action& a);
int do_quaff(Game& game, const Action& a);
int do_read(Game& game, const Action& a);
int do_eat(Game& game, const Action& a);
int do_wield(Game& game, const Action& a);
int do_wear(Game& game, const Action& a);
int do_take_off(Game& game, const Action& a);
int do_throw(Game& game, const Action& a);
// The carried item with `letter`, nullptr when none.
Item* inventory_item(Actor& actor, char letter);
// Whether add_to_inventory would take `item` (gold and stacks always fit).
bool pack_fits(const Game& game, const Actor& actor, const Item& item);
// Adds to the pack, stacking and lettering (the first free letter a-z, A-Z); false when
// the pack is full (52 letters).
bool add_to_inventory(Game& game, Actor& actor, Item item);
// The effect of a potion / scroll kind on `actor` (drinking from fountains uses it too).
void apply_effect(Game& game, Actor& actor, const ItemKind& kind);
// A missile from `shooter` toward `target` along the line of sight (fov::line_path), up to
// `range` cells: hits the first actor on the way (to-hit roll), else lands. A thrown item
// (`thrown` not null) lands where it stops; monster missiles vanish.
void fire_missile(Game& game, Actor& shooter, Point target, int range, IntRange damage,
                  std::string_view missile, const Item* thrown);
// Takes `count` units (0, or more than there are: all) of the carried item `letter` out of
// `actor`'s pack and returns them, unequipping it when it leaves whole; a part split off a
// stack gets a fresh id but is not counted as created (its units already exist). The
// letter must be carried (std::logic_error otherwise).
Item take_from_inventory(Game& game, Actor& actor, char letter, int count);
// Puts an item down at `p` of `level`: lava burns it, chasms and deep water swallow it
// (destroy_units, with a message), anywhere else place_item.
void drop_to_floor(Game& game, LevelState& level, Item item, Point p);
// Whether apply_effect knows `effect` (for content validation); the empty effect is not.
bool is_known_effect(std::string_view effect);
// Every effect name, in the order item_effects.cpp lists them (for error messages).
std::vector<std::string_view> effect_names();
// How far `actor` throws, in cells: 4 + STR/3.
int throw_range(const Actor& actor);

// ---- dungeon features (features.cpp, shops.cpp) ----
// An actor arrives on `p`: traps go off (hidden ones are found by going off).
void on_enter(Game& game, Actor& actor, Point p);
// Finds hidden traps next to `actor` (certain: all of them), true when one was found.
bool find_traps(Game& game, const Actor& actor, bool certain);
int do_pray(Game& game, const Action& a);
int do_drink(Game& game, const Action& a);
int do_buy(Game& game, const Action& a);
int do_sell(Game& game, const Action& a);
// The shop room containing `p` on the current level (-1: none), an index into meta.rooms.
int shop_at(const LevelState& level, Point p);
// Whether shop `shop` (an index of meta.rooms, -1: none) of the current level has its keeper:
// a living, peaceful shopkeeper in the room or next to it. Without one its stock is free.
bool shop_has_keeper(const Game& game, int shop);

// ---- the dungeon (dungeon.cpp, spawn.cpp) ----
// A new game's state: level 1 made and populated, the player with the starting kit on its
// up stairs. The other levels are made when first entered.
void start_new_game(Game& game, const GameOptions& options);
// The recipe of the level at `depth` (which generator, parameters, seed): deterministic.
// The setup's generator and size, when it names them, replace the recipe's.
LevelRecipe level_recipe(const Content& content, const DungeonSetup& setup, std::uint64_t seed,
                         int depth);
inline LevelRecipe level_recipe(const Content& content, std::uint64_t seed, int depth) {
  return level_recipe(content, DungeonSetup{}, seed, depth);
}
// Generates the level of a recipe (tiles and metadata; nobody on it).
Level build_level(const LevelRecipe& recipe);
// What a made level keeps of its generation metadata once populated: what play reads (the
// stairs, the rooms for shops and far paths, the locks and keys; the generator's name, seed,
// depth, motif, difficulty). The corridors, doors, features, regions, partitions, passes,
// parameters and mission graph served generation and placement only; dropping them spares
// every copy of a game state (clones, search) dozens of allocations per level. Loading a save
// makes the meta again from the recipe and trims it the same way.
void trim_level_meta(LevelMeta& meta);
// Puts the player on level `depth`, making it if new, catching it up if it was left behind;
// the player arrives on its up stairs going down, on its down stairs going up.
void change_level(Game& game, int depth, bool going_down);

// ---- engine internals shared by movement.cpp, doors_and_locks.cpp, scheduler.cpp and
// monster_turn.cpp (R) ----
// Whether `actor` may step onto `p` as far as terrain goes (occupants aside): can_stand, plus
// closed doors (bumping opens them); lava for the player (it burns), never for monsters.
bool can_enter(const Game& game, const Actor& actor, Point p);
// Opens the closed door at `p` (emits door).
void open_door(Game& game, Actor& actor, Point p);
// The player bumps the locked door at `p`: unlocks it with a key from the pack (the cost) or
// refuses (0). Monsters never unlock doors (0).
int unlock_door(Game& game, Actor& actor, Point p);
// Whether a step from `from` to `to` goes the allowed way through every one-way lock it
// touches (ledges and other valves: only away from their entry side).
bool lock_allows_step(const Game& game, Point from, Point to);
// After the player stepped from `from` to `to`: a collapsing bridge just crossed falls.
void after_player_step(Game& game, Point from, Point to);
// Timed gates (and deferred bridge collapses) of the current level whose time has come
// close, unless someone or something is in the way (then a turn later).
void close_due_locks(Game& game);

}  // namespace yendor::game
