// Steady-state FOV work allocates nothing: every registered algorithm, line of sight and
// lighting, once their buffers are warm. This binary counts every operator new
// (support/counting_allocator.cpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/counting_allocator.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/fov/lighting.hpp"
#include "yendor/fov/line_of_sight.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::fov {
namespace {

using test::AllocationCounter;

const OpacityMap& cave() {
  static const OpacityMap map = [] {
    const Generator& g = builtin_generators().get("caves");
    return OpacityMap::from_tiles(
        generate_level(g, {200, 120}, 31, g.info().schema.defaults()).tiles);
  }();
  return map;
}

std::vector<Point> viewers(const OpacityMap& map, int count) {
  std::vector<Point> cells;
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x)
      if (!map.opaque({x, y})) cells.push_back({x, y});
  Rng rng(901);
  rng.shuffle(cells);
  cells.resize(static_cast<std::size_t>(count));
  return cells;
}

class EveryFov : public testing::TestWithParam<std::string> {};

TEST_P(EveryFov, WarmComputeAllocatesNothing) {
  const FovAlgorithm& fov = builtin_fovs().get(GetParam());
  const OpacityMap& map = cave();
  const std::vector<Point> from = viewers(map, 40);
  const std::vector<FovOptions> options{
      {9, Shape::circle, true}, {0, Shape::circle, true}, {7, Shape::square, false}};
  VisibleSet out;
  for (const FovOptions& o : options)  // warm-up: every buffer reaches its size
    for (Point p : from)
      fov.compute(map, p, o, out);
  for (const FovOptions& o : options) {
    const AllocationCounter counter;
    std::int64_t seen = 0;
    for (Point p : from) {
      fov.compute(map, p, o, out);
      seen += out.visible(p) ? 1 : 0;
    }
    EXPECT_EQ(counter.allocations(), 0) << GetParam() << " radius " << o.radius;
    EXPECT_EQ(seen, static_cast<std::int64_t>(from.size()));
  }
}

std::vector<std::string> fov_names() {
  std::vector<std::string> names;
  for (const FovAlgorithm* f : builtin_fovs().all())
    names.push_back(f->info().name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryFov, testing::ValuesIn(fov_names()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           return param_info.param;
                         });

TEST(FovAllocation, LineOfSightAllocatesNothing) {
  const OpacityMap& map = cave();
  const std::vector<Point> ends = viewers(map, 200);
  const AllocationCounter counter;
  std::size_t seen = 0;
  for (std::size_t i = 0; i + 1 < ends.size(); ++i)
    seen += (line_of_sight(map, ends[i], ends[i + 1]) ? 1 : 0) +
            (line_of_sight(map, ends[i], ends[i]) ? 1 : 0);
  EXPECT_EQ(counter.allocations(), 0);
  EXPECT_GE(seen, ends.size() - 1);  // every cell sees itself
}

TEST(FovAllocation, LinePathAllocatesNothingOnceItsBufferIsLarge) {
  const OpacityMap& map = cave();
  const std::vector<Point> ends = viewers(map, 200);
  std::vector<Point> path;
  path.reserve(static_cast<std::size_t>(std::max(map.width(), map.height())));
  const AllocationCounter counter;
  for (std::size_t i = 0; i + 1 < ends.size(); ++i)
    line_path(map, ends[i], ends[i + 1], path);
  EXPECT_EQ(counter.allocations(), 0);
}

TEST(FovAllocation, WarmLightingAllocatesNothing) {
  const OpacityMap& map = cave();
  const std::vector<Point> at = viewers(map, 12);
  std::vector<LightSource> sources;
  for (std::size_t i = 0; i < at.size(); ++i)
    sources.push_back({at[i], static_cast<int>(3 + i % 6)});
  VisibleSet lit, scratch;
  compute_lighting(map, sources, builtin_fovs().get(k_default_fov), lit, scratch);
  const AllocationCounter counter;
  for (int k = 0; k < 5; ++k)
    compute_lighting(map, sources, builtin_fovs().get(k_default_fov), lit, scratch);
  EXPECT_EQ(counter.allocations(), 0);
  for (Point p : at)
    EXPECT_TRUE(lit.visible(p));
}

}  // namespace
}  // namespace yendor::fov
