// `permissive` against an exhaustive oracle of its definition: cell B is seen from A when some
// segment from a point of square A to a point of square B meets no interior point of the union
// of the opaque squares other than A (cells outside the map are opaque).
//
// The oracle rests on the classic critical-line argument: if any such segment exists, one lies
// on a line through two lattice points (slide it until it touches a corner, turn it about that
// corner until it touches another; every corner involved, of a wall or of A or B, is a lattice
// point). So it takes every line through two lattice points of the map's box that meets A,
// cuts it at every grid line into pieces that are each inside one square or on one edge, keeps
// the connected stretches of free points that touch A, and marks every square they touch. All
// of it in exact integer arithmetic, and nothing of the implementation's views and quadrants.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "fov/random_fov_inputs.hpp"
#include "support/ascii_level.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::fov {
namespace {

using i64 = std::int64_t;

i64 floor_div(i64 a, i64 b) {
  if (b < 0) a = -a, b = -b;
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
i64 ceil_div(i64 a, i64 b) {
  if (b < 0) a = -a, b = -b;
  return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}

class PermissiveOracle {
 public:
  PermissiveOracle(const OpacityMap& map, Point a) : map_(map), a_(a), seen_(map.size(), 0) {}

  Grid<std::uint8_t> run() {
    seen_[a_] = 1;
    const int w = map_.width(), h = map_.height();
    for (int dx = 0; dx <= w; ++dx)
      for (int dy = -h; dy <= h; ++dy) {
        if ((dx == 0 && dy != 1) || std::gcd(dx, std::abs(dy)) != 1) continue;
        for (int py = 0; py <= h; ++py)
          for (int px = 0; px <= w; ++px)
            // Each line once: from its first lattice point in the box, if it has a second.
            if (!in_box(px - dx, py - dy) && in_box(px + dx, py + dy) && meets_a(px, py, dx, dy))
              walk(px, py, dx, dy);
      }
    return seen_;
  }

  // Whether the segment between the centres of A and b meets no point inside the walls: the
  // sight line of centre-to-centre line-of-sight tests. Sampled at every K / den along it, which
  // includes every grid crossing and a point between any two.
  bool centre_line_clear(Point b) const {
    const i64 dx = b.x - a_.x, dy = b.y - a_.y;
    const i64 m = 2 * std::max<i64>(1, std::abs(dx)) * std::max<i64>(1, std::abs(dy));
    const i64 den = 2 * m;
    for (i64 k = 0; k <= den; ++k)
      if (!free_point(den * a_.x + m + k * dx, den * a_.y + m + k * dy, den)) return false;
    return true;
  }

 private:
  bool in_box(int x, int y) const {
    return x >= 0 && y >= 0 && x <= map_.width() && y <= map_.height();
  }
  bool blocker(i64 x, i64 y) const {
    if (!map_.in_bounds({static_cast<int>(x), static_cast<int>(y)})) return true;
    if (x == a_.x && y == a_.y) return false;
    return map_.opaque({static_cast<int>(x), static_cast<int>(y)});
  }
  bool meets_a(int px, int py, int dx, int dy) const {
    i64 lo = 0, hi = 0;
    bool first = true;
    for (int cx : {a_.x, a_.x + 1})
      for (int cy : {a_.y, a_.y + 1}) {
        const i64 f = i64{dy} * (cx - px) - i64{dx} * (cy - py);
        lo = first || f < lo ? f : lo;
        hi = first || f > hi ? f : hi;
        first = false;
      }
    return lo <= 0 && hi >= 0;
  }
  // The columns (or rows) of the squares containing coordinate v / den: one, or two on a line.
  static int containing(i64 v, i64 den, i64 out[2]) {
    const i64 q = floor_div(v, den);
    out[0] = q;
    if (v % den != 0) return 1;
    out[0] = q - 1;
    out[1] = q;
    return 2;
  }
  bool free_point(i64 x, i64 y, i64 den) const {
    i64 xs[2], ys[2];
    const int nx = containing(x, den, xs), ny = containing(y, den, ys);
    for (int i = 0; i < nx; ++i)
      for (int j = 0; j < ny; ++j)
        if (!blocker(xs[i], ys[j])) return true;
    return false;  // every square around the point is opaque: inside their union
  }
  bool in_a(i64 x, i64 y, i64 den) const {
    return x >= a_.x * den && x <= (a_.x + 1) * den && y >= a_.y * den && y <= (a_.y + 1) * den;
  }
  void mark_around(i64 x, i64 y, i64 den) {
    i64 xs[2], ys[2];
    const int nx = containing(x, den, xs), ny = containing(y, den, ys);
    for (int i = 0; i < nx; ++i)
      for (int j = 0; j < ny; ++j) {
        const Point p{static_cast<int>(xs[i]), static_cast<int>(ys[j])};
        if (map_.in_bounds(p)) seen_[p] = 1;
      }
  }

  // Points P + K/den · d: every grid crossing is at some K, and so is a point inside every
  // piece between two crossings.
  void walk(int px, int py, int dx, int dy) {
    const i64 l = dx == 0 || dy == 0 ? 1 : std::lcm(i64{dx}, i64{std::abs(dy)});
    const i64 den = 2 * l;
    i64 k_lo = std::numeric_limits<i64>::min() / 4, k_hi = std::numeric_limits<i64>::max() / 4;
    auto clamp = [&](i64 base, i64 step, i64 limit) {  // 0 <= base + K·step <= limit
      if (step == 0) return;
      const i64 a = ceil_div(step > 0 ? -base : limit - base, step);
      const i64 b = floor_div(step > 0 ? limit - base : -base, step);
      k_lo = a > k_lo ? a : k_lo;
      k_hi = b < k_hi ? b : k_hi;
    };
    clamp(den * px, dx, den * map_.width());
    clamp(den * py, dy, den * map_.height());
    i64 run_start = k_lo;
    bool touches_a = false;
    for (i64 k = k_lo; k <= k_hi + 1; ++k) {
      const i64 x = den * px + k * dx, y = den * py + k * dy;
      const bool free = k <= k_hi && free_point(x, y, den);
      if (free) {
        touches_a = touches_a || in_a(x, y, den);
        continue;
      }
      if (touches_a)
        for (i64 j = run_start; j < k; ++j)
          mark_around(den * px + j * dx, den * py + j * dy, den);
      run_start = k + 1;
      touches_a = false;
    }
  }

  const OpacityMap& map_;
  Point a_;
  Grid<std::uint8_t> seen_;
};

const FovAlgorithm& permissive() {
  return builtin_fovs().get("permissive");
}

using test::random_map;

std::string where(std::uint64_t seed, Point origin, Point p) {
  return "seed " + std::to_string(seed) + " origin (" + std::to_string(origin.x) + "," +
         std::to_string(origin.y) + ") cell (" + std::to_string(p.x) + "," + std::to_string(p.y) +
         ")";
}

TEST(Permissive, MatchesTheExhaustiveOracleOnRandomMaps) {
  for (std::uint64_t seed = 0; seed < 160; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(1, 9), rng.range(1, 9)};
    const OpacityMap map = random_map(rng, size, rng.real(0.0, 0.6));
    for (int k = 0; k < 3; ++k) {
      const Point origin{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
      const Grid<std::uint8_t> expected = PermissiveOracle(map, origin).run();
      VisibleSet out;
      permissive().compute(map, origin, {}, out);
      for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x)
          ASSERT_EQ(out.visible(Point{x, y}), expected[Point(x, y)] != 0)
              << where(seed, origin, {x, y});
    }
  }
}

TEST(Permissive, MatchesTheOracleOnSparseWallsAndPillars) {
  // Few walls and the viewer near a corner: long sight lines grazing many corners, and views
  // wide enough to leap over wall-free levels row by row.
  for (std::uint64_t seed = 0; seed < 24; ++seed) {
    Rng rng(seed + 1000);
    const Size size{rng.range(12, 16), rng.range(12, 16)};
    const OpacityMap map = random_map(rng, size, rng.real(0.0, 0.12));
    Point origin{rng.range(0, 2), rng.range(0, 2)};
    if (rng.chance(0.5)) origin.x = size.width - 1 - origin.x;
    if (rng.chance(0.5)) origin.y = size.height - 1 - origin.y;
    const Grid<std::uint8_t> expected = PermissiveOracle(map, origin).run();
    VisibleSet out;
    permissive().compute(map, origin, {}, out);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x)
        ASSERT_EQ(out.visible(Point{x, y}), expected[Point(x, y)] != 0)
            << where(seed, origin, {x, y});
  }
}

