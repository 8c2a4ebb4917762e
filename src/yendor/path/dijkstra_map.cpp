#include "yendor/path/dijkstra_map.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

// How the maps are computed. Values live in a padded buffer in the CostMap's index space, so
// a cell's eight neighbours are fixed offsets away and need no bounds checks; impassable
// cells (the ring included) hold k_blocked, the lowest Distance, which no candidate value
// beats, so orthogonal steps need no passability test and the corner rules read passability
// from the values already loaded. The search runs backward from the sources (goals, or every
// cell for rescan): the walker's step j -> i costs cost(i) × weight, so every step into i
// costs the same per kind of step.
//
// Queues, chosen per call:
// - a FIFO when every step costs the same: values come off in breadth-first order, each cell
//   is lowered at most once and its first value is final;
// - Dial's bucket queue when steps cost at most k_max_dial_step: a circular array of buckets
//   indexed by value mod a power of two above the largest step, O(1) per operation, with a
//   bit per bucket to find the next non-empty one;
// - a binary heap otherwise (large weights).
// Sources (cells with a starting value) are kept sorted by value and merged into the queue,
// so rescan() of a whole map is one counting sort plus one search.

// GCC leaves the bucket queue's expansion out of line (it is called from two places), which
// costs a tenth of the time of a weighted map.
#if defined(__GNUC__) || defined(__clang__)
#define YENDOR_ALWAYS_INLINE __attribute__((always_inline))
#else
#define YENDOR_ALWAYS_INLINE
#endif

namespace yendor::path {
namespace {

constexpr Distance k_blocked = std::numeric_limits<Distance>::min();
// Starting values (goal values, values before rescan) must lie in ±k_value_limit, so that a
// value plus a walk over the map (check(map, movement): at most k_unreachable / 4) stays
// below k_unreachable.
constexpr Distance k_value_limit = k_unreachable / 2;
constexpr Distance k_max_dial_step = 1023;

void check_value(Distance v, const char* what) {
  if (v != k_unreachable && (v < -k_value_limit || v > k_value_limit))
    throw InputError(std::string("dijkstra map: ") + what + " " + std::to_string(v) + " outside ±" +
                     std::to_string(k_value_limit));
}

// The working space of a DijkstraMap, named. Sources are padded cell indices sorted by value.
struct Buffers {
  std::vector<Distance>& values;        // padded values
  std::vector<std::uint32_t>& queue;    // the FIFO, or the heap's cells
  std::vector<std::uint32_t>& sources;  // cells with a starting value, by value
  std::vector<std::uint32_t>& scratch;  // counting-sort counts, or the heap's keys
  std::vector<std::uint32_t>* buckets;  // Dial's buckets (their size is their capacity)
  std::size_t bucket_count;
};

// The steps of one call.
struct Neighbours {
  std::size_t stride = 0;
  const StepTable* steps = nullptr;
  Distance cardinal = 1, diagonal = 1;
  bool eight = true;

