// The `symmetric` FOV against a plain, slow transcription of Ford's definition (recursive, one
// cell at a time, std::vector<bool>, fractions), and its guarantees: symmetry, expansive walls,
// no blind corners, radius and light_walls.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "fov/random_fov_inputs.hpp"
#include "support/ascii_level.hpp"
#include "support/random_cell.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::fov {
namespace {

using test::ascii_level;

// ---- The oracle: Ford's algorithm as written in his article, nothing clever. -------------

struct Fraction {
  std::int64_t num = 0;
  std::int64_t den = 1;  // > 0
};

std::int64_t floor_div_by_positive(std::int64_t n, std::int64_t d) {  // d > 0
  return n >= 0 ? n / d : -((-n + d - 1) / d);
}
// round(depth * f) with halves rounded up / down.
std::int64_t round_ties_up(std::int64_t depth, Fraction f) {
  return floor_div_by_positive(2 * depth * f.num + f.den, 2 * f.den);
}
std::int64_t round_ties_down(std::int64_t depth, Fraction f) {
  return -floor_div_by_positive(f.den - 2 * depth * f.num, 2 * f.den);
}
// col <= depth * f and col >= depth * f.
bool at_most(std::int64_t col, std::int64_t depth, Fraction f) {
  return col * f.den <= depth * f.num;
}
bool at_least(std::int64_t col, std::int64_t depth, Fraction f) {
  return col * f.den >= depth * f.num;
}
Fraction slope(std::int64_t depth, std::int64_t col) {
  return {2 * col - 1, 2 * depth};
}

class OracleFov {
 public:
  OracleFov(std::vector<bool> wall, Size size) : wall_(std::move(wall)), size_(size) {}

  // Unlimited radius, light_walls, the origin marked.
  std::vector<bool> compute(Point origin) {
    origin_ = origin;
    seen_.assign(wall_.size(), false);
    seen_[index(origin)] = true;
    for (quadrant_ = 0; quadrant_ < 4; ++quadrant_)
      scan(1, {-1, 1}, {1, 1});
    return seen_;
  }

  bool wall(Point p) const { return !inside(p) || wall_[index(p)]; }
  bool inside(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }
  std::size_t index(Point p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size_.width) +
           static_cast<std::size_t>(p.x);
  }

 private:
  Point transform(std::int64_t depth, std::int64_t col) const {
    const int d = static_cast<int>(depth), c = static_cast<int>(col);
    switch (quadrant_) {
      case 0:
        return {origin_.x + c, origin_.y - d};
      case 1:
        return {origin_.x + c, origin_.y + d};
      case 2:
        return {origin_.x + d, origin_.y + c};
      default:
        return {origin_.x - d, origin_.y + c};
    }
  }

  void scan(std::int64_t depth, Fraction start, Fraction end) {
    int prev = -1;  // -1 none yet, 0 floor, 1 wall
    for (std::int64_t col = round_ties_up(depth, start); col <= round_ties_down(depth, end);
         ++col) {
      const Point p = transform(depth, col);
      const bool is_wall = wall(p);
      const bool symmetric = at_least(col, depth, start) && at_most(col, depth, end);
      if ((is_wall || symmetric) && inside(p)) seen_[index(p)] = true;
      if (prev == 1 && !is_wall) start = slope(depth, col);
      if (prev == 0 && is_wall) scan(depth + 1, start, slope(depth, col));
      prev = is_wall ? 1 : 0;
    }
    if (prev == 0) scan(depth + 1, start, end);
  }

  std::vector<bool> wall_;
  Size size_;
  Point origin_;
  int quadrant_ = 0;
  std::vector<bool> seen_;
};

// ---- Maps ----------------------------------------------------------------------------------

struct RandomMap {
  Size size;
  std::vector<bool> wall;
  OpacityMap opacity;
};

RandomMap random_wall_map(Rng& rng, int min_side = 5, int max_side = 40) {
  RandomMap m;
  m.size = {rng.range(min_side, max_side), rng.range(min_side, max_side)};
  const double density = rng.real(0.1, 0.6);
  m.wall.resize(static_cast<std::size_t>(m.size.area()));
  for (std::size_t i = 0; i < m.wall.size(); ++i)
    m.wall[i] = rng.chance(density);
  const auto w = static_cast<std::size_t>(m.size.width);
  m.opacity = OpacityMap::from(m.size, [&](Point p) {
    return m.wall[static_cast<std::size_t>(p.y) * w + static_cast<std::size_t>(p.x)];
  });
  return m;
}

using test::random_cell;

