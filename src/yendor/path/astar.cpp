#include "yendor/path/astar.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

// How the search is laid out:
//
// - g per padded cell is one 32-bit word holding base_ + g. A cell was seen in this call
//   exactly when word - base_ (unsigned) is at most the g bound; words of earlier calls are
//   below base_ and wrap around to huge values. After a call base_ moves past every g the call
//   wrote (the last f expanded plus a step), so nothing is cleared per call; all words are
//   zeroed once when base_ plus the map's bound on g would pass 2^32 (with unit costs, after
//   some 4 × 10^9 / (path cost + 3) calls).
// - The open set holds cells keyed by f = g + h exactly (the order that makes A* find a
//   cheapest path). Entries are never removed when a cell improves (lazy deletion): a popped
//   entry whose f is no longer g + h of its cell is stale and skipped.
// - Three open sets. The common case, unit weights and costs up to k_max_small_cost (cave and
//   room levels with the default movement), takes search_small: one LIFO stack per f modulo a
//   few levels, cells packed as (x, y), the last pushed first among equal f (depth first,
//   which stays near the cells just touched); measured twice as fast as the bucket queue
//   below, and its paths, straightened by the rebuild, turn less. Other cases break ties
//   toward the straight start-goal line (Rabin's straightening as a tie-break: among equal f,
//   cells nearer the line first): when f can only grow by a few values per step a bucket
//   queue, one LIFO bucket per (f, deviation in half cells up to 8 cells), so push and pop
//   are O(1) and among full ties the last pushed (the deepest, largest g) comes first;
//   otherwise a binary heap of 64-bit keys packing f, deviation, h (smaller h: larger g) and
//   the cell, compared as single integers.
// - Neighbours come from a table, built once through StepTable::step_cost, of the steps it
//   allows for each pattern of passable neighbours; a step costs cost(target) × weight(k), as
//   StepTable defines. No parents are stored: the path is rebuilt backwards from g alone (a
//   seen neighbour whose g plus the step equals the cell's exact g lies on a cheapest path),
//   which also lets the rebuild keep its direction where it can.

namespace yendor::path {

namespace {

int bits_for(std::uint64_t max_value) {
  return static_cast<int>(std::bit_width(max_value));
}

// Bit k: the neighbour in direction k_directions8[k] is passable (a pattern), or StepTable
// allows the step in direction k (a step set).
using StepSets = std::array<std::uint8_t, 256>;

StepSets make_step_sets(Connectivity connectivity, CornerCutting corners) {
  Movement movement;
  movement.connectivity = connectivity;
  movement.corners = corners;
  CostMap cells({3, 3}, 0);
  const StepTable steps(cells, movement);
  const Point centre{1, 1};
  StepSets sets{};
  for (unsigned pattern = 0; pattern < 256; ++pattern) {
    for (std::size_t k = 0; k < 8; ++k)
      cells.set_cost(centre + k_directions8[k], (pattern >> k & 1u) != 0 ? 1 : 0);
    for (int k = 0; k < steps.count(); ++k)
      if (steps.step_cost(cells.padded(), cells.index(centre), k) != 0)
        sets[pattern] = static_cast<std::uint8_t>(sets[pattern] | 1u << k);
  }
  return sets;
}

const StepSets& step_sets(const Movement& movement) {
  static const std::array<StepSets, 6> tables = [] {
    std::array<StepSets, 6> out{};
    for (int c = 0; c < 2; ++c)
      for (int r = 0; r < 3; ++r)
        out[static_cast<std::size_t>(c * 3 + r)] =
            make_step_sets(static_cast<Connectivity>(c), static_cast<CornerCutting>(r));
    return out;
  }();
  return tables[static_cast<std::size_t>(static_cast<int>(movement.connectivity) * 3 +
                                         static_cast<int>(movement.corners))];
}

// Bucket queue: levels × k_deviations LIFO buckets; a level holds one value of f (modulo the
// level count, a power of two above the spread of f in the open set).
constexpr std::uint64_t k_deviations = 16;
constexpr std::uint64_t k_max_levels = 256;

// The small-cost search (AStar::search_small): its stacks, and so the costs it takes.
constexpr std::size_t k_small_levels = 16;
constexpr std::uint32_t k_max_small_cost = k_small_levels - 2;

class BucketQueue {
 public:
  BucketQueue(std::vector<std::vector<std::uint32_t>>& buckets, std::vector<std::uint32_t>& masks,
              std::uint64_t levels)
      : buckets_(buckets), masks_(masks), level_mask_(levels - 1) {
    // Empty what the last call left behind (only the buckets it used), then size for this one.
    for (std::size_t level = 0; level < masks_.size(); ++level)
      for (std::uint32_t m = masks_[level]; m != 0; m &= m - 1)
        buckets_[level * k_deviations + static_cast<std::size_t>(std::countr_zero(m))].clear();
    std::fill(masks_.begin(), masks_.end(), 0);
    if (masks_.size() < levels) {
      masks_.resize(levels, 0);
      buckets_.resize(levels * k_deviations);
    }
  }