  Neighbours(const CostMap& map, const StepTable& table, const Movement& movement)
      : stride(map.stride()),
        steps(&table),
        cardinal(movement.cardinal_weight),
        diagonal(movement.diagonal_weight),
        eight(table.count() == 8) {}
};

// Lowers every neighbour j of i that may step into i (j -> i allowed) to `to_cardinal` or
// `to_diagonal` (i's value plus the step), when that is below j's value, and calls
// push_cardinal(j) or push_diagonal(j) for it. Blocked neighbours hold k_blocked, which no
// value is below, so only the corner rule needs testing. Plain branches are the fastest way
// here: which neighbours improve follows the shape of the wave front and predicts well
// (branch-free updates, which store every neighbour, measured half as fast).
template <bool Eight, typename PushCardinal, typename PushDiagonal>
inline void relax(Distance* v, std::size_t i, const Neighbours& nb, Distance to_cardinal,
                  Distance to_diagonal, PushCardinal&& push_cardinal,
                  PushDiagonal&& push_diagonal) {
  Distance* const at = v + i;
  Distance* const up = at - nb.stride;
  Distance* const down = at + nb.stride;
  const std::size_t i_up = i - nb.stride, i_down = i + nb.stride;
  const Distance n = up[0], e = at[1], s = down[0], w = at[-1];
  if (to_cardinal < n) up[0] = to_cardinal, push_cardinal(i_up);
  if (to_cardinal < e) at[1] = to_cardinal, push_cardinal(i + 1);
  if (to_cardinal < s) down[0] = to_cardinal, push_cardinal(i_down);
  if (to_cardinal < w) at[-1] = to_cardinal, push_cardinal(i - 1);
  if constexpr (Eight) {
    if (std::min(std::min(n, e), std::min(s, w)) != k_blocked) {
      // No orthogonal neighbour blocked: every corner rule allows every diagonal. (The common
      // case away from walls; skipping the rule there saves a fifth of the time on open maps.)
      if (to_diagonal < up[1]) up[1] = to_diagonal, push_diagonal(i_up + 1);
      if (to_diagonal < down[1]) down[1] = to_diagonal, push_diagonal(i_down + 1);
      if (to_diagonal < down[-1]) down[-1] = to_diagonal, push_diagonal(i_down - 1);
      if (to_diagonal < up[-1]) up[-1] = to_diagonal, push_diagonal(i_up - 1);
      return;
    }
    const unsigned open = unsigned{n != k_blocked} | unsigned{e != k_blocked} << 1 |
                          unsigned{s != k_blocked} << 2 | unsigned{w != k_blocked} << 3;
    // Diagonal targets count as enterable here: a blocked one never compares lower.
    const unsigned diagonal = nb.steps->allowed_steps(open | 0xf0u) >> 4;
    if ((diagonal & 1u) && to_diagonal < up[1]) up[1] = to_diagonal, push_diagonal(i_up + 1);
    if ((diagonal & 2u) && to_diagonal < down[1]) down[1] = to_diagonal, push_diagonal(i_down + 1);
    if ((diagonal & 4u) && to_diagonal < down[-1])
      down[-1] = to_diagonal, push_diagonal(i_down - 1);
    if ((diagonal & 8u) && to_diagonal < up[-1]) up[-1] = to_diagonal, push_diagonal(i_up - 1);
  }
}

constexpr std::size_t k_prefetch_distance = 16;  // queue entries ahead (measured: 16 to 32)

inline void prefetch(const void* p) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}
inline void prefetch_rows(const Distance* v, std::size_t i, std::size_t stride) {
  prefetch(v + i - stride);
  prefetch(v + i);
  prefetch(v + i + stride);
}

// Every step costs `step`: a FIFO. Sources sharing one value all start in the queue; sources
// of different values are merged into it in order of value.
template <bool Eight>
void search_fifo(Distance* v, const Neighbours& nb, std::uint32_t* queue,
                 const std::vector<std::uint32_t>& sources, Distance step) {
  if (sources.empty()) return;
  std::size_t head = 0, tail = 0;
  const auto push = [&](std::size_t j) { queue[tail++] = static_cast<std::uint32_t>(j); };
  const auto expand = [&](std::uint32_t i) {
    const Distance next = v[i] + step;
    relax<Eight>(v, i, nb, next, next, push, push);
  };
  if (v[sources.front()] == v[sources.back()]) {
    for (const std::uint32_t s : sources)
      queue[tail++] = s;
    while (head != tail) {
      // The rows around a cell some way down the queue: on winding maps (caves) the wave
      // front is long and its cells' rows have left the cache by the time they come up.
      if (head + k_prefetch_distance < tail)
        prefetch_rows(v, queue[head + k_prefetch_distance], nb.stride);
      expand(queue[head++]);
    }
    return;
  }
  std::size_t next_source = 0;
  Distance last = k_blocked;
  for (;;) {
    // A source lowered below the current value was taken off the queue already.
    while (next_source < sources.size() && v[sources[next_source]] < last)
      ++next_source;
    std::uint32_t i;
    if (next_source < sources.size() && (head == tail || v[sources[next_source]] <= v[queue[head]]))
      i = sources[next_source++];
    else if (head != tail)
      i = queue[head++];
    else
      break;
    last = v[i];
    expand(i);
  }
}

// Dial's circular bucket queue: bucket b holds cells whose value is congruent to b modulo the
// bucket count, all within (current, current + largest step].
class BucketQueue {
 public:
  BucketQueue(std::vector<std::uint32_t>* store, std::size_t count)
      : store_(store), mask_(static_cast<std::uint32_t>(count - 1)), words_(count / 64) {}

