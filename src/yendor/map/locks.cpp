#include "yendor/map/locks.hpp"

#include <array>

#include "yendor/map/level.hpp"

namespace yendor {

namespace {
constexpr std::array<std::string_view, 3> k_types{"conditional", "dangerous", "uncertain"};
constexpr std::array<std::string_view, 4> k_durations{"permanent", "reversible", "temporary",
                                                      "collapsing"};
constexpr std::array<std::string_view, 3> k_directions{"two_way", "valve", "asymmetrical"};

template <typename Enum, std::size_t N>
std::optional<Enum> from_names(const std::array<std::string_view, N>& names, std::string_view s) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<Enum>(i);
  return std::nullopt;
}
}  // namespace

std::string_view to_string(LockType v) {
  return k_types.at(static_cast<std::size_t>(v));
}
std::string_view to_string(LockDuration v) {
  return k_durations.at(static_cast<std::size_t>(v));
}
std::string_view to_string(LockDirection v) {
  return k_directions.at(static_cast<std::size_t>(v));
}
std::optional<LockType> lock_type_from_string(std::string_view s) {
  return from_names<LockType>(k_types, s);
}
std::optional<LockDuration> lock_duration_from_string(std::string_view s) {
  return from_names<LockDuration>(k_durations, s);
}
std::optional<LockDirection> lock_direction_from_string(std::string_view s) {
  return from_names<LockDirection>(k_directions, s);
}

const std::vector<std::string_view>& lock_realizations() {
  static const std::vector<std::string_view> names{
      "locked_door", "barred_door", "timed_gate",        "lava",
      "chasm",       "secret_door", "collapsing_bridge", "drop"};
  return names;
}

const std::vector<std::string_view>& key_kinds() {
  static const std::vector<std::string_view> names{"key",
                                                   "lever",
                                                   "bridge_lever",
                                                   "potion_fire_resistance",
                                                   "scroll_magic_mapping",
                                                   "scroll_teleportation"};
  return names;
}

Tile open_lock_tile(const LockInfo& lock, Tile current) {
  switch (current) {
    case Tile::door_locked:
    case Tile::door_barred:
    case Tile::door_secret:
    case Tile::door_closed:
      return Tile::door_open;
    case Tile::chasm:
      return Tile::bridge;
    case Tile::lava:
    case Tile::water_deep:
    case Tile::ledge:
      return Tile::floor;
    default:
      (void)lock;
      return current;
  }
}

Grid<Tile> tiles_with_locks_open(const Level& level) {
  Grid<Tile> tiles = level.tiles;
  for (const LockInfo& lock : level.meta.locks)
    for (Point p : lock.cells)
      if (tiles.in_bounds(p)) tiles[p] = open_lock_tile(lock, tiles[p]);
  return tiles;
}

}  // namespace yendor
