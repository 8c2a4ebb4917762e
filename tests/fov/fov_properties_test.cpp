// Properties every registered FOV algorithm must have, checked on thousands of random maps and
// on real levels: the origin is seen, nothing outside the map or the range is marked, sight
// never passes through walls, light_walls=false hides every wall, symmetric algorithms are
// symmetric, results are deterministic and independent of what the output set held before,
// open maps are seen whole and closed rooms exactly. A new algorithm is covered by registering
// it.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "fov/random_fov_inputs.hpp"
#include "support/random_cell.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::fov {
namespace {

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const FovAlgorithm* a : builtin_fovs().all())
    names.push_back(a->info().name);
  return names;
}

using test::random_map;

using test::random_cell;

using test::random_options;

std::string describe(Size size, Point origin, const FovOptions& o) {
  return std::to_string(size.width) + "x" + std::to_string(size.height) + " from (" +
         std::to_string(origin.x) + "," + std::to_string(origin.y) + ") radius " +
         std::to_string(o.radius) + (o.shape == Shape::circle ? " circle" : " square") +
         (o.light_walls ? " light_walls" : "");
}

// The cells sight may reach without passing through a wall: the 8-connected component of
// transparent cells that contains the origin (the origin counts as transparent, whatever it
// holds), plus the opaque cells 8-adjacent to that component. Flood fill with an explicit stack.
Grid<std::uint8_t> reachable_by_sight(const OpacityMap& map, Point origin) {
  Grid<std::uint8_t> component(map.size(), 0), allowed(map.size(), 0);
  std::vector<Point> stack{origin};
  component[origin] = 1;
  while (!stack.empty()) {
    const Point p = stack.back();
    stack.pop_back();
    allowed[p] = 1;
    for (Point d : k_directions8) {
      const Point q = p + d;
      if (!map.in_bounds(q) || component[q] != 0) continue;
      if (map.opaque(q)) {
        allowed[q] = 1;
        continue;
      }
      component[q] = 1;
      stack.push_back(q);
    }
  }
  return allowed;
}

class EveryFov : public ::testing::TestWithParam<std::string> {
 protected:
  const FovAlgorithm& fov() const { return builtin_fovs().get(GetParam()); }

  // Every invariant that holds for one call.
  void expect_sound(const OpacityMap& map, Point origin, const FovOptions& o,
                    const std::string& context) const {
    VisibleSet out;
    fov().compute(map, origin, o, out);
    ASSERT_EQ(out.size(), map.size()) << context;
    EXPECT_TRUE(out.visible(origin)) << context;
    if (!out.empty()) {
      EXPECT_TRUE((Rect{0, 0, map.width(), map.height()}.contains(out.bounds()))) << context;
    }
    // The box holds every marked bit: clearing it must leave nothing for the next call.
    const Rect box = out.bounds();
    for (int y = 0; y < map.height(); ++y)
      for (int x = 0; x < map.width(); ++x)
        if (out.visible({x, y}) && !box.contains(Point{x, y}))
          FAIL() << context << ": (" << x << "," << y << ") marked outside bounds()";
    const Grid<std::uint8_t> allowed = reachable_by_sight(map, origin);
    int failures = 0;
    out.for_each([&](Point p) {
      if (failures > 3) return;
      const bool ok_range = in_range(p - origin, o);
      const bool ok_walls = allowed[p] != 0;
      const bool ok_light = o.light_walls || p == origin || !map.opaque(p);
      if (!ok_range || !ok_walls || !ok_light) {
        ++failures;
        ADD_FAILURE() << context << ": (" << p.x << "," << p.y << ") marked"
                      << (ok_range ? "" : " out of range") << (ok_walls ? "" : " behind a wall")
                      << (ok_light ? "" : " although opaque without light_walls");
      }
    });
  }
};

TEST_P(EveryFov, SoundOnThousandsOfRandomMaps) {
  for (std::uint64_t seed = 0; seed < 2500; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(3, 40), rng.range(3, 40)};
    const double density = rng.real(0.0, 0.6);
    const OpacityMap map = random_map(rng, size, density);
    const Point origin = random_cell(rng, size);
    const FovOptions o = random_options(rng, 16);
    expect_sound(map, origin, o, "seed " + std::to_string(seed) + " " + describe(size, origin, o));
    if (HasFailure()) return;
  }
}

TEST_P(EveryFov, SoundOnGeneratedLevels) {
  for (const char* name : {"caves", "rooms", "maze"}) {
    const Generator& g = builtin_generators().get(name);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const Level level = generate_level(g, {80, 50}, seed, {});
      const OpacityMap map = OpacityMap::from_tiles(level.tiles);
      Rng rng(seed);
      for (int i = 0; i < 12; ++i) {
        Point origin = random_cell(rng, level.size());
        while (!is_traversable(level.tiles[origin]))
          origin = random_cell(rng, level.size());
        const FovOptions o = random_options(rng, 16);
        expect_sound(map, origin, o,
                     std::string(name) + " seed " + std::to_string(seed) + " " +
                         describe(level.size(), origin, o));
      }
    }
  }
}

TEST_P(EveryFov, RadiusOnAnOpenMapIsExactlyTheRange) {
  // Nothing blocks, so the range alone decides: every in-range cell and nothing else.
  Rng rng(7);
  for (int radius : {1, 2, 3, 5, 9, 14}) {
    for (Shape shape : {Shape::circle, Shape::square}) {
      for (int trial = 0; trial < 6; ++trial) {
        const Size size{rng.range(1, 40), rng.range(1, 40)};
        const OpacityMap map(size);
        const Point origin = random_cell(rng, size);
        FovOptions o;
        o.radius = radius;
        o.shape = shape;
        VisibleSet out;
        fov().compute(map, origin, o, out);
        const std::string context = describe(size, origin, o);
        for (int y = 0; y < size.height; ++y)
          for (int x = 0; x < size.width; ++x)
            ASSERT_EQ(out.visible(Point{x, y}), in_range(Point{x, y} - origin, o))
                << context << " at (" << x << "," << y << ")";
      }
    }
  }
}

