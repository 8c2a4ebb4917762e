// `wilderness`: what is special about it beyond the shared property suite: the rough edge
// band, terrain shares, points of interest and how tunnels cross water.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

Level wild(std::uint64_t seed, const RawParams& raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("wilderness");
  return generate_level(g, size, seed, g.info().schema.parse("wilderness", raw));
}

// How many wall cells run inward from the map edge, for each cell along one side.
std::vector<int> wall_depths(const Level& level, Point start, Point along, Point inward) {
  std::vector<int> depths;
  for (Point p = start; level.in_bounds(p); p += along) {
    int depth = 0;
    for (Point q = p; level.in_bounds(q) && level.tiles[q] == Tile::wall; q += inward)
      ++depth;
    depths.push_back(depth);
  }
  return depths;
}

TEST(Wilderness, EdgeBandIsClosedAndRough) {
  constexpr int k_edge = 6;  // the default; 80x50 allows up to 50 / 6 = 8
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    // fill=0: no pocket next to the band is filled with its rock.
    const Level level = wild(seed, {{"border", "rock"}, {"fill", "0"}});
    const int w = level.width(), h = level.height();
    const std::vector<std::vector<int>> sides{
        wall_depths(level, {0, 0}, dir::east, dir::south),
        wall_depths(level, {0, h - 1}, dir::east, dir::north),
        wall_depths(level, {0, 0}, dir::south, dir::east),
        wall_depths(level, {w - 1, 0}, dir::south, dir::west)};
    for (const std::vector<int>& depths : sides) {
      // Away from the corners (where two sides' bands meet) each side is one walk whose
      // depth stays in [1, edge] and moves by at most one cell per step.
      const auto first = depths.begin() + 2 * k_edge, last = depths.end() - 2 * k_edge;
      for (auto it = first; it != last; ++it) {
        EXPECT_GE(*it, 1) << "seed " << seed;
        EXPECT_LE(*it, k_edge) << "seed " << seed;
        if (it + 1 != last) {
          EXPECT_LE(std::abs(*(it + 1) - *it), 1) << "seed " << seed;
        }
      }
      // Rough, not a straight line.
      EXPECT_GT(*std::max_element(first, last), *std::min_element(first, last)) << "seed " << seed;
    }
  }
}

TEST(Wilderness, EdgeOneIsTheOuterRingOnly) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Level level = wild(seed, {{"border", "rock"}, {"edge", "1"}, {"fill", "0"}}, {60, 40});
    const auto walls =
        std::count(level.tiles.cells().begin(), level.tiles.cells().end(), Tile::wall);
    EXPECT_EQ(walls, 2 * 60 + 2 * 40 - 4) << "seed " << seed;
  }
}

struct Shares {
  double trees = 0, rubble = 0, deep = 0;
};

// Shares of the land inside a rock band (every cell that is not wall).
Shares measure(const RawParams& raw, int seeds) {
  Shares s;
  for (std::uint64_t seed = 0; seed < static_cast<std::uint64_t>(seeds); ++seed) {
    RawParams p = raw;
    p.push_back({"border", "rock"});
    const Level level = wild(seed, p, {120, 80});
    const auto count = [&](Tile t) {
      return static_cast<double>(
          std::count(level.tiles.cells().begin(), level.tiles.cells().end(), t));
    };
    const double land = static_cast<double>(level.tiles.cell_count()) - count(Tile::wall);
    s.trees += count(Tile::tree) / land / seeds;
    s.rubble += count(Tile::rubble) / land / seeds;
    s.deep += (count(Tile::water_deep) + count(Tile::bridge)) / land / seeds;
  }
  return s;
}

TEST(Wilderness, TerrainSharesFollowTheParameters) {
  // Tunnels cut paths through trees and fords through water, so those shares end a little
  // below what the walks laid; rubble is never cut.
  const Shares a = measure({{"forest", "0.3"}, {"rough", "0.1"}, {"water", "0.15"}}, 12);
  EXPECT_NEAR(a.trees, 0.3, 0.03);
  EXPECT_NEAR(a.rubble, 0.1, 0.01);
  EXPECT_NEAR(a.deep, 0.15, 0.02);
  const Shares b = measure({{"forest", "0.05"}, {"rough", "0.4"}, {"water", "0"}}, 12);
  EXPECT_NEAR(b.trees, 0.05, 0.01);
  EXPECT_NEAR(b.rubble, 0.4, 0.02);
  EXPECT_EQ(b.deep, 0.0);
}

TEST(Wilderness, LakesHaveShallowRims) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const Level level = wild(seed, {{"water", "0.2"}, {"rough", "0"}});
    // Deep water never touches grass, but where a point of interest was cleared: the rim (or
    // a tunnel's ford or bridge) is between.
    std::vector<Point> points;
    for (const Feature& f : level.meta.features)
      points.push_back(f.pos);
    for (int y = 1; y < level.height() - 1; ++y)
      for (int x = 1; x < level.width() - 1; ++x) {
        if (level.tiles[{x, y}] != Tile::floor) continue;
        if (std::find(points.begin(), points.end(), Point{x, y}) != points.end()) continue;
        for (Point d : k_directions8)
          EXPECT_NE(level.tiles[(Point{x, y} + d)], Tile::water_deep)
              << "seed " << seed << " at " << x << "," << y;
      }
  }
}