  std::uint32_t bucket(Distance value) const { return static_cast<std::uint32_t>(value) & mask_; }
  // Room for `more` more cells in bucket b.
  void reserve(std::uint32_t b, std::uint32_t more) {
    std::vector<std::uint32_t>& s = store_[b];
    if (size_[b] + more > s.size()) s.resize(std::max<std::size_t>(2 * s.size(), 1024));
  }
  std::uint32_t* slots(std::uint32_t b) { return store_[b].data(); }
  std::uint32_t& size(std::uint32_t b) { return size_[b]; }
  const std::uint32_t* data(std::uint32_t b) const { return store_[b].data(); }
  void mark(std::uint32_t b) { bits_[b >> 6] |= std::uint64_t{size_[b] != 0} << (b & 63); }
  void clear(std::uint32_t b) {
    size_[b] = 0;
    bits_[b >> 6] &= ~(std::uint64_t{1} << (b & 63));
  }
  bool empty() const {
    std::uint64_t any = 0;
    for (std::size_t w = 0; w < words_; ++w)
      any |= bits_[w];
    return any == 0;
  }
  // The value of the first non-empty bucket after `value` (the queue must not be empty).
  Distance next_after(Distance value) const {
    const std::uint32_t start = bucket(value + 1);
    std::size_t w = start >> 6;
    std::uint64_t word = bits_[w] & (~std::uint64_t{0} << (start & 63));
    while (word == 0) {  // at most words_ + 1 words: the start word is seen twice
      w = (w + 1) & (words_ - 1);
      word = bits_[w];
    }
    const auto b =
        static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
    return value + 1 + static_cast<Distance>((b - start) & mask_);
  }