  bool empty() const { return size_ == 0; }
  void push(std::uint64_t f, std::uint64_t deviation, Distance /*h*/, std::uint32_t cell) {
    f_ = std::min(f_, f);  // only the first push lowers it: f never decreases (consistency)
    const std::uint64_t level = f & level_mask_;
    const std::uint64_t d = std::min(deviation, k_deviations - 1);
    buckets_[level * k_deviations + d].push_back(cell);
    masks_[level] |= 1u << d;
    ++size_;
  }
  // The last pushed cell of the lowest (f, deviation); f() is its f.
  std::uint32_t pop() {
    while (masks_[f_ & level_mask_] == 0)
      ++f_;
    std::uint32_t& mask = masks_[f_ & level_mask_];
    auto& bucket = buckets_[(f_ & level_mask_) * k_deviations +
                            static_cast<std::uint64_t>(std::countr_zero(mask))];
    const std::uint32_t cell = bucket.back();
    bucket.pop_back();
    if (bucket.empty()) mask &= mask - 1;
    --size_;
    return cell;
  }
  std::uint64_t f() const { return f_; }
  // The cell pop() will most likely return next (to prefetch its neighbourhood), or `none`.
  std::uint32_t peek(std::uint32_t none) const {
    const std::uint32_t mask = masks_[f_ & level_mask_];
    if (mask == 0) return none;
    return buckets_[(f_ & level_mask_) * k_deviations +
                    static_cast<std::uint64_t>(std::countr_zero(mask))]
        .back();
  }

 private:
  std::vector<std::vector<std::uint32_t>>& buckets_;
  std::vector<std::uint32_t>& masks_;
  std::uint64_t level_mask_;
  std::uint64_t f_ = std::numeric_limits<std::uint64_t>::max();
  std::size_t size_ = 0;
};

// Binary min-heap of keys (f | deviation | h | cell), most significant first. Bits are shared
// out per call from the map's bounds; when deviation and h do not fit exactly they are
// coarsened (shifted right), which only makes more ties, broken by the cell index.
class HeapQueue {
 public:
  HeapQueue(std::vector<std::uint64_t>& heap, std::uint64_t f_bound, std::uint64_t deviation_bound,
            std::uint64_t h_bound, std::uint64_t cell_bound)
      : heap_(heap) {
    heap_.clear();
    const int cell_bits = bits_for(cell_bound);
    const int tie_bits = std::max(0, 64 - bits_for(f_bound) - cell_bits);
    const int deviation_need = bits_for(deviation_bound), h_need = bits_for(h_bound);
    int h_bits = std::min(h_need, tie_bits / 2);
    const int deviation_bits = std::min(deviation_need, tie_bits - h_bits);
    h_bits = std::min(h_need, tie_bits - deviation_bits);
    deviation_shift_ = deviation_need - deviation_bits;
    h_shift_ = h_need - h_bits;
    h_position_ = cell_bits;
    deviation_position_ = cell_bits + h_bits;
    f_position_ = cell_bits + h_bits + deviation_bits;
    cell_mask_ = (std::uint64_t{1} << cell_bits) - 1;
  }