TEST(Wilderness, EveryPointOfInterestIsReachable) {
  for (const char* fill : {"0", "4", "100000000"})
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      const Level level = wild(seed, {{"poi", "8"}, {"forest", "0.5"}, {"fill", fill}});
      const auto dist = walk_distances(level.tiles, *level.meta.stairs.up);
      std::vector<Point> points;
      for (const Feature& f : level.meta.features)
        if (f.tag == "poi") points.push_back(f.pos);
      EXPECT_EQ(points.size(), 8u) << "seed " << seed;
      points.push_back(*level.meta.stairs.down);
      for (Point p : points)
        EXPECT_NE(dist[p], k_unreachable)
            << "fill " << fill << " seed " << seed << " at " << p.x << "," << p.y;
    }
}

TEST(Wilderness, FilledPocketsNeedNoTunnels) {
  int joined_more = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const Level filled = wild(seed, {{"fill", "100000000"}, {"forest", "0.4"}});
    // One tunnel at most per point after the entrance: poi=3 plus the down stairs.
    EXPECT_LE(filled.meta.corridors.size(), 4u) << "seed " << seed;
    const Level joined = wild(seed, {{"fill", "0"}, {"forest", "0.4"}});
    joined_more += joined.meta.corridors.size() > filled.meta.corridors.size() ? 1 : 0;
  }
  EXPECT_GT(joined_more, 25);  // dense forest almost always encloses some grass
}

TEST(Wilderness, FillDecidesBetweenFillingAndJoining) {
  // The more pockets are small enough to fill, the fewer tunnels and passable cells.
  std::vector<std::size_t> tunnels(3, 0);
  std::vector<std::int64_t> open(3, 0);
  const std::vector<std::string> fills{"0", "6", "100000000"};
  for (std::uint64_t seed = 0; seed < 30; ++seed)
    for (std::size_t i = 0; i < fills.size(); ++i) {
      const Level level = wild(seed, {{"fill", fills[i]}, {"forest", "0.45"}});
      tunnels[i] += level.meta.corridors.size();
      open[i] += count_traversable(level.tiles);
    }
  EXPECT_GT(tunnels[0], tunnels[1]);
  EXPECT_GT(tunnels[1], tunnels[2]);
  EXPECT_GT(open[0], open[1]);
  EXPECT_GT(open[1], open[2]);
}

// A corridor's cells in walking order fall into runs of one tile on adjacent cells; a run of
// shallow water or bridge is one crossing of deep water.
TEST(Wilderness, TunnelsCrossDeepWaterByFordsOrBridges) {
  const RawParams lakes{{"water", "0.45"}, {"forest", "0.1"}, {"rough", "0"}};
  for (const char* crossing : {"ford", "bridge", "mixed"}) {
    int fords = 0, bridges = 0;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      RawParams p = lakes;
      p.push_back({"crossing", crossing});
      const Level level = wild(seed, p);
      for (const Corridor& c : level.meta.corridors) {
        ASSERT_FALSE(c.cells.empty());
        for (std::size_t i = 0; i < c.cells.size();) {
          const Tile t = level.tiles[c.cells[i]];
          // Tunnels leave nothing impassable behind: paths, fords or bridges.
          ASSERT_TRUE(t == Tile::corridor || t == Tile::water_shallow || t == Tile::bridge)
              << crossing << " seed " << seed;
          std::size_t end = i + 1;
          while (end < c.cells.size() && level.tiles[c.cells[end]] == t &&
                 manhattan(c.cells[end], c.cells[end - 1]) == 1)
            ++end;
          const std::size_t run = end - i;
          if (t == Tile::water_shallow) {
            ++fords;
            EXPECT_NE(std::string(crossing), "bridge");
            if (std::string(crossing) == "mixed") {
              EXPECT_LE(run, 3u) << "seed " << seed;
            }
          } else if (t == Tile::bridge) {
            ++bridges;
            EXPECT_NE(std::string(crossing), "ford");
            if (std::string(crossing) == "mixed") {
              EXPECT_GE(run, 4u) << "seed " << seed;
            }
          }
          i = end;
        }
      }
    }
    if (std::string(crossing) != "bridge") {
      EXPECT_GT(fords, 0) << crossing;
    }
    if (std::string(crossing) != "ford") {
      EXPECT_GT(bridges, 0) << crossing;
    }
  }
}

TEST(Wilderness, MarshBaseIsShallowWater) {
  const Level level = wild(4, {{"base", "marsh"}});
  const auto shallow =
      std::count(level.tiles.cells().begin(), level.tiles.cells().end(), Tile::water_shallow);
  const auto floor =
      std::count(level.tiles.cells().begin(), level.tiles.cells().end(), Tile::floor);
  EXPECT_EQ(floor, 0);
  EXPECT_GT(shallow, level.tiles.cell_count() / 3);
}

TEST(Wilderness, RejectsSharesAboveNinetyPercent) {
  EXPECT_THROW(wild(1, {{"forest", "0.5"}, {"water", "0.3"}, {"rough", "0.2"}}), InputError);
  EXPECT_NO_THROW(wild(1, {{"forest", "0.5"}, {"water", "0.3"}, {"rough", "0.1"}}));
}

}  // namespace
}  // namespace yendor