 private:
  std::vector<std::uint32_t>* store_;
  std::uint32_t mask_;
  std::size_t words_;
  std::array<std::uint32_t, k_max_dial_step + 1> size_{};
  std::array<std::uint64_t, (k_max_dial_step + 1) / 64> bits_{};
};

template <bool Eight>
void search_buckets(Distance* v, const std::uint8_t* cells, const Neighbours& nb, BucketQueue& q,
                    const std::vector<std::uint32_t>& sources) {
  const auto expand = [&](std::uint32_t i, Distance d) YENDOR_ALWAYS_INLINE {
    const Distance c = cells[i];
    const Distance to_cardinal = d + c * nb.cardinal, to_diagonal = d + c * nb.diagonal;
    const std::uint32_t bc = q.bucket(to_cardinal), bd = q.bucket(to_diagonal);
    // Room for four pushes into each (eight when they are one bucket) before taking pointers.
    q.reserve(bc, 8);
    q.reserve(bd, 8);
    std::uint32_t* const out_c = q.slots(bc);
    std::uint32_t* const out_d = q.slots(bd);
    std::uint32_t& size_c = q.size(bc);
    std::uint32_t& size_d = q.size(bd);
    relax<Eight>(
        v, i, nb, to_cardinal, to_diagonal,
        [&](std::size_t j) { out_c[size_c++] = static_cast<std::uint32_t>(j); },
        [&](std::size_t j) { out_d[size_d++] = static_cast<std::uint32_t>(j); });
    q.mark(bc);
    q.mark(bd);
  };

  std::size_t next_source = 0;
  Distance last = k_blocked;
  for (;;) {
    while (next_source < sources.size() && v[sources[next_source]] < last)
      ++next_source;
    const bool have_source = next_source < sources.size();
    Distance d;
    if (q.empty()) {
      if (!have_source) break;
      d = v[sources[next_source]];
    } else {
      d = q.next_after(last);
      if (have_source) d = std::min(d, v[sources[next_source]]);
    }
    while (next_source < sources.size() && v[sources[next_source]] <= d) {
      const std::uint32_t i = sources[next_source++];
      if (v[i] == d) expand(i, d);
    }
    const std::uint32_t b = q.bucket(d);
    // Expanding never pushes into the bucket being read (every step is >= 1 and below the
    // bucket count), so its storage stays put.
    const std::uint32_t* cells_in = q.data(b);
    const std::uint32_t n = q.size(b);
    for (std::uint32_t e = 0; e < n; ++e) {
      if (e + k_prefetch_distance < n) {
        const std::uint32_t ahead = cells_in[e + k_prefetch_distance];
        prefetch_rows(v, ahead, nb.stride);
        prefetch(cells + ahead);
      }
      if (v[cells_in[e]] == d) expand(cells_in[e], d);
    }
    q.clear(b);
    last = d;
  }
}

// A binary heap of (biased value, cell), for steps too large for the bucket queue.
class Heap {
 public:
  Heap(std::vector<std::uint32_t>& keys, std::vector<std::uint32_t>& cells)
      : keys_(keys), cells_(cells) {}
  bool empty() const { return size_ == 0; }
  void reserve(std::size_t more) {
    if (size_ + more > keys_.size()) {
      keys_.resize(std::max<std::size_t>(2 * keys_.size(), size_ + more + 1024));
      cells_.resize(keys_.size());
    }
  }
  void push(Distance value, std::uint32_t cell) {  // after reserve()
    const std::uint32_t key = bias(value);
    std::size_t at = size_++;
    while (at > 0) {
      const std::size_t up = (at - 1) / 2;
      if (!less(key, cell, keys_[up], cells_[up])) break;
      keys_[at] = keys_[up], cells_[at] = cells_[up];
      at = up;
    }
    keys_[at] = key, cells_[at] = cell;
  }
  std::pair<Distance, std::uint32_t> pop() {
    const std::pair<Distance, std::uint32_t> top{unbias(keys_[0]), cells_[0]};
    const std::uint32_t key = keys_[--size_], cell = cells_[size_];
    std::size_t at = 0;
    for (;;) {
      std::size_t child = 2 * at + 1;
      if (child >= size_) break;
      if (child + 1 < size_ &&
          less(keys_[child + 1], cells_[child + 1], keys_[child], cells_[child]))
        ++child;
      if (!less(keys_[child], cells_[child], key, cell)) break;
      keys_[at] = keys_[child], cells_[at] = cells_[child];
      at = child;
    }
    keys_[at] = key, cells_[at] = cell;
    return top;
  }

