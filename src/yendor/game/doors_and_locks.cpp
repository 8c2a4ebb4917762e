// Doors, locks and keys: opening and closing doors, and how each lock realization of a cyclic
// level (map/locks.hpp) works in play: keys open locked doors, levers work bars, timed gates
// and bridges, ledges and other valves let walkers through one way only, a collapsing bridge
// falls once crossed, searching finds secret doors. docs/rules.md, "Doors and locks".
#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// A timed gate stays open this many turns after its lever is pulled.
constexpr int k_gate_turns = 20;
// A locked door with no lock record (vault and town doors) can be forced open with `open`:
// this many percent per strength point, within the bounds below.
constexpr int k_force_percent_per_str = 3;
constexpr int k_force_percent_min = 5;
constexpr int k_force_percent_max = 60;

bool is_player(const Actor& a) {
  return a.id == k_player_id;
}

bool contains(const std::vector<Point>& cells, Point p) {
  return std::find(cells.begin(), cells.end(), p) != cells.end();
}

// The index into meta.locks of the lock with cell `p` (-1: none).
int lock_index_at(const LevelState& level, Point p) {
  const auto& locks = level.level.meta.locks;
  for (std::size_t i = 0; i < locks.size(); ++i)
    if (contains(locks[i].cells, p)) return static_cast<int>(i);
  return -1;
}

const KeyInfo* key_by_id(const LevelState& level, int id) {
  for (const KeyInfo& k : level.level.meta.keys)
    if (k.id == id) return &k;
  return nullptr;
}

bool key_opens(const KeyInfo& key, const LockInfo& lock) {
  if (std::find(lock.keys.begin(), lock.keys.end(), key.id) != lock.keys.end()) return true;
  if (std::find(key.locks.begin(), key.locks.end(), lock.id) != key.locks.end()) return true;
  return !key.particular && !key.key_class.empty() && key.key_class == lock.key_class;
}

// The unit step from a lock's entry cell into its barrier ({0, 0} when it has no entry or
// no barrier cell next to it). The generator puts the entry orthogonally next to the band.
Point entry_direction(const LockInfo& lock) {
  if (!lock.entry) return {};
  for (Point c : lock.cells) {
    const Point d = c - *lock.entry;
    if (std::abs(d.x) + std::abs(d.y) == 1) return d;
  }
  return {};
}

// How far `p` lies past the lock's entry along `d`: <= 0 on the entry side, 1..width on
// the barrier, beyond it on the far side.
int depth_past_entry(const LockInfo& lock, Point d, Point p) {
  const Point v = p - *lock.entry;
  return v.x * d.x + v.y * d.y;
}

bool is_valve(const LockInfo& lock) {
  return lock.direction == LockDirection::valve || lock.kind == "drop";
}

// Tiles a lock cell can show; a step between two other tiles touches no lock.
bool lock_tile(Tile t) {
  switch (t) {
    case Tile::ledge:
    case Tile::door_closed:
    case Tile::door_open:
    case Tile::door_locked:
    case Tile::door_barred:
    case Tile::door_secret:
    case Tile::bridge:
    case Tile::lava:
    case Tile::chasm:
      return true;
    default:
      return false;
  }
}

void mark_open(LevelState& level, int lock, bool open) {
  const std::size_t n = level.level.meta.locks.size();
  if (level.lock_open.size() < n) level.lock_open.resize(n, 0);
  level.lock_open[static_cast<std::size_t>(lock)] = open ? 1 : 0;
}

bool lock_is_open(const LevelState& level, int lock) {
  const auto i = static_cast<std::size_t>(lock);
  return i < level.lock_open.size() && level.lock_open[i] != 0;
}

// Someone stands on a cell (or, when `items_block`, an item lies there): a door, gate or
// bridge cannot shut or fall on it yet.
bool lock_cells_busy(const LevelState& level, const std::vector<Point>& cells,
                     bool items_block = true) {
  for (Point c : cells) {
    if (occupant_at(level, c) != 0) return true;
    if (!items_block) continue;
    for (const Item& item : level.items)
      if (item.pos == c) return true;
  }
  return false;
}

