#include "yendor/analysis/exploration.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "support/ascii_level.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::analysis {
namespace {

using test::ascii_level;

// The walk's own invariants, checked against the level and counted independently: it
// starts on the up stairs and ends on the down stairs, moves by orthogonal steps over
// traversable cells (locks open), and its repeated steps are the steps minus the distinct
// cells it reached.
void expect_valid_walk(const Level& level, const ExplorationWalk& walk) {
  ASSERT_FALSE(walk.cells.empty());
  EXPECT_EQ(walk.steps, static_cast<std::int64_t>(walk.cells.size()) - 1);
  EXPECT_EQ(walk.cells.front(), *level.meta.stairs.up);
  EXPECT_EQ(walk.cells.back(), *level.meta.stairs.down);
  const Grid<Tile> open = tiles_with_locks_open(level);
  for (std::size_t i = 0; i < walk.cells.size(); ++i) {
    ASSERT_TRUE(level.in_bounds(walk.cells[i]));
    ASSERT_TRUE(is_traversable(open[walk.cells[i]])) << "step " << i;
    if (i > 0) {
      ASSERT_EQ(manhattan(walk.cells[i - 1], walk.cells[i]), 1) << "step " << i;
    }
  }
  const std::set<Point> distinct(walk.cells.begin(), walk.cells.end());
  EXPECT_EQ(walk.repeated_steps, walk.steps - static_cast<std::int64_t>(distinct.size() - 1));
  EXPECT_LE(walk.repeated_steps, walk.steps);
  if (walk.steps > 0) {
    EXPECT_DOUBLE_EQ(walk.backtracking,
                     static_cast<double>(walk.repeated_steps) / static_cast<double>(walk.steps));
  } else {
    EXPECT_EQ(walk.backtracking, 0.0);
  }
}

// Rooms whose rectangle holds a cell of the walk.
std::int64_t rooms_touched(const Level& level, const ExplorationWalk& walk) {
  std::int64_t n = 0;
  for (const Room& room : level.meta.rooms)
    n += std::any_of(walk.cells.begin(), walk.cells.end(),
                     [&](Point p) { return room.rect.contains(p); })
             ? 1
             : 0;
  return n;
}

// A hub with dead-end arms north, east, south and west; a one-cell room at each arm's tip,
// the up stairs on the hub and the down stairs at the tip of the (strictly) longest arm.
Level star_level(const std::vector<int>& arms) {
  const int reach = *std::max_element(arms.begin(), arms.end());
  const int side = 2 * reach + 3;
  Level level(Size{side, side}, Tile::wall);
  const Point hub{reach + 1, reach + 1};
  level.tiles[hub] = Tile::stairs_up;
  level.meta.stairs.up = hub;
  const std::size_t longest =
      static_cast<std::size_t>(std::max_element(arms.begin(), arms.end()) - arms.begin());
  for (std::size_t a = 0; a < arms.size(); ++a) {
    Point p = hub;
    for (int i = 0; i < arms[a]; ++i) {
      p += k_directions4[a];
      level.tiles[p] = Tile::corridor;
    }
    level.meta.rooms.push_back({static_cast<int>(a), Rect{p.x, p.y, 1, 1}});
    if (a == longest) {
      level.tiles[p] = Tile::stairs_down;
      level.meta.stairs.down = p;
    }
  }
  return level;
}

TEST(ExplorationWalk, StarWalksEveryArmTwiceButTheLast) {
  Rng rng(41);
  for (int trial = 0; trial < 200; ++trial) {
    const int k = rng.range(1, 4);
    std::vector<int> arms(static_cast<std::size_t>(k));
    for (int& a : arms)
      a = rng.range(1, 8);
    const auto longest = std::max_element(arms.begin(), arms.end());
    *longest += 1;  // strictly the longest: its tip is the last room and the down stairs
    const Level level = star_level(arms);
    const auto walk = exploration_walk(level);
    ASSERT_TRUE(walk.has_value());
    expect_valid_walk(level, *walk);
    // Every other arm is walked out and back; the longest only out.
    std::int64_t others = 0;
    for (const int a : arms)
      others += a;
    others -= *longest;
    EXPECT_EQ(walk->steps, 2 * others + *longest);
    EXPECT_EQ(walk->repeated_steps, others);
    EXPECT_EQ(walk->rooms_visited, k);
  }
}

// Four rooms in a ring joined by corridors; the down stairs beside the up stairs, so the
// walk goes round once and never treads the same cell twice.
TEST(ExplorationWalk, RingOfRoomsNeedsNoBacktracking) {
  Level level = ascii_level({
      "###############",
      "#<>.,,,,,,,...#",
      "#...#######...#",
      "#...#######...#",
      "#,##########,##",
      "#,##########,##",
      "#,##########,##",
      "#...#######...#",
      "#...,,,,,,,...#",
      "#...#######...#",
      "###############",
  });
  level.meta.rooms = {{0, {1, 1, 3, 3}}, {1, {11, 1, 3, 3}}, {2, {1, 7, 3, 3}}, {3, {11, 7, 3, 3}}};
  level.meta.stairs = {Point{1, 1}, Point{2, 1}};
  const auto walk = exploration_walk(level);
  ASSERT_TRUE(walk.has_value());
  expect_valid_walk(level, *walk);
  EXPECT_EQ(walk->repeated_steps, 0);
  EXPECT_EQ(walk->backtracking, 0.0);
  EXPECT_EQ(walk->rooms_visited, 4);
  EXPECT_EQ(rooms_touched(level, *walk), 4);
}

// Room A holds the up stairs; a locked door leads east to room B and the down stairs; the
// key lies at the end of a dead-end corridor going south from A (a side room of one cell).
Level locked_door_level(bool with_lock) {
  Level level = ascii_level({
      "###########",
      "#<..L....>#",
      "#.#########",
      "#.#########",
      "#.#########",
      "#.#########",
      "#.#########",
      "###########",
  });
  level.meta.rooms = {{0, {1, 1, 3, 1}}, {1, {5, 1, 5, 1}}, {2, {1, 6, 1, 1}}};
  level.meta.stairs = {Point{1, 1}, Point{9, 1}};
  if (with_lock) {
    LockInfo lock;
    lock.id = 7;
    lock.kind = "locked_door";
    lock.cells = {{4, 1}};
    lock.keys = {3};
    level.meta.locks.push_back(lock);
    KeyInfo key;
    key.id = 3;
    key.kind = "key";
    key.pos = {1, 6};
    key.locks = {7};
    level.meta.keys.push_back(key);
  }
  return level;
}

TEST(ExplorationWalk, FetchesTheKeyBeforeTheLockedDoor) {
  const Level level = locked_door_level(true);
  const auto walk = exploration_walk(level);
  ASSERT_TRUE(walk.has_value());
  expect_valid_walk(level, *walk);
  const auto at = [&](Point p) {
    return std::find(walk->cells.begin(), walk->cells.end(), p) - walk->cells.begin();
  };
  EXPECT_LT(at({1, 6}), at({4, 1}));
  // Down the side corridor (5 cells) and back, then east through the door to the stairs.
  const int side = 5, east = 8;
  EXPECT_EQ(walk->steps, 2 * side + east);
  EXPECT_EQ(walk->repeated_steps, side);
  EXPECT_EQ(walk->rooms_visited, 3);
}

TEST(ExplorationWalk, WithoutTheLockTheNearerRoomComesFirst) {
  const Level level = locked_door_level(false);
  const auto walk = exploration_walk(level);
  ASSERT_TRUE(walk.has_value());
  expect_valid_walk(level, *walk);
  // B's first cell (4 steps) before the side room (5): out to B, back past A to the side
  // room, back and across to the stairs. Repeated: 4 back to the stairs, 5 up the corridor,
  // 4 across to B's first cell.
  EXPECT_EQ(walk->steps, 4 + (4 + 5) + (5 + 8));
  EXPECT_EQ(walk->repeated_steps, 4 + 5 + 4);
}

TEST(ExplorationWalk, KeyOutsideEveryRoomIsFetchedWhenNothingElseIsReachable) {
  Level level = locked_door_level(true);
  level.meta.rooms.pop_back();  // the key's cell is no longer a room
  const auto walk = exploration_walk(level);
  ASSERT_TRUE(walk.has_value());
  expect_valid_walk(level, *walk);
  EXPECT_NE(std::find(walk->cells.begin(), walk->cells.end(), Point{1, 6}), walk->cells.end());
  EXPECT_EQ(walk->rooms_visited, 2);
}

TEST(ExplorationWalk, KeylessLockIsWalkableAndAMissingKeyStrandsNoOne) {
  Level level = locked_door_level(true);
  level.meta.keys.clear();  // no key on the level opens the lock: it counts as keyless
  const auto walk = exploration_walk(level);
  ASSERT_TRUE(walk.has_value());
  EXPECT_EQ(walk->steps, 4 + (4 + 5) + (5 + 8));
}

// A ledge one may only drop from its east side: the walk from the west goes round.
TEST(ExplorationWalk, DropIsEnteredOnlyFromItsEntrySide) {
  Level level = ascii_level({
      "#########",
      "#<..v..>#",
      "#.#####.#",
      "#.......#",
      "#########",
  });
  level.meta.rooms = {{0, {1, 1, 3, 1}}, {1, {5, 1, 3, 1}}};
  level.meta.stairs = {Point{1, 1}, Point{7, 1}};
  LockInfo drop;
  drop.kind = "drop";
  drop.cells = {{4, 1}};
  drop.direction = LockDirection::valve;
  drop.entry = Point{5, 1};
  level.meta.locks.push_back(drop);
  const auto walk = exploration_walk(level);
  ASSERT_TRUE(walk.has_value());
  expect_valid_walk(level, *walk);
  EXPECT_EQ(std::find(walk->cells.begin(), walk->cells.end(), Point{4, 1}), walk->cells.end());
  EXPECT_EQ(walk->steps, 2 + 6 + 2);  // down, along the bottom, up to the stairs

  // Dropping eastwards is allowed now, but one-way locks wait while any room is reachable
  // without them: still round.
  level.meta.locks[0].entry = Point{3, 1};
  ASSERT_TRUE(exploration_walk(level).has_value());
  EXPECT_EQ(exploration_walk(level)->steps, 10);
  // With the way round blocked, the walk drops straight across.
  level.tiles[{4, 3}] = Tile::wall;
  const auto across = exploration_walk(level);
  ASSERT_TRUE(across.has_value());
  expect_valid_walk(level, *across);
  EXPECT_EQ(across->steps, 6);
  // And from the wrong side it can never reach the stairs.
  level.meta.locks[0].entry = Point{5, 1};
  EXPECT_FALSE(exploration_walk(level).has_value());
}

TEST(ExplorationWalk, NoWalkWithoutRoomsStairsOrAReachableRoom) {
  Level level = locked_door_level(false);
  Level no_rooms = level;
  no_rooms.meta.rooms.clear();
  EXPECT_FALSE(exploration_walk(no_rooms).has_value());
  Level no_stairs = level;
  no_stairs.meta.stairs = {};
  no_stairs.tiles[{9, 1}] = Tile::floor;  // no down stairs tile either
  EXPECT_FALSE(exploration_walk(no_stairs).has_value());
  Level walled = level;
  walled.meta.rooms.push_back({9, {8, 3, 2, 2}});  // all wall: never reachable
  EXPECT_FALSE(exploration_walk(walled).has_value());
  // Stairs from the tiles when the metadata has none.
  Level from_tiles = level;
  from_tiles.meta.stairs = {};
  ASSERT_TRUE(exploration_walk(from_tiles).has_value());
  EXPECT_EQ(exploration_walk(from_tiles)->steps, exploration_walk(level)->steps);
}

TEST(ExplorationWalk, GeneratedLevelsAreWalkedCompletely) {
  for (const char* name : {"rooms", "bsp", "digger"}) {
    const Generator& generator = builtin_generators().get(name);
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      SCOPED_TRACE(std::string(name) + " seed " + std::to_string(seed));
      const Level level = generate_level(generator, {80, 50}, seed, {});
      ASSERT_FALSE(level.meta.rooms.empty());
      const auto walk = exploration_walk(level);
      ASSERT_TRUE(walk.has_value());
      expect_valid_walk(level, *walk);
      EXPECT_EQ(walk->rooms_visited, static_cast<std::int64_t>(level.meta.rooms.size()));
      EXPECT_EQ(rooms_touched(level, *walk), walk->rooms_visited);
      EXPECT_GE(walk->backtracking, 0.0);
      EXPECT_LT(walk->backtracking, 1.0);
    }
  }
}