 private:
  static std::uint32_t bias(Distance v) { return static_cast<std::uint32_t>(v) ^ 0x80000000u; }
  static Distance unbias(std::uint32_t k) { return static_cast<Distance>(k ^ 0x80000000u); }
  static bool less(std::uint32_t ka, std::uint32_t ca, std::uint32_t kb, std::uint32_t cb) {
    return ka != kb ? ka < kb : ca < cb;
  }
  std::vector<std::uint32_t>& keys_;
  std::vector<std::uint32_t>& cells_;
  std::size_t size_ = 0;
};

template <bool Eight>
void search_heap(Distance* v, const std::uint8_t* cells, const Neighbours& nb, Heap& heap,
                 const std::vector<std::uint32_t>& sources) {
  heap.reserve(sources.size());
  for (const std::uint32_t s : sources)
    heap.push(v[s], s);
  while (!heap.empty()) {
    const auto [d, i] = heap.pop();
    if (v[i] != d) continue;
    const Distance c = cells[i];
    const Distance to_cardinal = d + c * nb.cardinal, to_diagonal = d + c * nb.diagonal;
    heap.reserve(8);
    relax<Eight>(
        v, i, nb, to_cardinal, to_diagonal,
        [&](std::size_t j) { heap.push(to_cardinal, static_cast<std::uint32_t>(j)); },
        [&](std::size_t j) { heap.push(to_diagonal, static_cast<std::uint32_t>(j)); });
  }
}

// Which queue a call uses: see the top of this file.
enum class QueueKind { fifo, buckets, heap };
struct Plan {
  QueueKind kind = QueueKind::fifo;
  Distance fifo_step = 0;        // the one step cost, for the FIFO
  std::size_t bucket_count = 0;  // a power of two above the largest step, for Dial's queue
};

// `uniform_cost`: the cost every passable cell shares, 0 when they differ.
Plan plan_search(const CostMap& map, const Movement& movement, Distance uniform_cost) {
  const bool eight = movement.connectivity == Connectivity::eight;
  Plan plan;
  if (uniform_cost != 0 && (!eight || movement.cardinal_weight == movement.diagonal_weight)) {
    plan.fifo_step = uniform_cost * movement.cardinal_weight;
    return plan;
  }
  const Distance largest_weight = eight
                                      ? std::max(movement.cardinal_weight, movement.diagonal_weight)
                                      : movement.cardinal_weight;
  const Distance largest_step = Distance{map.max_cost()} * largest_weight;
  if (largest_step <= k_max_dial_step) {
    plan.kind = QueueKind::buckets;
    plan.bucket_count =
        std::max<std::size_t>(64, std::bit_ceil(static_cast<std::size_t>(largest_step) + 1));
  } else {
    plan.kind = QueueKind::heap;
  }
  return plan;
}

// Runs the search from the sources over the padded values.
void search(const CostMap& map, const Movement& movement, const Plan& plan, Buffers& b) {
  const StepTable steps(map, movement);
  const Neighbours nb(map, steps, movement);
  Distance* v = b.values.data();
  const std::uint8_t* cells = map.padded();
  switch (plan.kind) {
    case QueueKind::fifo: {
      if (b.queue.size() < b.values.size() + 8) b.queue.resize(b.values.size() + 8);
      if (nb.eight)
        search_fifo<true>(v, nb, b.queue.data(), b.sources, plan.fifo_step);
      else
        search_fifo<false>(v, nb, b.queue.data(), b.sources, plan.fifo_step);
      return;
    }
    case QueueKind::buckets: {
      BucketQueue q(b.buckets, plan.bucket_count);
      if (nb.eight)
        search_buckets<true>(v, cells, nb, q, b.sources);
      else
        search_buckets<false>(v, cells, nb, q, b.sources);
      return;
    }
    case QueueKind::heap: {
      Heap heap(b.scratch, b.queue);
      if (nb.eight)
        search_heap<true>(v, cells, nb, heap, b.sources);
      else
        search_heap<false>(v, cells, nb, heap, b.sources);
      return;
    }
  }
}

// The cost shared by every passable cell of the padded costs: 0 when they differ (or there
// are none). Byte-wide minimum and maximum, which vectorise.
Distance uniform_cost(const std::uint8_t* cells, std::size_t n) {
  std::uint8_t hi = 0, lo_minus_one = 255;  // 0 - 1 wraps to 255: impassable cells drop out
  for (std::size_t p = 0; p < n; ++p) {
    hi = std::max(hi, cells[p]);
    lo_minus_one = std::min(lo_minus_one, static_cast<std::uint8_t>(cells[p] - 1));
  }
  return hi != 0 && lo_minus_one + 1 == hi ? hi : 0;
}

// The cells rescan() starts from, in index order: every passable cell with a finite value.
// (Cells that a single step improves could be left out, being dominated by their neighbour,
// but on flee maps that is one cell in six, for a pass over every neighbourhood.)
void finite_cells(const CostMap& map, const Distance* v, std::vector<std::uint32_t>& out) {
  out.clear();
  for (int y = 0; y < map.height(); ++y) {
    const std::size_t row = map.index({0, y});
    for (std::size_t i = row; i < row + static_cast<std::size_t>(map.width()); ++i)
      if (v[i] != k_blocked && v[i] != k_unreachable) out.push_back(static_cast<std::uint32_t>(i));
  }
}

// Sorts `cells` (ascending indices) by value, ties by index: a counting sort when the values
// span little more than the cells, else std::sort.
void sort_by_value(const Distance* v, std::vector<std::uint32_t>& cells,
                   std::vector<std::uint32_t>& scratch) {
  const auto by_value = [v](std::uint32_t a, std::uint32_t c) {
    return v[a] != v[c] ? v[a] < v[c] : a < c;
  };
  if (cells.size() < 1024) {
    std::sort(cells.begin(), cells.end(), by_value);
    return;
  }
  Distance lo = v[cells[0]], hi = lo;
  for (const std::uint32_t c : cells)
    lo = std::min(lo, v[c]), hi = std::max(hi, v[c]);
  const auto span = static_cast<std::uint64_t>(std::int64_t{hi} - lo) + 1;
  if (span > 4 * cells.size() + 65536) {
    std::sort(cells.begin(), cells.end(), by_value);
    return;
  }
  // Offsets per value, then the cells placed behind the list itself (kept in scratch).
  const std::size_t count = cells.size();
  scratch.assign(span + 1 + count, 0);
  std::uint32_t* offset = scratch.data();
  std::uint32_t* placed = scratch.data() + span + 1;
  for (const std::uint32_t c : cells)
    ++offset[static_cast<std::size_t>(v[c] - lo) + 1];
  for (std::size_t k = 1; k <= span; ++k)
    offset[k] += offset[k - 1];
  for (const std::uint32_t c : cells)
    placed[offset[static_cast<std::size_t>(v[c] - lo)]++] = c;
  std::copy(placed, placed + count, cells.begin());
}

// std::lround without the library call: halves away from zero, exact for |x| < 2^52.
std::int64_t round_half_away(double x) {
  auto t = static_cast<std::int64_t>(x);  // toward zero
  const double rest = x - static_cast<double>(t);
  if (rest >= 0.5) ++t;
  if (rest <= -0.5) --t;
  return t;
}

void check_size(const CostMap& map, Size values, const char* what) {
  if (map.size() != values)
    throw InputError(std::string("dijkstra map: ") + what + " on a " + size_text(map.size()) +
                     " map, but the values are " + size_text(values));
}

void check_point(Size size, Point p) {
  if (p.x < 0 || p.y < 0 || p.x >= size.width || p.y >= size.height)
    throw InputError("dijkstra map: (" + std::to_string(p.x) + "," + std::to_string(p.y) +
                     ") outside the " + size_text(size) + " map");
}

// The allowed step from the cell at grid point `from` minimising value(b) + step(from -> b)
// over neighbours b valued below `from` (ties: k_directions8 order). Choosing by value plus
// step rather than by value alone keeps walks on the cheapest route where costs differ: the
// walk's cost then equals the value it starts from.
std::optional<Point> downhill_step(const Grid<Distance>& values, const CostMap& map,
                                   const StepTable& steps, Point from) {
  const Distance own = values[from];
  const std::uint8_t* cells = map.padded();
  const std::size_t i = map.index(from);
  std::optional<Point> best;
  std::int64_t best_total = std::numeric_limits<std::int64_t>::max();
  for (unsigned mask = steps.step_mask(cells, i); mask != 0; mask &= mask - 1) {
    const int k = std::countr_zero(mask);
    const Point to = from + steps.delta(k);
    const Distance value = values[to];
    if (value == k_unreachable || value >= own) continue;
    const std::int64_t total = std::int64_t{value} + steps.step_cost(cells, i, k);
    if (total < best_total) {
      best_total = total;
      best = to;
    }
  }
  return best;
}

// The buffers of `map`, with room for the plan's buckets. BucketQueue keeps the sizes.
Buffers buffers_for(const Plan& plan, std::vector<Distance>& padded,
                    std::vector<std::uint32_t>& queue,
                    std::vector<std::vector<std::uint32_t>>& lists) {
  if (lists.size() < 2 + plan.bucket_count) lists.resize(2 + plan.bucket_count);
  return {padded, queue, lists[0], lists[1], lists.data() + 2, plan.bucket_count};
}

// Copies the padded values out to `out`. Impassable cells become k_unreachable, or keep
// their value in `out` when `Keep`.
template <bool Keep>
void copy_out(const CostMap& map, const Distance* v, Grid<Distance>& out) {
  const auto w = static_cast<std::size_t>(map.width());
  for (int y = 0; y < map.height(); ++y) {
    const Distance* __restrict in = v + map.index({0, y});
    Distance* __restrict row = out.data() + static_cast<std::size_t>(y) * w;
    for (std::size_t x = 0; x < w; ++x) {
      const Distance keep = Keep ? row[x] : k_unreachable;
      row[x] = in[x] != k_blocked ? in[x] : keep;
    }
  }
}

}  // namespace

