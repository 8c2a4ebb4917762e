// `raycast` against a direct transcription of its definition (one ray at a time to every cell on
// the border of the range's square, each cell of a ray computed from the rounding formula, then
// the wall post-pass over every wall of the map), and on pictures.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "support/ascii_level.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::fov {
namespace {

Grid<std::uint8_t> raycast_oracle(const OpacityMap& map, Point o, const FovOptions& options,
                                  bool post_pass = true) {
  const int farthest_edge = std::max({o.x, o.y, map.width() - 1 - o.x, map.height() - 1 - o.y});
  const int r = options.radius > 0 ? std::min(options.radius, farthest_edge) : farthest_edge;
  Grid<std::uint8_t> rays(map.size(), 0);
  rays[o] = 1;
  if (r == 0) return rays;
  for (int ty = o.y - r; ty <= o.y + r; ++ty)
    for (int tx = o.x - r; tx <= o.x + r; ++tx) {
      if (std::abs(tx - o.x) != r && std::abs(ty - o.y) != r) continue;  // not on the border
      const int dx = tx - o.x, dy = ty - o.y;
      for (int k = 1; k <= r; ++k) {
        // Nearest cell to the exact line, halves rounded away from the axis.
        const auto along = [&](int d) {
          const std::int64_t m = (2 * std::int64_t{k} * std::abs(d) + r) / (2 * r);
          return static_cast<int>(d < 0 ? -m : m);
        };
        const Point p{o.x + along(dx), o.y + along(dy)};
        if (!map.in_bounds(p) || !in_range(p - o, options)) break;
        if (map.opaque(p)) {
          if (options.light_walls) rays[p] = 1;
          break;
        }
        rays[p] = 1;
      }
    }
  if (!options.light_walls || !post_pass) return rays;
  Grid<std::uint8_t> seen = rays;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) {
      const Point w{x, y};
      if (!map.opaque(w) || !in_range(w - o, options)) continue;
      for (Point d : k_directions8) {
        const Point v = w + d;
        if (map.in_bounds(v) && !map.opaque(v) && rays[v] != 0 &&
            std::abs(v.x - o.x) <= std::abs(w.x - o.x) &&
            std::abs(v.y - o.y) <= std::abs(w.y - o.y))
          seen[w] = 1;
      }
    }
  return seen;
}

const FovAlgorithm& raycast() {
  return builtin_fovs().get("raycast");
}

// A random map with sides in [min_side, max_side], a random origin and options (the radius
// unlimited or in [min_radius, max_radius]), compared with the oracle.
void expect_matches_oracle(std::uint64_t seed, int min_side, int max_side, int min_radius,
                           int max_radius, double max_density) {
  Rng rng(seed);
  const Size size{rng.range(min_side, max_side), rng.range(min_side, max_side)};
  const double density = rng.real(0.0, max_density);
  const OpacityMap map = OpacityMap::from(size, [&](Point) { return rng.chance(density); });
  const Point origin{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
  FovOptions o;
  o.radius = rng.chance(0.4) ? 0 : rng.range(min_radius, max_radius);
  o.shape = rng.chance(0.5) ? Shape::circle : Shape::square;
  o.light_walls = rng.chance(0.7);
  VisibleSet out;
  raycast().compute(map, origin, o, out);
  EXPECT_EQ(out.to_grid(), raycast_oracle(map, origin, o))
      << "seed " << seed << " origin (" << origin.x << "," << origin.y << ") radius " << o.radius;
}

TEST(Raycast, MatchesItsDefinitionOnRandomMaps) {
  for (std::uint64_t seed = 0; seed < 800; ++seed)
    expect_matches_oracle(seed, 1, 36, 1, 18, 0.5);
}

// Reaches up to 62 keep an octant's rays in one word; larger ones walk runs of cells. These
// maps straddle that boundary (reach 56 to 139).
TEST(Raycast, MatchesItsDefinitionOnLargerMaps) {
  for (std::uint64_t seed = 0; seed < 60; ++seed)
    expect_matches_oracle(seed + 5000, 57, 140, 56, 70, 0.3);
}

TEST(Raycast, ARadiusReachingPastTheMapCastsTheUnlimitedRays) {
  // The square reaching the farthest map edge holds the map: a bigger one adds no cell.
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(1, 60), rng.range(1, 60)};
    const double density = rng.real(0.0, 0.4);
    const OpacityMap map = OpacityMap::from(size, [&](Point) { return rng.chance(density); });
    const Point origin{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
    FovOptions far;
    far.radius = rng.chance(0.5) ? k_max_radius : 2 * (size.width + size.height);
    far.shape = Shape::square;
    VisibleSet unlimited, limited;
    raycast().compute(map, origin, {}, unlimited);
    raycast().compute(map, origin, far, limited);
    ASSERT_EQ(unlimited.to_grid(), limited.to_grid()) << "seed " << seed;
  }
}