std::vector<Point> transparent_cells(const OpacityMap& map) {
  std::vector<Point> cells;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x)
      if (!map.opaque({x, y})) cells.push_back({x, y});
  return cells;
}

using test::random_options;

const FovAlgorithm& symmetric() {
  return builtin_fovs().get("symmetric");
}

Level generated(std::string_view generator, Size size, std::uint64_t seed) {
  const Generator& g = builtin_generators().get(generator);
  return generate_level(g, size, seed, g.info().schema.defaults());
}

// ---- Against the oracle ---------------------------------------------------------------------

// The oracle's unlimited view cut down to the options: in range, and opaque cells only with
// light_walls (the origin always).
bool oracle_marks(const OracleFov& oracle, const std::vector<bool>& seen, Point origin, Point p,
                  const FovOptions& o) {
  if (p == origin) return true;
  if (!seen[oracle.index(p)] || !in_range(p - origin, o)) return false;
  return o.light_walls || !oracle.wall(p);
}

void expect_matches_oracle(const OpacityMap& map, OracleFov& oracle, Point origin,
                           const std::vector<FovOptions>& options, VisibleSet& out,
                           const std::string& what) {
  const std::vector<bool> seen = oracle.compute(origin);
  for (const FovOptions& o : options) {
    symmetric().compute(map, origin, o, out);
    int wrong = 0;
    for (int y = 0; y < map.height() && wrong < 3; ++y)
      for (int x = 0; x < map.width() && wrong < 3; ++x) {
        const bool want = oracle_marks(oracle, seen, origin, {x, y}, o);
        if (out.visible({x, y}) != want) {
          ++wrong;
          ADD_FAILURE() << what << " origin (" << origin.x << "," << origin.y << ") radius "
                        << o.radius << (o.shape == Shape::circle ? " circle" : " square")
                        << (o.light_walls ? " light_walls" : "") << ": cell (" << x << "," << y
                        << ") " << (want ? "missing" : "extra");
        }
      }
  }
}

TEST(SymmetricFov, MatchesFordsDefinitionOnRandomMaps) {
  Rng rng(501);
  VisibleSet out;
  for (int i = 0; i < 3000; ++i) {
    RandomMap m = random_wall_map(rng);
    OracleFov oracle(m.wall, m.size);
    std::vector<FovOptions> options{{}, random_options(rng, 25), random_options(rng, 25)};
    options.push_back({0, Shape::circle, false});
    for (int k = 0; k < 2; ++k)
      expect_matches_oracle(m.opacity, oracle, random_cell(rng, m.size), options, out,
                            "map " + std::to_string(i));
    if (HasFailure()) return;
  }
}

TEST(SymmetricFov, MatchesFordsDefinitionOnLevels) {
  Rng rng(502);
  VisibleSet out;
  for (const char* name : {"caves", "rooms", "maze"})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Level level = generated(name, {90, 60}, seed);
      const OpacityMap map = OpacityMap::from_tiles(level.tiles);
      std::vector<bool> wall(static_cast<std::size_t>(level.tiles.size().area()));
      for (std::size_t i = 0; i < wall.size(); ++i)
        wall[i] = !tile_info(level.tiles[i]).transparent;
      OracleFov oracle(wall, map.size());
      const std::vector<Point> cells = transparent_cells(map);
      for (int k = 0; k < 8; ++k)
        expect_matches_oracle(map, oracle, rng.pick(cells),
                              {{}, {9, Shape::circle, true}, {6, Shape::square, false}}, out,
                              std::string(name) + " seed " + std::to_string(seed));
    }
}

TEST(SymmetricFov, MatchesFordsDefinitionOnALargeCave) {
  const Level level = generated("caves", {300, 300}, 7);
  const OpacityMap map = OpacityMap::from_tiles(level.tiles);
  std::vector<bool> wall(static_cast<std::size_t>(level.tiles.size().area()));
  for (std::size_t i = 0; i < wall.size(); ++i)
    wall[i] = !tile_info(level.tiles[i]).transparent;
  OracleFov oracle(wall, map.size());
  Rng rng(503);
  const std::vector<Point> cells = transparent_cells(map);
  VisibleSet out;
  for (int k = 0; k < 6; ++k)
    expect_matches_oracle(map, oracle, rng.pick(cells), {{}, {40, Shape::circle, true}}, out,
                          "300x300 cave");
}

// ---- Symmetry -------------------------------------------------------------------------------

