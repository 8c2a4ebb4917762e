// The `symmetric` FOV: Albert Ford's symmetric shadowcasting (2021), scanned a word at a time.
//
// Ford's definition, per quadrant (north, south, east, west of the origin): rows are scanned at
// increasing depth d, each row holding the columns between a start and an end slope (both
// exact fractions). A row's columns run from round-half-up(d·start) to round-half-down(d·end).
// Every wall in the row is seen (expansive walls); a floor cell is seen only when its centre
// lies within the slopes, d·start <= col <= d·end (which makes the result symmetric). Each run
// of floor cells in the row continues as a row one deeper, its slopes narrowed to the edges of
// the walls beside it: a wall at column c shades the slopes ((2c-1)/2d, (2c+1)/2d).
//
// Here the rows of the north and south quadrants are map rows, read 64 cells per word from the
// row-major opacity bits and marked with VisibleSet::mark_row_span; the east and west quadrants
// do the same on map columns with the transposed bits. Within a row, runs of floor are found
// with bit scans, so an open row of 1000 cells costs a few dozen operations. Slopes are kept as
// `whole + rest/den` at the current depth, so going one row deeper is an addition (no division,
// no floating point). Rows wait on an explicit stack kept per thread; the circle's widest column
// per depth is cached per thread too, so a warmed call allocates nothing.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

#include "yendor/core/integer_sqrt.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::fov {
namespace {

// The slope num/den (|num| <= den, den > 0) seen at the depth of its row:
// depth·num/den = whole + rest/den with 0 <= rest < den.
struct Slope {
  std::int32_t num = 0, den = 1, whole = 0, rest = 0;

  // The same slope one row deeper.
  void deepen() {
    rest += num;
    if (rest >= den) {
      rest -= den;
      ++whole;
    } else if (rest < 0) {
      rest += den;
      --whole;
    }
  }
  // Columns covered: round-half-up of the start position, round-half-down of the end one.
  std::int32_t first_column() const { return whole + (2 * rest >= den ? 1 : 0); }
  std::int32_t last_column() const { return whole + (2 * rest > den ? 1 : 0); }
  // Columns whose centres are within: ceil of the start position, floor of the end one.
  std::int32_t first_centre() const { return whole + (rest > 0 ? 1 : 0); }
  std::int32_t last_centre() const { return whole; }
};

// The slope (2c-1)/(2d) of the edge between columns c-1 and c of the row at depth d, placed at
// depth d + 1, where (d+1)(2c-1) = 2d·c + (2c-1-d).
Slope edge_slope(std::int32_t c, std::int32_t d) {
  Slope s{2 * c - 1, 2 * d, c, 2 * c - 1 - d};
  while (s.rest < 0) {  // |c| <= d + 1, so at most two steps either way
    s.rest += s.den;
    --s.whole;
  }
  while (s.rest >= s.den) {
    s.rest -= s.den;
    ++s.whole;
  }
  return s;
}

struct Row {
  std::int32_t depth = 1;
  Slope start, end;
};

// The first cell at or after `p` (and at most `last`) whose bit equals `want_set`; last + 1 when
// there is none.
int next_with_bit(const std::uint64_t* words, int p, int last, bool want_set) {
  const std::uint64_t flip = want_set ? 0 : ~std::uint64_t{0};
  auto w = static_cast<std::size_t>(p) >> 6;
  const auto last_word = static_cast<std::size_t>(last) >> 6;
  std::uint64_t bits = (words[w] ^ flip) & (~std::uint64_t{0} << (static_cast<unsigned>(p) & 63U));
  while (bits == 0) {
    if (++w > last_word) return last + 1;
    bits = words[w] ^ flip;
  }
  const int found = static_cast<int>(w * 64 + static_cast<unsigned>(std::countr_zero(bits)));
  return std::min(found, last + 1);
}

bool bit_set(const std::uint64_t* words, int i) {
  return (words[static_cast<std::size_t>(i) >> 6] >> (static_cast<unsigned>(i) & 63U)) & 1U;
}

// What a scan may mark: rows up to `max_depth`, and at depth d the columns within
// `reach[d]` of the origin's (all of them when `reach` is null: unlimited or square range).
struct Range {
  std::int32_t max_depth = std::numeric_limits<std::int32_t>::max();
  std::int32_t square_reach = std::numeric_limits<std::int32_t>::max();
  const std::int32_t* reach = nullptr;