std::vector<std::string> picture(const VisibleSet& out, Size size) {
  std::vector<std::string> rows;
  for (int y = 0; y < size.height; ++y) {
    std::string row;
    for (int x = 0; x < size.width; ++x)
      row += out.visible(Point{x, y}) ? 'x' : '.';
    rows.push_back(row);
  }
  return rows;
}

TEST(Raycast, RaysStopAtTheFirstWall) {
  const Level level = test::ascii_level({"..#..", "..#..", "..#.."});
  const OpacityMap map = OpacityMap::from_tiles(level.tiles);
  VisibleSet out;
  raycast().compute(map, {0, 1}, {}, out);
  EXPECT_EQ(picture(out, level.size()), (std::vector<std::string>{"xxx..", "xxx..", "xxx.."}));
  FovOptions dark;
  dark.light_walls = false;
  raycast().compute(map, {0, 1}, dark, out);
  EXPECT_EQ(picture(out, level.size()), (std::vector<std::string>{"xx...", "xx...", "xx..."}));
}

TEST(Raycast, PostPassLightsTheWallsOfALongCorridor) {
  // Slanted rays leave the corridor early, so no ray reaches the far side walls; the post-pass
  // marks them from the corridor's floor.
  const Level level = test::ascii_level({
      "####################",
      "....................",
      "####################",
  });
  const OpacityMap map = OpacityMap::from_tiles(level.tiles);
  VisibleSet out;
  raycast().compute(map, {0, 1}, {}, out);
  EXPECT_EQ(out.count(), 60);
  const Grid<std::uint8_t> rays_only = raycast_oracle(map, {0, 1}, {}, false);
  int missed_by_rays = 0;
  for (int x = 0; x < 20; ++x)
    missed_by_rays += rays_only[Point(x, 0)] == 0 ? 1 : 0;
  EXPECT_GT(missed_by_rays, 5);
}

TEST(Raycast, PostPassLightsOnlyWallsFacingTheViewer) {
  // The wall behind the pillar, seen from nowhere on the viewer's side, stays dark.
  const Level level = test::ascii_level({
      ".......",
      ".......",
      "...#...",
      "...#...",
      "...#...",
  });
  VisibleSet out;
  raycast().compute(OpacityMap::from_tiles(level.tiles), {3, 0}, {}, out);
  EXPECT_TRUE(out.visible(Point{3, 2}));
  EXPECT_FALSE(out.visible(Point{3, 3}));
  EXPECT_FALSE(out.visible(Point{3, 4}));
}

TEST(Raycast, IsNotSymmetric) {
  EXPECT_FALSE(raycast().info().symmetric);
  bool found = false;
  for (std::uint64_t seed = 0; seed < 200 && !found; ++seed) {
    Rng rng(seed);
    const OpacityMap map = OpacityMap::from({16, 16}, [&](Point) { return rng.chance(0.25); });
    const Point a{rng.range(0, 15), rng.range(0, 15)}, b{rng.range(0, 15), rng.range(0, 15)};
    if (map.opaque(a) || map.opaque(b)) continue;
    VisibleSet from_a, from_b;
    raycast().compute(map, a, {}, from_a);
    raycast().compute(map, b, {}, from_b);
    found = from_a.visible(b) != from_b.visible(a);
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace yendor::fov
