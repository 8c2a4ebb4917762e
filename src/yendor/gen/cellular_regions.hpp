#pragma once
// The connected regions (orthogonal steps) of the dead cells of a BitGrid, found without a
// per-cell label: each row is cut into runs of dead cells straight from the words, runs that
// share a column with a run in the row above are joined in a union-find, and regions get ids
// in scan order of their first cell. Memory and time grow with the number of runs.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "yendor/gen/cellular_automaton.hpp"

namespace yendor::cellular {

struct Run {
  int y = 0;
  int x0 = 0;  // first cell
  int x1 = 0;  // last cell (inclusive)
  int length() const { return x1 - x0 + 1; }
};

struct RegionSummary {
  Rect bounds;  // the smallest rectangle holding every cell of the region
  std::int64_t cells = 0;
};

class DeadCellRegions {
 public:
  explicit DeadCellRegions(const BitGrid& grid) {
    cut(grid);
    label();
  }

  std::size_t count() const { return regions_.size(); }
  const std::vector<RegionSummary>& regions() const { return regions_; }
  // The region with the most cells (the first in scan order on a tie); -1 when there is none.
  int largest() const { return largest_; }
  // Every run in scan order, and the region of each.
  std::span<const Run> runs() const { return runs_; }
  int region_of_run(std::size_t run) const { return run_region_[run]; }
  // The first run of row y (0 <= y <= height; row `height` gives the number of runs).
  std::size_t row_begin(int y) const { return row_start_[at(y)]; }
  // The runs of one region, in scan order.
  std::span<const std::uint32_t> runs_of(int region) const {
    const auto r = static_cast<std::size_t>(region);
    return std::span<const std::uint32_t>(by_region_)
        .subspan(region_start_[r], region_start_[r + 1] - region_start_[r]);
  }
  // The region of the dead cell `p`, or -1 when `p` is alive. O(log runs in the row).
  int region_at(Point p) const {
    const auto first = runs_.begin() + static_cast<std::ptrdiff_t>(row_start_[at(p.y)]);
    const auto last = runs_.begin() + static_cast<std::ptrdiff_t>(row_start_[at(p.y) + 1]);
    const auto after =
        std::upper_bound(first, last, p.x, [](int x, const Run& r) { return x < r.x0; });
    if (after == first || std::prev(after)->x1 < p.x) return -1;
    return run_region_[static_cast<std::size_t>(std::prev(after) - runs_.begin())];
  }

 private:
  using Word = BitGrid::Word;
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }

  // Dead cells of word i of a row, padding excluded.
  static Word dead_bits(const BitGrid& grid, std::span<const Word> row, std::size_t i) {
    return ~row[i] & (i + 1 == row.size() ? grid.last_word_mask() : ~Word{0});
  }

  // Runs straight from the words: a run starts at a dead cell whose west neighbour is not
  // dead and ends at one whose east neighbour is not; the k-th end of a row closes its k-th
  // start. The runs are counted first, so the array is allocated once.
  void cut(const BitGrid& grid) {
    const std::size_t words = grid.words_per_row();
    std::size_t total = 0;
    for (int y = 0; y < grid.height(); ++y) {
      const auto row = grid.row_words(y);
      Word carry = 0;
      for (std::size_t i = 0; i < words; ++i) {
        const Word f = dead_bits(grid, row, i);
        total += static_cast<std::size_t>(std::popcount(f & ~((f << 1) | carry)));
        carry = f >> 63;
      }
    }
    runs_.resize(total);
    row_start_.resize(at(grid.height()) + 1);
    std::size_t n = 0;
    for (int y = 0; y < grid.height(); ++y) {
      row_start_[at(y)] = n;
      const auto row = grid.row_words(y);
      std::size_t closed = n;
      Word carry = 0;
      Word f = words > 0 ? dead_bits(grid, row, 0) : 0;
      for (std::size_t i = 0; i < words; ++i) {
        const Word next = i + 1 < words ? dead_bits(grid, row, i + 1) : 0;
        const int base = static_cast<int>(i) * BitGrid::k_word_bits;
        for (Word starts = f & ~((f << 1) | carry); starts != 0; starts &= starts - 1)
          runs_[n++] = {y, base + std::countr_zero(starts), 0};
        for (Word ends = f & ~((f >> 1) | (next << 63)); ends != 0; ends &= ends - 1)
          runs_[closed++].x1 = base + std::countr_zero(ends);
        carry = f >> 63;
        f = next;
      }
    }
    row_start_[at(grid.height())] = n;
  }

