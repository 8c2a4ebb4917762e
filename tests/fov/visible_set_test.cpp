#include "yendor/fov/visible_set.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::fov {
namespace {

// A plain model: one bool per cell.
struct Model {
  Size size;
  std::vector<bool> cells;

  explicit Model(Size s) : size(s), cells(static_cast<std::size_t>(s.area()), false) {}
  std::vector<bool>::reference at(Point p) {
    return cells[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size.width) +
                 static_cast<std::size_t>(p.x)];
  }
};

void expect_equal(const VisibleSet& set, Model& model, const std::string& what) {
  std::vector<Point> want;
  int x0 = std::numeric_limits<int>::max(), x1 = -1;
  int y0 = std::numeric_limits<int>::max(), y1 = -1;
  for (int y = 0; y < model.size.height; ++y)
    for (int x = 0; x < model.size.width; ++x) {
      ASSERT_EQ(set.visible({x, y}), static_cast<bool>(model.at({x, y})))
          << what << " at (" << x << "," << y << ")";
      if (model.at({x, y})) {
        want.push_back({x, y});
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
      }
    }
  EXPECT_EQ(set.count(), static_cast<std::int64_t>(want.size())) << what;
  std::vector<Point> got;
  set.for_each([&](Point p) { got.push_back(p); });
  EXPECT_EQ(got, want) << what;  // scan order
  got.clear();
  set.append_points(got);
  EXPECT_EQ(got, want) << what;
  EXPECT_EQ(set.empty(), want.empty()) << what;
  // The box is exactly that of the marks (every mark here marks a visible cell).
  EXPECT_EQ(set.bounds(), want.empty() ? Rect{} : Rect::from_corners({x0, y0}, {x1, y1})) << what;
  const Grid<std::uint8_t> grid = set.to_grid();
  ASSERT_EQ(grid.size(), model.size);
  for (int y = 0; y < model.size.height; ++y)
    for (int x = 0; x < model.size.width; ++x)
      ASSERT_EQ(grid[(Point{x, y})], model.at({x, y}) ? 1 : 0) << what;
}

// Bits around every word boundary.
const std::vector<int> k_edges{0, 1, 2, 62, 63, 64, 65, 126, 127, 128, 129, 190, 191, 192};

TEST(VisibleSet, SpansAcrossWordBoundaries) {
  // Every span between two of the edges, along a row and along a column: exactly its cells.
  const Size size{193, 193};
  VisibleSet set(size);
  for (int a : k_edges)
    for (int b : k_edges)
      for (bool rows : {true, false}) {
        set.clear();
        const int line = (a * 7 + b) % 193;
        if (rows)
          set.mark_row_span(line, a, b);
        else
          set.mark_column_span(line, a, b);
        const std::string what = std::string(rows ? "row" : "column") + " span " +
                                 std::to_string(a) + ".." + std::to_string(b);
        for (int i = 0; i < 193; ++i) {
          const Point p = rows ? Point{i, line} : Point{line, i};
          ASSERT_EQ(set.visible(p), a <= i && i <= b) << what << " cell " << i;
        }
        ASSERT_EQ(set.count(), std::max(0, b - a + 1)) << what;
        ASSERT_EQ(set.bounds(), b < a  ? Rect{}
                                : rows ? Rect::from_corners({a, line}, {b, line})
                                       : Rect::from_corners({line, a}, {line, b}))
            << what;
      }
  // And in full against the model, for a few of them together.
  set.clear();
  Model model(size);
  for (std::size_t i = 0; i + 1 < k_edges.size(); ++i) {
    const int a = k_edges[i], b = k_edges[k_edges.size() - 1 - i];
    set.mark_row_span(a, a, b);
    set.mark_column_span(b, a, b);
    for (int j = a; j <= b; ++j) {
      model.at({j, a}) = true;
      model.at({b, j}) = true;
    }
  }
  expect_equal(set, model, "edge spans together");
}

