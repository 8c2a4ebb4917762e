#include "yendor/path/jump_point.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

// The rules, for a cell x reached by a step d from its parent p = x - d (docs/path.md
// derives them). Every step costs 1 and h is the Chebyshev distance to the goal.
//
// Natural successors, the directions an optimal path through x may take with no wall near:
// d itself, and for a diagonal d = (dx, dy) also (dx, 0) and (0, dy).
// Forced successors, where a wall next to x makes x the only way to an optimal path:
// - corners allowed, straight d with side s (either perpendicular): d + s when x + s is a
//   wall; diagonal d: (-dx, dy) when x - (dx, 0) is a wall, (dx, -dy) when x - (0, dy) is.
// - corners never cut, straight d with side s: s and d + s when p + s is a wall and x + s is
//   not (p could not step to x + s diagonally); diagonal d: none (its step needs both
//   p + (dx, 0) and p + (0, dy) open, and they give the straight ways round).
// A jump from x in direction d walks on until it reaches the goal or a cell with a forced
// successor (a jump point), or leaves the open cells (nothing). A diagonal jump also stops at
// a cell from which a straight jump along (dx, 0) or (0, dy) finds a jump point.
//
// Ties: with diagonals costing 1 a cell may be reached at the same cost from different
// directions, with different successors. Each cell keeps every direction it was reached in at
// its best g, and is expanded again when a new one arrives after it was expanded, so no
// optimal continuation is lost to the order in which equal costs arrive.

namespace yendor::path {

namespace {

constexpr std::array<int, 8> k_dx{0, 1, 0, -1, 1, 1, -1, -1};
constexpr std::array<int, 8> k_dy{-1, 0, 1, 0, -1, 1, 1, -1};

// The index in k_directions8 of (dx, dy), both in [-1, 1] and not both 0.
constexpr unsigned direction(int dx, int dy) {
  constexpr std::array<std::array<unsigned, 3>, 3> table{{{7, 0, 4}, {3, 8, 1}, {6, 2, 5}}};
  return table[static_cast<std::size_t>(dy + 1)][static_cast<std::size_t>(dx + 1)];
}

constexpr unsigned bit(int dx, int dy) {
  return 1u << direction(dx, dy);
}

// A scan along a line of bits (a row of the map, or a column of its transpose) from position
// p, the lines on either side being `a` and `b`: the first position past p where the walk
// stops, being the goal (`goal`, -1 when not on this line) or a cell with a forced successor,
// or -1 when the line is closed first. Lines have a zero guard word at either end, so words
// next to the first and last can be read. Forced positions follow the rules above: with
// corners cut, a closed side cell with an open one ahead of it; never cut, an open side cell
// with a closed one behind it.
template <bool Cut>
int scan_forward(const std::uint64_t* line, const std::uint64_t* a, const std::uint64_t* b, int p,
                 int goal) {
  int w = (p + 1) >> 6;
  std::uint64_t from = ~std::uint64_t{0} << ((p + 1) & 63);
  for (;; ++w, from = ~std::uint64_t{0}) {
    const auto u = static_cast<std::ptrdiff_t>(w);  // a[u - 1] may be the guard word
    std::uint64_t forced = 0;
    if constexpr (Cut) {
      forced = (~a[u] & (a[u] >> 1 | a[u + 1] << 63)) | (~b[u] & (b[u] >> 1 | b[u + 1] << 63));
    } else {
      forced = (~(a[u] << 1 | a[u - 1] >> 63) & a[u]) | (~(b[u] << 1 | b[u - 1] >> 63) & b[u]);
    }
    std::uint64_t stop = (~line[u] | forced) & from;
    if (goal >> 6 == w) stop |= (std::uint64_t{1} << (goal & 63)) & from;
    if (stop != 0) {
      const int q = w * 64 + std::countr_zero(stop);
      return (line[u] >> (q & 63) & 1u) != 0 ? q : -1;
    }
  }
}

template <bool Cut>
int scan_backward(const std::uint64_t* line, const std::uint64_t* a, const std::uint64_t* b, int p,
                  int goal) {
  int w = (p - 1) >> 6;
  std::uint64_t from = ~std::uint64_t{0} >> (63 - ((p - 1) & 63));
  for (;; --w, from = ~std::uint64_t{0}) {
    const auto u = static_cast<std::ptrdiff_t>(w);  // a[u - 1] may be the guard word
    std::uint64_t forced = 0;
    if constexpr (Cut) {
      forced = (~a[u] & (a[u] << 1 | a[u - 1] >> 63)) | (~b[u] & (b[u] << 1 | b[u - 1] >> 63));
    } else {
      forced = (~(a[u] >> 1 | a[u + 1] << 63) & a[u]) | (~(b[u] >> 1 | b[u + 1] << 63) & b[u]);
    }
    std::uint64_t stop = (~line[u] | forced) & from;
    if (goal >> 6 == w) stop |= (std::uint64_t{1} << (goal & 63)) & from;
    if (stop != 0) {
      const int q = w * 64 + 63 - std::countl_zero(stop);
      return (line[u] >> (q & 63) & 1u) != 0 ? q : -1;
    }
  }
}

// A jump found from the cell being expanded: the jump point, the steps to it, and its
// direction (an index into k_dx and k_dy).
struct Found {
  std::uint32_t cell, steps;
  unsigned direction;
};

// The jumps and successor rules over a padded cost map whose passable cells all cost 1, read
// from its open cells as bits by row and by column (cells are indexed as in the padded map).
template <bool Cut>
struct Jumps {
  std::uint32_t stride;
  std::uint32_t goal;
  int goal_x, goal_y;
  const std::uint64_t* rows;  // row y's word 0 at rows + y × row_words + 1
  std::size_t row_words;
  const std::uint64_t* columns;
  std::size_t column_words;

