#pragma once
// What the feature passes (water, vegetation, shops, temples, fountains) share, header-only:
// which cells a pass may change, plain rooms and open squares of floor to build in, a local
// check that blocking some cells of a room keeps its surroundings connected, and the
// reconnection that joins whatever a pass split by reopening the fewest of the cells it closed.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "yendor/core/rng.hpp"
#include "yendor/gen/feature_pass.hpp"
#include "yendor/map/level.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::placement {

// Rooms that a pass (or the vaults pass) made into something: later passes keep out of them
// and their wall ring.
inline bool is_special_room(std::string_view kind) {
  return kind == "shop" || kind == "temple" || kind == "vault" || kind == "vault_hall";
}

// True when the generator recorded rooms: rooms that passes made special do not count, so a
// cave with a temple laid in open ground is still a level without rooms.
inline bool has_rooms(const Level& level) {
  const auto& rooms = level.meta.rooms;
  return std::any_of(rooms.begin(), rooms.end(),
                     [](const Room& r) { return !is_special_room(r.kind); });
}

// What protected_cells marks: the border ring, and cells kept out of every pass (no_dig cells
// such as town buildings and vaults, and special rooms with their wall ring).
inline constexpr std::uint8_t k_border = 1;
inline constexpr std::uint8_t k_kept = 2;

// Nonzero on every cell no pass may change (k_border, k_kept or both).
inline Grid<std::uint8_t> protected_cells(const Level& level) {
  Grid<std::uint8_t> out(level.size(), 0);
  const auto flags = level.flags.cells();
  for (std::size_t i = 0; i < flags.size(); ++i)
    out[i] = (flags[i] & cell_flag::no_dig) != 0 ? k_kept : 0;
  const int w = level.width(), h = level.height();
  for (int x = 0; x < w; ++x) {
    out[Point{x, 0}] |= k_border;
    out[Point{x, h - 1}] |= k_border;
  }
  for (int y = 0; y < h; ++y) {
    out[Point{0, y}] |= k_border;
    out[Point{w - 1, y}] |= k_border;
  }
  for (const Room& room : level.meta.rooms) {
    if (!is_special_room(room.kind)) continue;
    const Rect r = room.rect.expanded(1);
    const int x0 = std::max(0, r.left()), x1 = std::min(w - 1, r.right());
    const int y0 = std::max(0, r.top()), y1 = std::min(h - 1, r.bottom());
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        out[Point{x, y}] |= k_kept;
  }
  return out;
}

// Floor a room feature may stand on: plain floor, or herbs (which are only decoration).
inline bool is_room_floor(Tile t) {
  return t == Tile::floor || t == Tile::herb;
}

// A room a pass may take over: kind "room", both sides at least `min_side`, inside the map with
// its wall ring (which may be the border), and no kept cell in it or its ring. Each pass checks
// the cells it builds on.
inline bool is_free_room(const Grid<std::uint8_t>& protect, const Room& room, int min_side) {
  const Rect& r = room.rect;
  if (room.kind != "room" || r.width < min_side || r.height < min_side) return false;
  if (!protect.bounds().expanded(-1).contains(r)) return false;
  for (int y = r.top() - 1; y <= r.bottom() + 1; ++y)
    for (int x = r.left() - 1; x <= r.right() + 1; ++x)
      if ((protect[Point{x, y}] & k_kept) != 0) return false;
  return true;
}

// The ways into a room: traversable cells of its wall ring, corners left out, in scan order.
inline std::vector<Point> entrances(const Level& level, const Rect& r) {
  std::vector<Point> out;
  const auto consider = [&](Point p) {
    if (level.in_bounds(p) && is_traversable(level.tiles[p])) out.push_back(p);
  };
  for (int x = r.left(); x <= r.right(); ++x)
    consider({x, r.top() - 1});
  for (int y = r.top(); y <= r.bottom(); ++y) {
    consider({r.left() - 1, y});
    consider({r.right() + 1, y});
  }
  for (int x = r.left(); x <= r.right(); ++x)
    consider({x, r.bottom() + 1});
  return out;
}