bool collapses(const LockInfo& lock) {
  return lock.kind == "collapsing_bridge" || lock.duration == LockDuration::collapsing;
}

// Items lying on `cells` fall into the chasm: gone.
void drop_items_into_chasm(Game& game, LevelState& level, const std::vector<Point>& cells) {
  std::erase_if(level.items, [&](const Item& item) {
    if (!contains(cells, item.pos)) return false;
    destroy_units(game, item.count);
    return true;
  });
}

// The cells a lock changes when opened: a chasm's bridge line (all of it without one).
const std::vector<Point>& changing_cells(const LockInfo& lock) {
  return lock.kind == "chasm" && !lock.bridge_cells.empty() ? lock.bridge_cells : lock.cells;
}

std::string opened_text(const LockInfo& lock) {
  if (lock.kind == "locked_door") return "The door unlocks.";
  if (lock.kind == "barred_door") return "The bars slide open.";
  if (lock.kind == "timed_gate") return "The gate grinds open.";
  if (lock.kind == "chasm") return "A bridge swings out across the chasm.";
  if (lock.kind == "secret_door") return "A hidden door is revealed.";
  return "Something opens.";
}

// Closes a lock again: bars and gates fall, a bridge retracts, a collapsing bridge falls.
void close_lock(Game& game, LevelState& level, int lock) {
  const LockInfo& info = level.level.meta.locks[static_cast<std::size_t>(lock)];
  std::string text;
  if (collapses(info)) {
    drop_items_into_chasm(game, level, info.cells);
    for (Point c : info.cells)
      set_tile(level, c, Tile::chasm);
    mark_open(level, lock, true);  // used up: it let one crossing through
    text = "The bridge collapses into the chasm!";
  } else if (info.kind == "chasm") {
    for (Point c : changing_cells(info))
      if (level.level.tiles[c] == Tile::bridge) set_tile(level, c, Tile::chasm);
    mark_open(level, lock, false);
    text = "The bridge swings back.";
  } else {
    for (Point c : info.cells)
      if (level.level.tiles[c] == Tile::door_open) set_tile(level, c, Tile::door_barred);
    mark_open(level, lock, false);
    text = info.kind == "timed_gate" ? "The gate slams shut." : "The bars slide shut.";
  }
  const Point at = info.cells.empty() ? Point{} : info.cells.front();
  emit(game, Event{EventKind::lock_closed, 0, 0, at, lock, std::move(text)});
}

// The pack index of a key the player carries for `lock` (-1: none).
int key_slot_for(const Game& game, int lock) {
  const LevelState& level = game.level();
  const auto& locks = level.level.meta.locks;
  if (lock < 0 || static_cast<std::size_t>(lock) >= locks.size()) return -1;
  const LockInfo& info = locks[static_cast<std::size_t>(lock)];
  const auto& pack = game.state().player.inventory;
  for (std::size_t i = 0; i < pack.size(); ++i) {
    const Item& item = pack[i];
    if (item.key < 0 || item.key_depth != level.depth) continue;
    const KeyInfo* key = key_by_id(level, item.key);
    const bool opens =
        key != nullptr ? key_opens(*key, info)
                       : std::find(info.keys.begin(), info.keys.end(), item.key) != info.keys.end();
    if (opens) return static_cast<int>(i);
  }
  return -1;
}

// Uses up one unit of the carried key at `slot`.
void consume_key(Game& game, Actor& player, std::size_t slot) {
  Item& item = player.inventory[slot];
  destroy_units(game, 1);
  if (--item.count > 0) return;
  if (player.wielded == item.id) player.wielded = 0;
  if (player.worn == item.id) player.worn = 0;
  player.inventory.erase(player.inventory.begin() + static_cast<std::ptrdiff_t>(slot));
}

