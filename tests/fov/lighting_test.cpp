// compute_lighting: the union of each source's field of view (circle of its radius, walls lit),
// sources outside the map lighting nothing, bad radii refused before anything is lit.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fov/random_fov_inputs.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/lighting.hpp"

namespace yendor::fov {
namespace {

using test::random_map;

std::vector<LightSource> random_sources(Rng& rng, Size size, int count) {
  std::vector<LightSource> sources;
  for (int i = 0; i < count; ++i) {
    // Some fall outside the map.
    const Point p{rng.range(-3, size.width + 2), rng.range(-3, size.height + 2)};
    sources.push_back({p, rng.range(1, 9)});
  }
  return sources;
}

TEST(Lighting, IsTheUnionOfEachSourcesView) {
  VisibleSet lit, scratch;  // reused across sizes
  for (const char* name : {"recursive", "raycast", "permissive"}) {
    const FovAlgorithm& algorithm = builtin_fovs().get(name);
    for (std::uint64_t seed = 0; seed < 150; ++seed) {
      Rng rng(seed);
      const Size size{rng.range(1, 40), rng.range(1, 40)};
      const OpacityMap map = random_map(rng, size, rng.real(0.0, 0.5));
      const std::vector<LightSource> sources = random_sources(rng, size, rng.range(0, 6));
      compute_lighting(map, sources, algorithm, lit, scratch);
      ASSERT_EQ(lit.size(), size);
      Grid<std::uint8_t> expected(size, 0);
      for (const LightSource& s : sources) {
        if (!map.in_bounds(s.position)) continue;
        FovOptions o;
        o.radius = s.radius;
        o.shape = Shape::circle;
        o.light_walls = true;
        VisibleSet one;
        algorithm.compute(map, s.position, o, one);
        one.for_each([&](Point p) { expected[p] = 1; });
      }
      ASSERT_EQ(lit.to_grid(), expected) << name << " seed " << seed;
    }
  }
}

TEST(Lighting, LitCellsAreWithinSomeSourcesRadiusAndWallsAreLit) {
  const FovAlgorithm& algorithm = builtin_fovs().get("recursive");
  Rng rng(5);
  const OpacityMap map = random_map(rng, {30, 20}, 0.3);
  const std::vector<LightSource> sources{{{5, 5}, 3}, {{20, 12}, 5}, {{29, 0}, 1}};
  VisibleSet lit, scratch;
  compute_lighting(map, sources, algorithm, lit, scratch);
  bool wall_lit = false;
  lit.for_each([&](Point p) {
    bool near = false;
    for (const LightSource& s : sources) {
      const Point d = p - s.position;
      near = near || d.x * d.x + d.y * d.y <= s.radius * (s.radius + 1);
    }
    EXPECT_TRUE(near) << "(" << p.x << "," << p.y << ")";
    wall_lit = wall_lit || map.opaque(p);
  });
  EXPECT_TRUE(wall_lit);
  for (const LightSource& s : sources)
    EXPECT_TRUE(lit.visible(s.position));
}

TEST(Lighting, SourcesOutsideTheMapLightNothing) {
  const FovAlgorithm& algorithm = builtin_fovs().get("recursive");
  const OpacityMap map({12, 8});
  const std::vector<LightSource> outside{{{-1, 3}, 5}, {{12, 0}, 9}, {{4, 8}, 2}, {{-5, -5}, 1}};
  VisibleSet lit({3, 3}), scratch;
  lit.mark({1, 1});
  compute_lighting(map, outside, algorithm, lit, scratch);
  EXPECT_EQ(lit.size(), map.size());
  EXPECT_TRUE(lit.empty());
  compute_lighting(map, {}, algorithm, lit, scratch);
  EXPECT_TRUE(lit.empty());
}

TEST(Lighting, EachCallStartsDark) {
  const FovAlgorithm& algorithm = builtin_fovs().get("recursive");
  const OpacityMap map({20, 20});
  VisibleSet lit, scratch;
  const std::vector<LightSource> first{{{3, 3}, 2}}, second{{{15, 15}, 2}};
  compute_lighting(map, first, algorithm, lit, scratch);
  EXPECT_TRUE(lit.visible(Point{3, 3}));
  compute_lighting(map, second, algorithm, lit, scratch);
  EXPECT_FALSE(lit.visible(Point{3, 3}));
  EXPECT_TRUE(lit.visible(Point{15, 15}));
}

TEST(Lighting, RejectsRadiiOutsideOneToTheMaximum) {
  const FovAlgorithm& algorithm = builtin_fovs().get("recursive");
  const OpacityMap map({10, 10});
  VisibleSet lit, scratch;
  for (int radius : {0, -1, -50, k_max_radius + 1}) {
    // Checked before anything is lit, whether the source is inside the map or not.
    const std::vector<LightSource> sources{{{2, 2}, 3}, {{5, 5}, radius}};
    EXPECT_THROW(compute_lighting(map, sources, algorithm, lit, scratch), InputError);
    const std::vector<LightSource> outside{{{-4, 2}, radius}};
    EXPECT_THROW(compute_lighting(map, outside, algorithm, lit, scratch), InputError);
  }
}

}  // namespace
}  // namespace yendor::fov
