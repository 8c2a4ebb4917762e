#pragma once
// Joins the separate caves of a cellular automaton map by short tunnels through rock, shortest
// first (Kruskal's order for the one-cell tunnels, then Boruvka rounds):
//   1. one-cell tunnels: every wall cell whose orthogonal neighbours include cave cells of two
//      or more groups is dug, in scan order (candidates found 64 cells at a time);
//   2. longer tunnels, in rounds: every group not yet joined to the largest cave, smallest
//      first, searches breadth-first through rock for the nearest cave cell of another group
//      and digs that path, unless an earlier search of the round joined it already; so each
//      round at least halves the groups (at most log2(caves) + 1 rounds).
// The search of step 2 is bit-parallel, 64 cells per word, and touches only the words its
// frontier reaches, so its cost follows the area searched, not the map. BFS distances are kept
// modulo 3 in two bit planes: a neighbour whose distance is one less modulo 3 is exactly one
// step nearer, which is enough to walk the path back.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "yendor/gen/cellular_regions.hpp"
#include "yendor/map/level.hpp"

namespace yendor::cellular {

class TunnelDigger {
 public:
  // `cave`: the automaton's cells, drawn into `level` at offset (1, 1) (dead = cave floor);
  // `regions`: its dead-cell regions. Only cells of the automaton are dug, never the ring.
  TunnelDigger(Level& level, const BitGrid& cave, const DeadCellRegions& regions)
      : level_(level),
        cave_(cave),
        regions_(regions),
        parent_(regions.count()),
        next_member_(regions.count(), -1),
        last_member_(regions.count()),
        cells_(regions.count()) {
    for (std::size_t r = 0; r < regions.count(); ++r) {
      cells_[r] = regions.regions()[r].cells;
      parent_[r] = static_cast<int>(r);
      last_member_[r] = static_cast<int>(r);
    }
  }

  // Digs tunnels (`tunnel_tile` on rock only) until every cave is joined; records each
  // tunnel in level.meta.corridors (from_room = to_room = -1). Returns the cells dug.
  std::int64_t dig(Tile tunnel_tile = Tile::corridor) {
    tile_ = tunnel_tile;
    const std::size_t count = regions_.count();
    groups_ = static_cast<std::int64_t>(count);
    if (count < 2) return 0;
    std::int64_t dug = dig_one_cell_tunnels();
    std::vector<char> joined_this_round(count);
    std::vector<int> groups;
    while (groups_ > 1) {
      groups.clear();
      const int main_group = find(regions_.largest());
      for (std::size_t r = 0; r < count; ++r)
        if (parent_[r] == static_cast<int>(r) && static_cast<int>(r) != main_group)
          groups.push_back(static_cast<int>(r));
      // Smallest first: large groups are often joined by a small one before their turn, and
      // a search costs about its group's size.
      std::sort(groups.begin(), groups.end(), [&](int a, int b) {
        return cells_[at(a)] != cells_[at(b)] ? cells_[at(a)] < cells_[at(b)] : a < b;
      });
      std::fill(joined_this_round.begin(), joined_this_round.end(), 0);
      for (const int group : groups) {
        if (joined_this_round[at(group)] != 0) continue;
        std::vector<Point> path;
        const Point target = search(group, path);
        dug += dig_path(path);
        const int other = find(regions_.region_at(target));
        joined_this_round[at(other)] = 1;
        joined_this_round[at(unite(group, other))] = 1;
      }
    }
    return dug;
  }

 private:
  using Word = BitGrid::Word;

  static std::size_t at(int r) { return static_cast<std::size_t>(r); }
  static std::size_t at(std::int64_t r) { return static_cast<std::size_t>(r); }

  int find(int r) {
    while (parent_[at(r)] != r) {
      parent_[at(r)] = parent_[at(parent_[at(r)])];
      r = parent_[at(r)];
    }
    return r;
  }
  // Joins the groups of roots a and b; returns the new root (the smaller id).
  int unite(int a, int b) {
    if (b < a) std::swap(a, b);
    parent_[at(b)] = a;
    cells_[at(a)] += cells_[at(b)];
    next_member_[at(last_member_[at(a)])] = b;
    last_member_[at(a)] = last_member_[at(b)];
    --groups_;
    return a;
  }

  // Digs the wall cells of `path` (automaton coordinates); returns how many.
  std::int64_t dig_path(const std::vector<Point>& path) {
    Corridor tunnel;
    for (const Point p : path) {
      const Point q{p.x + 1, p.y + 1};
      if (level_.tiles[q] == Tile::wall) {
        level_.tiles[q] = tile_;
        tunnel.cells.push_back(q);
      }
    }
    const auto dug = static_cast<std::int64_t>(tunnel.cells.size());
    if (dug > 0) level_.meta.corridors.push_back(std::move(tunnel));
    return dug;
  }