// Calls visit(centre) for every side x side square (side odd) of unprotected room floor, in
// scan order of the squares' bottom-right corners; stops early when visit returns true. Memory
// is two rows of counters however large the map.
template <typename Visit>
void for_each_open_square(const Level& level, const Grid<std::uint8_t>& protect, int side,
                          Visit visit) {
  const int w = level.width();
  std::vector<int> run(static_cast<std::size_t>(w), 0);   // open cells ending here in this row
  std::vector<int> rows(static_cast<std::size_t>(w), 0);  // rows in a row with run >= side
  for (int y = 0; y < level.height(); ++y) {
    int in_row = 0;
    for (int x = 0; x < w; ++x) {
      const Point p{x, y};
      const bool open = protect[p] == 0 && is_room_floor(level.tiles[p]);
      in_row = open ? in_row + 1 : 0;
      const auto ux = static_cast<std::size_t>(x);
      run[ux] = in_row;
      rows[ux] = run[ux] >= side ? rows[ux] + 1 : 0;
      if (rows[ux] >= side && visit(Point{x - side / 2, y - side / 2})) return;
    }
  }
}

// The chance that a room (or a draw) gets a unique feature: the pass's `rate` times the level's
// unique-feature rate (thesis 3.7), at most 1.
inline double unique_feature_chance(const ParamSet& params, const FeatureContext& context) {
  return std::min(1.0, params.get_real("rate") * context.unique_rate);
}

// How many of `draws` draws at `chance` succeed.
inline std::int64_t successes(std::int64_t draws, double chance, Rng& rng) {
  std::int64_t n = 0;
  for (std::int64_t i = 0; i < draws; ++i)
    n += rng.chance(chance) ? 1 : 0;
  return n;
}

// Plain rooms at least `min_side` a side, untouched by other passes, whose centre is open
// floor (where an altar or a fountain can stand), in random order.
inline std::vector<std::size_t> shuffled_centre_rooms(const Level& level,
                                                      const Grid<std::uint8_t>& protect,
                                                      int min_side, Rng& rng) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < level.meta.rooms.size(); ++i) {
    const Room& room = level.meta.rooms[i];
    if (is_free_room(protect, room, min_side) && is_room_floor(level.tiles[room.rect.center()]))
      out.push_back(i);
  }
  rng.shuffle(out);
  return out;
}

// Offers each candidate room, in order, with probability `chance`, until `max` are made;
// `make(room index)` builds in the room and says whether it did.
template <typename Make>
void make_in_rooms(std::span<const std::size_t> candidates, double chance, std::int64_t max,
                   Rng& rng, Make make) {
  std::int64_t made = 0;
  for (std::size_t i : candidates) {
    if (made >= max) break;
    if (!rng.chance(chance)) continue;
    made += make(i) ? 1 : 0;
  }
}

// Up to `wanted` distinct centres of open squares (see for_each_open_square), each uniform
// among all of them, in scan order: two scans, no list of every square.
inline std::vector<Point> sample_open_squares(const Level& level, const Grid<std::uint8_t>& protect,
                                              int side, std::int64_t wanted, Rng& rng) {
  std::int64_t count = 0;
  for_each_open_square(level, protect, side, [&](Point) {
    ++count;
    return false;
  });
  std::vector<Point> out;
  if (count == 0 || wanted <= 0) return out;
  // Index draws use 32 bits: more squares than that cannot occur (10000 x 10000 cells).
  std::vector<std::int64_t> picks;
  for (std::int64_t i = 0; i < wanted; ++i)
    picks.push_back(rng.below(static_cast<std::uint32_t>(count)));
  std::sort(picks.begin(), picks.end());
  picks.erase(std::unique(picks.begin(), picks.end()), picks.end());
  std::int64_t index = 0;
  std::size_t next = 0;
  for_each_open_square(level, protect, side, [&](Point centre) {
    if (index++ == picks[next]) {
      out.push_back(centre);
      if (++next == picks.size()) return true;
    }
    return false;
  });
  return out;
}

