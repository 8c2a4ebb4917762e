#include "yendor/core/grid.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace yendor {
namespace {

TEST(Grid, RowMajorContiguousLayout) {
  Grid<int> g(3, 2, 7);
  EXPECT_EQ(g.cell_count(), 6u);
  EXPECT_EQ(g.index_of({2, 1}), 5u);
  EXPECT_EQ(g.point_of(4), (Point{1, 1}));
  g[{1, 1}] = 9;
  EXPECT_EQ(g.data()[4], 9);
  EXPECT_EQ(g.row(1)[1], 9);
  EXPECT_EQ(g.row(0).size(), 3u);
}

TEST(Grid, AtChecksBoundsOperatorIndexDoesNot) {
  Grid<std::uint8_t> g(4, 3, 0);
  EXPECT_NO_THROW(g.at({3, 2}));
  EXPECT_THROW(g.at({4, 0}), std::out_of_range);
  EXPECT_THROW(g.at({0, 3}), std::out_of_range);
  EXPECT_THROW(g.at({-1, 0}), std::out_of_range);
  const Grid<std::uint8_t>& cg = g;
  EXPECT_THROW(cg.at({0, -1}), std::out_of_range);
}

TEST(Grid, FillRectAndEquality) {
  Grid<int> g(5, 5, 0);
  g.fill(Rect{1, 1, 2, 3}, 1);
  int ones = 0;
  for (int v : g.cells())
    ones += v;
  EXPECT_EQ(ones, 6);
  EXPECT_EQ((g[{2, 3}]), 1);
  EXPECT_EQ((g[{3, 3}]), 0);
  Grid<int> h = g;
  EXPECT_EQ(g, h);
  h[{0, 0}] = 2;
  EXPECT_NE(g, h);
}

TEST(Grid, RejectsNegativeSizes) {
  EXPECT_THROW(Grid<int>(-1, 2), std::invalid_argument);
}

}  // namespace
}  // namespace yendor
