#include <gtest/gtest.h>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

Level bsp(std::uint64_t seed, const RawParams& raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("bsp");
  return generate_level(g, size, seed, g.info().schema.parse("bsp", raw));
}

TEST(Bsp, TheTreePartitionsTheMap) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Level level = bsp(seed, {});
    const auto& nodes = level.meta.partitions;
    ASSERT_FALSE(nodes.empty());
    EXPECT_EQ(nodes[0].rect, level.tiles.bounds());
    EXPECT_EQ(nodes[0].parent, -1);
    std::size_t leaves = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const PartitionNode& n = nodes[i];
      EXPECT_LE(n.depth, 8);
      if (n.first == -1) {
        ++leaves;
        EXPECT_EQ(n.second, -1);
        EXPECT_EQ(n.split, 0);
        ASSERT_GE(n.room, 0);
        const Room& room = level.meta.rooms[static_cast<std::size_t>(n.room)];
        EXPECT_TRUE(n.rect.expanded(-1).contains(room.rect));
        continue;
      }
      EXPECT_EQ(n.room, -1);
      const PartitionNode& a = nodes[static_cast<std::size_t>(n.first)];
      const PartitionNode& b = nodes[static_cast<std::size_t>(n.second)];
      EXPECT_EQ(a.parent, static_cast<int>(i));
      EXPECT_EQ(b.parent, static_cast<int>(i));
      EXPECT_EQ(a.depth, n.depth + 1);
      EXPECT_FALSE(a.rect.intersects(b.rect));
      EXPECT_EQ(a.rect.area() + b.rect.area(), n.rect.area());
      EXPECT_TRUE(n.rect.contains(a.rect) && n.rect.contains(b.rect));
      if (n.split == 'h') {
        EXPECT_EQ(a.rect.width, n.rect.width);
        EXPECT_EQ(b.rect.y, a.rect.bottom() + 1);
      } else {
        EXPECT_EQ(n.split, 'v');
        EXPECT_EQ(a.rect.height, n.rect.height);
        EXPECT_EQ(b.rect.x, a.rect.right() + 1);
      }
      EXPECT_GE(std::min(a.rect.width, a.rect.height), 8);  // min_leaf
      EXPECT_GE(std::min(b.rect.width, b.rect.height), 8);
    }
    EXPECT_EQ(leaves, level.meta.rooms.size());
    // One corridor per sibling pair (steps 6-8 of the thesis's 3.5).
    EXPECT_EQ(level.meta.corridors.size(), nodes.size() - leaves);
  }
}

TEST(Bsp, DepthLimitsTheTree) {
  const Level level = bsp(3, {{"depth", "2"}, {"min_leaf", "5"}});
  EXPECT_LE(level.meta.rooms.size(), 4u);
  EXPECT_EQ(bsp(3, {{"depth", "1"}, {"min_leaf", "5"}}).meta.rooms.size(), 2u);
}

TEST(Bsp, HvRatioChoosesTheCutDirection) {
  // Count only the nodes where both cuts were possible (both sides at least 2 x min_leaf).
  const auto shares = [](const char* ratio) {
    int horizontal = 0, free_choices = 0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const Level level = bsp(seed, {{"hv_ratio", ratio}}, {200, 200});
      for (const PartitionNode& n : level.meta.partitions) {
        if (n.split == 0 || n.rect.width < 16 || n.rect.height < 16) continue;
        ++free_choices;
        horizontal += n.split == 'h' ? 1 : 0;
      }
    }
    return static_cast<double>(horizontal) / free_choices;
  };
  EXPECT_GT(shares("100"), 0.95);
  EXPECT_LT(shares("0.01"), 0.05);
  EXPECT_NEAR(shares("1"), 0.5, 0.1);
}

TEST(Bsp, RoomMaxCapsRooms) {
  const Level level = bsp(1, {{"room_max", "5"}}, {200, 200});
  for (const Room& r : level.meta.rooms) {
    EXPECT_LE(r.rect.width, 5);
    EXPECT_LE(r.rect.height, 5);
    EXPECT_GE(r.rect.width, 3);
  }
}

TEST(Bsp, RejectsContradictoryParameters) {
  EXPECT_THROW(bsp(1, {{"room_min", "6"}, {"room_max", "5"}}), InputError);
  EXPECT_THROW(bsp(1, {{"room_min", "7"}, {"min_leaf", "8"}}), InputError);
  EXPECT_THROW(bsp(1, {{"room_min", "7"}, {"min_leaf", "9"}}, {8, 40}), InputError);
}

TEST(Bsp, ThesisBenchmarkConfiguration) {
  // Section 5.5: depth 4, equal split ratios, rooms 9-10.
  const Level level = bsp(
      1, {{"depth", "4"}, {"room_min", "9"}, {"room_max", "10"}, {"min_leaf", "11"}}, {1000, 1000});
  EXPECT_EQ(level.meta.rooms.size(), 16u);
}

}  // namespace
}  // namespace yendor