// A locked door without a lock record: `open` tries to force it (a turn per try).
int force_door(Game& game, Actor& player, Point p) {
  const int percent = std::clamp(player.attr.str * k_force_percent_per_str, k_force_percent_min,
                                 k_force_percent_max);
  if (game.state().world_rng.below(100) < static_cast<std::uint32_t>(percent)) {
    set_tile(game.level(), p, Tile::door_open);
    game.tracking().noise(game, p, k_noise_fight);  // forcing a lock is loud
    emit(game, Event{EventKind::door, player.id, 0, p, 1, "You force the lock. The door opens."});
  } else {
    message(game, "The door is locked. You fail to force it.");
  }
  return k_action_cost;
}

// The lever at `p`, when the level records one there.
const KeyInfo* lever_at(const LevelState& level, Point p) {
  for (const KeyInfo& k : level.level.meta.keys)
    if (k.fixed && k.pos == p) return &k;
  return nullptr;
}

// Finds the cell of the lever to operate: at pos + dir, or (dir zero) here or next to the
// player, in the order of k_directions8.
bool find_lever(const Game& game, Point dir, Point& out) {
  const LevelState& level = game.level();
  const Point here = game.state().player.pos;
  auto is_lever = [&](Point p) {
    return level.level.in_bounds(p) && level.level.tiles[p] == Tile::lever;
  };
  if (dir != Point{}) {
    out = here + dir;
    return std::abs(dir.x) <= 1 && std::abs(dir.y) <= 1 && is_lever(out);
  }
  if (is_lever(here)) {
    out = here;
    return true;
  }
  for (Point d : k_directions8)
    if (is_lever(here + d)) {
      out = here + d;
      return true;
    }
  return false;
}

// The door cell for open/close: pos + dir, or (dir zero) the first adjacent cell with a tile
// `wanted` accepts.
template <typename Wanted>
bool find_door(const Game& game, Point dir, Wanted wanted, Point& out) {
  const LevelState& level = game.level();
  const Point here = game.state().player.pos;
  if (dir != Point{}) {
    out = here + dir;
    return std::abs(dir.x) <= 1 && std::abs(dir.y) <= 1 && level.level.in_bounds(out);
  }
  for (Point d : k_directions8) {
    const Point p = here + d;
    if (level.level.in_bounds(p) && wanted(level.level.tiles[p])) {
      out = p;
      return true;
    }
  }
  return false;
}

}  // namespace

void open_door(Game& game, Actor& actor, Point p) {
  set_tile(game.level(), p, Tile::door_open);
  game.tracking().noise(game, p, k_noise_door);
  std::string text;
  if (is_player(actor))
    text = "You open the door.";
  else if (game.view().visible(p))
    text = actor_name(game, actor, true) + " opens a door.";
  emit(game, Event{EventKind::door, actor.id, 0, p, 1, std::move(text)});
}

int unlock_door(Game& game, Actor& actor, Point p) {
  if (!is_player(actor)) return 0;
  LevelState& level = game.level();
  const int lock = lock_index_at(level, p);
  if (lock < 0) return refuse(game, actor, "The door is locked.");
  const LockInfo& info = level.level.meta.locks[static_cast<std::size_t>(lock)];
  if (info.direction == LockDirection::asymmetrical && info.entry) {
    const Point d = entry_direction(info);
    if (d != Point{} && depth_past_entry(info, d, actor.pos) > 0)
      return refuse(game, actor, "The lock is on the other side.");
  }
  const int slot = key_slot_for(game, lock);
  if (slot < 0) return refuse(game, actor, "The door is locked.");
  if (game.probing()) return k_action_cost;
  const Item& key = actor.inventory[static_cast<std::size_t>(slot)];
  const KeyInfo* key_info = key_by_id(level, key.key);
  message(game, "You unlock the door with " + item_name(game.content(), key, true) + ".");
  if (key_info != nullptr && key_info->consumed) {
    message(game, "The key stays in the lock.");
    consume_key(game, actor, static_cast<std::size_t>(slot));
  }
  open_lock(game, level, lock);
  return k_action_cost;
}

bool has_key_for(const Game& game, int lock) {
  return key_slot_for(game, lock) >= 0;
}