  std::uint32_t offset(int dx, int dy) const {
    return static_cast<std::uint32_t>(dy) * stride + static_cast<std::uint32_t>(dx);
  }

  // From (x, y) along its row in direction dx (±1): the x of the jump point, or -1.
  int along_row(int x, int y, int dx) const {
    const std::uint64_t* line = rows + static_cast<std::size_t>(y) * row_words + 1;
    const int target = y == goal_y ? goal_x : -1;
    return dx > 0 ? scan_forward<Cut>(line, line - row_words, line + row_words, x, target)
                  : scan_backward<Cut>(line, line - row_words, line + row_words, x, target);
  }
  // From (x, y) along its column in direction dy (±1): the y of the jump point, or -1.
  int along_column(int x, int y, int dy) const {
    const std::uint64_t* line = columns + static_cast<std::size_t>(x) * column_words + 1;
    const int target = x == goal_x ? goal_y : -1;
    return dy > 0 ? scan_forward<Cut>(line, line - column_words, line + column_words, y, target)
                  : scan_backward<Cut>(line, line - column_words, line + column_words, y, target);
  }

  // Whether (x, y) is open, read from the row bits: an eighth of the byte map's size, so the
  // diagonal walks below stay in cache where the map's bytes would not.
  bool open_at(int x, int y) const {
    const std::uint64_t word =
        rows[static_cast<std::size_t>(y) * row_words + 1 + static_cast<std::size_t>(x >> 6)];
    return (word >> (x & 63) & 1u) != 0;
  }

  // From cell i at (x, y) along the diagonal (dx, dy): the jump point, or 0 (the padded
  // corner, never open) when the walk leaves the open cells first.
  std::uint32_t diagonal(std::uint32_t i, int x, int y, int dx, int dy, int& steps) const {
    const std::uint32_t step = offset(dx, dy);
    for (;;) {
      ++steps;
      if constexpr (!Cut) {
        if (!open_at(x + dx, y) || !open_at(x, y + dy)) return 0;
      }
      i += step;
      x += dx;
      y += dy;
      if (!open_at(x, y)) return 0;
      if (i == goal) return i;
      if constexpr (Cut) {
        if ((!open_at(x - dx, y) && open_at(x - dx, y + dy)) ||
            (!open_at(x, y - dy) && open_at(x + dx, y - dy)))
          return i;
      }
      if (along_row(x, y, dx) >= 0 || along_column(x, y, dy) >= 0) return i;
    }
  }

