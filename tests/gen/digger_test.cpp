// The `digger` generator: features dug one by one off existing walls form a tree of rooms and
// corridors joined by single cells; loops, dead ends, shapes and the feature budget.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

Level digger(std::uint64_t seed, const RawParams& raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("digger");
  return generate_level(g, size, seed, g.info().schema.parse("digger", raw));
}

// Which recorded feature each cell belongs to: room i is i, corridor j is rooms + j, -1 none.
// Room rects claim every cell of the box; corridors their recorded cells.
Grid<int> feature_ids(const Level& level) {
  Grid<int> ids(level.size(), -1);
  const int rooms = static_cast<int>(level.meta.rooms.size());
  for (const Room& r : level.meta.rooms)
    ids.fill(r.rect, r.id);
  for (std::size_t j = 0; j < level.meta.corridors.size(); ++j)
    for (const Point p : level.meta.corridors[j].cells)
      ids[p] = rooms + static_cast<int>(j);
  return ids;
}

int feature_count(const Level& level) {
  return static_cast<int>(level.meta.rooms.size() + level.meta.corridors.size());
}

struct Joins {
  int cells = 0;      // traversable cells outside every feature
  int redundant = 0;  // joins between two features already connected through others
  int components = 0;
};

// Walks every join (a traversable cell outside every feature), checking that it is a single
// cell between exactly two different features on opposite sides, and that features never
// touch except through joins; counts joins that close a cycle.
Joins check_joins(const Level& level) {
  const Grid<int> ids = feature_ids(level);
  const int n = feature_count(level);
  std::vector<int> parent(static_cast<std::size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&](int x) {
    while (parent[static_cast<std::size_t>(x)] != x)
      x = parent[static_cast<std::size_t>(x)] =
          parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    return x;
  };
  Joins out;
  for (int y = 1; y < level.height() - 1; ++y)
    for (int x = 1; x < level.width() - 1; ++x) {
      const Point p{x, y};
      if (!is_traversable(level.tiles[p])) continue;
      if (ids[p] >= 0) {
        // Open neighbours are the same feature or a join.
        for (const Point d : k_directions4) {
          const Point q = p + d;
          if (is_traversable(level.tiles[q]) && ids[q] >= 0) {
            EXPECT_EQ(ids[q], ids[p]) << "features touch at " << x << "," << y;
          }
        }
        continue;
      }
      ++out.cells;
      std::vector<Point> open;
      for (const Point d : k_directions4)
        if (is_traversable(level.tiles[p + d])) open.push_back(d);
      EXPECT_EQ(open.size(), 2u) << "join " << x << "," << y;
      if (open.size() != 2) continue;
      EXPECT_EQ(open[0] + open[1], (Point{0, 0})) << "join not straight " << x << "," << y;
      const int a = ids[p + open[0]], b = ids[p + open[1]];
      EXPECT_GE(a, 0);
      EXPECT_GE(b, 0);
      EXPECT_NE(a, b);
      if (a < 0 || b < 0) continue;
      if (find(a) == find(b))
        ++out.redundant;
      else
        parent[static_cast<std::size_t>(find(a))] = find(b);
    }
  for (int i = 0; i < n; ++i)
    out.components += find(i) == i ? 1 : 0;
  return out;
}

TEST(Digger, RoomsDoNotOverlapAndAreCarved) {
  std::set<std::string> kinds;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const Level level = digger(seed, {});
    const auto& rooms = level.meta.rooms;
    ASSERT_FALSE(rooms.empty());
    for (std::size_t i = 0; i < rooms.size(); ++i) {
      const Room& r = rooms[i];
      EXPECT_EQ(r.id, static_cast<int>(i));
      kinds.insert(r.kind);
      for (std::size_t j = i + 1; j < rooms.size(); ++j)
        EXPECT_FALSE(r.rect.expanded(1).intersects(rooms[j].rect)) << i << " and " << j;
      // The shape reaches every row and column of its box; rectangles fill it.
      std::vector<int> in_row(static_cast<std::size_t>(r.rect.height)),
          in_col(static_cast<std::size_t>(r.rect.width));
      for (int y = 0; y < r.rect.height; ++y)
        for (int x = 0; x < r.rect.width; ++x) {
          const Tile t = level.tiles[{r.rect.x + x, r.rect.y + y}];
          const bool floor = t == Tile::floor || t == Tile::stairs_up || t == Tile::stairs_down;
          EXPECT_TRUE(floor || (t == Tile::wall && r.kind != "room")) << "room " << i;
          in_row[static_cast<std::size_t>(y)] += floor ? 1 : 0;
          in_col[static_cast<std::size_t>(x)] += floor ? 1 : 0;
        }
      EXPECT_EQ(std::count(in_row.begin(), in_row.end(), 0), 0) << "room " << i;
      EXPECT_EQ(std::count(in_col.begin(), in_col.end(), 0), 0) << "room " << i;
      EXPECT_GE(std::min(r.rect.width, r.rect.height), 3);
      EXPECT_LE(std::max(r.rect.width, r.rect.height), 9);
    }
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"room", "cross", "circle"}));
}