TEST(CountLocksAndKeys, CountsEveryAttribute) {
  Level level = locked_door_level(true);
  LockInfo lava;
  lava.kind = "lava";
  lava.type = LockType::dangerous;
  lava.safe = false;
  level.meta.locks.push_back(lava);
  KeyInfo potion;
  potion.kind = "potion_fire_resistance";
  potion.particular = false;
  potion.consumed = true;
  potion.multipurpose = true;
  level.meta.keys.push_back(potion);
  level.meta.cycles = {{0, 1, 2, 3, 5, "lock_key", -1}, {1, 2, 4, 4, 2, "valve", 0}};
  const LockKeyCounts c = count_locks_and_keys(level);
  EXPECT_EQ(c.cycles, 2);
  EXPECT_DOUBLE_EQ(c.mean_a_length, 3.5);
  EXPECT_DOUBLE_EQ(c.mean_b_length, 3.5);
  EXPECT_EQ(c.locks, 2);
  EXPECT_EQ(c.keys, 2);
  const std::vector<std::pair<std::string, std::int64_t>> expected{
      {"consumed:false", 1},
      {"consumed:true", 1},
      {"direction:two_way", 2},
      {"duration:permanent", 2},
      {"fixed:false", 2},
      {"key:key", 1},
      {"key:potion_fire_resistance", 1},
      {"kind:lava", 1},
      {"kind:locked_door", 1},
      {"multipurpose:false", 1},
      {"multipurpose:true", 1},
      {"particular:false", 1},
      {"particular:true", 1},
      {"safe:false", 1},
      {"safe:true", 1},
      {"type:conditional", 1},
      {"type:dangerous", 1},
  };
  EXPECT_EQ(c.by_attribute, expected);
  // Per family, the counts add up to the locks or the keys.
  for (const char* family : {"type:", "duration:", "direction:", "kind:", "safe:"}) {
    std::int64_t sum = 0;
    for (const auto& [name, n] : c.by_attribute)
      if (name.rfind(family, 0) == 0) sum += n;
    EXPECT_EQ(sum, c.locks) << family;
  }
}

TEST(CountLocksAndKeys, ZeroOnOtherGenerators) {
  const Level level = generate_level(builtin_generators().get("rooms"), {60, 40}, 3, {});
  const LockKeyCounts c = count_locks_and_keys(level);
  EXPECT_EQ(c.cycles, 0);
  EXPECT_EQ(c.locks, 0);
  EXPECT_EQ(c.keys, 0);
  EXPECT_EQ(c.mean_a_length, 0.0);
  EXPECT_TRUE(c.by_attribute.empty());
}

}  // namespace
}  // namespace yendor::analysis
