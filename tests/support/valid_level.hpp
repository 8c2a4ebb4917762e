#pragma once
// What every generated level must be, whatever made it (a generator, feature passes, motifs):
// one up and one down stairs where the metadata says, every traversable cell reachable from the
// up stairs (unless the generator's parameters asked for separate regions), a closed border,
// and every recorded room, door, region and feature inside the map.

#include <gtest/gtest.h>

#include <string>

#include "yendor/gen/registry.hpp"
#include "yendor/map/level.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::test {

inline void expect_valid_level(const Level& level, const std::string& context) {
  SCOPED_TRACE(context);
  const auto& stairs = level.meta.stairs;
  ASSERT_TRUE(stairs.up.has_value());
  ASSERT_TRUE(stairs.down.has_value());
  ASSERT_NE(*stairs.up, *stairs.down);
  int ups = 0, downs = 0;
  for (Tile t : level.tiles.cells()) {
    ups += t == Tile::stairs_up ? 1 : 0;
    downs += t == Tile::stairs_down ? 1 : 0;
  }
  EXPECT_EQ(ups, 1);
  EXPECT_EQ(downs, 1);
  EXPECT_EQ(level.tiles[*stairs.up], Tile::stairs_up);
  EXPECT_EQ(level.tiles[*stairs.down], Tile::stairs_down);
  // Every traversable cell reachable from the up stairs by orthogonal steps.
  // With locks: connected once every lock is open (map/locks.hpp).
  const auto report = check_connectivity(tiles_with_locks_open(level), *stairs.up);
  const Generator* generator = builtin_generators().find(level.meta.generator);
  if (generator == nullptr || generator->promises_connectivity(level.meta.params)) {
    EXPECT_TRUE(report.connected()) << report.reachable << " of " << report.traversable;
  }
  // The border is closed.
  for (int x = 0; x < level.width(); ++x) {
    EXPECT_FALSE(is_traversable(level.tiles[{x, 0}]));
    EXPECT_FALSE(is_traversable(level.tiles[{x, level.height() - 1}]));
  }
  for (int y = 0; y < level.height(); ++y) {
    EXPECT_FALSE(is_traversable(level.tiles[{0, y}]));
    EXPECT_FALSE(is_traversable(level.tiles[{level.width() - 1, y}]));
  }
  const Rect bounds = level.tiles.bounds();
  const Rect inside = bounds.expanded(-1);
  for (const Room& r : level.meta.rooms)
    EXPECT_TRUE(inside.contains(r.rect)) << r.kind << " " << r.id;
  for (const Door& d : level.meta.doors)
    EXPECT_TRUE(tile_info(level.tiles[d.pos]).door) << d.pos.x << "," << d.pos.y;
  for (const Region& r : level.meta.regions)
    EXPECT_TRUE(bounds.contains(r.bounds)) << r.kind << " " << r.id;
  for (const Feature& f : level.meta.features)
    EXPECT_TRUE(inside.contains(f.pos)) << f.tag << " at " << f.pos.x << "," << f.pos.y;
}

}  // namespace yendor::test
