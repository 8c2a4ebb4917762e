#pragma once
// Locks and keys as a level records them, with every attribute of Dormans's aside
// ("Lock-and-key attributes", cyclic-generation-dormans.txt), so the game can make them work
// and the solver (gen/cyclic/solver.hpp) can prove a level solvable.
//
// A lock is a set of cells that bars a way (a locked door, bars, a band of lava, a chasm, a
// secret door, a bridge that collapses, a ledge to drop from); its key(s) are items on the
// floor or levers fixed in place. What each realization means for a walker:
//   locked_door        door_locked tile; opened by a key item (from `entry` only if asymmetrical)
//   barred_door        door_barred tile (bars: transparent); opened by a lever
//   timed_gate         door_barred tile; a lever beside it opens it for a few turns (temporary)
//   lava               lava cells: crossable at a price (dangerous); potion of fire resistance
//   chasm              chasm cells: a bridge lever turns `bridge_cells` into bridge
//   secret_door        door_secret tile (uncertain); scroll of magic mapping reveals it
//   collapsing_bridge  bridge cells over a chasm that fall after one crossing
//   drop               ledge cells: one way, from the `entry` side down to the other (a valve)

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor {

// Conditional: impassable without the key. Dangerous: passable at a risk the key removes.
// Uncertain: passable once found; the key makes it certain.
enum class LockType : std::uint8_t { conditional, dangerous, uncertain };
// What opening does: stays open, can be closed again (levers toggle), opens for a moment,
// or lets you pass once.
enum class LockDuration : std::uint8_t { permanent, reversible, temporary, collapsing };
// two_way: either side; valve: crossable only from `entry`; asymmetrical: opened only from
// `entry`, then crossable both ways.
enum class LockDirection : std::uint8_t { two_way, valve, asymmetrical };

std::string_view to_string(LockType v);
std::string_view to_string(LockDuration v);
std::string_view to_string(LockDirection v);
// nullopt on an unknown name.
std::optional<LockType> lock_type_from_string(std::string_view s);
std::optional<LockDuration> lock_duration_from_string(std::string_view s);
std::optional<LockDirection> lock_direction_from_string(std::string_view s);

// The realizations the cyclic generator knows, in a fixed order (docs and `locks=` lists).
const std::vector<std::string_view>& lock_realizations();
// Key kinds: key, lever, bridge_lever, potion_fire_resistance, scroll_magic_mapping,
// scroll_teleportation.
const std::vector<std::string_view>& key_kinds();

struct LockInfo {
  int id = 0;
  std::string kind;          // a realization (lock_realizations())
  std::vector<Point> cells;  // the barrier's cells, in a fixed order
  LockType type = LockType::conditional;
  LockDuration duration = LockDuration::permanent;
  LockDirection direction = LockDirection::two_way;
  bool safe = true;  // guaranteed to have a solution (the solver proves it)
  // valve / asymmetrical: a cell on the side it is crossed or opened from.
  std::optional<Point> entry;
  std::vector<int> keys;            // ids of keys that open it (particular keys)
  std::string key_class;            // non-empty: any key of this class opens it (non-particular)
  std::vector<Point> bridge_cells;  // chasm: the cells a bridge lever turns into bridge
  bool main_path = false;           // crossed on the solver's shortest safe solution
  int mission_node = -1;            // the lock node in meta.mission
  bool operator==(const LockInfo&) const = default;
};

struct KeyInfo {
  int id = 0;
  std::string kind;           // key_kinds()
  Point pos;                  // where it lies (items) or stands (levers)
  bool multipurpose = false;  // also useful for something else (potions, scrolls)
  bool particular = true;     // opens only its own lock(s); false: any lock of its class
  bool consumed = false;      // used up when it opens a lock
  bool fixed = false;         // fixed in place (levers): operated where it stands
  std::string key_class;      // non-particular keys: the class of locks they open
  std::vector<int> locks;     // ids of the locks it opens or operates
  int mission_node = -1;
  bool operator==(const KeyInfo&) const = default;
};

// A cycle of the mission graph: its entrance and goal nodes and the lengths (in places) of
// path a (entrance -> goal) and path b (goal -> entrance), and the pattern applied to it.
struct CycleInfo {
  int id = 0;
  int entrance = -1;  // mission node ids
  int goal = -1;
  int a_length = 0;
  int b_length = 0;
  std::string pattern;
  int parent = -1;  // the cycle it is nested in, -1 for the first
  bool operator==(const CycleInfo&) const = default;
};

// The tile a lock cell shows once the lock is open (for connectivity: "every lock open"):
// door_open for doors, bridge for chasms and collapsing bridges, floor for lava and ledges.
Tile open_lock_tile(const LockInfo& lock, Tile current);

}  // namespace yendor