  bool empty() const { return heap_.empty(); }
  void push(std::uint64_t f, std::uint64_t deviation, Distance h, std::uint32_t cell) {
    const std::uint64_t key = f << f_position_ |
                              (deviation >> deviation_shift_) << deviation_position_ |
                              (static_cast<std::uint64_t>(h) >> h_shift_) << h_position_ | cell;
    heap_.push_back(key);
    std::uint64_t* const keys = heap_.data();
    std::size_t hole = heap_.size() - 1;
    while (hole > 0) {
      const std::size_t up = (hole - 1) / 2;
      if (keys[up] <= key) break;
      keys[hole] = keys[up];
      hole = up;
    }
    keys[hole] = key;
  }
  std::uint32_t pop() {
    // Floyd's pop: move the hole down to a leaf along the smaller children (one branch-free
    // comparison per level), then sift the last key up from there.
    std::uint64_t* const keys = heap_.data();
    const std::uint64_t top = keys[0];
    const std::size_t n = heap_.size() - 1;
    const std::uint64_t last = keys[n];
    std::size_t hole = 0;
    for (std::size_t child = 1; child < n; child = 2 * hole + 1) {
      if (child + 1 < n) child += keys[child + 1] < keys[child] ? 1 : 0;
      keys[hole] = keys[child];
      hole = child;
    }
    while (hole > 0) {
      const std::size_t up = (hole - 1) / 2;
      if (keys[up] <= last) break;
      keys[hole] = keys[up];
      hole = up;
    }
    keys[hole] = last;
    heap_.pop_back();
    f_ = top >> f_position_;
    return static_cast<std::uint32_t>(top & cell_mask_);
  }
  std::uint64_t f() const { return f_; }
  std::uint32_t peek(std::uint32_t none) const {
    return heap_.empty() ? none : static_cast<std::uint32_t>(heap_[0] & cell_mask_);
  }