  // Step 1. A wall cell can join two caves by itself only where two of its open neighbours are
  // not already joined around it: west and east with the three cells above and the three
  // below not all open, north and south likewise with the columns, or two neighbours at a
  // corner with the cell in that corner not open. Those candidates are found 64 at a time;
  // each is dug when its open neighbours belong to two or more groups, which it then joins.
  std::int64_t dig_one_cell_tunnels() {
    const int height = cave_.height();
    const auto words = static_cast<std::int64_t>(cave_.words_per_row());
    const Word last_mask = cave_.last_word_mask();
    // Open (cave) bits of word j of row y; nothing is open beyond the grid.
    const auto open = [&](int y, std::int64_t j) -> Word {
      if (y < 0 || y >= height || j < 0 || j >= words) return 0;
      return ~cave_.row_words(y)[at(j)] & (j + 1 == words ? last_mask : ~Word{0});
    };
    const auto runs = regions_.runs();
    std::int64_t dug = 0;
    for (int y = 0; y < height && groups_ > 1; ++y) {
      // Cursors into the runs of rows y - 1, y and y + 1; queries come in increasing x.
      std::array<std::size_t, 3> cursor{}, end{};
      for (int k = 0; k < 3; ++k) {
        const int row = std::clamp(y - 1 + k, 0, height - 1);
        cursor[at(k)] = regions_.row_begin(row);
        end[at(k)] = regions_.row_begin(row + 1);
      }
      const auto region = [&](int k, int x) {  // of the open cell (x, y - 1 + k)
        std::size_t& c = cursor[at(k)];
        while (c < end[at(k)] && runs[c].x1 < x)
          ++c;
        return regions_.region_of_run(c);
      };
      for (std::int64_t j = 0; j < words; ++j) {
        const Word u = open(y - 1, j), m = open(y, j), d = open(y + 1, j);
        const auto west = [&](int row, Word w) { return (w << 1) | (open(row, j - 1) >> 63); };
        const auto east = [&](int row, Word w) { return (w >> 1) | (open(row, j + 1) << 63); };
        const Word uw = west(y - 1, u), ue = east(y - 1, u), mw = west(y, m), me = east(y, m);
        const Word dw = west(y + 1, d), de = east(y + 1, d);
        const Word across = mw & me & ~(uw & u & ue) & ~(dw & d & de);
        const Word along = u & d & ~(uw & mw & dw) & ~(ue & me & de);
        const Word corners = (u & me & ~ue) | (u & mw & ~uw) | (d & me & ~de) | (d & mw & ~dw);
        const Word wall = ~m & (j + 1 == words ? last_mask : ~Word{0});
        for (Word c = wall & (across | along | corners); c != 0; c &= c - 1) {
          const int x = static_cast<int>(j * 64 + std::countr_zero(c));
          std::array<int, 4> groups{};
          int n = 0;
          const auto add = [&](bool is_open, int k, int nx) {
            if (!is_open) return;
            const int g = find(region(k, nx));
            if (std::find(groups.begin(), groups.begin() + n, g) == groups.begin() + n)
              groups[at(n++)] = g;
          };
          // West before east keeps row y's queries in increasing x.
          add(((mw >> (x % 64)) & 1u) != 0, 1, x - 1);
          add(((me >> (x % 64)) & 1u) != 0, 1, x + 1);
          add(((u >> (x % 64)) & 1u) != 0, 0, x);
          add(((d >> (x % 64)) & 1u) != 0, 2, x);
          if (n < 2) continue;
          for (int i = 1; i < n; ++i)
            unite(find(groups[0]), find(groups[at(i)]));
          dug += dig_path({{x, y}});
        }
      }
    }
    return dug;
  }