  std::uint32_t find(std::uint32_t r) {
    while (parent_[r] != r) {
      parent_[r] = parent_[parent_[r]];  // path halving
      r = parent_[r];
    }
    return r;
  }

  void label() {
    const std::size_t n = runs_.size();
    parent_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
      parent_[i] = static_cast<std::uint32_t>(i);
    // Runs of neighbouring rows that share a column touch orthogonally. Roots are linked
    // under the smaller index, so each set's root is its first run in scan order.
    for (std::size_t y = 1; y + 1 < row_start_.size(); ++y) {
      std::size_t a = row_start_[y - 1], b = row_start_[y];
      const std::size_t a_end = row_start_[y], b_end = row_start_[y + 1];
      while (a < a_end && b < b_end) {
        if (runs_[a].x0 <= runs_[b].x1 && runs_[b].x0 <= runs_[a].x1) {
          const std::uint32_t ra = find(static_cast<std::uint32_t>(a));
          const std::uint32_t rb = find(static_cast<std::uint32_t>(b));
          if (ra != rb) parent_[std::max(ra, rb)] = std::min(ra, rb);
        }
        // Advance whichever run ends first; the other may touch the next run too.
        if (runs_[a].x1 < runs_[b].x1)
          ++a;
        else
          ++b;
      }
    }
    // Region ids in scan order of each set's root (its first run), and the summaries.
    run_region_.resize(n);
    struct Extent {
      int left, right, top, bottom;
      std::int64_t cells;
    };
    std::vector<Extent> extents;
    for (std::size_t i = 0; i < n; ++i) {
      const Run& run = runs_[i];
      const std::uint32_t root = find(static_cast<std::uint32_t>(i));
      int id = 0;
      if (root == i) {
        id = static_cast<int>(extents.size());
        extents.push_back({run.x0, run.x1, run.y, run.y, 0});
      } else {
        id = run_region_[root];
      }
      run_region_[i] = id;
      Extent& e = extents[at(id)];
      e.left = std::min(e.left, run.x0);
      e.right = std::max(e.right, run.x1);
      e.bottom = run.y;
      e.cells += run.x1 - run.x0 + 1;
    }
    parent_ = {};
    regions_.resize(extents.size());
    largest_ = -1;
    for (std::size_t r = 0; r < extents.size(); ++r) {
      const Extent& e = extents[r];
      regions_[r] = {{e.left, e.top, e.right - e.left + 1, e.bottom - e.top + 1}, e.cells};
      if (largest_ < 0 || e.cells > regions_[at(largest_)].cells) largest_ = static_cast<int>(r);
    }
    // Runs grouped by region (a counting sort, scan order within each region).
    region_start_.assign(regions_.size() + 1, 0);
    for (const int r : run_region_)
      ++region_start_[at(r) + 1];
    for (std::size_t r = 0; r < regions_.size(); ++r)
      region_start_[r + 1] += region_start_[r];
    by_region_.resize(n);
    std::vector<std::size_t> fill(region_start_.begin(), region_start_.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
      by_region_[fill[at(run_region_[i])]++] = static_cast<std::uint32_t>(i);
  }

  std::vector<Run> runs_;               // scan order
  std::vector<std::size_t> row_start_;  // runs of row y: [row_start_[y], row_start_[y + 1])
  std::vector<std::uint32_t> parent_;   // union-find over runs while labelling
  std::vector<int> run_region_;
  std::vector<RegionSummary> regions_;
  int largest_ = -1;
  std::vector<std::size_t> region_start_;  // runs of region r in by_region_
  std::vector<std::uint32_t> by_region_;
};

}  // namespace yendor::cellular
