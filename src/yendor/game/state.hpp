#pragma once
// The whole state of a game: plain data, copyable, comparable, serialized by game/state_codec
// and game/save. Everything the rules decide from is here (RNG streams included), so a state
// plus an action always gives the same next state. Derived caches (the occupancy grid, the
// opacity map) are kept in sync by game/world and rebuilt by rebuild_caches() after loading.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/core/geometry.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/opacity_map.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/message_log.hpp"
#include "yendor/game/occupancy.hpp"
#include "yendor/game/setup.hpp"
#include "yendor/map/level.hpp"
#include "yendor/path/scent.hpp"

namespace yendor::game {

using ItemId = std::uint32_t;  // 0: nothing
inline constexpr ActorId k_player_id = 1;

// Game time: an action of cost 100 by an actor of speed 100 takes k_turn_ticks ticks.
inline constexpr std::int64_t k_turn_ticks = 100;
inline constexpr int k_normal_speed = 100;
inline constexpr int k_action_cost = 100;

// Timed conditions; Actor::status holds the turns left of each (0: not affected).
enum class Status : std::uint8_t {
  haste,            // speed x2
  slow,             // speed /2
  confusion,        // moves go astray
  poison,           // loses 1 HP a turn, no regeneration
  fire_resistance,  // lava and fire do not hurt
  telepathy,        // sees every monster of the level
  levitation,       // floats over chasms, water and lava, cannot pick up or descend
  count
};
inline constexpr std::size_t k_status_count = static_cast<std::size_t>(Status::count);
std::string_view to_string(Status s);

struct Item {
  ItemId id = 0;
  int kind = -1;  // index into Content::items
  int count = 1;  // > 1 only for stackable kinds
  int enchant = 0;
  char letter = 0;    // inventory letter a-zA-Z while carried; 0 on the floor
  Point pos{};        // on the floor: where it lies
  int key = -1;       // keys of a cyclic level: the KeyInfo id of meta.keys it is (-1: none)
  int key_depth = 0;  // ... and the depth whose locks it opens
  int price = 0;      // > 0: unpaid shop stock (its price in gold)
  bool operator==(const Item&) const = default;
};

// Monster genetics (FAQ "How do you add variety to your monsters?"): one multiplier per gene in
// thousandths, within k_gene_base ± k_gene_spread (±5 %); k_gene_base is the kind's normal. A
// monster is born with them (inherited from the survivors of its kind, game/monster_genetics)
// and keeps them; the player's stay at the base. docs/rules.md, "Monster genetics".
inline constexpr std::int32_t k_gene_base = 1000;
inline constexpr std::int32_t k_gene_spread = 50;
struct Genes {
  std::int32_t health = k_gene_base;   // scales its max HP when it is made
  std::int32_t attack = k_gene_base;   // scales its to-hit
  std::int32_t defence = k_gene_base;  // divides the to-hit of attacks against it
  std::int32_t speed = k_gene_base;    // scales its speed when it is made
  bool operator==(const Genes&) const = default;
};

struct Actor {
  ActorId id = 0;
  int kind = -1;  // index into Content::monsters; -1 for the player
  Point pos{};
  Attributes attr{};
  int hp = 1;
  int max_hp = 1;
  int speed = k_normal_speed;  // base speed; haste and slow change the effective speed
  std::int64_t next_time = 0;  // the game time of its next action (the scheduler's key)
  int xp = 0;                  // player: experience total; monster: experience it is worth
  int level = 1;               // player: experience level; monster: the depth it was made for
  int armour = 0;              // natural armour
  IntRange damage{1, 3};       // natural (unarmed) damage
  std::array<int, k_status_count> status{};
  ai::Memory memory{};
  int gold = 0;
  std::vector<Item> inventory;  // the player's pack (letters), a monster's carried items
  ItemId wielded = 0;
  ItemId worn = 0;
  bool peaceful = false;  // shopkeepers: never attacks; bumping it is refused, not an attack
  int regen = 0;          // regeneration progress (docs/rules.md)
  Genes genes{};          // monsters: inherited (game/monster_genetics); the player: the base
  bool operator==(const Actor&) const = default;
};

enum class TrapKind : std::uint8_t { dart, pit, teleport, alarm, poison_needle, fire, count };
std::string_view to_string(TrapKind k);

struct Trap {
  Point pos{};
  TrapKind kind = TrapKind::dart;
  bool hidden = true;  // not yet found: the player does not see it
  bool operator==(const Trap&) const = default;
};

// Everything needed to make a level again: the generation pipeline is deterministic, so a
// saved level is its recipe plus the cells that changed since (game/level_delta).
struct LevelRecipe {
  std::string generator;
  ParamSet params;
  std::uint64_t seed = 0;  // the run seed passed to generate_level
  Size size{80, 50};
  int depth = 1;
  std::string motif = "dungeon";
  int difficulty = 1;
  double unique_rate = 1.0;
  std::vector<FeatureRequest> features{};  // as the dungeon recipe wrote them
  bool operator==(const LevelRecipe&) const = default;
};

// A timed gate (map/locks.hpp) that shuts again at `at`.
struct PendingClose {
  int lock = -1;  // index into level.meta.locks
  std::int64_t at = 0;
  bool operator==(const PendingClose&) const = default;
};

// A monster that died here lately: monsters that saw it react (View::kin_deaths_seen).
struct RecentDeath {
  Point pos{};
  int kind = -1;
  std::int64_t time = 0;
  bool operator==(const RecentDeath&) const = default;
};

// A change counter that is not part of the state: two levels with the same tiles are equal
// whatever their history of changes.
struct TileEpoch {
  std::uint64_t value = 0;
  bool operator==(const TileEpoch&) const { return true; }
};

// Where each monster sits in LevelState::monsters, by id: a hint that find_monster checks
// (monsters[slot].id == id) and passes over for a binary search when it is stale, so it makes
// finding a monster one memory read, never a wrong answer. Not part of the state.
struct MonsterSlots {
  std::vector<std::uint32_t> of_id;  // of_id[id]: index into monsters
  bool operator==(const MonsterSlots&) const { return true; }
};

struct LevelState {
  int depth = 1;
  LevelRecipe recipe;
  Level level;                  // tiles and flags as they are now; meta as generated
  std::vector<Actor> monsters;  // in id order
  std::vector<Item> items;      // on the floor, in id order
  std::vector<Trap> traps;
  std::vector<std::uint8_t> lock_open;  // per meta.locks: 1 once opened
  std::vector<PendingClose> closing;
  std::int64_t left_at = -1;        // game time the player left it (-1: the player is here)
  path::ScentMap scent{Size{}};     // the player's trail (game/tracking), laid while he is here
  std::vector<RecentDeath> deaths;  // the last k_death_memory time units' (game/tracking)
  // Derived, kept in sync by game/world, rebuilt after loading (not serialized).
  Occupancy occupant;  // who stands on each cell (the player included when here)
  fov::OpacityMap opacity;
  TileEpoch epoch;  // counts tile changes, so the monsters' maps know when to rebuild
  MonsterSlots slots;
  bool operator==(const LevelState&) const = default;
};

enum class Outcome : std::uint8_t { playing, died, won, quit };
std::string_view to_string(Outcome o);

struct PlayerInfo {
  std::string name = "Adventurer";
  int pending_raises = 0;  // level-ups whose attribute (+STR/+DEX/+CON) is not chosen yet
  int nutrition = 2000;    // turns until hungry trouble (docs/rules.md)
  int kills = 0;
  int deepest = 1;
  std::int64_t turns = 0;  // player actions that took time
  std::string cause;       // how the game ended ("killed by a goblin on level 3", "won")
  std::int64_t last_prayer = -100000;  // game time of the last prayer at an altar (features.cpp)
  bool operator==(const PlayerInfo&) const = default;
};

inline constexpr std::size_t k_message_log = 100;

struct GameState {
  std::uint64_t seed = 0;
  int levels = 10;     // depth of the last level
  DungeonSetup setup;  // the new game's choices (difficulty, generator, size)
  int depth = 1;       // the player's level
  std::int64_t time = 0;
  Actor player;
  PlayerInfo info;
  std::vector<LevelState> dungeon;  // index depth-1; a level not yet visited has depth 0
  Outcome outcome = Outcome::playing;
  ActorId next_actor_id = 2;
  ItemId next_item_id = 1;
  std::int64_t items_created = 0;           // units (counts) ever made
  std::int64_t items_destroyed = 0;         // units used up, eaten, burnt, sold to nobody...
  std::vector<std::string> unique_spawned;  // unique monster kinds already placed
  MessageLog messages{k_message_log};       // the last k_message_log messages
  Rng combat_rng;                           // to-hit and damage
  Rng ai_rng;                               // monster decisions
  Rng world_rng;  // item effects, traps, fountains, altars, shops, searching, catch-up
  bool operator==(const GameState&) const = default;
};

}  // namespace yendor::game
