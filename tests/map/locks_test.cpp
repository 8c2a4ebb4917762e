#include "yendor/map/locks.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/map/level.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

TEST(Locks, EnumNamesRoundTrip) {
  std::set<std::string_view> names;
  for (int i = 0; i < 3; ++i) {
    const auto t = static_cast<LockType>(i);
    EXPECT_EQ(lock_type_from_string(to_string(t)), t);
    names.insert(to_string(t));
    const auto d = static_cast<LockDirection>(i);
    EXPECT_EQ(lock_direction_from_string(to_string(d)), d);
    names.insert(to_string(d));
  }
  for (int i = 0; i < 4; ++i) {
    const auto d = static_cast<LockDuration>(i);
    EXPECT_EQ(lock_duration_from_string(to_string(d)), d);
    names.insert(to_string(d));
  }
  EXPECT_EQ(names.size(), 10u);  // no name is used twice
  EXPECT_EQ(to_string(LockType::dangerous), "dangerous");
  EXPECT_EQ(to_string(LockDuration::collapsing), "collapsing");
  EXPECT_EQ(to_string(LockDirection::two_way), "two_way");
}

TEST(Locks, UnknownNamesAreNullopt) {
  for (std::string_view s : {"", "Conditional", "conditional ", "sturdy", "valve\n", "two-way"}) {
    EXPECT_FALSE(lock_type_from_string(s)) << s;
    EXPECT_FALSE(lock_duration_from_string(s)) << s;
    EXPECT_FALSE(lock_direction_from_string(s)) << s;
  }
  // A name of another enum is not one of this one.
  EXPECT_FALSE(lock_type_from_string("permanent"));
  EXPECT_FALSE(lock_duration_from_string("valve"));
  EXPECT_FALSE(lock_direction_from_string("dangerous"));
}

TEST(Locks, RealizationsAndKeyKindsAreTheVocabulary) {
  const std::vector<std::string_view> realizations = {
      "locked_door", "barred_door", "timed_gate",        "lava",
      "chasm",       "secret_door", "collapsing_bridge", "drop"};
  EXPECT_EQ(lock_realizations(), realizations);
  const std::vector<std::string_view> keys = {"key",
                                              "lever",
                                              "bridge_lever",
                                              "potion_fire_resistance",
                                              "scroll_magic_mapping",
                                              "scroll_teleportation"};
  EXPECT_EQ(key_kinds(), keys);
}

// What each tile becomes when a lock on it opens (the list in map/locks.hpp).
Tile expected_open(Tile t) {
  switch (t) {
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
      return t;
  }
}

TEST(Locks, OpenLockTileOfEveryTile) {
  for (const std::string_view kind : lock_realizations()) {
    LockInfo lock;
    lock.kind = std::string(kind);
    for (std::size_t i = 0; i < k_tile_count; ++i) {
      const auto t = static_cast<Tile>(i);
      const Tile open = open_lock_tile(lock, t);
      EXPECT_EQ(open, expected_open(t)) << kind << " " << tile_info(t).name;
      // Whatever a lock is made of, once open a walker can stand there (walls stay walls).
      if (t != Tile::wall && t != Tile::tree && t != Tile::shop_counter) {
        EXPECT_TRUE(is_traversable(open)) << tile_info(t).name;
      }
      // Opening twice changes nothing more.
      EXPECT_EQ(open_lock_tile(lock, open), open);
    }
  }
  LockInfo door;
  EXPECT_EQ(open_lock_tile(door, Tile::door_barred), Tile::door_open);
  EXPECT_TRUE(tile_info(open_lock_tile(door, Tile::door_barred)).passable);
  EXPECT_TRUE(tile_info(open_lock_tile(door, Tile::chasm)).passable);
  EXPECT_TRUE(tile_info(open_lock_tile(door, Tile::lava)).passable);
}

TEST(Locks, TilesWithLocksOpenChangeOnlyLockCells) {
  const std::vector<Tile> barriers = {Tile::door_locked, Tile::door_barred, Tile::door_secret,
                                      Tile::lava,        Tile::chasm,       Tile::ledge,
                                      Tile::bridge};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    Level level(Size{rng.range(1, 30), rng.range(1, 20)});
    for (Tile& t : level.tiles.cells())
      t = static_cast<Tile>(rng.below(static_cast<std::uint32_t>(k_tile_count)));
    Grid<std::uint8_t> is_lock_cell(level.size(), 0);
    const int locks = rng.range(0, 5);
    for (int l = 0; l < locks; ++l) {
      LockInfo lock;
      lock.id = l;
      lock.kind = std::string(rng.pick(lock_realizations()));
      const int cells = rng.range(0, 4);
      for (int c = 0; c < cells; ++c) {
        // Some cells outside the map: ignored, never a crash.
        const Point p{rng.range(-2, level.width() + 1), rng.range(-2, level.height() + 1)};
        lock.cells.push_back(p);
        if (level.in_bounds(p)) {
          level.tiles[p] = rng.pick(barriers);
          is_lock_cell[p] = 1;
        }
      }
      level.meta.locks.push_back(lock);
    }
    const Grid<Tile> open = tiles_with_locks_open(level);
    ASSERT_EQ(open.size(), level.size());
    for (int y = 0; y < level.height(); ++y) {
      for (int x = 0; x < level.width(); ++x) {
        const Point p{x, y};
        EXPECT_EQ(open[p], is_lock_cell[p] != 0 ? expected_open(level.tiles[p]) : level.tiles[p])
            << "seed " << seed << " at " << x << "," << y;
      }
    }
  }
}

// Two rooms joined only through a band of lava and a chasm: connected once the locks open.
TEST(Locks, OpenLocksJoinWhatTheyBar) {
  for (const Tile barrier : {Tile::lava, Tile::chasm, Tile::door_locked, Tile::door_barred}) {
    Level level(Size{11, 5});
    level.tiles.fill(Rect{1, 1, 4, 3}, Tile::floor);
    level.tiles.fill(Rect{6, 1, 4, 3}, Tile::floor);
    level.tiles.fill(Rect{5, 1, 1, 3}, barrier);
    LockInfo lock;
    for (int y = 1; y <= 3; ++y)
      lock.cells.push_back(Point{5, y});
    level.meta.locks.push_back(lock);
    const Grid<Tile> open = tiles_with_locks_open(level);
    EXPECT_TRUE(check_connectivity(open, Point{1, 1}).connected()) << tile_info(barrier).name;
    EXPECT_EQ((walk_distances(open, Point{1, 1})[Point{9, 3}]), 10);
  }
}

}  // namespace
}  // namespace yendor