 private:
  std::vector<std::uint64_t>& heap_;
  int deviation_shift_ = 0, h_shift_ = 0;
  int h_position_ = 0, deviation_position_ = 0, f_position_ = 0;
  std::uint64_t cell_mask_ = 0;
  std::uint64_t f_ = 0;
};

// octile_distance of movement.hpp to the goal, in padded coordinates and branch-free:
// hi × max(|dx|, |dy|) + lo × min(|dx|, |dy|), plus `odd` when |dx| + |dy| is odd.
struct Estimate {
  int goal_x = 0, goal_y = 0;
  std::int64_t hi = 1, lo = 0, odd = 0;
  Distance operator()(int x, int y) const {
    const std::int64_t ax = std::abs(x - goal_x), ay = std::abs(y - goal_y);
    const std::int64_t smaller = ax < ay ? ax : ay;
    return static_cast<Distance>(hi * (ax + ay - smaller) + lo * smaller + odd * ((ax + ay) & 1));
  }
};

// Distance from the straight start-goal line in half cells: |cross product| × 2 / |v|, the
// scale in 32.32 fixed point. |cross| <= w|vy| + h|vx| < 2^31 (check() bounds the area) and
// the scale is at most 2^33, so the product fits.
struct Deviation {
  int goal_x = 0, goal_y = 0;
  std::int64_t vx = 0, vy = 0;  // start - goal
  std::uint64_t scale = 0;
  std::uint64_t operator()(int x, int y) const {
    const std::int64_t cross = (x - goal_x) * vy - (y - goal_y) * vx;
    return (static_cast<std::uint64_t>(std::abs(cross)) * scale) >> 32;
  }
};

}  // namespace

// Everything the inner loop reads, fixed for one call. Coordinates are padded (x + 1, y + 1).
struct AStar::Search {
  Search(const CostMap& map, const Movement& movement, Point from, Point to)
      : cells(map.padded()),
        steps(map, movement),
        sets(&step_sets(movement)),
        stride(static_cast<std::uint32_t>(map.stride())),
        width(static_cast<std::size_t>(map.width())),
        start(static_cast<std::uint32_t>(map.index(from))),
        goal(static_cast<std::uint32_t>(map.index(to))),
        max_cost(map.max_cost()) {
    for (int k = 0; k < 8; ++k) {
      const auto u = static_cast<std::size_t>(k);
      offset[u] = steps.offset(k);
      weight[u] = steps.weight(k);
      dx[u] = steps.delta(k).x;
      dy[u] = steps.delta(k).y;
    }
    const std::int64_t c = movement.cardinal_weight, d = movement.diagonal_weight;
    // octile_distance's cases: Manhattan; octile; diagonals cheaper than an orthogonal step
    // (pairs of diagonals replace orthogonal steps, an odd remainder needs one). Every step
    // costs at least its weight (costs >= 1) and changes h by at most its weight: the estimate
    // is consistent, so a cell's g is final when it is expanded and f never decreases.
    estimate.goal_x = to.x + 1;
    estimate.goal_y = to.y + 1;
    if (movement.connectivity == Connectivity::four || d >= 2 * c) {
      estimate.hi = c;
      estimate.lo = c;
    } else if (d >= c) {
      estimate.hi = c;
      estimate.lo = d - c;
    } else {
      estimate.hi = d;
      estimate.lo = 0;
      estimate.odd = c - d;
    }
    deviation.goal_x = to.x + 1;
    deviation.goal_y = to.y + 1;
    deviation.vx = from.x - to.x;
    deviation.vy = from.y - to.y;
    const double length =
        std::sqrt(static_cast<double>(deviation.vx * deviation.vx + deviation.vy * deviation.vy));
    deviation.scale = static_cast<std::uint64_t>(std::ldexp(2.0, 32) / length);

    const std::int64_t w = map.width(), h = map.height();
    const std::int64_t max_step = std::int64_t{map.max_cost()} * std::max(c, d);
    // An entry's f exceeds the f being expanded by at most one step and one change of h.
    spread = static_cast<std::uint64_t>(max_step + estimate.hi + estimate.lo + estimate.odd);
    // A g is the cost of a simple walk: at most one step per cell.
    h_bound = static_cast<std::uint64_t>(estimate.hi * (w + h) + estimate.odd);
    f_bound = static_cast<std::uint64_t>(max_step * w * h) + h_bound;
    deviation_bound = deviation(0, 0) + deviation(static_cast<int>(w) + 1, 0) +
                      deviation(0, static_cast<int>(h) + 1) +
                      deviation(static_cast<int>(w) + 1, static_cast<int>(h) + 1);
  }

