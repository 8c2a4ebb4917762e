#include "yendor/path/bfs.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

namespace yendor::path {
namespace {

void check_point(const CostMap& map, Point p, const char* what) {
  if (!map.in_bounds(p))
    throw InputError(std::string("breadth-first search: ") + what + " " + point_text(p) +
                     " outside the " + size_text(map.size()) + " map");
}

void check_inputs(const CostMap& map, const Movement& movement, const Grid<std::uint8_t>* allowed) {
  check(movement);
  // Step costs do not add up here, so check(map, movement) would be too strict; only the
  // 32-bit queue entries need a bound.
  if (map.padded_cell_count() > std::numeric_limits<std::uint32_t>::max())
    throw InputError("breadth-first search: a " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()) + " map is too large");
  if (allowed && allowed->size() != map.size())
    throw InputError("breadth-first search: the allowed mask is " +
                     std::to_string(allowed->width()) + "x" + std::to_string(allowed->height()) +
                     ", the map " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()));
}

// What one search needs, read once from the map and the movement.
struct Frontier {
  const std::uint8_t* cells;
  const StepTable& steps;
  std::array<std::uint32_t, 8> offset{};       // padded index steps (wrapping for negatives)
  std::array<std::uint32_t, 8> grid_offset{};  // the same steps in the unpadded Grid index
  const std::uint8_t* allowed;                 // nullptr: every cell allowed

  Frontier(const CostMap& map, const StepTable& table, const Grid<std::uint8_t>* mask)
      : cells(map.padded()), steps(table), allowed(mask ? mask->data() : nullptr) {
    for (int k = 0; k < 8; ++k) {
      const Point d = table.delta(k);
      offset[static_cast<std::size_t>(k)] = static_cast<std::uint32_t>(table.offset(k));
      grid_offset[static_cast<std::size_t>(k)] =
          static_cast<std::uint32_t>(d.y * map.width() + d.x);
    }
  }
};

// Sizes the buffers for `n` padded cells and starts a new stamp. Fresh cells hold stamp 0,
// which no search uses, and old stamps never equal a new one, so neither growing nor
// searching a smaller map needs any clearing.
void prepare(std::size_t n, std::vector<std::uint32_t>& seen, std::vector<std::uint8_t>& parent,
             std::vector<std::uint32_t>& queue, std::uint32_t& stamp) {
  if (seen.size() < n) {
    seen.resize(n, 0);
    parent.resize(n);
    queue.resize(2 * n);
  }
  if (++stamp == 0) {  // wrapped after 2^32 searches: forget every stamp once
    std::fill(seen.begin(), seen.end(), 0);
    stamp = 1;
  }
}

// The search proper. The queue holds padded indices, followed by their unpadded Grid index
// when `Track` (for the `allowed` mask and for writing distances). Returns the number of cells
// taken off the queue; stops early when `goal` is reached. Cells get a parent direction; when
// `out` is given it receives the step counts. The eight directions are written out (one branch
// each, which predict far better than a loop over the set bits of the step mask).
template <bool Track>
std::int64_t breadth_first(const Frontier& f, std::uint32_t* queue, std::uint32_t* seen,
                           std::uint8_t* parent, std::uint32_t stamp, std::uint32_t start,
                           std::uint32_t start_grid, std::uint32_t goal, Distance* out) {
  constexpr std::size_t entry = Track ? 2 : 1;
  std::size_t head = 0, tail = 0, layer_end = entry;
  Distance layer = 0;
  queue[tail++] = start;
  if constexpr (Track) queue[tail++] = start_grid;
  seen[start] = stamp;
  bool found = false;
  // Direction k from i (grid index gi), when the step mask allows it.
  const auto visit = [&](unsigned mask, std::size_t k, std::uint32_t i, std::uint32_t gi) {
    if (((mask >> k) & 1u) == 0) return;
    const std::uint32_t j = i + f.offset[k];
    if (seen[j] == stamp) return;
    seen[j] = stamp;  // also when not allowed: it never needs looking at again
    const std::uint32_t gj = gi + f.grid_offset[k];
    if (Track && f.allowed && f.allowed[gj] == 0) return;
    parent[j] = static_cast<std::uint8_t>(k);
    found |= j == goal;
    queue[tail++] = j;
    if constexpr (Track) queue[tail++] = gj;
  };
  while (head < tail) {
    if (head == layer_end) {
      ++layer;
      layer_end = tail;
    }
    const std::uint32_t i = queue[head];
    const std::uint32_t gi = Track ? queue[head + 1] : 0;
    head += entry;
    if (out) out[gi] = layer;
    const unsigned mask = f.steps.step_mask(f.cells, i);
    visit(mask, 0, i, gi);
    visit(mask, 1, i, gi);
    visit(mask, 2, i, gi);
    visit(mask, 3, i, gi);
    if (mask > 0xfu) {
      visit(mask, 4, i, gi);
      visit(mask, 5, i, gi);
      visit(mask, 6, i, gi);
      visit(mask, 7, i, gi);
    }
    if (found) break;
  }
  return static_cast<std::int64_t>(head / entry);
}

}  // namespace

bool BreadthFirstSearch::find_path(const CostMap& map, Point from, Point to,
                                   const Movement& movement, std::vector<Point>& path,
                                   const Grid<std::uint8_t>* allowed) {
  path.clear();
  visited_ = 0;
  check_inputs(map, movement, allowed);
  check_point(map, from, "start");
  check_point(map, to, "target");
  if (from == to) return true;
  if (!map.passable(to) || (allowed && (*allowed)[to] == 0)) return false;
  prepare(map.padded_cell_count(), seen_, parent_, queue_, stamp_);
  const StepTable steps(map, movement);
  const Frontier frontier(map, steps, allowed);
  const auto start = static_cast<std::uint32_t>(map.index(from));
  const auto goal = static_cast<std::uint32_t>(map.index(to));
  const auto start_grid = static_cast<std::uint32_t>(from.y * map.width() + from.x);
  visited_ = allowed ? breadth_first<true>(frontier, queue_.data(), seen_.data(), parent_.data(),
                                           stamp_, start, start_grid, goal, nullptr)
                     : breadth_first<false>(frontier, queue_.data(), seen_.data(), parent_.data(),
                                            stamp_, start, start_grid, goal, nullptr);
  if (seen_[goal] != stamp_) return false;
  for (std::uint32_t j = goal; j != start; j -= frontier.offset[parent_[j]])
    path.push_back(map.point(j));
  std::reverse(path.begin(), path.end());
  return true;
}

void BreadthFirstSearch::distances(const CostMap& map, Point from, const Movement& movement,
                                   Grid<Distance>& out, const Grid<std::uint8_t>* allowed) {
  visited_ = 0;
  check_inputs(map, movement, allowed);
  check_point(map, from, "start");
  if (out.size() != map.size()) out = Grid<Distance>(map.size());
  out.fill(k_unreachable);
  prepare(map.padded_cell_count(), seen_, parent_, queue_, stamp_);
  const StepTable steps(map, movement);
  const Frontier frontier(map, steps, allowed);
  const auto start = static_cast<std::uint32_t>(map.index(from));
  const auto start_grid = static_cast<std::uint32_t>(from.y * map.width() + from.x);
  // No goal: the padded index 0 is a ring cell, never entered.
  visited_ = breadth_first<true>(frontier, queue_.data(), seen_.data(), parent_.data(), stamp_,
                                 start, start_grid, 0, out.data());
}

}  // namespace yendor::path