TEST_P(EveryFov, UnlimitedOnAnOpenMapSeesEveryCell) {
  Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const Size size{rng.range(1, 60), rng.range(1, 60)};
    const Point origin = random_cell(rng, size);
    VisibleSet out;
    fov().compute(OpacityMap(size), origin, {}, out);
    ASSERT_EQ(out.count(), size.area()) << describe(size, origin, {});
  }
}

TEST_P(EveryFov, ClosedRoomShowsExactlyTheRoomAndItsWalls) {
  Rng rng(13);
  for (int trial = 0; trial < 300; ++trial) {
    const Size size{rng.range(3, 40), rng.range(3, 40)};
    // A ring of wall around a floor rectangle, anything at all outside it.
    const int w = rng.range(1, size.width - 2), h = rng.range(1, size.height - 2);
    const Rect room{rng.range(1, size.width - 1 - w), rng.range(1, size.height - 1 - h), w, h};
    const Rect ring = room.expanded(1);
    OpacityMap map = random_map(rng, size, 0.4);
    for (int y = ring.top(); y <= ring.bottom(); ++y)
      for (int x = ring.left(); x <= ring.right(); ++x)
        map.set_opaque({x, y}, !room.contains(Point{x, y}));
    const Point origin{rng.range(room.left(), room.right()), rng.range(room.top(), room.bottom())};
    for (bool light_walls : {true, false}) {
      FovOptions o;
      o.light_walls = light_walls;
      VisibleSet out;
      fov().compute(map, origin, o, out);
      const std::string context = describe(size, origin, o);
      for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x) {
          const Point p{x, y};
          const bool expected = light_walls ? ring.contains(p) : room.contains(p);
          ASSERT_EQ(out.visible(p), expected) << context << " at (" << x << "," << y << ")";
        }
    }
  }
}

// Its FovInfo tells the truth: a symmetric algorithm never disagrees on a pair, and one that
// does not claim symmetry shows at least one asymmetric pair on these maps.
TEST_P(EveryFov, SymmetricExactlyWhenItSaysSo) {
  const bool claimed = fov().info().symmetric;
  std::int64_t pairs = 0, asymmetric = 0;
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(3, 32), rng.range(3, 32)};
    const OpacityMap map = random_map(rng, size, rng.real(0.05, 0.5));
    FovOptions o;
    if (rng.chance(0.5)) o.radius = rng.range(1, 12);
    o.shape = rng.chance(0.5) ? Shape::circle : Shape::square;
    std::vector<Point> cells;
    for (int tries = 0; tries < 60 && cells.size() < 6; ++tries) {
      const Point p = random_cell(rng, size);
      if (!map.opaque(p)) cells.push_back(p);
    }
    std::vector<VisibleSet> views(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i)
      fov().compute(map, cells[i], o, views[i]);
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (std::size_t j = i + 1; j < cells.size(); ++j) {
        ++pairs;
        const bool agree = views[i].visible(cells[j]) == views[j].visible(cells[i]);
        if (!agree) ++asymmetric;
        if (claimed) {
          ASSERT_TRUE(agree) << "seed " << seed << " " << describe(size, cells[i], o) << " and ("
                             << cells[j].x << "," << cells[j].y << ")";
        }
      }
  }
  EXPECT_GT(pairs, 5000);
  if (!claimed) {
    EXPECT_GT(asymmetric, 0) << GetParam() << " says it is not symmetric";
  }
}

TEST_P(EveryFov, DeterministicAndIndependentOfTheOutputsPast) {
  // One set reused across maps that grow and shrink gives what a fresh set gives.
  VisibleSet reused;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    Rng rng(seed);
    const Size size{rng.range(1, 48), rng.range(1, 48)};
    const OpacityMap map = random_map(rng, size, rng.real(0.0, 0.5));
    const Point origin = random_cell(rng, size);
    const FovOptions o = random_options(rng, 16);
    VisibleSet fresh, again;
    fov().compute(map, origin, o, fresh);
    fov().compute(map, origin, o, again);
    fov().compute(map, origin, o, reused);
    const std::string context = "seed " + std::to_string(seed) + " " + describe(size, origin, o);
    ASSERT_EQ(fresh.to_grid(), again.to_grid()) << context;
    ASSERT_EQ(fresh.to_grid(), reused.to_grid()) << context;
    ASSERT_EQ(fresh.count(), reused.count()) << context;
  }
}

TEST_P(EveryFov, RejectsOriginsOutsideTheMapAndBadRadii) {
  const OpacityMap map({10, 7});
  VisibleSet out;
  for (Point p : {Point{-1, 0}, Point{0, -1}, Point{10, 0}, Point{0, 7}, Point{50, 50}})
    EXPECT_THROW(fov().compute(map, p, {}, out), InputError);
  FovOptions o;
  for (int radius : {-1, -100, k_max_radius + 1}) {
    o.radius = radius;
    EXPECT_THROW(fov().compute(map, {3, 3}, o, out), InputError);
  }
  EXPECT_THROW(fov().compute(OpacityMap(Size{0, 0}), Point{0, 0}, {}, out), InputError);
}

INSTANTIATE_TEST_SUITE_P(Builtin, EveryFov, ::testing::ValuesIn(registered_names()),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace yendor::fov