  // The jump point from cell i at (x, y) in direction k (0: none), and in `steps` the steps
  // to it.
  std::uint32_t jump(std::uint32_t i, int x, int y, unsigned k, int& steps) const {
    const int dx = k_dx[k], dy = k_dy[k];
    if (dy == 0) {
      const int q = along_row(x, y, dx);
      if (q < 0) return 0;
      steps = std::abs(q - x);
      return static_cast<std::uint32_t>(y) * stride + static_cast<std::uint32_t>(q);
    }
    if (dx == 0) {
      const int q = along_column(x, y, dy);
      if (q < 0) return 0;
      steps = std::abs(q - y);
      return static_cast<std::uint32_t>(q) * stride + static_cast<std::uint32_t>(x);
    }
    return diagonal(i, x, y, dx, dy, steps);
  }

  // The directions to jump in from (x, y), reached in the directions of `arrived`.
  unsigned successors(int x, int y, unsigned arrived) const {
    unsigned out = 0;
    for (unsigned m = arrived; m != 0; m &= m - 1) {
      const auto k = static_cast<unsigned>(std::countr_zero(m));
      const int dx = k_dx[k], dy = k_dy[k];
      out |= 1u << k;
      if (dx == 0 || dy == 0) {
        for (const int side : {1, -1}) {
          const int sx = side * std::abs(dy), sy = side * std::abs(dx);
          if constexpr (Cut) {
            if (!open_at(x + sx, y + sy)) out |= bit(dx + sx, dy + sy);
          } else {
            if (!open_at(x - dx + sx, y - dy + sy) && open_at(x + sx, y + sy))
              out |= bit(sx, sy) | bit(dx + sx, dy + sy);
          }
        }
      } else {
        out |= bit(dx, 0) | bit(0, dy);
        if constexpr (Cut) {
          if (!open_at(x - dx, y)) out |= bit(-dx, dy);
          if (!open_at(x, y - dy)) out |= bit(dx, -dy);
        }
      }
    }
    return out;
  }
};

// Transposes a 64x64 bit matrix in place (bit c of word r <-> bit r of word c): swap the
// off-diagonal halves, then quarters within each half, down to single bits.
void transpose(std::array<std::uint64_t, 64>& m) {
  std::uint64_t mask = 0x00000000ffffffffu;
  for (unsigned j = 32; j != 0; j >>= 1, mask ^= mask << j)
    for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const std::uint64_t t = ((m[k] >> j) ^ m[k | j]) & mask;
      m[k] ^= t << j;
      m[k | j] ^= t;
    }
}

}  // namespace

bool JumpPointSearch::supports(const CostMap& map, const Movement& movement) {
  return movement.connectivity == Connectivity::eight && movement.cardinal_weight == 1 &&
         movement.diagonal_weight == 1 && map.max_cost() <= 1 &&
         (movement.corners == CornerCutting::allowed || movement.corners == CornerCutting::never);
}

// Open cells as bits: row by row from the bytes (eight at a time, each 0 or 1, gathered by
// one multiplication), then column by column as the transpose of the rows, 64x64 at a time.
// Kept while the map's cells stay the same (compared byte for byte with a copy, far cheaper
// than building): a game asks many paths of one map between changes.
void JumpPointSearch::build_lines(const CostMap& map) {
  const std::size_t width = map.stride(), height = static_cast<std::size_t>(map.height()) + 2;
  const std::uint8_t* cells = map.padded();
  const std::size_t count = map.padded_cell_count();
  if (lines_width_ == width && lines_of_.size() == count &&
      std::memcmp(lines_of_.data(), cells, count) == 0)
    return;
  lines_of_.assign(cells, cells + count);
  lines_width_ = width;
  const std::size_t row_data = (width + 63) / 64, column_data = (height + 63) / 64;
  row_words_ = row_data + 2;
  column_words_ = column_data + 2;
  rows_.assign(height * row_words_, 0);
  columns_.assign(width * column_words_, 0);
  for (std::size_t y = 0; y < height; ++y) {
    std::uint64_t* row = rows_.data() + y * row_words_ + 1;
    const std::uint8_t* line = cells + y * width;
    std::size_t x = 0;
    for (; x + 64 <= width; x += 64) {
      std::uint64_t word = 0;
      for (std::size_t k = 0; k < 64; k += 8) {
        std::uint64_t bytes = 0;
        std::memcpy(&bytes, line + x + k, 8);
        word |= ((bytes * 0x0102040810204080u) >> 56) << k;
      }
      row[x / 64] = word;
    }
    for (; x < width; ++x)
      row[x / 64] |= std::uint64_t{line[x]} << (x % 64);
  }
  std::array<std::uint64_t, 64> block{};
  for (std::size_t by = 0; by < column_data; ++by)
    for (std::size_t bx = 0; bx < row_data; ++bx) {
      for (std::size_t r = 0; r < 64; ++r) {
        const std::size_t y = by * 64 + r;
        block[r] = y < height ? rows_[y * row_words_ + 1 + bx] : 0;
      }
      transpose(block);
      for (std::size_t c = 0; c < 64 && bx * 64 + c < width; ++c)
        columns_[(bx * 64 + c) * column_words_ + 1 + by] = block[c];
    }
}