// For each options set: b in FOV(a) <=> a in FOV(b), over every pair of `viewers`.
void expect_symmetric(const OpacityMap& map, const std::vector<Point>& viewers, const FovOptions& o,
                      const std::string& what) {
  std::vector<VisibleSet> views(viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i)
    symmetric().compute(map, viewers[i], o, views[i]);
  for (std::size_t i = 0; i < viewers.size(); ++i)
    for (std::size_t j = i + 1; j < viewers.size(); ++j)
      if (views[i].visible(viewers[j]) != views[j].visible(viewers[i])) {
        ADD_FAILURE() << what << " radius " << o.radius
                      << (o.shape == Shape::circle ? " circle" : " square") << ": (" << viewers[i].x
                      << "," << viewers[i].y << ") "
                      << (views[i].visible(viewers[j]) ? "sees" : "does not see") << " ("
                      << viewers[j].x << "," << viewers[j].y << ") but not the reverse";
        return;
      }
}

TEST(SymmetricFov, SymmetricOnRandomMaps) {
  Rng rng(511);
  for (int i = 0; i < 3000 && !HasFailure(); ++i) {
    const RandomMap m = random_wall_map(rng);
    std::vector<Point> cells = transparent_cells(m.opacity);
    if (cells.size() < 2) continue;
    rng.shuffle(cells);
    cells.resize(std::min<std::size_t>(cells.size(), 10));
    const std::string what = "map " + std::to_string(i);
    expect_symmetric(m.opacity, cells, {}, what);
    expect_symmetric(m.opacity, cells, {rng.range(1, 20), Shape::circle, true}, what);
    expect_symmetric(m.opacity, cells, {rng.range(1, 20), Shape::square, false}, what);
  }
}

TEST(SymmetricFov, SymmetricForEveryPairOnSmallMaps) {
  Rng rng(512);
  for (int i = 0; i < 150 && !HasFailure(); ++i) {
    const RandomMap m = random_wall_map(rng, 5, 16);
    expect_symmetric(m.opacity, transparent_cells(m.opacity), {}, "map " + std::to_string(i));
    expect_symmetric(m.opacity, transparent_cells(m.opacity),
                     {rng.range(1, 8), Shape::circle, true}, "map " + std::to_string(i));
  }
}

TEST(SymmetricFov, SymmetricOnLevels) {
  Rng rng(513);
  for (const char* name : {"caves", "rooms", "maze"})
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Level level = generated(name, {80, 50}, seed);
      const OpacityMap map = OpacityMap::from_tiles(level.tiles);
      std::vector<Point> cells = transparent_cells(map);
      rng.shuffle(cells);
      cells.resize(std::min<std::size_t>(cells.size(), 60));
      const std::string what = std::string(name) + " seed " + std::to_string(seed);
      expect_symmetric(map, cells, {}, what);
      expect_symmetric(map, cells, {9, Shape::circle, true}, what);
      expect_symmetric(map, cells, {12, Shape::square, true}, what);
    }
}

// ---- Guarantees on small pictures -----------------------------------------------------------

// The picture's cells marked 'x' (a floor) are expected visible from '@', those marked 'o'
// (a floor) not; every other cell is ignored.
struct Picture {
  OpacityMap map;
  Point origin;
  std::vector<Point> seen, hidden;
};

Picture picture(std::vector<std::string> rows) {
  Picture p;
  for (int y = 0; y < static_cast<int>(rows.size()); ++y)
    for (int x = 0; x < static_cast<int>(rows[static_cast<std::size_t>(y)].size()); ++x) {
      char& c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if (c == '@') p.origin = {x, y};
      if (c == 'x') p.seen.push_back({x, y});
      if (c == 'o') p.hidden.push_back({x, y});
      if (c == '@' || c == 'x' || c == 'o') c = '.';
    }
  p.map = OpacityMap::from_tiles(ascii_level(rows).tiles);
  return p;
}

void expect_picture(const std::vector<std::string>& rows) {
  const Picture p = picture(rows);
  VisibleSet out;
  symmetric().compute(p.map, p.origin, {}, out);
  for (Point c : p.seen)
    EXPECT_TRUE(out.visible(c)) << "(" << c.x << "," << c.y << ") should be seen";
  for (Point c : p.hidden)
    EXPECT_FALSE(out.visible(c)) << "(" << c.x << "," << c.y << ") should be hidden";
}

