#include "yendor/map/reachability.hpp"

#include <array>
#include <memory>
#include <utility>

namespace yendor {

namespace {

// True when no border cell is traversable: then every traversable cell is interior and its
// four neighbours exist, so the flood needs no bounds checks (the case for every level our
// generators make).
bool border_closed(const Grid<Tile>& tiles) {
  const int w = tiles.width(), h = tiles.height();
  if (w == 0 || h == 0) return true;  // no cells: nothing to leave by
  for (int x = 0; x < w; ++x)
    if (is_traversable(tiles[{x, 0}]) || is_traversable(tiles[{x, h - 1}])) return false;
  for (int y = 0; y < h; ++y)
    if (is_traversable(tiles[{0, y}]) || is_traversable(tiles[{w - 1, y}])) return false;
  return true;
}

// Breadth-first flood over traversable cells from `start`. `mark` holds -1 on unvisited
// cells; a reached cell gets next(mark of the cell it was reached from), the start gets
// `start_value`. Returns the number of cells reached. `queue` has room for every cell.
template <bool Checked, typename Next>
std::int64_t flood(const Grid<Tile>& tiles, std::size_t start, std::int32_t* mark,
                   std::int32_t start_value, Next next, std::uint32_t* queue) {
  const Tile* t = tiles.data();
  const auto w = static_cast<std::size_t>(tiles.width());
  const auto h = static_cast<std::size_t>(tiles.height());
  std::size_t head = 0, tail = 0;
  mark[start] = start_value;
  queue[tail++] = static_cast<std::uint32_t>(start);
  while (head < tail) {
    const std::size_t i = queue[head++];
    const std::int32_t value = next(mark[i]);
    const auto visit = [&](std::size_t n) {
      if (mark[n] == -1 && is_traversable(t[n])) {
        mark[n] = value;
        queue[tail++] = static_cast<std::uint32_t>(n);
      }
    };
    if constexpr (Checked) {
      const std::size_t x = i % w, y = i / w;
      if (y > 0) visit(i - w);
      if (x + 1 < w) visit(i + 1);
      if (y + 1 < h) visit(i + w);
      if (x > 0) visit(i - 1);
    } else {
      visit(i - w);
      visit(i + 1);
      visit(i + w);
      visit(i - 1);
    }
  }
  return static_cast<std::int64_t>(tail);
}

template <typename Next>
std::int64_t flood_any(const Grid<Tile>& tiles, bool closed, std::size_t start, std::int32_t* mark,
                       std::int32_t start_value, Next next, std::uint32_t* queue) {
  return closed ? flood<false>(tiles, start, mark, start_value, next, queue)
                : flood<true>(tiles, start, mark, start_value, next, queue);
}

std::unique_ptr<std::uint32_t[]> make_queue(const Grid<Tile>& tiles) {
  return std::make_unique_for_overwrite<std::uint32_t[]>(tiles.cell_count());
}

}  // namespace

namespace {
// The byte values of tiles that are not traversable: fewer than the traversable ones, so
// testing against them costs fewer comparisons per byte.
constexpr std::size_t k_blocked_kinds = [] {
  std::size_t n = 0;
  for (std::size_t v = 0; v < k_tile_count; ++v)
    n += detail::k_traversable[v] ? 0 : 1;
  return n;
}();
constexpr std::array<std::uint8_t, k_blocked_kinds> k_blocked_values = [] {
  std::array<std::uint8_t, k_blocked_kinds> out{};
  std::size_t n = 0;
  for (std::size_t v = 0; v < k_tile_count; ++v)
    if (!detail::k_traversable[v]) out[n++] = static_cast<std::uint8_t>(v);
  return out;
}();
static_assert(k_tile_count <= 255);

// Where bytes[i] is a tile value (below k_tile_count) other than every one of V (the blocked
// kinds): counts them and, when Write, stores out[i] = 1 (else 0). Written so GCC vectorises
// it: the comparisons are summed in 8 bits (the values are distinct, so the sum is 0 or 1),
// and so are the hits of a block of 224 bytes (at most 224: an 8-bit count; 7 vectors of 32
// bytes, 14 of 16), widened once a block; an `||` chain becomes a 64-bit bit test that does not
// vectorise, and wider sums widen every comparison.
template <bool Write, std::uint8_t... V>
std::int64_t classify_bytes(const std::uint8_t* bytes, std::size_t n, std::uint8_t* out) {
  std::int64_t total = 0;
  constexpr std::size_t k_block = 224;
  constexpr auto k_values = static_cast<std::uint8_t>(k_tile_count);
  for (std::size_t begin = 0; begin < n; begin += k_block) {
    const std::size_t end = begin + k_block < n ? begin + k_block : n;
    std::uint8_t block = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint8_t b = bytes[i];
      const auto blocked = static_cast<std::uint8_t>((static_cast<std::uint8_t>(b == V) + ...));
      const auto hit = static_cast<std::uint8_t>(static_cast<std::uint8_t>(b < k_values) &
                                                 static_cast<std::uint8_t>(blocked ^ 1u));
      if constexpr (Write) out[i] = hit;
      block = static_cast<std::uint8_t>(block + hit);
    }
    total += block;
  }
  return total;
}

template <bool Write, std::size_t... I>
std::int64_t classify_blocked(const std::uint8_t* bytes, std::size_t n, std::uint8_t* out,
                              std::index_sequence<I...>) {
  return classify_bytes<Write, k_blocked_values[I]...>(bytes, n, out);
}
constexpr auto k_blocked_indices = std::make_index_sequence<k_blocked_kinds>{};

// The whole-map pass every flood starts with, and on sparse levels most of its time: built
// twice on x86-64 (GCC), for AVX2 (32 bytes a step) and for the baseline, picked at load time
// (not under AddressSanitizer, whose start-up the load-time choice may run before).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define YENDOR_CLONES_FOR_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define YENDOR_CLONES_FOR_AVX2
#endif

YENDOR_CLONES_FOR_AVX2
std::int64_t classify_and_write(const std::uint8_t* bytes, std::size_t n, std::uint8_t* out) {
  return classify_blocked<true>(bytes, n, out, k_blocked_indices);
}
YENDOR_CLONES_FOR_AVX2
std::int64_t classify_and_count(const std::uint8_t* bytes, std::size_t n) {
  return classify_blocked<false>(bytes, n, nullptr, k_blocked_indices);
}

const std::uint8_t* tile_bytes(const Grid<Tile>& tiles) {
  return reinterpret_cast<const std::uint8_t*>(tiles.data());
}

}  // namespace

