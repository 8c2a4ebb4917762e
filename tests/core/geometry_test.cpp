#include "yendor/core/geometry.hpp"

#include <gtest/gtest.h>

namespace yendor {
namespace {

TEST(Geometry, PointArithmeticAndScanOrder) {
  EXPECT_EQ((Point{1, 2} + Point{3, -4}), (Point{4, -2}));
  EXPECT_EQ((Point{1, 2} - Point{3, -4}), (Point{-2, 6}));
  EXPECT_EQ((Point{1, 2} * 3), (Point{3, 6}));
  EXPECT_LT((Point{9, 0}), (Point{0, 1}));  // row-major: y first
  EXPECT_LT((Point{1, 1}), (Point{2, 1}));
}

TEST(Geometry, Distances) {
  EXPECT_EQ(manhattan({0, 0}, {3, -4}), 7);
  EXPECT_EQ(chebyshev({0, 0}, {3, -4}), 4);
  EXPECT_EQ(distance_squared({0, 0}, {3, -4}), 25);
}

TEST(Geometry, RectEdgesAndContainment) {
  const Rect r{2, 3, 4, 5};
  EXPECT_EQ(r.right(), 5);
  EXPECT_EQ(r.bottom(), 7);
  EXPECT_EQ(r.center(), (Point{3, 5}));
  EXPECT_TRUE(r.contains(Point{2, 3}));
  EXPECT_TRUE(r.contains(Point{5, 7}));
  EXPECT_FALSE(r.contains(Point{6, 7}));
  EXPECT_FALSE(r.contains(Point{5, 8}));
  EXPECT_TRUE(r.expanded(1).contains(r));
  EXPECT_FALSE(r.contains(r.expanded(1)));
  EXPECT_EQ(r.expanded(1), (Rect{1, 2, 6, 7}));
  EXPECT_EQ(Rect::from_corners({5, 7}, {2, 3}), r);
}

TEST(Geometry, RectIntersectionIsSymmetricAndExact) {
  const Rect a{0, 0, 3, 3};
  EXPECT_TRUE(a.intersects(Rect{2, 2, 3, 3}));
  EXPECT_FALSE(a.intersects(Rect{3, 0, 3, 3}));  // touching edges do not overlap
  EXPECT_FALSE(a.intersects(Rect{0, 3, 3, 3}));
  for (int x = -4; x <= 4; ++x)
    for (int y = -4; y <= 4; ++y) {
      const Rect b{x, y, 2, 3};
      bool share_cell = false;
      for (int cx = 0; cx < 3; ++cx)
        for (int cy = 0; cy < 3; ++cy)
          share_cell |= b.contains(Point{cx, cy});
      EXPECT_EQ(a.intersects(b), share_cell);
      EXPECT_EQ(a.intersects(b), b.intersects(a));
    }
}

TEST(Geometry, DirectionsAreUnitStepsWithOrthogonalsFirst) {
  for (std::size_t i = 0; i < 4; ++i)
    EXPECT_EQ(manhattan({0, 0}, k_directions8[i]), 1);
  for (std::size_t i = 4; i < 8; ++i)
    EXPECT_EQ(manhattan({0, 0}, k_directions8[i]), 2);
  for (std::size_t i = 0; i < 4; ++i)
    EXPECT_EQ(k_directions4[i], k_directions8[i]);
}

}  // namespace
}  // namespace yendor