TEST(SymmetricFov, ConvexRoomSeesAllItsFloorAndWalls) {
  // Expansive walls: from anywhere in a rectangular room, every wall of it shows.
  Rng rng(521);
  VisibleSet out;
  for (int i = 0; i < 300; ++i) {
    const Size size{rng.range(3, 30), rng.range(3, 30)};
    OpacityMap map(size);
    for (int x = 0; x < size.width; ++x) {
      map.set_opaque({x, 0}, true);
      map.set_opaque({x, size.height - 1}, true);
    }
    for (int y = 0; y < size.height; ++y) {
      map.set_opaque({0, y}, true);
      map.set_opaque({size.width - 1, y}, true);
    }
    const Point origin{rng.range(1, std::max(1, size.width - 2)),
                       rng.range(1, std::max(1, size.height - 2))};
    symmetric().compute(map, origin, {}, out);
    ASSERT_EQ(out.count(), size.area())
        << size.width << "x" << size.height << " from (" << origin.x << "," << origin.y << ")";
  }
}

TEST(SymmetricFov, WallsAlongACorridorAllShow) {
  // Expansive walls in Ford's corridor picture: every wall cell of the corridor shows.
  const Picture p = picture({
      "##############",
      "@.............",
      "##############",
  });
  VisibleSet out;
  symmetric().compute(p.map, p.origin, {}, out);
  EXPECT_EQ(out.count(), 3 * 14);
}

TEST(SymmetricFov, NoBlindCorners) {
  // At the bend of a corridor both legs show; one step before it the cell around the corner does.
  expect_picture({
      "#######",
      "#@xxxx.",
      "#x#####",
      "#x#####",
      "#x#####",
  });
  expect_picture({
      "#######",
      "#.xooo.",
      "#.#####",
      "#@#####",
      "#.#####",
  });
  // Beside a pillar, the cells diagonally past its corner show.
  expect_picture({
      ".......",
      "..x.x..",
      "...#...",
      "...@...",
      ".......",
  });
}

TEST(SymmetricFov, PillarShadowWidensWithDistance) {
  // A pillar next to the viewer shades the slopes (-1/2, 1/2): at depth d the columns with
  // |c| < d/2; a cell whose centre is on the shadow's edge still shows.
  expect_picture({
      "xooooox",
      ".xooox.",
      "..ooo..",
      "..xox..",
      "...#...",
      "...@...",
  });
}

TEST(SymmetricFov, NothingBehindAFullWallRow) {
  Rng rng(522);
  VisibleSet out;
  for (int i = 0; i < 500; ++i) {
    RandomMap m = random_wall_map(rng, 5, 30);
    const int wall_y = rng.range(1, m.size.height - 2);
    for (int x = 0; x < m.size.width; ++x)
      m.opacity.set_opaque({x, wall_y}, true);
    const Point origin{rng.range(0, m.size.width - 1), rng.range(wall_y + 1, m.size.height - 1)};
    symmetric().compute(m.opacity, origin, {}, out);
    for (int y = 0; y < wall_y; ++y)
      for (int x = 0; x < m.size.width; ++x)
        ASSERT_FALSE(out.visible({x, y})) << "map " << i;
  }
}

TEST(SymmetricFov, NeighboursAndOriginAlwaysShow) {
  Rng rng(523);
  VisibleSet out;
  for (int i = 0; i < 1000; ++i) {
    const RandomMap m = random_wall_map(rng, 5, 20);
    const Point origin = random_cell(rng, m.size);  // opaque origins too
    FovOptions o = random_options(rng, 25);
    o.light_walls = true;
    symmetric().compute(m.opacity, origin, o, out);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const Point p = origin + Point{dx, dy};
        if (m.opacity.in_bounds(p)) {
          ASSERT_TRUE(out.visible(p)) << "map " << i;
        }
      }
    o.light_walls = false;
    symmetric().compute(m.opacity, origin, o, out);
    EXPECT_TRUE(out.visible(origin));
  }
}

TEST(SymmetricFov, WithoutLightWallsNoOpaqueCellButTheOrigin) {
  Rng rng(524);
  VisibleSet out;
  for (int i = 0; i < 1000; ++i) {
    const RandomMap m = random_wall_map(rng);
    const Point origin = random_cell(rng, m.size);
    FovOptions o = random_options(rng, 25);
    o.light_walls = false;
    symmetric().compute(m.opacity, origin, o, out);
    out.for_each([&](Point p) {
      if (p != origin) {
        EXPECT_FALSE(m.opacity.opaque(p)) << "map " << i;
      }
    });
  }
}