template <bool Cut>
std::uint32_t JumpPointSearch::search(const CostMap& map, std::uint32_t start, std::uint32_t goal) {
  const auto stride = static_cast<std::uint32_t>(map.stride());
  const auto goal_x = static_cast<int>(goal % stride), goal_y = static_cast<int>(goal / stride);
  const Jumps<Cut> jumps{stride,       goal,       goal_x,          goal_y,
                         rows_.data(), row_words_, columns_.data(), column_words_};
  Seen* const seen = seen_.data();
  const std::uint32_t base = base_;
  const auto estimate = [&](int x, int y) {
    return static_cast<std::uint32_t>(std::max(std::abs(x - goal_x), std::abs(y - goal_y)));
  };
  // The open list: one LIFO bucket per f, in a ring. An entry's f is at most the smallest f
  // open plus twice the longest jump (a jump of n steps adds n to g and takes at most n from
  // h), so a ring longer than that never wraps onto open entries; and f never decreases.
  const std::size_t ring = std::bit_ceil(
      2 * std::max(std::size_t{stride}, static_cast<std::size_t>(map.height()) + 2) + 2);
  if (open_.size() < ring) open_.resize(ring);
  for (auto& bucket : open_)
    bucket.clear();
  const std::size_t ring_mask = ring - 1;
  std::size_t open_count = 0;
  const auto push = [&](std::uint32_t cell, std::uint32_t gc, std::uint32_t h) {
    open_[(gc + h) & ring_mask].push_back(std::uint64_t{h} << 32 | cell);
    ++open_count;
  };

  seen[start] = {base, 0xff, 0};  // arrived in every direction: all eight successors
  std::uint32_t f = estimate(static_cast<int>(start % stride), static_cast<int>(start / stride));
  push(start, 0, f);
  std::uint32_t top = 0;
  std::int64_t expanded = 0;
  std::uint32_t found = 0;
  while (open_count != 0) {
    while (open_[f & ring_mask].empty())
      ++f;
    auto& bucket = open_[f & ring_mask];
    const std::uint64_t e = bucket.back();
    bucket.pop_back();
    --open_count;
    if (!bucket.empty()) __builtin_prefetch(seen + static_cast<std::uint32_t>(bucket.back()));
    const auto c = static_cast<std::uint32_t>(e);
    Seen& sc = seen[c];
    const std::uint32_t gc = sc.g - base;
    if (gc + static_cast<std::uint32_t>(e >> 32) != f) continue;  // stale: reached cheaper since
    const unsigned pending = sc.arrived & ~unsigned{sc.jumped};
    if (pending == 0) continue;  // a second entry for directions already jumped from
    ++expanded;
    if (c == goal) {
      found = c;
      break;
    }
    sc.jumped = static_cast<std::uint8_t>(sc.jumped | pending);
    const auto cy = static_cast<int>(c / stride);
    const int cx = static_cast<int>(c - static_cast<std::uint32_t>(cy) * stride);
    // All jumps first, then their cells' records: on a large map each record read is likely
    // a cache miss, and fetching them while the other jumps run overlaps the waits.
    std::array<Found, 8> found_here;
    unsigned count = 0;
    for (unsigned m = jumps.successors(cx, cy, pending); m != 0; m &= m - 1) {
      const auto k = static_cast<unsigned>(std::countr_zero(m));
      int steps = 0;
      const std::uint32_t j = jumps.jump(c, cx, cy, k, steps);
      if (j == 0) continue;
      __builtin_prefetch(seen + j);
      found_here[count++] = {j, static_cast<std::uint32_t>(steps), k};
    }
    for (unsigned n = 0; n < count; ++n) {
      const auto [j, steps, k] = found_here[n];
      const std::uint32_t ng = gc + steps;
      const auto b = static_cast<std::uint8_t>(1u << k);
      Seen& sj = seen[j];
      const std::uint32_t old = sj.g - base;  // huge when not seen this call
      if (old < ng) continue;
      const auto s = static_cast<int>(steps);
      const std::uint32_t hj = estimate(cx + k_dx[k] * s, cy + k_dy[k] * s);
      if (old == ng) {
        if ((sj.arrived & b) != 0) continue;
        sj.arrived = static_cast<std::uint8_t>(sj.arrived | b);
        if (sj.jumped != 0) push(j, ng, hj);  // expanded already: again, for the new direction
        continue;
      }
      sj = {base + ng, b, 0};
      top = std::max(top, ng);
      push(j, ng, hj);
    }
  }
  expanded_ = expanded;
  top_ = top;
  return found;
}