// True when making `blocked` (traversable cells inside `area`, away from the map border)
// impassable keeps every traversable cell of area.expanded(1) connected, within that frame, to
// the cells it was connected to before. That is enough for the whole level: a way through a
// blocked cell enters and leaves through the frame and can go round inside it instead.
inline bool blocking_keeps_connectivity(const Level& level, const Rect& area,
                                        std::span<const Point> blocked) {
  const Rect frame = area.expanded(1);
  const auto fw = static_cast<std::size_t>(frame.width);
  const std::size_t n = fw * static_cast<std::size_t>(frame.height);
  const auto local = [&](Point p) {
    return static_cast<std::size_t>(p.y - frame.y) * fw + static_cast<std::size_t>(p.x - frame.x);
  };
  std::vector<std::uint8_t> open(n, 0), is_blocked(n, 0);
  for (int y = frame.top(); y <= frame.bottom(); ++y)
    for (int x = frame.left(); x <= frame.right(); ++x)
      open[local({x, y})] = is_traversable(level.tiles[Point{x, y}]) ? 1 : 0;
  for (Point p : blocked)
    is_blocked[local(p)] = 1;

  // Labels a flood over open cells (skipping blocked ones when asked).
  std::vector<std::int32_t> queue;
  const auto label = [&](bool skip_blocked, std::vector<std::int32_t>& out) {
    out.assign(n, -1);
    std::int32_t next = 0;
    for (std::size_t start = 0; start < n; ++start) {
      if (open[start] == 0 || out[start] != -1 || (skip_blocked && is_blocked[start] != 0))
        continue;
      queue.assign(1, static_cast<std::int32_t>(start));
      out[start] = next;
      for (std::size_t head = 0; head < queue.size(); ++head) {
        const auto i = static_cast<std::size_t>(queue[head]);
        const std::size_t x = i % fw;
        const std::size_t nb[4] = {i >= fw ? i - fw : n, x + 1 < fw ? i + 1 : n,
                                   i + fw < n ? i + fw : n, x > 0 ? i - 1 : n};
        for (std::size_t j : nb) {
          if (j == n || open[j] == 0 || out[j] != -1 || (skip_blocked && is_blocked[j] != 0))
            continue;
          out[j] = next;
          queue.push_back(static_cast<std::int32_t>(j));
        }
      }
      ++next;
    }
    return next;
  };
  std::vector<std::int32_t> before, after;
  const std::int32_t regions_before = label(false, before);
  label(true, after);
  // Every region before must survive as exactly one region after.
  std::vector<std::int32_t> after_of(static_cast<std::size_t>(regions_before), -1);
  for (std::size_t i = 0; i < n; ++i) {
    if (after[i] == -1) continue;
    std::int32_t& seen = after_of[static_cast<std::size_t>(before[i])];
    if (seen == -1)
      seen = after[i];
    else if (seen != after[i])
      return false;
  }
  return std::none_of(after_of.begin(), after_of.end(), [](std::int32_t a) { return a == -1; });
}