TEST(Digger, CorridorsAreStraightCarvedLegsOutsideRooms) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const Level level = digger(seed, {});
    Grid<int> seen(level.size(), 0);
    for (const Corridor& c : level.meta.corridors) {
      ASSERT_FALSE(c.cells.empty());
      EXPECT_LE(c.cells.size(), 8u);
      for (std::size_t i = 0; i < c.cells.size(); ++i) {
        const Point p = c.cells[i];
        EXPECT_EQ(level.tiles[p], Tile::corridor);
        EXPECT_EQ(seen[p]++, 0) << "cell in two corridors";
        if (i > 0) {
          EXPECT_EQ(manhattan(p, c.cells[i - 1]), 1);
        }
        EXPECT_TRUE(p.x == c.cells[0].x || p.y == c.cells[0].y) << "a leg is straight";
        for (const Room& r : level.meta.rooms)
          EXPECT_FALSE(r.rect.contains(p));
      }
      EXPECT_LT(c.from_room, std::ssize(level.meta.rooms));
      EXPECT_LT(c.to_room, std::ssize(level.meta.rooms));
    }
  }
}

TEST(Digger, WithoutLoopsTheFeaturesFormATree) {
  for (const char* dead_ends : {"0", "0.5", "1"})
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      SCOPED_TRACE(std::string("dead_ends ") + dead_ends + " seed " + std::to_string(seed));
      const Level level = digger(seed, {{"loops", "0"}, {"dead_ends", dead_ends}});
      const Joins joins = check_joins(level);
      EXPECT_EQ(joins.redundant, 0);
      EXPECT_EQ(joins.components, 1);
      EXPECT_EQ(joins.cells, feature_count(level) - 1);
      EXPECT_TRUE(level.meta.features.empty());
    }
}

TEST(Digger, LoopsJoinPlacesFarApartOnFoot) {
  int total = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Level level =
        digger(seed, {{"loops", "0.2"}, {"loop_distance", "25"}, {"dead_ends", "1"}});
    std::vector<Point> loops;
    for (const Feature& f : level.meta.features)
      if (f.tag == "loop") loops.push_back(f.pos);
    EXPECT_EQ(loops.size(), level.meta.features.size());
    EXPECT_LE(std::ssize(loops), std::lround(0.2 * feature_count(level)));
    const Joins joins = check_joins(level);
    EXPECT_EQ(joins.redundant, std::ssize(loops));
    EXPECT_EQ(joins.components, 1);
    total += static_cast<int>(loops.size());
    if (loops.empty()) continue;
    // The first loop was knocked through before any other: with all of them walled up again,
    // its two sides are at least loop_distance steps apart.
    Grid<Tile> tiles = level.tiles;
    for (const Point p : loops)
      tiles[p] = Tile::wall;
    Point sides[2];
    int found = 0;
    for (const Point d : k_directions4)
      if (is_traversable(tiles[loops[0] + d]) && found < 2) sides[found++] = loops[0] + d;
    ASSERT_EQ(found, 2);
    const auto dist = walk_distances(tiles, sides[0]);
    EXPECT_GE(dist[sides[1]], 25);
  }
  EXPECT_GT(total, 100);
}

TEST(Digger, MaxFeaturesIsRespected) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    for (const char* cap : {"1", "5", "12"}) {
      const Level level = digger(seed, {{"max_features", cap}, {"dead_ends", "1"}, {"loops", "0"}});
      EXPECT_LE(feature_count(level), std::stoi(cap)) << "seed " << seed;
    }
    const Level one = digger(seed, {{"max_features", "1"}});
    EXPECT_EQ(one.meta.rooms.size(), 1u);
    EXPECT_TRUE(one.meta.corridors.empty());
  }
  // On an open 80x50 map a dozen features always fit.
  int exact = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed)
    exact += feature_count(digger(seed, {{"max_features", "12"}, {"dead_ends", "1"}})) == 12;
  EXPECT_GE(exact, 25);
}

TEST(Digger, AutoFeatureCountScalesWithArea) {
  const auto features = [](Size size) {
    int n = 0;
    for (std::uint64_t seed = 0; seed < 5; ++seed)
      n += feature_count(digger(seed, {{"dead_ends", "1"}, {"loops", "0"}}, size));
    return n;
  };
  const int small = features({40, 25});
  const int big = features({160, 100});
  EXPECT_GT(big, 10 * small);
}