TEST(SymmetricFov, RadiusCoversExactlyTheCellsInRange) {
  // On an open map the view is exactly the range: the circle is dx² + dy² <= r(r+1).
  const OpacityMap open({81, 81});
  const Point centre{40, 40};
  VisibleSet out;
  for (int r = 1; r <= 40; ++r)
    for (Shape shape : {Shape::circle, Shape::square}) {
      const FovOptions o{r, shape, true};
      symmetric().compute(open, centre, o, out);
      std::int64_t in = 0;
      for (int y = 0; y < 81; ++y)
        for (int x = 0; x < 81; ++x) {
          const bool want = in_range(Point{x, y} - centre, o);
          in += want ? 1 : 0;
          ASSERT_EQ(out.visible({x, y}), want) << "radius " << r << " at (" << x << "," << y << ")";
        }
      EXPECT_EQ(out.count(), in);
    }
  // Radius 1: r(r+1) = 2 takes in the diagonals; radius 2 (6) not (2,2), but (2,1).
  symmetric().compute(open, centre, {1, Shape::circle, true}, out);
  EXPECT_EQ(out.count(), 9);
  symmetric().compute(open, centre, {2, Shape::circle, true}, out);
  EXPECT_FALSE(out.visible(centre + Point{2, 2}));
  EXPECT_TRUE(out.visible(centre + Point{2, 1}));
}

TEST(SymmetricFov, WallsBeyondTheRadiusStillBlock) {
  // A radius changes only what is marked, never what blocks: the view is the unlimited view
  // cut to the range.
  Rng rng(525);
  VisibleSet unlimited, limited;
  for (int i = 0; i < 1000; ++i) {
    const RandomMap m = random_wall_map(rng);
    const Point origin = random_cell(rng, m.size);
    FovOptions o = random_options(rng, 25);
    o.radius = rng.range(1, 20);
    symmetric().compute(m.opacity, origin, {0, o.shape, o.light_walls}, unlimited);
    symmetric().compute(m.opacity, origin, o, limited);
    for (int y = 0; y < m.size.height; ++y)
      for (int x = 0; x < m.size.width; ++x) {
        const Point p{x, y};
        ASSERT_EQ(limited.visible(p), unlimited.visible(p) && in_range(p - origin, o))
            << "map " << i;
      }
  }
}

TEST(SymmetricFov, ReusingTheResultEqualsAFreshOne) {
  // compute() clears only what the last call marked: results into one reused set (across map
  // sizes too) equal results into fresh sets.
  Rng rng(526);
  VisibleSet reused;
  for (int i = 0; i < 1000; ++i) {
    const RandomMap m = random_wall_map(rng, 1, 70);
    const Point origin = random_cell(rng, m.size);
    const FovOptions o = random_options(rng, 25);
    VisibleSet fresh;
    symmetric().compute(m.opacity, origin, o, fresh);
    symmetric().compute(m.opacity, origin, o, reused);
    ASSERT_EQ(reused.to_grid(), fresh.to_grid()) << "map " << i;
    ASSERT_EQ(reused.count(), fresh.count());
  }
}

TEST(SymmetricFov, EdgesOfTheMapAreWalls) {
  // On a 1-cell map and on single rows and columns, nothing past the edge is reached.
  VisibleSet out;
  symmetric().compute(OpacityMap({1, 1}), {0, 0}, {}, out);
  EXPECT_EQ(out.count(), 1);
  symmetric().compute(OpacityMap({200, 1}), {70, 0}, {}, out);
  EXPECT_EQ(out.count(), 200);
  symmetric().compute(OpacityMap({1, 200}), {0, 130}, {5, Shape::circle, true}, out);
  EXPECT_EQ(out.count(), 11);
}

TEST(SymmetricFov, BadInput) {
  const OpacityMap map({10, 10});
  VisibleSet out;
  EXPECT_THROW(symmetric().compute(map, {10, 0}, {}, out), InputError);
  EXPECT_THROW(symmetric().compute(map, {-1, 3}, {}, out), InputError);
  EXPECT_THROW(symmetric().compute(map, {1, 1}, {-1, Shape::circle, true}, out), InputError);
  EXPECT_THROW(symmetric().compute(map, {1, 1}, {k_max_radius + 1, Shape::circle, true}, out),
               InputError);
  EXPECT_THROW(symmetric().compute(OpacityMap({0, 0}), {0, 0}, {}, out), InputError);
}

TEST(SymmetricFov, RegisteredAsTheSymmetricDefault) {
  const FovAlgorithm& fov = builtin_fovs().get(k_default_fov);
  EXPECT_EQ(&fov, &symmetric());
  EXPECT_EQ(fov.info().name, "symmetric");
  EXPECT_TRUE(fov.info().symmetric);
  EXPECT_FALSE(fov.info().summary.empty());
  EXPECT_FALSE(fov.info().source.empty());
  EXPECT_FALSE(fov.info().description.empty());
}

}  // namespace
}  // namespace yendor::fov
