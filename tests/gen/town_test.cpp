// The `town` generator: one temple with an altar, shops with counters, houses, every door on a
// street, undiggable building walls, a fountain square, the town wall, the same town on every
// visit.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

Level town(std::uint64_t seed, const RawParams& raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("town");
  return generate_level(g, size, seed, g.info().schema.parse("town", raw));
}

// Sizes and parameter sets the tests below run over: small, odd and the two layouts.
struct Case {
  Size size;
  RawParams raw;
};
std::vector<Case> cases() {
  return {{{80, 50}, {}},
          {{80, 50}, {{"layout", "grid"}}},
          {{20, 20}, {}},
          {{20, 20}, {{"wall", "false"}, {"street_width", "1"}}},
          {{61, 23}, {{"street_width", "5"}, {"plaza", "3"}}},
          {{120, 90}, {{"layout", "grid"}, {"block", "20"}, {"shops", "12"}}},
          {{150, 40}, {{"wall", "false"}, {"plaza", "30"}}}};
}

int count_rooms(const Level& level, const std::string& kind) {
  return static_cast<int>(std::count_if(level.meta.rooms.begin(), level.meta.rooms.end(),
                                        [&](const Room& r) { return r.kind == kind; }));
}

int count_tiles(const Level& level, Tile t) {
  return static_cast<int>(std::count(level.tiles.cells().begin(), level.tiles.cells().end(), t));
}

int tiles_in(const Level& level, const Rect& r, Tile t) {
  int n = 0;
  for (int y = r.top(); y <= r.bottom(); ++y)
    for (int x = r.left(); x <= r.right(); ++x)
      n += level.tiles[{x, y}] == t ? 1 : 0;
  return n;
}

bool on_ring_not_corner(const Rect& floor, Point p) {
  const Rect ring = floor.expanded(1);
  const bool on_x_edge = p.x == ring.left() || p.x == ring.right();
  const bool on_y_edge = p.y == ring.top() || p.y == ring.bottom();
  return ring.contains(p) && !floor.contains(p) && on_x_edge != on_y_edge;
}

TEST(Town, ExactlyOneTempleWithAnAltar) {
  for (const Case& c : cases())
    for (std::uint64_t seed = 0; seed < 15; ++seed) {
      const Level level = town(seed, c.raw, c.size);
      ASSERT_EQ(count_rooms(level, "temple"), 1) << "seed " << seed;
      EXPECT_EQ(count_tiles(level, Tile::altar), 1);
      for (const Room& r : level.meta.rooms) {
        EXPECT_TRUE(r.kind == "temple" || r.kind == "shop" || r.kind == "house") << r.kind;
        if (r.kind == "temple") {
          EXPECT_EQ(tiles_in(level, r.rect, Tile::altar), 1);
        }
      }
    }
}

TEST(Town, ShopsHaveACounterInside) {
  int shops = 0;
  for (const Case& c : cases())
    for (std::uint64_t seed = 0; seed < 15; ++seed) {
      const Level level = town(seed, c.raw, c.size);
      int counters = 0;
      for (const Room& r : level.meta.rooms) {
        const int here = tiles_in(level, r.rect, Tile::shop_counter);
        EXPECT_EQ(here, r.kind == "shop" ? 1 : 0) << r.kind << " " << r.id;
        counters += here;
      }
      EXPECT_EQ(counters, count_tiles(level, Tile::shop_counter));
      shops += count_rooms(level, "shop");
    }
  EXPECT_GT(shops, 200);
}