TEST(VisibleSet, RandomMarksAgainstAModel) {
  Rng rng(801);
  VisibleSet set;
  for (int i = 0; i < 120; ++i) {
    const Size size{rng.range(1, 100), rng.range(1, 100)};
    set.reset(size);  // another size each time, or the same
    Model model(size);
    for (int round = 0; round < 3; ++round) {
      for (int k = rng.range(0, 20); k > 0; --k) {
        const int kind = rng.range(0, 2);
        if (kind == 0) {
          const Point p{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
          set.mark(p);
          model.at(p) = true;
        } else if (kind == 1) {
          const int y = rng.range(0, size.height - 1);
          const int a = rng.range(0, size.width - 1), b = rng.range(0, size.width - 1);
          set.mark_row_span(y, a, b);
          for (int x = a; x <= b; ++x)
            model.at({x, y}) = true;
        } else {
          const int x = rng.range(0, size.width - 1);
          const int a = rng.range(0, size.height - 1), b = rng.range(0, size.height - 1);
          set.mark_column_span(x, a, b);
          for (int y = a; y <= b; ++y)
            model.at({x, y}) = true;
        }
      }
      expect_equal(set, model, "set " + std::to_string(i));
      // clear() empties everything marked, by row, column or cell, up to the map's edges.
      set.clear();
      model = Model(size);
      expect_equal(set, model, "cleared set " + std::to_string(i));
      if (HasFailure()) return;
    }
  }
}

TEST(VisibleSet, ClearTouchesOnlyTheMarkedBox) {
  // A word set behind the set's back (outside the box it knows) survives clear(): the proof
  // that clear() costs the box, not the map.
  VisibleSet set({300, 300});
  set.row(250)[4] = 1;  // cell (256, 250), not reported to grow_box()
  set.mark_row_span(3, 5, 70);
  set.clear();
  EXPECT_FALSE(set.visible({5, 3}));
  EXPECT_TRUE(set.visible({256, 250}));
}

TEST(VisibleSet, ResetEmptiesAndResizes) {
  VisibleSet set({10, 10});
  set.mark({9, 9});
  set.reset({10, 10});
  EXPECT_TRUE(set.empty());
  EXPECT_FALSE(set.visible({9, 9}));
  set.mark_column_span(9, 0, 9);
  set.reset({200, 5});
  EXPECT_EQ(set.size(), (Size{200, 5}));
  EXPECT_EQ(set.count(), 0);
  set.mark_row_span(4, 0, 199);
  EXPECT_EQ(set.count(), 200);
  EXPECT_FALSE(set.visible({200, 4}));
  EXPECT_FALSE(set.visible({-1, 4}));
  set.reset({0, 0});
  EXPECT_EQ(set.count(), 0);
  EXPECT_FALSE(set.visible({0, 0}));
  EXPECT_THROW(set.reset({-1, 2}), InputError);
}

TEST(VisibleSet, MergeAddsEveryCell) {
  Rng rng(802);
  for (int i = 0; i < 100; ++i) {
    const Size size{rng.range(1, 140), rng.range(1, 140)};
    VisibleSet a(size), b(size);
    Model model(size);
    for (VisibleSet* s : {&a, &b})
      for (int k = rng.range(0, 6); k > 0; --k) {
        const Point p{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
        const int len = rng.range(0, 80);
        if (rng.chance(0.5)) {
          const int x1 = std::min(size.width - 1, p.x + len);
          s->mark_row_span(p.y, p.x, x1);
          for (int x = p.x; x <= x1; ++x)
            model.at({x, p.y}) = true;
        } else {
          const int y1 = std::min(size.height - 1, p.y + len);
          s->mark_column_span(p.x, p.y, y1);
          for (int y = p.y; y <= y1; ++y)
            model.at({p.x, y}) = true;
        }
      }
    a.merge(b);
    expect_equal(a, model, "merge " + std::to_string(i));
    a.clear();  // the merged box is cleared too
    model = Model(size);
    expect_equal(a, model, "merge then clear " + std::to_string(i));
    if (HasFailure()) return;
  }
  VisibleSet small({3, 3}), big({4, 3});
  EXPECT_THROW(small.merge(big), InputError);
}

}  // namespace
}  // namespace yendor::fov