void open_lock(Game& game, LevelState& level, int lock) {
  auto& locks = level.level.meta.locks;
  if (lock < 0 || static_cast<std::size_t>(lock) >= locks.size()) return;
  const LockInfo& info = locks[static_cast<std::size_t>(lock)];
  // Lava waits for fire resistance, a ledge stays one way, a collapsing bridge stands until
  // crossed: opening those changes no tile.
  const bool changes_tiles =
      info.kind != "lava" && info.kind != "drop" && info.kind != "collapsing_bridge";
  if (changes_tiles)
    for (Point c : changing_cells(info)) {
      const Tile t = level.level.tiles[c];
      const Tile open = open_lock_tile(info, t);
      if (open != t) set_tile(level, c, open);
    }
  mark_open(level, lock, true);
  const Point at = info.cells.empty() ? Point{} : info.cells.front();
  emit(game, Event{EventKind::lock_opened, k_player_id, 0, at, lock, opened_text(info)});
}

void reveal_secret_door(Game& game, Point p, const Actor& finder, std::string text) {
  LevelState& level = game.level();
  set_tile(level, p, Tile::door_closed);
  if (const int lock = lock_index_at(level, p); lock >= 0) mark_open(level, lock, true);
  emit(game, Event{EventKind::found, finder.id, 0, p, 0, std::move(text)});
}

bool find_secret_doors(Game& game, const Actor& actor, bool certain) {
  LevelState& level = game.level();
  bool found = false;
  for (Point d : k_directions8) {
    const Point p = actor.pos + d;
    if (!level.level.in_bounds(p) || level.level.tiles[p] != Tile::door_secret) continue;
    if (!certain && game.state().world_rng.below(3) != 0) continue;
    reveal_secret_door(game, p, actor, is_player(actor) ? "You find a secret door!" : "");
    found = true;
  }
  return found;
}

int do_open(Game& game, const Action& a) {
  Actor& player = game.state().player;
  Point p;
  auto closed = [](Tile t) { return t == Tile::door_closed || t == Tile::door_locked; };
  if (!find_door(game, a.dir, closed, p)) return refuse(game, player, "There is no door here.");
  LevelState& level = game.level();
  switch (level.level.tiles[p]) {
    case Tile::door_closed:
      if (occupant_at(level, p) != 0) return refuse(game, player, "Something is in the way.");
      if (game.probing()) return k_action_cost;
      open_door(game, player, p);
      return k_action_cost;
    case Tile::door_locked:
      if (lock_index_at(level, p) < 0)
        return game.probing() ? k_action_cost : force_door(game, player, p);
      return unlock_door(game, player, p);
    case Tile::door_open:
      return refuse(game, player, "That door is already open.");
    case Tile::door_barred:
      return refuse(game, player, "Bars block the way; a lever works them.");
    default:
      return refuse(game, player, "There is no door there.");
  }
}

int do_close(Game& game, const Action& a) {
  Actor& player = game.state().player;
  Point p;
  auto open = [](Tile t) { return t == Tile::door_open; };
  if (!find_door(game, a.dir, open, p)) return refuse(game, player, "There is no open door here.");
  LevelState& level = game.level();
  if (level.level.tiles[p] != Tile::door_open)
    return refuse(game, player, "There is no open door there.");
  if (const int lock = lock_index_at(level, p); lock >= 0) {
    const std::string& kind = level.level.meta.locks[static_cast<std::size_t>(lock)].kind;
    if (kind == "barred_door" || kind == "timed_gate")
      return refuse(game, player, "Only the lever moves these bars.");
  }
  if (lock_cells_busy(level, {p})) return refuse(game, player, "Something is in the way.");
  if (game.probing()) return k_action_cost;
  set_tile(level, p, Tile::door_closed);
  emit(game, Event{EventKind::door, player.id, 0, p, 0, "You close the door."});
  return k_action_cost;
}