TEST(Town, BuildsTheShopsAskedForOrAsManyAsThereAreLots) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    // A roomy town builds every shop asked for.
    EXPECT_EQ(count_rooms(town(seed, {{"shops", "6"}}), "shop"), 6);
    EXPECT_EQ(count_rooms(town(seed, {{"shops", "0"}}), "shop"), 0);
    // Asking for more than there are lots: every lot but the temple's becomes a shop, and no
    // house is built; the shop rooms say how many there are.
    const Level crowded = town(seed, {{"shops", "1000"}, {"houses", "1"}}, {40, 30});
    const int built = count_rooms(crowded, "shop");
    EXPECT_LT(built, 1000);
    EXPECT_GT(built, 0);
    EXPECT_EQ(count_rooms(crowded, "house"), 0);
    EXPECT_EQ(std::ssize(crowded.meta.rooms), built + 1);
    // With houses=1 every lot is built on: the same lots hold a temple, shops and houses.
    const Level full = town(seed, {{"shops", "2"}, {"houses", "1"}}, {40, 30});
    EXPECT_EQ(full.meta.rooms.size(), crowded.meta.rooms.size());
  }
}

TEST(Town, ShopsAreTheLotsNearestTheFountain) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Level level = town(seed, {{"houses", "1"}});
    const Point fountain = level.meta.regions[1].bounds.center();
    EXPECT_EQ(level.tiles[fountain], Tile::fountain);
    int farthest_shop = 0;
    for (const Room& r : level.meta.rooms)
      if (r.kind == "shop")
        farthest_shop = std::max(farthest_shop, manhattan(r.rect.center(), fountain));
    for (const Room& r : level.meta.rooms)
      if (r.kind == "house") {
        EXPECT_GE(manhattan(r.rect.center(), fountain), farthest_shop);
      }
  }
}

TEST(Town, EveryBuildingHasOneDoorOntoAStreet) {
  for (const Case& c : cases())
    for (std::uint64_t seed = 0; seed < 15; ++seed) {
      const Level level = town(seed, c.raw, c.size);
      std::vector<int> doors(level.meta.rooms.size());
      for (const Door& d : level.meta.doors) {
        EXPECT_TRUE(tile_info(level.tiles[d.pos]).door);
        if (d.room < 0) continue;  // a gate
        ++doors[static_cast<std::size_t>(d.room)];
        const Rect& floor = level.meta.rooms[static_cast<std::size_t>(d.room)].rect;
        ASSERT_TRUE(on_ring_not_corner(floor, d.pos));
        int streets = 0, inside = 0;
        for (const Point dir : k_directions4) {
          const Point q = d.pos + dir;
          streets += level.tiles[q] == Tile::corridor ? 1 : 0;
          inside += floor.contains(q) ? 1 : 0;
        }
        EXPECT_EQ(streets, 1) << "seed " << seed;
        EXPECT_EQ(inside, 1);
      }
      for (const int n : doors)
        EXPECT_EQ(n, 1);
    }
}

TEST(Town, BuildingWallsAndTheBorderAreUndiggable) {
  for (const Case& c : cases())
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      const Level level = town(seed, c.raw, c.size);
      const auto no_dig = [&](Point p) { return (level.flags[p] & cell_flag::no_dig) != 0; };
      for (const Room& r : level.meta.rooms) {
        const Rect ring = r.rect.expanded(1);
        for (int y = ring.top(); y <= ring.bottom(); ++y)
          for (int x = ring.left(); x <= ring.right(); ++x) {
            const Point p{x, y};
            if (r.rect.contains(p)) continue;
            EXPECT_TRUE(no_dig(p)) << r.kind << " wall " << x << "," << y;
            EXPECT_TRUE(level.tiles[p] == Tile::wall || tile_info(level.tiles[p]).door);
          }
      }
      for (int x = 0; x < level.width(); ++x)
        EXPECT_TRUE(no_dig({x, 0}) && no_dig({x, level.height() - 1}));
      for (int y = 0; y < level.height(); ++y)
        EXPECT_TRUE(no_dig({0, y}) && no_dig({level.width() - 1, y}));
      // Streets and the square can be dug nowhere, but they are not walls: never flagged.
      for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x)
          if (level.tiles[{x, y}] == Tile::corridor) {
            EXPECT_FALSE(no_dig({x, y}));
          }
    }
}

