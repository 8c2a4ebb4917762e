#include "yendor/analysis/articulation.hpp"

#include <algorithm>

#include "yendor/analysis/cell_mask.hpp"

namespace yendor::analysis {

namespace {

// One cell on the depth-first search path.
struct Frame {
  std::uint32_t cell = 0;     // padded index
  std::uint32_t parent = 0;   // padded index of the cell it was reached from
  std::uint32_t cut_off = 0;  // cells in children's subtrees that only reach up through it
  std::uint8_t next = 0;      // next direction to try (0..3), 4 when all are done
  std::uint8_t children = 0;  // children in the search tree (only the root's count matters)
  bool separates = false;     // some child's subtree cannot reach above this cell
};

}  // namespace

std::vector<ArticulationPoint> find_articulation_points(const Grid<Tile>& tiles,
                                                        std::optional<Point> root) {
  const CellMask mask(tiles);
  // Discovery times (0: not yet reached) and low-links, by padded index. A subtree's cells get
  // consecutive discovery times, so its size is (last time given) - (its root's time) + 1.
  std::vector<std::uint32_t> disc(mask.padded_cells(), 0);
  std::vector<std::uint32_t> low(mask.padded_cells(), 0);
  std::vector<Frame> stack;
  std::vector<ArticulationPoint> found;
  std::uint32_t time = 0;
  std::ptrdiff_t offsets[4];
  for (int d = 0; d < 4; ++d)
    offsets[d] = mask.offset(d);

  const auto search = [&](std::size_t start, bool counts_cut_off) {
    disc[start] = low[start] = ++time;
    stack.push_back({static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(start)});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next < 4) {
        const std::size_t n =
            static_cast<std::size_t>(static_cast<std::ptrdiff_t>(f.cell) + offsets[f.next++]);
        if (!mask.open(n)) continue;
        if (disc[n] == 0) {
          disc[n] = low[n] = ++time;
          const std::uint32_t from = f.cell;  // push_back may move f
          stack.push_back({static_cast<std::uint32_t>(n), from});
        } else if (n != f.parent) {
          low[f.cell] = std::min(low[f.cell], disc[n]);
        }
        continue;
      }
      const Frame done = f;
      stack.pop_back();
      const bool is_start = stack.empty();
      if (!is_start) {
        Frame& parent = stack.back();
        low[parent.cell] = std::min(low[parent.cell], low[done.cell]);
        ++parent.children;
        if (low[done.cell] >= disc[parent.cell]) {
          parent.separates = true;
          parent.cut_off += time - disc[done.cell] + 1;
        }
      }
      // The start of a search separates exactly when it has two or more children; every
      // other cell when a child's subtree reaches no higher than the cell itself.
      if (is_start ? done.children >= 2 : done.separates)
        found.push_back({mask.point(done.cell), counts_cut_off && !is_start ? done.cut_off : 0});
    }
  };

  if (root && tiles.in_bounds(*root) && mask.open(mask.index(*root)))
    search(mask.index(*root), true);
  for (int y = 0; y < mask.height(); ++y)
    for (int x = 0; x < mask.width(); ++x) {
      const std::size_t i = mask.index({x, y});
      if (mask.open(i) && disc[i] == 0) search(i, false);
    }
  std::sort(found.begin(), found.end(),
            [](const ArticulationPoint& a, const ArticulationPoint& b) { return a.cell < b.cell; });
  return found;
}

}  // namespace yendor::analysis