std::int64_t FloodOrder::run(const Grid<Tile>& tiles, Point from) {
  const std::size_t n = tiles.cell_count();
  if (capacity_ < n) {
    open_ = std::make_unique_for_overwrite<std::uint8_t[]>(n);
    order_ = std::make_unique_for_overwrite<std::uint32_t[]>(n + 1);  // + the spare slot
    capacity_ = n;
  }
  reached_ = 0;
  layer_starts_.clear();
  layer_starts_.reserve(256);
  layer_starts_.push_back(0);
  traversable_ = classify_and_write(tile_bytes(tiles), tiles.cell_count(), open_.get());
  if (!tiles.in_bounds(from) || !is_traversable(tiles[from])) return 0;
  if (border_closed(tiles))
    flood<true>(tiles, tiles.index_of(from));
  else
    flood<false>(tiles, tiles.index_of(from));
  return static_cast<std::int64_t>(reached_);
}

template <bool Closed>
void FloodOrder::flood(const Grid<Tile>& tiles, std::size_t start) {
  std::uint8_t* open = open_.get();
  std::uint32_t* order = order_.get();
  const auto w = static_cast<std::size_t>(tiles.width());
  const auto h = static_cast<std::size_t>(tiles.height());
  std::size_t tail = 0;
  // Branch-free: the cell is always written at the tail, and the tail moves on only when the
  // cell was open. In corridors and mazes which neighbour is open is unpredictable, and a
  // mispredicted branch per step costs more than the store (order_ has one spare slot).
  const auto visit = [&](std::size_t c) {
    const std::uint8_t was_open = open[c];
    open[c] = 0;
    order[tail] = static_cast<std::uint32_t>(c);
    tail += was_open;
  };
  visit(start);
  for (std::size_t begin = 0; begin < tail;) {
    const std::size_t end = tail;
    for (std::size_t k = begin; k < end; ++k) {
      const std::size_t i = order[k];
      if constexpr (Closed) {
        visit(i - w);
        visit(i + 1);
        visit(i + w);
        visit(i - 1);
      } else {
        const std::size_t x = i % w, y = i / w;
        if (y > 0) visit(i - w);
        if (x + 1 < w) visit(i + 1);
        if (y + 1 < h) visit(i + w);
        if (x > 0) visit(i - 1);
      }
    }
    layer_starts_.push_back(static_cast<std::uint32_t>(end));
    begin = end;
  }
  reached_ = tail;
}

Grid<std::int32_t> walk_distances(const Grid<Tile>& tiles, Point from, std::int64_t* reached) {
  Grid<std::int32_t> dist(tiles.size(), k_unreachable);
  std::int64_t n = 0;
  if (tiles.in_bounds(from) && is_traversable(tiles[from]))
    n = flood_any(
        tiles, border_closed(tiles), tiles.index_of(from), dist.data(), 0,
        [](std::int32_t d) { return d + 1; }, make_queue(tiles).get());
  if (reached != nullptr) *reached = n;
  return dist;
}

std::int64_t count_traversable(const Grid<Tile>& tiles) {
  return classify_and_count(tile_bytes(tiles), tiles.cell_count());
}

ConnectivityReport check_connectivity(const Grid<Tile>& tiles, Point from) {
  FloodOrder flood;
  ConnectivityReport report;
  report.reachable = flood.run(tiles, from);
  report.traversable = flood.traversable();
  return report;
}

RegionLabels label_regions(const Grid<Tile>& tiles) {
  RegionLabels out{Grid<std::int32_t>(tiles.size(), -1), {}};
  const auto queue = make_queue(tiles);
  const bool closed = border_closed(tiles);
  for (std::size_t i = 0; i < tiles.cell_count(); ++i) {
    if (out.labels[i] != -1 || !is_traversable(tiles[i])) continue;
    const auto label = static_cast<std::int32_t>(out.sizes.size());
    out.sizes.push_back(flood_any(
        tiles, closed, i, out.labels.data(), label, [](std::int32_t l) { return l; }, queue.get()));
  }
  return out;
}

}  // namespace yendor