void DijkstraMap::compute(const CostMap& map, std::span<const Goal> goals,
                          const Movement& movement) {
  check(map, movement);
  for (const Goal& g : goals)
    check_value(g.value, "goal value");

  const std::size_t n = map.padded_cell_count();
  const std::uint8_t* cells = map.padded();
  padded_.resize(n);
  Distance* v = padded_.data();
  for (std::size_t p = 0; p < n; ++p)
    v[p] = cells[p] != 0 ? k_unreachable : k_blocked;
  const Plan plan = plan_search(map, movement, uniform_cost(cells, n));
  Buffers b = buffers_for(plan, padded_, queue_, buckets_);

  b.sources.clear();
  for (const Goal& g : goals) {
    if (!map.passable(g.cell) || g.value == k_unreachable) continue;
    const std::size_t p = map.index(g.cell);
    v[p] = std::min(v[p], g.value);
    b.sources.push_back(static_cast<std::uint32_t>(p));
  }
  std::sort(b.sources.begin(), b.sources.end(),
            [v](std::uint32_t a, std::uint32_t c) { return v[a] != v[c] ? v[a] < v[c] : a < c; });
  b.sources.erase(std::unique(b.sources.begin(), b.sources.end()), b.sources.end());

  search(map, movement, plan, b);

  if (values_.size() != map.size()) values_ = Grid<Distance>(map.size());
  copy_out<false>(map, v, values_);
}