  const std::uint8_t* cells;
  StepTable steps;
  const StepSets* sets;
  std::array<std::ptrdiff_t, 8> offset{};
  std::array<Distance, 8> weight{};
  std::array<int, 8> dx{}, dy{};
  std::uint32_t stride;
  std::size_t width;  // of the map: `allowed` is indexed without padding
  std::uint32_t start, goal;
  std::uint32_t max_cost = 0;
  Estimate estimate;
  Deviation deviation;
  std::uint64_t spread = 0, f_bound = 0, h_bound = 0, deviation_bound = 0;
};

template <typename Queue, bool Masked>
std::size_t AStar::search(const Search& s, Queue& queue, const std::uint8_t* allowed) {
  // Everything the loop reads in locals: a push may allocate, after which the compiler would
  // reload anything reached through a reference.
  std::uint32_t* const g = g_.data();
  const std::uint32_t base = base_;
  const std::uint8_t* const cells = s.cells;
  const std::uint32_t stride = s.stride;
  const std::uint32_t goal = s.goal;
  const std::size_t width = s.width;
  const StepSets& sets = *s.sets;
  const std::array<std::ptrdiff_t, 8> offset = s.offset;
  const std::array<Distance, 8> weight = s.weight;
  const std::array<int, 8> dx = s.dx, dy = s.dy;
  const Estimate estimate = s.estimate;
  const Deviation deviation = s.deviation;

  g[s.start] = base;
  {
    const auto y = static_cast<int>(s.start / stride);
    const int x = static_cast<int>(s.start - static_cast<std::uint32_t>(y) * stride);
    const Distance h = estimate(x, y);
    queue.push(static_cast<std::uint64_t>(h), deviation(x, y), h, s.start);
  }
  std::int64_t expanded = 0;
  std::size_t found = std::size_t{goal} + 1;
  while (!queue.empty()) {
    const std::uint32_t i = queue.pop();
    {
      // The next cell's neighbourhood, loading while this one is expanded.
      const std::uint32_t next = queue.peek(i);
      __builtin_prefetch(g + next - stride);
      __builtin_prefetch(g + next);
      __builtin_prefetch(g + next + stride);
      __builtin_prefetch(cells + next - stride);
      __builtin_prefetch(cells + next + stride);
    }
    const std::uint32_t gi = g[i] - base;
    const auto y = static_cast<int>(i / stride);
    const int x = static_cast<int>(i - static_cast<std::uint32_t>(y) * stride);
    if (gi + static_cast<std::uint64_t>(estimate(x, y)) != queue.f()) continue;  // stale
    ++expanded;
    if (i == goal) {
      found = i;
      break;
    }

    // Passable neighbours, bit k for k_directions8[k] (N, E, S, W, NE, SE, SW, NW), at
    // StepTable's offsets dy × stride + dx; the table says which steps it allows.
    const std::uint8_t* const here = cells + i;
    const std::uint8_t* const up = here - stride;
    const std::uint8_t* const down = here + stride;
    const unsigned pattern =
        static_cast<unsigned>(up[0] != 0) | static_cast<unsigned>(here[1] != 0) << 1 |
        static_cast<unsigned>(down[0] != 0) << 2 | static_cast<unsigned>(here[-1] != 0) << 3 |
        static_cast<unsigned>(up[1] != 0) << 4 | static_cast<unsigned>(down[1] != 0) << 5 |
        static_cast<unsigned>(down[-1] != 0) << 6 | static_cast<unsigned>(up[-1] != 0) << 7;
    for (unsigned open = sets[pattern]; open != 0; open &= open - 1) {
      const auto k = static_cast<std::size_t>(std::countr_zero(open));
      const std::uint32_t j = i + static_cast<std::uint32_t>(offset[k]);
      const auto ng = gi + static_cast<std::uint32_t>(Distance{cells[j]} * weight[k]);
      // Not seen this call (wraps to a huge value), or seen at a higher cost. An expanded
      // cell never improves (the estimate is consistent), so this also skips closed cells.
      if (g[j] - base <= ng) continue;
      const int nx = x + dx[k], ny = y + dy[k];
      if constexpr (Masked) {
        const std::size_t u =
            static_cast<std::size_t>(ny - 1) * width + static_cast<std::size_t>(nx - 1);
        if (allowed[u] == 0) continue;
      }
      g[j] = base + ng;
      const Distance h = estimate(nx, ny);
      queue.push(ng + static_cast<std::uint64_t>(h), deviation(nx, ny), h, j);
    }
  }
  expanded_ = expanded;
  return found;
}

// Small costs and unit weights (a step costs its target cell, at most k_max_small_cost; the
// common case): a step changes f = g + h by cost - 1 to cost + 1 (Chebyshev h; Manhattan with
// 4-connectivity), so the open set is a few LIFO stacks, one per f modulo a power of two above
// that spread, and a cell is packed as y << 16 | x, from which the index and h follow without a
// division. Among equal f the last pushed comes first (depth first, which keeps the search near
// the cells it just touched); no tie-break toward the straight line is needed here, as the
// rebuild straightens the path. `Unit`: every passable cell costs 1.
template <bool Eight, bool Unit, bool Masked>
std::size_t AStar::search_small(const Search& s, const std::uint8_t* allowed,
                                std::uint64_t& last_f) {
  std::uint32_t* const g = g_.data();
  const std::uint32_t base = base_;
  const std::uint8_t* const cells = s.cells;
  const std::uint32_t stride = s.stride;
  const std::uint32_t goal = s.goal;
  const std::size_t width = s.width;
  const StepSets& sets = *s.sets;
  std::array<std::uint32_t, 8> offset{}, delta{};
  for (std::size_t k = 0; k < 8; ++k) {
    offset[k] = static_cast<std::uint32_t>(s.offset[k]);
    // No borrow between the halves: x + dx >= 0 for every cell of the padded map.
    delta[k] = static_cast<std::uint32_t>(s.dy[k] * 65536 + s.dx[k]);
  }
  const int goal_x = s.estimate.goal_x, goal_y = s.estimate.goal_y;
  const auto estimate = [goal_x, goal_y](std::uint32_t xy) {
    const int ax = std::abs(static_cast<int>(xy & 0xffffu) - goal_x);
    const int ay = std::abs(static_cast<int>(xy >> 16) - goal_y);
    return static_cast<std::uint32_t>(Eight ? std::max(ax, ay) : ax + ay);
  };

  // The stacks' vectors serve as capacity only; their sizes are kept here.
  const std::uint32_t max_cost = Unit ? 1 : s.max_cost;
  const std::uint32_t levels = std::bit_ceil(max_cost + 2);
  const std::uint32_t level_mask = Unit ? 3u : levels - 1;
  std::array<std::uint32_t*, k_small_levels> data{};
  std::array<std::size_t, k_small_levels> size{}, capacity{};
  for (std::size_t q = 0; q < levels; ++q) {
    if (stack_[q].size() < 256) stack_[q].resize(256);
    data[q] = stack_[q].data();
    capacity[q] = stack_[q].size();
  }
  const auto push = [&](std::uint32_t f, std::uint32_t xy) {
    const std::size_t q = f & level_mask;
    if (size[q] == capacity[q]) [[unlikely]] {
      stack_[q].resize(2 * capacity[q]);
      data[q] = stack_[q].data();
      capacity[q] = stack_[q].size();
    }
    data[q][size[q]++] = xy;
  };

  const std::uint32_t start_y = s.start / stride;
  const std::uint32_t start_xy = start_y << 16 | (s.start - start_y * stride);
  g[s.start] = base;
  std::uint32_t f = estimate(start_xy);
  push(f, start_xy);
  std::int64_t expanded = 0;
  std::size_t found = std::size_t{goal} + 1;
  for (;;) {
    const std::size_t q = f & level_mask;
    if (size[q] == 0) {
      // Every entry's f lies in [f, f + max_cost + 1].
      std::uint32_t next = f + 1;
      while (next <= f + max_cost + 1 && size[next & level_mask] == 0)
        ++next;
      if (next > f + max_cost + 1) break;
      f = next;
      continue;
    }
    const std::uint32_t xy = data[q][--size[q]];
    const std::uint32_t i = (xy >> 16) * stride + (xy & 0xffffu);
    const std::uint32_t gi = g[i] - base;
    if (gi + estimate(xy) != f) continue;  // stale: the cell was reached cheaper since
    ++expanded;
    if (i == goal) {
      found = i;
      break;
    }
    const std::uint8_t* const here = cells + i;
    const std::uint8_t* const up = here - stride;
    const std::uint8_t* const down = here + stride;
    unsigned pattern = 0;
    if constexpr (Unit) {  // bytes of 0 or 1
      pattern = unsigned{up[0]} | unsigned{here[1]} << 1 | unsigned{down[0]} << 2 |
                unsigned{here[-1]} << 3 | unsigned{up[1]} << 4 | unsigned{down[1]} << 5 |
                unsigned{down[-1]} << 6 | unsigned{up[-1]} << 7;
    } else {
      pattern = static_cast<unsigned>(up[0] != 0) | static_cast<unsigned>(here[1] != 0) << 1 |
                static_cast<unsigned>(down[0] != 0) << 2 |
                static_cast<unsigned>(here[-1] != 0) << 3 | static_cast<unsigned>(up[1] != 0) << 4 |
                static_cast<unsigned>(down[1] != 0) << 5 |
                static_cast<unsigned>(down[-1] != 0) << 6 | static_cast<unsigned>(up[-1] != 0) << 7;
    }
    const unsigned open = sets[pattern];
    // One branch per direction, unrolled: each is predicted on its own (which neighbours are
    // new follows the shape of the search front).
    const auto visit = [&]<std::size_t k>() {
      if ((open >> k & 1u) == 0) return;
      const std::uint32_t j = i + offset[k];
      const std::uint32_t ng = Unit ? gi + 1 : gi + std::uint32_t{cells[j]};
      if (g[j] - base <= ng) return;
      const std::uint32_t nxy = xy + delta[k];
      if constexpr (Masked) {
        const std::size_t u = static_cast<std::size_t>((nxy >> 16) - 1) * width +
                              static_cast<std::size_t>((nxy & 0xffffu) - 1);
        if (allowed[u] == 0) return;
      }
      g[j] = base + ng;
      push(ng + estimate(nxy), nxy);
    };
    visit.template operator()<0>();
    visit.template operator()<1>();
    visit.template operator()<2>();
    visit.template operator()<3>();
    if constexpr (Eight) {
      visit.template operator()<4>();
      visit.template operator()<5>();
      visit.template operator()<6>();
      visit.template operator()<7>();
    }
  }
  expanded_ = expanded;
  last_f = f;
  return found;
}

// Backwards from the goal: a neighbour p seen this call with g(p) + step(p -> i) == g(i) lies
// on a cheapest path (g(i) is exact, and g(p) is the cost of a real walk to p). The walk keeps
// its direction while such a neighbour lies straight ahead; where it must turn it takes the
// direction with the longest straight run of them (then the nearer the straight line, then the
// first in k_directions8 order). So of the cheapest paths the search saw, a straight one with
// few turns is taken, at a cost proportional to the path.
void AStar::rebuild(const CostMap& map, const Search& s, std::vector<Point>& path) const {
  const std::uint32_t base = base_;
  const auto predecessor = [&](std::uint32_t i, int k) -> std::uint32_t {
    const std::uint32_t p = i - static_cast<std::uint32_t>(s.steps.offset(k));
    const Distance step = s.steps.step_cost(s.cells, p, k);
    const std::uint32_t gi = g_[i] - base, gp = g_[p] - base;
    return step != 0 && gp < gi && gp + static_cast<std::uint32_t>(step) == gi ? p : i;
  };
  std::uint32_t i = s.goal;
  int k = -1;
  while (i != s.start) {
    path.push_back(map.point(i));
    if (k < 0 || predecessor(i, k) == i) {
      int best = -1;
      std::int64_t best_run = 0;
      std::uint64_t best_deviation = 0;
      for (int q = 0; q < s.steps.count(); ++q) {
        std::int64_t run = 0;
        for (std::uint32_t c = i, p = predecessor(c, q); p != c && c != s.start;
             c = p, p = predecessor(c, q))
          ++run;
        if (run == 0) continue;
        const Point first = map.point(i - static_cast<std::uint32_t>(s.steps.offset(q)));
        const std::uint64_t deviation = s.deviation(first.x + 1, first.y + 1);
        if (best < 0 || run > best_run || (run == best_run && deviation < best_deviation)) {
          best = q;
          best_run = run;
          best_deviation = deviation;
        }
      }
      if (best < 0) throw std::logic_error("a-star: no step leads to a reached cell");
      k = best;
    }
    i -= static_cast<std::uint32_t>(s.steps.offset(k));
  }
  std::reverse(path.begin(), path.end());
}

bool AStar::find_path(const CostMap& map, Point from, Point to, const Movement& movement,
                      std::vector<Point>& path, const Grid<std::uint8_t>* allowed) {
  path.clear();
  cost_ = k_unreachable;
  expanded_ = 0;
  for (const Point p : {from, to})
    if (!map.in_bounds(p))
      throw InputError("a-star: point " + point_text(p) + " outside the " + size_text(map.size()) +
                       " map");
  if (allowed != nullptr && allowed->size() != map.size())
    throw InputError("a-star: the allowed mask is " + std::to_string(allowed->width()) + "x" +
                     std::to_string(allowed->height()) + ", the map " +
                     std::to_string(map.width()) + "x" + std::to_string(map.height()));
  if (static_cast<int>(movement.connectivity) > 1 || static_cast<int>(movement.corners) > 2)
    throw InputError("a-star: unknown connectivity or corner rule");
  check(map, movement);

  if (from == to) {
    cost_ = 0;
    return true;
  }
  if (!map.passable(to) || (allowed != nullptr && (*allowed)[to] == 0)) return false;
  if (jump_points_ && allowed == nullptr && JumpPointSearch::supports(map, movement)) {
    const bool found = jump_.find_path(map, from, to, movement, path);
    cost_ = jump_.cost();
    expanded_ = jump_.expanded();
    return found;
  }

  const Search s(map, movement, from, to);
  const std::size_t cells = map.padded_cell_count();
  if (g_.size() < cells) g_.resize(cells, 0);
  // Every word written this call is below base_ + f_bound + spread.
  if (std::uint64_t{base_} + s.f_bound + s.spread + 2 > std::numeric_limits<std::uint32_t>::max()) {
    std::fill(g_.begin(), g_.end(), 0);
    base_ = 1;
  }

  std::size_t end = 0;
  std::uint64_t last_f = 0;
  const std::uint8_t* const mask = allowed != nullptr ? allowed->data() : nullptr;
  const std::uint64_t levels = std::bit_ceil(s.spread + 1);
  // Unit weights (the diagonal one unused with 4-connectivity), small costs, and coordinates
  // that pack into 16 bits each: the stacks of search_small.
  const bool small =
      map.max_cost() <= k_max_small_cost && movement.cardinal_weight == 1 &&
      (movement.diagonal_weight == 1 || movement.connectivity == Connectivity::four) &&
      map.width() + 2 <= 65536 && map.height() + 2 <= 65536;
  if (small) {
    const bool eight = movement.connectivity == Connectivity::eight;
    const bool unit = map.max_cost() <= 1;
    using SmallSearch =
        std::size_t (AStar::*)(const AStar::Search&, const std::uint8_t*, std::uint64_t&);
    // Indexed [masked][eight][unit].
    static constexpr SmallSearch searches[2][2][2] = {
        {{&AStar::search_small<false, false, false>, &AStar::search_small<false, true, false>},
         {&AStar::search_small<true, false, false>, &AStar::search_small<true, true, false>}},
        {{&AStar::search_small<false, false, true>, &AStar::search_small<false, true, true>},
         {&AStar::search_small<true, false, true>, &AStar::search_small<true, true, true>}}};
    end = (this->*searches[mask != nullptr][eight][unit])(s, mask, last_f);
  } else if (levels <= k_max_levels) {
    BucketQueue queue(bucket_, level_mask_, levels);
    end = mask != nullptr ? search<BucketQueue, true>(s, queue, mask)
                          : search<BucketQueue, false>(s, queue, mask);
    last_f = queue.f();
  } else {
    HeapQueue queue(heap_, s.f_bound, s.deviation_bound, s.h_bound, cells);
    end = mask != nullptr ? search<HeapQueue, true>(s, queue, mask)
                          : search<HeapQueue, false>(s, queue, mask);
    last_f = queue.f();
  }
  const bool found = end == s.goal;
  if (found) {
    cost_ = static_cast<Distance>(g_[end] - base_);
    rebuild(map, s, path);
  }
  // Past every g this call wrote: at most the last expanded f plus one step.
  base_ += static_cast<std::uint32_t>(last_f + s.spread + 1);
  return found;
}

}  // namespace yendor::path