  // Step 2: the nearest cave cell of another group (returned, automaton coordinates) and the
  // rock path to it from the group (`path`, group side first). Breadth-first through rock,
  // 64 cells per word, over the whole grid but touching only words of the frontier: the work
  // follows the cells reached, not the map's size. The interior is one rectangle and another
  // group exists, so the search always ends.
  Point search(int group, std::vector<Point>& path) {
    const auto words = static_cast<std::uint32_t>(cave_.words_per_row());
    if (seen_.empty()) {
      const std::size_t size = static_cast<std::size_t>(words) * at(cave_.height());
      seen_.assign(size, 0);
      mod1_.assign(size, 0);
      mod2_.assign(size, 0);
      grown_.assign(size, 0);
    }
    // Distance 0: the group's cells.
    front_.clear();
    for (int m = group; m >= 0; m = next_member_[at(m)])
      for (const std::uint32_t run_id : regions_.runs_of(m)) {
        const Run& run = regions_.runs()[run_id];
        for (int x = run.x0; x <= run.x1;) {
          const int bit0 = x % 64;
          const int len = std::min(run.x1 - x + 1, 64 - bit0);
          const Word bits = (len == 64 ? ~Word{0} : ((Word{1} << len) - 1)) << bit0;
          const auto y = static_cast<std::uint32_t>(run.y);
          const auto j = static_cast<std::uint32_t>(x / 64);
          const std::uint32_t w = y * words + j;
          if (seen_[w] == 0) touched_.push_back(w);
          seen_[w] |= bits;
          // Only cells with rock above, below or at a run's end can reach anything new.
          const Word above = run.y > 0 ? cave_.row_words(run.y - 1)[j] : ~Word{0};
          const Word below = run.y + 1 < cave_.height() ? cave_.row_words(run.y + 1)[j] : ~Word{0};
          Word edge = bits & (above | below);
          if (x == run.x0) edge |= Word{1} << bit0;
          if (x + len - 1 == run.x1) edge |= Word{1} << (bit0 + len - 1);
          if (edge != 0) front_.push_back({y, j, edge});
          x += len;
        }
      }
    Point target{-1, -1};
    int distance = 0;
    for (int d = 1; target.x < 0; ++d) {
      if (front_.empty()) throw std::logic_error("TunnelDigger: a cave found no other cave");
      // Grow every frontier word by one step into its own word and the four around it.
      grown_list_.clear();
      const auto add = [&](std::uint32_t y, std::uint32_t j, Word bits) {
        if (bits == 0) return;
        Word& g = grown_[y * words + j];
        if (g == 0) grown_list_.push_back({y, j, 0});
        g |= bits;
      };
      const auto height = static_cast<std::uint32_t>(cave_.height());
      for (const FrontWord& f : front_) {
        add(f.y, f.j, f.bits | (f.bits << 1) | (f.bits >> 1));
        if (f.j > 0) add(f.y, f.j - 1, f.bits << 63);
        if (f.j + 1 < words) add(f.y, f.j + 1, f.bits >> 63);
        if (f.y > 0) add(f.y - 1, f.j, f.bits);
        if (f.y + 1 < height) add(f.y + 1, f.j, f.bits);
      }
      // Reached cave cells of other groups (any unseen open cell) end the search at the first
      // in scan order; reached rock becomes the next frontier.
      front_.clear();
      FrontWord hit{~std::uint32_t{0}, 0, 0};  // the first in scan order
      const int mod = d % 3;
      for (const FrontWord& at_word : grown_list_) {
        const std::uint32_t y = at_word.y, j = at_word.j, w = y * words + j;
        const Word g = grown_[w];
        grown_[w] = 0;
        const Word row = cave_.row_words(static_cast<int>(y))[j];
        const Word valid = j + 1 == words ? cave_.last_word_mask() : ~Word{0};
        if (const Word found = g & ~row & valid & ~seen_[w]; found != 0) {
          if (y < hit.y || (y == hit.y && j < hit.j)) hit = {y, j, found};
          continue;
        }
        const Word n = g & row & valid & ~seen_[w];
        if (n == 0) continue;
        if (seen_[w] == 0) touched_.push_back(w);
        seen_[w] |= n;
        if (mod == 1) mod1_[w] |= n;
        if (mod == 2) mod2_[w] |= n;
        front_.push_back({y, j, n});
      }
      if (hit.bits != 0) {
        target = {static_cast<int>(hit.j * 64) + std::countr_zero(hit.bits),
                  static_cast<int>(hit.y)};
        distance = d;
      }
    }
    walk_back(target, distance, path);
    for (const std::uint32_t w : touched_) {
      seen_[w] = 0;
      mod1_[w] = 0;
      mod2_[w] = 0;
    }
    touched_.clear();
    return target;
  }

  bool bit(const std::vector<Word>& plane, Point p) const {
    const std::size_t w = at(p.y) * cave_.words_per_row() + static_cast<std::size_t>(p.x) / 64;
    return ((plane[w] >> (p.x % 64)) & 1u) != 0;
  }

  // From `target` at `distance`, steps to a seen neighbour one less modulo 3 (exactly one
  // less: seen neighbours differ by at most one) until the group; the rock cells on the way
  // go to `path`, group side first.
  void walk_back(Point target, int distance, std::vector<Point>& path) const {
    path.clear();
    Point p = target;
    for (int d = distance; d > 1; --d) {
      const int want = (d - 1) % 3;
      for (const Point step : k_directions4) {
        const Point n = p + step;
        if (n.x < 0 || n.y < 0 || n.x >= cave_.width() || n.y >= cave_.height() || !bit(seen_, n))
          continue;
        const int mod = bit(mod1_, n) ? 1 : (bit(mod2_, n) ? 2 : 0);
        if (mod != want) continue;
        p = n;
        break;
      }
      path.push_back(p);
    }
    std::reverse(path.begin(), path.end());
  }

  Level& level_;
  const BitGrid& cave_;
  const DeadCellRegions& regions_;
  Tile tile_ = Tile::corridor;
  std::int64_t groups_ = 0;
  // Union-find over regions and each group's member list (next_member_ from the root).
  std::vector<int> parent_, next_member_, last_member_;
  std::vector<std::int64_t> cells_;  // cave cells of each group, at its root
  // Search state: seen cells and their distance modulo 3 (1: mod1_, 2: mod2_, 0: neither) as
  // grid-sized bit planes, all clear between searches (touched_ lists the words to clear);
  // the frontier as (word, new bits); grown_ gathers one layer's growth (clear between).
  struct FrontWord {
    std::uint32_t y, j;  // row and word in the row
    Word bits;
  };
  std::vector<Word> seen_, mod1_, mod2_, grown_;
  std::vector<std::uint32_t> touched_;  // word indices y * words + j
  std::vector<FrontWord> front_, grown_list_;
};

}  // namespace yendor::cellular