void DijkstraMap::compute(const CostMap& map, Point goal, const Movement& movement) {
  const Goal g{goal, 0};
  compute(map, std::span<const Goal>(&g, 1), movement);
}

void DijkstraMap::rescan(const CostMap& map, const Movement& movement) {
  check(map, movement);
  check_size(map, values_.size(), "rescan");

  const std::size_t n = map.padded_cell_count();
  const std::uint8_t* cells = map.padded();
  padded_.resize(n);
  Distance* v = padded_.data();
  std::fill(v, v + n, k_blocked);
  Distance lo = std::numeric_limits<Distance>::max(), hi = std::numeric_limits<Distance>::min();
  for (int y = 0; y < map.height(); ++y) {
    const std::size_t row = map.index({0, y});
    const Distance* in =
        values_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(map.width());
    for (std::size_t x = 0; x < static_cast<std::size_t>(map.width()); ++x) {
      if (cells[row + x] == 0) continue;
      const Distance value = in[x];
      v[row + x] = value;
      if (value == k_unreachable) continue;
      lo = std::min(lo, value);
      hi = std::max(hi, value);
    }
  }
  if (lo <= hi) {
    check_value(lo, "value");
    check_value(hi, "value");
  }

  const Plan plan = plan_search(map, movement, uniform_cost(cells, n));
  Buffers b = buffers_for(plan, padded_, queue_, buckets_);
  finite_cells(map, v, b.sources);
  sort_by_value(v, b.sources, b.scratch);
  search(map, movement, plan, b);
  copy_out<true>(map, v, values_);
}

