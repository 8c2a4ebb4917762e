#pragma once
// A level: terrain (one byte per cell), per-cell state bits (two bytes per cell) and the
// metadata its generator recorded: rooms, corridors, doors, stairs, regions, tagged features,
// the partition tree of space-splitting generators, and how to make it again.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/map/locks.hpp"
#include "yendor/map/mission_graph.hpp"
#include "yendor/map/tile.hpp"

namespace yendor {

// Per-cell state bits. Bits 4..15 are free for later layers.
namespace cell_flag {
inline constexpr std::uint16_t explored = 1u << 0;  // the player has seen it
inline constexpr std::uint16_t lit = 1u << 1;       // lit by a light source
inline constexpr std::uint16_t visible = 1u << 2;   // in view this turn
inline constexpr std::uint16_t no_dig = 1u << 3;    // permanent: generators and digging keep out
}  // namespace cell_flag

struct Room {
  int id = 0;
  Rect rect;                  // the floor area; walls are the ring around it
  std::string kind = "room";  // "room", later "vault", "shop", "temple", ...
  bool operator==(const Room&) const = default;
};

struct Corridor {
  int from_room = -1;  // -1: starts nowhere in particular (a dead end's blind end)
  int to_room = -1;
  std::vector<Point> cells;  // the cells it carved, in walking order
  bool operator==(const Corridor&) const = default;
};

struct Door {
  Point pos;
  int room = -1;  // the room it opens into
  bool operator==(const Door&) const = default;
};

struct Region {
  int id = 0;
  std::string kind;  // e.g. "cave", "lake"
  Rect bounds;
  std::int64_t cells = 0;
  bool operator==(const Region&) const = default;
};

struct Feature {
  Point pos;
  std::string tag;  // e.g. "dead_end", later "monster", "item", "trap"
  bool operator==(const Feature&) const = default;
};

// A node of a space partition (the BSP tree): children -1 on leaves.
struct PartitionNode {
  Rect rect;
  int parent = -1;
  int first = -1;
  int second = -1;
  int depth = 0;
  char split = 0;  // 'h': split by a horizontal line (children above and below), 'v', or 0
  int room = -1;   // the room made inside a leaf
  bool operator==(const PartitionNode&) const = default;
};

struct Stairs {
  std::optional<Point> up;
  std::optional<Point> down;
  bool operator==(const Stairs&) const = default;
};

// A feature pass that ran on the level after its generator, with its validated parameters.
struct AppliedPass {
  std::string name;
  int version = 0;
  ParamSet params;
  bool operator==(const AppliedPass&) const = default;
};

struct LevelMeta {
  std::string generator;
  int generator_version = 0;
  std::uint64_t seed = 0;
  int depth = 1;
  ParamSet params;
  // The parametrization every generator shares (thesis 3.7): the motif chose feature passes
  // and their palette; difficulty is recorded for spawning; unique_rate scaled the rate of
  // unique features (vaults, shops, temples, fountains).
  std::string motif = "dungeon";
  int difficulty = 1;
  double unique_rate = 1.0;
  std::vector<AppliedPass> passes;  // in the order they ran
  Stairs stairs;
  std::vector<Room> rooms;
  std::vector<Corridor> corridors;
  std::vector<Door> doors;
  std::vector<Region> regions;
  std::vector<Feature> features;
  std::vector<PartitionNode> partitions;
  // Cyclic levels (gen/cyclic): the mission graph the level was built from, its cycles, and
  // every lock and key with its attributes (map/locks.hpp). Empty for other generators.
  MissionGraph mission;
  std::vector<CycleInfo> cycles;
  std::vector<LockInfo> locks;
  std::vector<KeyInfo> keys;
  bool operator==(const LevelMeta&) const = default;
};

struct Level {
  Level() = default;
  explicit Level(Size size, Tile fill = Tile::wall) : tiles(size, fill), flags(size, 0) {}

  Size size() const { return tiles.size(); }
  int width() const { return tiles.width(); }
  int height() const { return tiles.height(); }
  bool in_bounds(Point p) const { return tiles.in_bounds(p); }

  Grid<Tile> tiles;
  Grid<std::uint16_t> flags;
  LevelMeta meta;

  bool operator==(const Level&) const = default;
};

// The level's tiles with every lock open (open_lock_tile on each lock cell): what
// "connected" means on a level with locks, since lava and chasm locks are not traversable.
Grid<Tile> tiles_with_locks_open(const Level& level);

// FNV-1a-64 over the size, every tile byte and the stairs: the golden hash that pins a
// generator's output in tests and in the seed catalog.
std::uint64_t level_hash(const Level& level);

}  // namespace yendor