TEST(Permissive, RadiusAndLightWallsOnlyFilterTheUnlimitedView) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(1, 40), rng.range(1, 40)};
    const OpacityMap map = random_map(rng, size, rng.real(0.0, 0.5));
    const Point origin{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
    VisibleSet full, part;
    permissive().compute(map, origin, {}, full);
    FovOptions o;
    o.radius = rng.range(1, 20);
    o.shape = rng.chance(0.5) ? Shape::circle : Shape::square;
    o.light_walls = rng.chance(0.5);
    permissive().compute(map, origin, o, part);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const Point p{x, y};
        const bool expected = full.visible(p) && in_range(p - origin, o) &&
                              (o.light_walls || p == origin || !map.opaque(p));
        ASSERT_EQ(part.visible(p), expected) << where(seed, origin, p);
      }
  }
}

TEST(Permissive, SymmetricForEveryPairOfCells) {
  // The definition treats both ends alike, walls included.
  for (std::uint64_t seed = 0; seed < 150; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(2, 16), rng.range(2, 16)};
    const OpacityMap map = random_map(rng, size, rng.real(0.0, 0.5));
    std::vector<VisibleSet> views(static_cast<std::size_t>(size.area()));
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x)
        permissive().compute(map, {x, y}, {}, views[static_cast<std::size_t>(y * size.width + x)]);
    for (std::size_t i = 0; i < views.size(); ++i)
      for (std::size_t j = i + 1; j < views.size(); ++j) {
        const Point a{static_cast<int>(i) % size.width, static_cast<int>(i) / size.width};
        const Point b{static_cast<int>(j) % size.width, static_cast<int>(j) / size.width};
        ASSERT_EQ(views[i].visible(b), views[j].visible(a)) << where(seed, a, b);
      }
  }
}