TEST(Town, TheTownWallHasFourGates) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Level walled = town(seed, {{"wall", "true"}});
    const Rect wall{2, 2, walled.width() - 4, walled.height() - 4};
    int gates = 0;
    for (const Feature& f : walled.meta.features)
      if (f.tag == "gate") {
        ++gates;
        EXPECT_TRUE(on_ring_not_corner(wall.expanded(-1), f.pos));
        EXPECT_EQ(walled.tiles[f.pos], Tile::door_open);
      }
    EXPECT_EQ(gates, 4);
    for (int x = wall.left(); x <= wall.right(); ++x)
      for (const int y : {wall.top(), wall.bottom()})
        EXPECT_TRUE((walled.flags[{x, y}] & cell_flag::no_dig) != 0);
    const Level open = town(seed, {{"wall", "false"}});
    for (const Feature& f : open.meta.features)
      EXPECT_NE(f.tag, "gate");
  }
}

TEST(Town, LockedDoorsAreHouseDoorsAndRecorded) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Level all = town(seed, {{"locked", "1"}, {"houses", "1"}});
    std::set<Point> tagged;
    for (const Feature& f : all.meta.features)
      if (f.tag == "locked") tagged.insert(f.pos);
    int houses = 0;
    for (const Door& d : all.meta.doors) {
      if (d.room < 0) continue;
      const bool house = all.meta.rooms[static_cast<std::size_t>(d.room)].kind == "house";
      houses += house ? 1 : 0;
      EXPECT_EQ(all.tiles[d.pos] == Tile::door_locked, house);
      EXPECT_EQ(tagged.contains(d.pos), house);
    }
    EXPECT_EQ(std::ssize(tagged), houses);
    EXPECT_GT(houses, 0);
    EXPECT_EQ(count_tiles(town(seed, {{"locked", "0"}}), Tile::door_locked), 0);
  }
}

TEST(Town, TheFountainSquareIsOpen) {
  for (const Case& c : cases())
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      const Level level = town(seed, c.raw, c.size);
      ASSERT_EQ(level.meta.regions.size(), 2u);
      EXPECT_EQ(level.meta.regions[0].kind, "streets");
      EXPECT_EQ(level.meta.regions[0].cells,
                tiles_in(level, level.meta.regions[0].bounds, Tile::corridor));
      const Region& plaza = level.meta.regions[1];
      EXPECT_EQ(plaza.kind, "plaza");
      EXPECT_EQ(tiles_in(level, plaza.bounds, Tile::fountain), 1);
      EXPECT_EQ(count_tiles(level, Tile::fountain), 1);
      for (int y = plaza.bounds.top(); y <= plaza.bounds.bottom(); ++y)
        for (int x = plaza.bounds.left(); x <= plaza.bounds.right(); ++x)
          EXPECT_TRUE(tile_info(level.tiles[{x, y}]).passable);
    }
}

TEST(Town, LayoutsAndSizesChangeTheStreets) {
  const Level grid = town(3, {{"layout", "grid"}}, {200, 150});
  const Level organic = town(3, {{"layout", "organic"}}, {200, 150});
  EXPECT_NE(grid.tiles, organic.tiles);
  const auto streets = [](const Level& l) { return l.meta.regions[0].cells; };
  EXPECT_GT(streets(town(3, {{"street_width", "4"}}, {200, 150})),
            streets(town(3, {{"street_width", "1"}}, {200, 150})));
  EXPECT_GT(town(3, {{"block", "8"}}, {200, 150}).meta.rooms.size(),
            town(3, {{"block", "60"}}, {200, 150}).meta.rooms.size());
}

TEST(Town, TheSameSeedGivesTheSameTownOnEveryVisit) {
  // The FAQ regenerates a town from its saved seed: same seed and depth, same level.
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Generator& g = builtin_generators().get("town");
    GenerateOptions options;
    options.depth = 1;
    const Level first = generate_level(g, {100, 60}, seed, {}, options);
    const Level again = generate_level(g, {100, 60}, seed, {}, options);
    EXPECT_EQ(first, again);
    options.depth = 2;
    EXPECT_NE(level_hash(first), level_hash(generate_level(g, {100, 60}, seed, {}, options)));
  }
}

}  // namespace
}  // namespace yendor