// Keeps a level connected after a pass closed some cells. `before` holds the traversable
// regions as they were before the pass (label_regions); `closable` is nonzero on the cells the
// pass closed, which are the only ones reopened. While a region of before is split into parts,
// each part (with what it has been joined to) is joined to the nearest other part of the same
// region by the shortest way across closed cells: carve(path) must make every cell of the path
// traversable. Parts join like Boruvka's algorithm (each set to its nearest other set, a round
// at a time), so there are at most log2(parts) rounds of one breadth-first search per set.
// Returns false if a part could not be joined (never expected: the old way is always there).
template <typename Carve>
bool reconnect(Level& level, const Grid<std::int32_t>& before, const Grid<std::uint8_t>& closable,
               Carve carve) {
  RegionLabels after = label_regions(level.tiles);
  const std::size_t parts = after.sizes.size();
  if (parts <= 1) return true;
  Grid<std::int32_t>& label = after.labels;
  const std::size_t cells = label.cell_count();

  // Each part's region before the pass (-1: made only of cells that were not traversable).
  std::vector<std::int32_t> region(parts, -1);
  std::int32_t regions = 0;
  for (std::size_t i = 0; i < cells; ++i) {
    regions = std::max(regions, before[i] + 1);
    const std::int32_t c = label[i];
    if (c >= 0 && region[static_cast<std::size_t>(c)] < 0)
      region[static_cast<std::size_t>(c)] = before[i];
  }
  std::vector<std::int32_t> sets_left(static_cast<std::size_t>(regions), 0);
  for (std::int32_t r : region)
    if (r >= 0) ++sets_left[static_cast<std::size_t>(r)];
  const auto split = [&](std::size_t part) {
    const std::int32_t r = region[part];
    return r >= 0 && sets_left[static_cast<std::size_t>(r)] > 1;
  };
  bool any_split = false;
  for (std::size_t c = 0; c < parts; ++c)
    any_split = any_split || split(c);
  if (!any_split) return true;

  const auto w = static_cast<std::size_t>(level.width());
  const auto h = static_cast<std::size_t>(level.height());
  // The four neighbours of cell i, `cells` where the map ends.
  const auto neighbours = [&](std::size_t i) {
    const std::size_t x = i % w, y = i / w;
    return std::array<std::size_t, 4>{y > 0 ? i - w : cells, x + 1 < w ? i + 1 : cells,
                                      y + 1 < h ? i + w : cells, x > 0 ? i - 1 : cells};
  };
  const auto crossable = [&](std::size_t i) {
    return closable[i] != 0 && !is_traversable(level.tiles[i]);
  };

  // Closed cells next to each split part: where searches from that part start.
  std::vector<std::vector<std::uint32_t>> frontier(parts);
  for (std::size_t i = 0; i < cells; ++i) {
    if (!crossable(i)) continue;
    for (std::size_t j : neighbours(i)) {
      if (j == cells || label[j] < 0) continue;
      auto& list = frontier[static_cast<std::size_t>(label[j])];
      if (split(static_cast<std::size_t>(label[j])) && (list.empty() || list.back() != i))
        list.push_back(static_cast<std::uint32_t>(i));
    }
  }

  std::vector<std::size_t> parent(parts);
  for (std::size_t c = 0; c < parts; ++c)
    parent[c] = c;
  const auto find = [&](std::size_t c) {
    while (parent[c] != c) {
      parent[c] = parent[parent[c]];
      c = parent[c];
    }
    return c;
  };
  const auto unite = [&](std::size_t a, std::size_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (b < a) std::swap(a, b);
    if (frontier[a].size() < frontier[b].size()) std::swap(frontier[a], frontier[b]);
    frontier[a].insert(frontier[a].end(), frontier[b].begin(), frontier[b].end());
    frontier[b] = {};
    parent[b] = a;
    --sets_left[static_cast<std::size_t>(region[a])];
  };

  // came[i]: 0 unvisited, 5 a start, else 1 + the direction index of the step into i.
  std::vector<std::uint8_t> came(cells, 0);
  std::vector<std::uint32_t> queue, path;
  const std::array<std::ptrdiff_t, 4> step{-static_cast<std::ptrdiff_t>(w), 1,
                                           static_cast<std::ptrdiff_t>(w), -1};

  // Budget: Boruvka halves the sets each round; 64 rounds cover any map.
  for (int round = 0; round < 64; ++round) {
    bool pending = false, progress = false;
    for (std::size_t c = 0; c < parts; ++c) {
      if (find(c) != c || !split(c)) continue;
      pending = true;
      const std::int32_t r = region[c];
      queue.clear();
      for (std::uint32_t i : frontier[c])
        if (came[i] == 0 && crossable(i)) {
          came[i] = 5;
          queue.push_back(i);
        }
      std::size_t hit = cells, target = parts;
      for (std::size_t head = 0; head < queue.size() && hit == cells; ++head) {
        const std::size_t i = queue[head];
        const auto nb = neighbours(i);
        for (std::size_t d = 0; d < 4; ++d) {
          const std::size_t j = nb[d];
          if (j == cells) continue;
          if (label[j] >= 0) {
            const auto other = static_cast<std::size_t>(label[j]);
            if (region[other] == r && find(other) != c) {
              hit = i;
              target = other;
              break;
            }
          } else if (came[j] == 0 && crossable(j)) {
            came[j] = static_cast<std::uint8_t>(d + 1);
            queue.push_back(static_cast<std::uint32_t>(j));
          }
        }
      }
      if (hit != cells) {
        path.clear();
        for (std::size_t i = hit;;
             i = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) - step[came[i] - 1u])) {
          path.push_back(static_cast<std::uint32_t>(i));
          if (came[i] == 5) break;
        }
      }
      for (std::uint32_t i : queue)
        came[i] = 0;
      if (hit == cells) continue;

      carve(std::span<const std::uint32_t>(path));
      progress = true;
      for (std::uint32_t i : path)
        label[i] = static_cast<std::int32_t>(c);
      unite(c, target);
      // The new way may touch further parts, and opens new closed cells to search from.
      for (std::uint32_t i : path)
        for (std::size_t j : neighbours(i)) {
          if (j == cells) continue;
          if (label[j] >= 0 && region[static_cast<std::size_t>(label[j])] == r)
            unite(c, static_cast<std::size_t>(label[j]));
          else if (crossable(j))
            frontier[find(c)].push_back(static_cast<std::uint32_t>(j));
        }
    }
    if (!pending) return true;
    if (!progress) return false;
  }
  return false;
}

}  // namespace yendor::placement