TEST(Permissive, SeesEveryCellWithAClearLineBetweenCentres) {
  // Whatever a centre-to-centre test between full squares sees, permissive sees too. (Not so
  // for `symmetric` shadowcasting, whose walls block only the slopes of their centre line: it
  // sees some cells no line from square to square reaches.)
  std::int64_t clear = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(2, 14), rng.range(2, 14)};
    const OpacityMap map = random_map(rng, size, rng.real(0.0, 0.5));
    const Point origin{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
    const PermissiveOracle oracle(map, origin);
    VisibleSet out;
    permissive().compute(map, origin, {}, out);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const Point p{x, y};
        if (map.opaque(p) || !oracle.centre_line_clear(p)) continue;
        ++clear;
        ASSERT_TRUE(out.visible(p)) << where(seed, origin, p);
      }
  }
  EXPECT_GT(clear, 3000);
}

// Cells seen from the '@' of a picture, as a picture: 'x' seen, '.' not.
std::vector<std::string> seen_picture(const std::vector<std::string>& rows) {
  const Level level = test::ascii_level(rows);
  Point origin;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      if (rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '<') origin = {x, y};
  VisibleSet out;
  permissive().compute(OpacityMap::from_tiles(level.tiles), origin, {}, out);
  std::vector<std::string> picture;
  for (int y = 0; y < level.height(); ++y) {
    std::string row;
    for (int x = 0; x < level.width(); ++x)
      row += out.visible(Point{x, y}) ? 'x' : '.';
    picture.push_back(row);
  }
  return picture;
}

TEST(Permissive, SlipsThroughADiagonalGap) {
  // Walls touching at a corner leave a gap the diagonal passes ('<' is the viewer, on stairs);
  // a third wall closes it.
  EXPECT_EQ(seen_picture({"<#.", "#..", "..."}).at(2).at(2), 'x');
  EXPECT_EQ(seen_picture({"<#.", "##.", "..."}).at(2).at(2), '.');
}

TEST(Permissive, RunsAlongTheSideOfAWallButNotBetweenTwo) {
  // Along the left side of the '#' column: open beside it, so the cell below shows.
  EXPECT_EQ(seen_picture({
                "#.<.#",
                "#.#.#",
                "#.#.#",
                "#...#",
            })[3],
            "xxxxx");
  // Walls on both sides of the line at different rows: the line along either side of the
  // middle column meets a pair of walls sharing a side, so the cell straight below is hidden.
  EXPECT_EQ(seen_picture({
                "#.<.#",
                "####.",
                ".##.#",
                "#...#",
            })[3][2],
            '.');
}

TEST(Permissive, AWallBlockHidesWhatIsStraightBehindItButNotAroundIt) {
  // Lines along the middle column's sides run between walls that share a side: blocked. A line
  // from the viewer's lower left corner past the block's corner reaches the far corner cell.
  const std::vector<std::string> seen = seen_picture({
      ".....",
      ".###.",
      ".###.",
      ".....",
      "..<..",
  });
  EXPECT_EQ(seen[0][2], '.');
  EXPECT_EQ(seen[1][2], '.');
  EXPECT_EQ(seen[2][2], 'x');  // the near wall itself
  EXPECT_EQ(seen[0][0], 'x');
  EXPECT_EQ(seen[0][4], 'x');
}

}  // namespace
}  // namespace yendor::fov
