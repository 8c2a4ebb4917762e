// `recursive` against an oracle of its definition, cell by cell: in each octant, cell (d, c)
// spans the slopes [(2c-1)/(2d+1), (2c+1)/(2d-1)]; a slope in (0, 1) is open at depth d when no
// opaque cell (cells outside the map are opaque) at a smaller depth has it in its closed span;
// a cell is seen when an open slope lies strictly inside its span. The oracle tests one slope
// between each pair of neighbouring span endpoints, exactly, with integer fractions; it shares
// nothing with the implementation's stack of views.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/ascii_level.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::fov {
namespace {

struct Frac {
  std::int64_t n = 0;
  std::int64_t d = 1;  // > 0
};
bool lt(Frac a, Frac b) {
  return a.n * b.d < b.n * a.d;
}
bool le(Frac a, Frac b) {
  return a.n * b.d <= b.n * a.d;
}
Frac midpoint(Frac a, Frac b) {
  return {a.n * b.d + b.n * a.d, 2 * a.d * b.d};
}
Frac low_slope(int d, int c) {
  return {2 * c - 1, 2 * d + 1};
}
Frac high_slope(int d, int c) {
  return {2 * c + 1, 2 * d - 1};
}

// Octant: depth d along one axis, column c along the other, with signs.
struct Octant {
  bool swap = false;
  int sx = 1, sy = 1;
  Point cell(Point origin, int d, int c) const {
    return swap ? Point{origin.x + sx * c, origin.y + sy * d}
                : Point{origin.x + sx * d, origin.y + sy * c};
  }
};

std::vector<Octant> octants() {
  std::vector<Octant> out;
  for (bool swap : {false, true})
    for (int sx : {1, -1})
      for (int sy : {1, -1})
        out.push_back({swap, sx, sy});
  return out;
}

bool blocks(const OpacityMap& map, Point p) {
  return map.opaque(p);
}  // outside: opaque

bool slope_open(const OpacityMap& map, Point origin, const Octant& o, Frac m, int depth) {
  for (int d = 1; d < depth; ++d)
    for (int c = 0; c <= d; ++c)
      if (le(low_slope(d, c), m) && le(m, high_slope(d, c)) && blocks(map, o.cell(origin, d, c)))
        return false;
  return true;
}

bool oracle_sees(const OpacityMap& map, Point origin, Point p) {
  if (p == origin) return true;
  for (const Octant& o : octants()) {
    const Point rel = p - origin;
    const int d = o.swap ? rel.y * o.sy : rel.x * o.sx;
    const int c = o.swap ? rel.x * o.sx : rel.y * o.sy;
    if (d < 1 || c < 0 || c > d) continue;
    const Frac lo = lt(low_slope(d, c), Frac{0, 1}) ? Frac{0, 1} : low_slope(d, c);
    const Frac hi = lt(Frac{1, 1}, high_slope(d, c)) ? Frac{1, 1} : high_slope(d, c);
    std::vector<Frac> cuts{lo, hi};
    for (int dd = 1; dd < d; ++dd)
      for (int cc = 0; cc <= dd; ++cc)
        for (Frac f : {low_slope(dd, cc), high_slope(dd, cc)})
          if (lt(lo, f) && lt(f, hi)) cuts.push_back(f);
    std::sort(cuts.begin(), cuts.end(), lt);
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i)
      if (lt(cuts[i], cuts[i + 1]) && slope_open(map, origin, o, midpoint(cuts[i], cuts[i + 1]), d))
        return true;
  }
  return false;
}

const FovAlgorithm& recursive() {
  return builtin_fovs().get("recursive");
}

TEST(RecursiveShadowcast, MatchesTheSlopeOracleOnRandomMaps) {
  for (std::uint64_t seed = 0; seed < 250; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(1, 11), rng.range(1, 11)};
    const double density = rng.real(0.0, 0.55);
    const OpacityMap map = OpacityMap::from(size, [&](Point) { return rng.chance(density); });
    for (int k = 0; k < 2; ++k) {
      const Point origin{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
      VisibleSet out;
      recursive().compute(map, origin, {}, out);
      for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x)
          ASSERT_EQ(out.visible(Point{x, y}), oracle_sees(map, origin, {x, y}))
              << "seed " << seed << " origin (" << origin.x << "," << origin.y << ") cell (" << x
              << "," << y << ")";
    }
  }
}

TEST(RecursiveShadowcast, RadiusAndLightWallsOnlyFilterTheUnlimitedView) {
  // Blocking ignores the radius: the limited view is the unlimited one cut to the range, and
  // without light_walls it is the unlimited one without its walls.
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(1, 40), rng.range(1, 40)};
    const double density = rng.real(0.0, 0.5);
    const OpacityMap map = OpacityMap::from(size, [&](Point) { return rng.chance(density); });
    const Point origin{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
    VisibleSet full, part;
    recursive().compute(map, origin, {}, full);
    FovOptions o;
    o.radius = rng.range(1, 20);
    o.shape = rng.chance(0.5) ? Shape::circle : Shape::square;
    o.light_walls = rng.chance(0.5);
    recursive().compute(map, origin, o, part);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const Point p{x, y};
        const bool expected = full.visible(p) && in_range(p - origin, o) &&
                              (o.light_walls || p == origin || !map.opaque(p));
        ASSERT_EQ(part.visible(p), expected) << "seed " << seed << " at (" << x << "," << y << ")";
      }
  }
}

TEST(RecursiveShadowcast, PillarCastsAWideningShadow) {
  const Level level = test::ascii_level({
      "...........",
      "...........",
      "..<.#......",
      "...........",
      "...........",
  });
  // The pillar at depth 2 shadows the slopes [-1/5, 1/3]: a cell (d, c) behind it shows while
  // (2c + 1) / (2d - 1) > 1/3.
  const std::vector<std::string> expected = {
      "xxxxxxxxxx.", "xxxxxxx....", "xxxxx......", "xxxxxxx....", "xxxxxxxxxx.",
  };
  VisibleSet out;
  recursive().compute(OpacityMap::from_tiles(level.tiles), {2, 2}, {}, out);
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 11; ++x)
      EXPECT_EQ(out.visible(Point{x, y}),
                expected[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == 'x')
          << "(" << x << "," << y << ")";
}

TEST(RecursiveShadowcast, IsNotSymmetric) {
  // A witness that the generous rule is one-sided, as its FovInfo says.
  EXPECT_FALSE(recursive().info().symmetric);
  bool found = false;
  for (std::uint64_t seed = 0; seed < 200 && !found; ++seed) {
    Rng rng(seed);
    const Size size{12, 12};
    const OpacityMap map = OpacityMap::from(size, [&](Point) { return rng.chance(0.3); });
    const Point a{rng.range(0, 11), rng.range(0, 11)}, b{rng.range(0, 11), rng.range(0, 11)};
    if (map.opaque(a) || map.opaque(b)) continue;
    VisibleSet from_a, from_b;
    recursive().compute(map, a, {}, from_a);
    recursive().compute(map, b, {}, from_b);
    found = from_a.visible(b) != from_b.visible(a);
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace yendor::fov
