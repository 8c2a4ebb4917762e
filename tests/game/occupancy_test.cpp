// The occupancy grid with its bits: after any sequence of moves it answers like a plain grid
// (ids and occupied()), and for_each_in / for_each_cell_in find exactly the occupied cells of
// any box (clipped), in row-major order, which a brute-force scan of the plain grid confirms.
#include "yendor/game/occupancy.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::game {
namespace {

int coord(Rng& rng, int n) {
  return static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
}

TEST(Occupancy, AnswersLikeAPlainGridAndFindsEveryActorInABox) {
  Rng rng(5);
  for (const Size size : {Size{1, 1}, Size{7, 5}, Size{33, 17}, Size{64, 64}, Size{101, 9}}) {
    Occupancy occ(size);
    Grid<ActorId> plain(size, 0);
    for (int step = 0; step < 3000; ++step) {
      const Point p{coord(rng, size.width), coord(rng, size.height)};
      const ActorId id = rng.chance(0.5) ? 0 : 1 + rng.below(1000);
      occ.set(p, id);
      plain[p] = id;
      if (step % 50 != 0) continue;
      for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x) {
          ASSERT_EQ(occ[(Point{x, y})], plain[(Point{x, y})]) << x << "," << y;
          ASSERT_EQ(occ.occupied({x, y}), plain[(Point{x, y})] != 0) << x << "," << y;
        }
      const Point lo{coord(rng, size.width + 8) - 4, coord(rng, size.height + 8) - 4};
      const Point hi{lo.x + coord(rng, 20), lo.y + coord(rng, 20)};
      std::vector<std::tuple<int, int, ActorId>> found, expected, cells;
      occ.for_each_in(lo, hi, [&](Point q, ActorId a) { found.emplace_back(q.y, q.x, a); });
      occ.for_each_cell_in(lo, hi, [&](Point q) { cells.emplace_back(q.y, q.x, occ[q]); });
      for (int y = std::max(0, lo.y); y <= std::min(size.height - 1, hi.y); ++y)
        for (int x = std::max(0, lo.x); x <= std::min(size.width - 1, hi.x); ++x)
          if (plain[{x, y}] != 0) expected.emplace_back(y, x, plain[{x, y}]);
      ASSERT_EQ(found, expected) << "step " << step;
      ASSERT_EQ(cells, expected) << "step " << step;
      occ.prefetch(lo, hi, 3);  // hints: must not read outside the map
      occ.prefetch_ids(lo, hi);
    }
    occ.clear();
    int visits = 0;
    occ.for_each_in({0, 0}, {size.width, size.height}, [&](Point, ActorId) { ++visits; });
    EXPECT_EQ(visits, 0);
  }
}

TEST(Occupancy, EqualityIsTheCellsAndAnEmptyOneFindsNothing) {
  Occupancy a({10, 10}), b({10, 10});
  a.set({3, 3}, 7);
  EXPECT_NE(a, b);
  b.set({3, 3}, 7);
  EXPECT_EQ(a, b);
  a.set({3, 3}, 0);
  b.clear();
  EXPECT_EQ(a, b);
  const Occupancy none;
  int visits = 0;
  none.for_each_in({0, 0}, {5, 5}, [&](Point, ActorId) { ++visits; });
  EXPECT_EQ(visits, 0);
  EXPECT_THROW(Occupancy({-1, 2}), std::invalid_argument);
  EXPECT_EQ(a.at({9, 9}), 0u);
  EXPECT_THROW((void)a.at({10, 0}), std::out_of_range);
  EXPECT_THROW((void)a.at({0, -1}), std::out_of_range);
}

}  // namespace
}  // namespace yendor::game