// Backwards from the goal: a cell reached in direction k at cost g has, k steps back, a cell
// seen at g minus the steps taken (its parent jump point, or a cell on the way that is as
// cheap). The walk keeps its direction where the cell was reached in it too.
void JumpPointSearch::rebuild(const CostMap& map, std::uint32_t start, std::uint32_t goal,
                              std::vector<Point>& path) const {
  const auto stride = static_cast<std::uint32_t>(map.stride());
  const std::uint32_t base = base_;
  const std::uint32_t longest = stride + static_cast<std::uint32_t>(map.height());
  std::uint32_t j = goal;
  unsigned k = 8;
  while (j != start) {
    const unsigned arrived = seen_[j].arrived;
    if (k == 8 || (arrived >> k & 1u) == 0) k = static_cast<unsigned>(std::countr_zero(arrived));
    const std::uint32_t back =
        static_cast<std::uint32_t>(k_dy[k]) * stride + static_cast<std::uint32_t>(k_dx[k]);
    const std::uint32_t gj = seen_[j].g - base;
    std::uint32_t c = j;
    for (std::uint32_t t = 1;; ++t) {
      path.push_back(map.point(c));
      c -= back;
      const std::uint32_t gc = seen_[c].g - base;
      if (gc < gj && gc + t == gj) break;
      if (t > longest) throw std::logic_error("jump-point: no parent behind a jump point");
    }
    j = c;
  }
  std::reverse(path.begin(), path.end());
}

bool JumpPointSearch::find_path(const CostMap& map, Point from, Point to, const Movement& movement,
                                std::vector<Point>& path) {
  path.clear();
  cost_ = k_unreachable;
  expanded_ = 0;
  for (const Point p : {from, to})
    if (!map.in_bounds(p))
      throw InputError("jump-point: point " + point_text(p) + " outside the " +
                       size_text(map.size()) + " map");
  if (!supports(map, movement))
    throw InputError(
        "jump-point: needs 8-connected movement with weights 1 and 1, corners allowed or never "
        "cut, and every passable cell costing 1");
  if (from == to) {
    cost_ = 0;
    return true;
  }
  if (!map.passable(to)) return false;

  const std::size_t cells = map.padded_cell_count();
  if (seen_.size() < cells) seen_.assign(cells, Seen{});
  // A g is the cost of a walk that is optimal up to its last jump: below the cell count plus
  // the longest jump.
  const std::uint64_t bound = cells + map.stride() + static_cast<std::uint64_t>(map.height());
  if (base_ + 2 * bound > std::numeric_limits<std::uint32_t>::max()) {
    std::fill(seen_.begin(), seen_.end(), Seen{});
    base_ = 1;
  }
  const auto start = static_cast<std::uint32_t>(map.index(from));
  const auto goal = static_cast<std::uint32_t>(map.index(to));
  build_lines(map);
  const std::uint32_t found = movement.corners == CornerCutting::allowed
                                  ? search<true>(map, start, goal)
                                  : search<false>(map, start, goal);
  if (found != 0) {
    cost_ = static_cast<Distance>(seen_[goal].g - base_);
    rebuild(map, start, goal, path);
  }
  base_ += top_ + 1;  // past every g this call wrote
  return found != 0;
}

}  // namespace yendor::path