TEST(Digger, AttemptsIsAStepBudget) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    // One attempt: the first room and at most one more feature (or a zigzag chain of one).
    EXPECT_LE(feature_count(digger(seed, {{"attempts", "1"}, {"zigzag", "0"}, {"dead_ends", "1"}})),
              2);
  }
}

TEST(Digger, DeadEndsShareControlsBlindPassages) {
  const auto blind = [](const Level& level) {
    int n = 0;
    for (int y = 1; y < level.height() - 1; ++y)
      for (int x = 1; x < level.width() - 1; ++x) {
        const Point p{x, y};
        if (level.tiles[p] != Tile::corridor && !tile_info(level.tiles[p]).door) continue;
        int open = 0;
        for (const Point d : k_directions4)
          open += is_traversable(level.tiles[p + d]) ? 1 : 0;
        n += open <= 1 ? 1 : 0;
      }
    return n;
  };
  int kept = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    EXPECT_EQ(blind(digger(seed, {{"dead_ends", "0"}, {"loops", "0"}})), 0) << "seed " << seed;
    kept += blind(digger(seed, {{"dead_ends", "1"}, {"loops", "0"}}));
  }
  EXPECT_GT(kept, 200);
}

TEST(Digger, RoomChanceAndShapes) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const Level rooms_only = digger(seed, {{"room_chance", "1"}});
    EXPECT_TRUE(rooms_only.meta.corridors.empty());
    EXPECT_GT(rooms_only.meta.rooms.size(), 5u);
    const Level corridors_only = digger(seed, {{"room_chance", "0"}, {"dead_ends", "1"}});
    EXPECT_EQ(corridors_only.meta.rooms.size(), 1u);
    EXPECT_GT(corridors_only.meta.corridors.size(), 10u);
    for (const Room& r : digger(seed, {{"shapes", "rect"}}).meta.rooms)
      EXPECT_EQ(r.kind, "room");
  }
}

TEST(Digger, ZigzagTurnsPassagesAtTheirEnds) {
  // A turn: a join between the last cell of one leg and the first cell of the next, at a
  // right angle.
  const auto turns = [](const char* zigzag) {
    int n = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const Level level = digger(seed, {{"zigzag", zigzag}, {"room_chance", "0.3"}});
      std::set<Point> ends, starts;
      for (const Corridor& c : level.meta.corridors) {
        ends.insert(c.cells.back());
        starts.insert(c.cells.front());
      }
      for (const Corridor& c : level.meta.corridors) {
        if (c.cells.size() < 2) continue;
        const Point end = c.cells.back(), d = end - c.cells[c.cells.size() - 2];
        for (const Point side : {Point{d.y, -d.x}, Point{-d.y, d.x}})
          n += starts.contains(end + side * 2) ? 1 : 0;
      }
    }
    return n;
  };
  EXPECT_GT(turns("1"), 2 * std::max(1, turns("0")));
}

TEST(Digger, DoorsSitBetweenARoomAndWhatLeadsToIt) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const Level level = digger(seed, {{"doors", "1"}, {"open_doors", "0.5"}});
    for (const Door& d : level.meta.doors) {
      ASSERT_GE(d.room, 0);
      const Rect& r = level.meta.rooms[static_cast<std::size_t>(d.room)].rect;
      EXPECT_TRUE(r.expanded(1).contains(d.pos) && !r.contains(d.pos));
      EXPECT_TRUE(tile_info(level.tiles[d.pos]).door);
    }
    const Level none = digger(seed, {{"doors", "0"}});
    EXPECT_TRUE(none.meta.doors.empty());
    for (const Tile t : none.tiles.cells())
      EXPECT_FALSE(tile_info(t).door);
  }
}

TEST(Digger, SameSeedSameLevel) {
  const RawParams raw{{"loops", "0.5"}, {"dead_ends", "0.3"}, {"zigzag", "0.7"}};
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    EXPECT_EQ(digger(seed, raw, {120, 90}), digger(seed, raw, {120, 90}));
    EXPECT_NE(level_hash(digger(seed, raw)), level_hash(digger(seed + 1, raw)));
  }
}

TEST(Digger, RejectsContradictoryParameters) {
  EXPECT_THROW(digger(1, {{"room_min", "6"}, {"room_max", "5"}}), InputError);
  EXPECT_THROW(digger(1, {{"corridor_min", "6"}, {"corridor_max", "5"}}), InputError);
  EXPECT_THROW(digger(1, {{"room_min", "40"}, {"room_max", "40"}}, {30, 30}), InputError);
}

}  // namespace
}  // namespace yendor