int do_operate(Game& game, const Action& a) {
  Actor& player = game.state().player;
  Point p;
  if (!find_lever(game, a.dir, p)) return refuse(game, player, "There is no lever here.");
  if (game.probing()) return k_action_cost;
  LevelState& level = game.level();
  const KeyInfo* lever = lever_at(level, p);
  if (lever == nullptr) {
    message(game, "You pull the lever. Nothing happens.");
    return k_action_cost;
  }
  message(game, "You pull the lever.");
  bool worked = false;
  for (std::size_t i = 0; i < level.level.meta.locks.size(); ++i) {
    const LockInfo& lock = level.level.meta.locks[i];
    if (!key_opens(*lever, lock)) continue;
    const int index = static_cast<int>(i);
    if (!lock_is_open(level, index)) {
      open_lock(game, level, index);
      if (lock.kind == "timed_gate" || lock.duration == LockDuration::temporary)
        level.closing.push_back(
            PendingClose{index, game.state().time + k_gate_turns * k_turn_ticks});
      worked = true;
    } else if (lock.kind == "timed_gate" || lock.duration == LockDuration::temporary) {
      // Pulled again while open: the gate's time starts over.
      for (PendingClose& c : level.closing)
        if (c.lock == index) c.at = game.state().time + k_gate_turns * k_turn_ticks;
      worked = true;
    } else if (lock.duration == LockDuration::reversible) {
      if (lock_cells_busy(level, changing_cells(lock))) {
        message(game, "Something is in the way.");
      } else {
        close_lock(game, level, index);
        worked = true;
      }
    }
  }
  if (!worked) message(game, "The lever does not move.");
  return k_action_cost;
}

bool lock_allows_step(const Game& game, Point from, Point to) {
  const LevelState& level = game.level();
  const auto& locks = level.level.meta.locks;
  if (locks.empty()) return true;
  if (!lock_tile(level.level.tiles[from]) && !lock_tile(level.level.tiles[to])) return true;
  for (const LockInfo& lock : locks) {
    if (!is_valve(lock) || !lock.entry) continue;
    if (!contains(lock.cells, from) && !contains(lock.cells, to)) continue;
    const Point d = entry_direction(lock);
    if (d == Point{}) continue;
    if (depth_past_entry(lock, d, to) < depth_past_entry(lock, d, from)) return false;
  }
  return true;
}

void after_player_step(Game& game, Point from, Point to) {
  LevelState& level = game.level();
  if (level.level.meta.locks.empty() || level.level.tiles[from] != Tile::bridge) return;
  const int lock = lock_index_at(level, from);
  if (lock < 0) return;
  const LockInfo& info = level.level.meta.locks[static_cast<std::size_t>(lock)];
  if (!collapses(info)) return;
  if (contains(info.cells, to)) return;
  // Off the bridge: onto the far side (or anywhere, when the lock records no entry).
  const Point d = entry_direction(info);
  if (d != Point{}) {
    int far = 0;
    for (Point c : info.cells)
      far = std::max(far, depth_past_entry(info, d, c));
    if (depth_past_entry(info, d, to) <= far) return;
  }
  if (lock_cells_busy(level, info.cells, false))
    level.closing.push_back(PendingClose{lock, game.state().time + k_turn_ticks});
  else
    close_lock(game, level, lock);
}

void close_due_locks(Game& game) {
  LevelState& level = game.level();
  if (level.closing.empty()) return;
  const std::int64_t now = game.state().time;
  for (std::size_t i = 0; i < level.closing.size();) {
    PendingClose& c = level.closing[i];
    const auto& locks = level.level.meta.locks;
    if (c.at > now) {
      ++i;
      continue;
    }
    if (c.lock < 0 || static_cast<std::size_t>(c.lock) >= locks.size()) {
      level.closing.erase(level.closing.begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    const LockInfo& info = locks[static_cast<std::size_t>(c.lock)];
    if (lock_cells_busy(level, info.cells, !collapses(info))) {
      c.at = now + k_turn_ticks;  // someone stands in the way: try again a turn later
      ++i;
      continue;
    }
    const int lock = c.lock;
    level.closing.erase(level.closing.begin() + static_cast<std::ptrdiff_t>(i));
    close_lock(game, level, lock);
  }
}

}  // namespace yendor::game