  std::int32_t at(std::int32_t depth) const { return reach ? reach[depth] : square_reach; }
};

// One quadrant. Rows == true: its rows are map rows (north, south; `step` -1 or +1 in y) and
// the columns run along x; false: its rows are map columns (west, east) and columns run along y.
template <bool Rows>
void scan_quadrant(const OpacityMap& map, Point origin, int step, const Range& range,
                   bool light_walls, VisibleSet& out, std::vector<Row>& stack) {
  const int lines = Rows ? map.height() : map.width();
  const int length = Rows ? map.width() : map.height();
  const int line0 = Rows ? origin.y : origin.x;
  const int along0 = Rows ? origin.x : origin.y;
  const auto mark = [&](int line, int a0, int a1) {
    if constexpr (Rows)
      out.mark_row_span(line, a0, a1);
    else
      out.mark_column_span(line, a0, a1);
  };

  stack.clear();
  {
    Row first;
    first.start = {-1, 1, -1, 0};
    first.end = {1, 1, 1, 0};
    stack.push_back(first);
  }
  while (!stack.empty()) {
    const Row row = stack.back();
    stack.pop_back();
    const std::int32_t d = row.depth;
    const int line = line0 + step * d;
    // Rows past the map's edge are all wall and outside: nothing to mark, nothing beyond.
    if (d > range.max_depth || line < 0 || line >= lines) continue;
    const std::uint64_t* words = Rows ? map.row(line) : map.column(line);

    const std::int32_t min_col = row.start.first_column(), max_col = row.end.last_column();
    const int lo = along0 + min_col, hi = along0 + max_col;         // the row, in map coordinates
    const int a0 = std::max(lo, 0), a1 = std::min(hi, length - 1);  // the part inside the map
    if (a0 > a1) continue;
    const std::int32_t reach = range.at(d);
    const int r0 = reach >= along0 ? 0 : along0 - reach;  // in range: [r0, r1]
    const int r1 = reach >= length - 1 - along0 ? length - 1 : along0 + reach;
    const int centre0 = along0 + row.start.first_centre(), centre1 = along0 + row.end.last_centre();

    if (light_walls) {
      // Every cell of the row but an end cell that is floor with its centre outside the slopes.
      int v0 = lo, v1 = hi;
      if (lo < centre0 && lo >= 0 && !bit_set(words, lo)) ++v0;
      if (hi > centre1 && hi < length && !bit_set(words, hi)) --v1;
      mark(line, std::max({v0, a0, r0}), std::min({v1, a1, r1}));
    }

    // Runs of floor, each continuing as a row one deeper.
    const bool deeper = d < range.max_depth && line + step >= 0 && line + step < lines;
    int p = a0;
    while (p <= a1) {
      const int run0 = next_with_bit(words, p, a1, false);
      if (run0 > a1) break;
      const int run1 = next_with_bit(words, run0, a1, true) - 1;
      if (!light_walls) mark(line, std::max({run0, centre0, r0}), std::min({run1, centre1, r1}));
      if (deeper) {
        Row next;
        next.depth = d + 1;
        if (run0 == lo) {
          next.start = row.start;
          next.start.deepen();
        } else {
          next.start = edge_slope(run0 - along0, d);
        }
        if (run1 == hi) {
          next.end = row.end;
          next.end.deepen();
        } else {
          next.end = edge_slope(run1 + 1 - along0, d);
        }
        stack.push_back(next);
      }
      p = run1 + 2;  // run1 + 1 is a wall (or past the row)
    }
  }
}

// The circle's widest column at each depth 0..depths-1: |col| <= reach[d] exactly when
// col² + d² <= r(r+1) (in_range()). Cached per thread for the last radius asked.
const std::int32_t* circle_reach(std::int32_t radius, std::int32_t depths) {
  thread_local std::vector<std::int32_t> reach;
  thread_local std::int32_t cached_radius = 0;
  if (cached_radius != radius || static_cast<std::int32_t>(reach.size()) < depths) {
    reach.resize(static_cast<std::size_t>(depths));
    const std::int64_t r2 = std::int64_t{radius} * (radius + 1);
    for (std::int32_t d = 0; d < depths; ++d)
      reach[static_cast<std::size_t>(d)] =
          static_cast<std::int32_t>(integer_sqrt(r2 - std::int64_t{d} * d));
    cached_radius = radius;
  }
  return reach.data();
}

class SymmetricShadowcast final : public FovAlgorithm {
 public:
  const FovInfo& info() const override { return info_; }

 protected:
  void scan(const OpacityMap& map, Point origin, const FovOptions& options,
            VisibleSet& out) const override {
    out.mark(origin);
    Range range;
    if (options.radius > 0) {
      // No row deeper than the map's longest side is ever inside it.
      range.max_depth = std::min(options.radius, std::max(map.width(), map.height()));
      if (options.shape == Shape::square)
        range.square_reach = options.radius;
      else
        range.reach = circle_reach(options.radius, range.max_depth + 1);
    }
    thread_local std::vector<Row> stack;
    scan_quadrant<true>(map, origin, -1, range, options.light_walls, out, stack);
    scan_quadrant<true>(map, origin, +1, range, options.light_walls, out, stack);
    scan_quadrant<false>(map, origin, -1, range, options.light_walls, out, stack);
    scan_quadrant<false>(map, origin, +1, range, options.light_walls, out, stack);
  }

 private:
  FovInfo info_{
      "symmetric",
      "Albert Ford's symmetric shadowcasting: a sees b exactly when b sees a; expansive walls, "
      "no blind corners",
      "Albert Ford, \"Symmetric Shadowcasting\" (2021); roguebasin-dev-faq \"What is LoS, and "
      "why and how do you do it?\" (shadow casting; LoS as the FoV's subroutine); thesis 5.4 "
      "and 5.5 (monsters act on what is in the player's FOV, range 9)",
      "Quadrant by quadrant, rows at increasing depth are scanned between a start and an end "
      "slope kept as exact fractions. Every wall any part of which lies in a row's range is "
      "seen (expansive walls); a floor cell is seen only when its centre lies within the slopes, "
      "which makes the result exactly symmetric for transparent cells: a sees b exactly when b "
      "sees a, with or without a radius. Each run of floor continues one row deeper with its "
      "slopes narrowed to the edges of the walls beside it. Rows are map rows (north, south) or "
      "map columns (east, west), read 64 cells per word from the opacity bits with runs found "
      "by bit scans, so the cost is per run of floor, not per cell. A radius stops the scan at "
      "that depth and marks only cells in range (walls beyond it still block); light_walls "
      "false marks only transparent cells. line_of_sight() agrees with it exactly.",
      true};
};

}  // namespace

std::unique_ptr<FovAlgorithm> make_symmetric_fov() {
  return std::make_unique<SymmetricShadowcast>();
}

}  // namespace yendor::fov