void DijkstraMap::make_flee(const CostMap& map, const Movement& movement, double factor) {
  if (!(factor < 0) || !std::isfinite(factor))
    throw InputError("dijkstra map: flee factor " + std::to_string(factor) + " must be negative");
  check(map, movement);
  check_size(map, values_.size(), "make_flee");
  std::int64_t largest = 0;
  for (const Distance value : values_.cells())
    if (value != k_unreachable)
      largest = std::max<std::int64_t>(largest, std::abs(std::int64_t{value}));
  if (static_cast<double>(largest) * -factor > k_value_limit)
    throw InputError("dijkstra map: flee factor " + std::to_string(factor) +
                     " scales values beyond ±" + std::to_string(k_value_limit));
  for (Distance& value : values_.cells())
    if (value != k_unreachable) value = static_cast<Distance>(round_half_away(value * factor));
  rescan(map, movement);
}

std::optional<Point> DijkstraMap::downhill(const CostMap& map, Point from,
                                           const Movement& movement) const {
  check(movement);
  check_size(map, values_.size(), "downhill");
  check_point(map.size(), from);
  return downhill_step(values_, map, StepTable(map, movement), from);
}

bool DijkstraMap::path_from(const CostMap& map, Point from, const Movement& movement,
                            std::vector<Point>& path) const {
  path.clear();
  check(movement);
  check_size(map, values_.size(), "path_from");
  check_point(map.size(), from);
  if (values_[from] == k_unreachable) return false;
  const StepTable steps(map, movement);
  // Values fall strictly at every step, so the walk ends.
  for (std::optional<Point> at = downhill_step(values_, map, steps, from); at;
       at = downhill_step(values_, map, steps, *at))
    path.push_back(*at);
  return true;
}

void weighted_sum(std::span<const std::pair<const DijkstraMap*, double>> terms, DijkstraMap& out) {
  if (terms.empty()) throw InputError("weighted_sum: no maps to add");
  const Size size = terms[0].first ? terms[0].first->size() : Size{};
  double bound = 0;
  for (const auto& [map, weight] : terms) {
    if (map == nullptr) throw InputError("weighted_sum: a map is missing");
    if (map == &out) throw InputError("weighted_sum: the output is also a term");
    if (map->size() != size)
      throw InputError("weighted_sum: a " + size_text(map->size()) + " map beside a " +
                       size_text(size) + " one");
    if (!std::isfinite(weight))
      throw InputError("weighted_sum: weight " + std::to_string(weight) + " is not finite");
    std::int64_t largest = 0;
    for (const Distance value : map->values_.cells())
      if (value != k_unreachable)
        largest = std::max<std::int64_t>(largest, std::abs(std::int64_t{value}));
    bound += std::abs(weight) * static_cast<double>(largest);
  }
  if (bound > k_value_limit)
    throw InputError("weighted_sum: weights times values could exceed ±" +
                     std::to_string(k_value_limit));

  if (out.values_.size() != size) out.values_ = Grid<Distance>(size);
  const std::size_t cells = out.values_.cell_count();
  Distance* result = out.values_.data();
  for (std::size_t c = 0; c < cells; ++c) {
    double sum = 0;
    bool reachable = true;
    for (const auto& [map, weight] : terms) {
      const Distance value = map->values_[c];
      reachable &= value != k_unreachable;
      sum += weight * value;
    }
    result[c] = reachable ? static_cast<Distance>(round_half_away(sum)) : k_unreachable;
  }
}

}  // namespace yendor::path
