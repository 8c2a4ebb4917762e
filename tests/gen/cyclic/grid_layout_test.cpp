#include "yendor/gen/cyclic/grid_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/map/mission_graph.hpp"

namespace yendor::cyclic {
namespace {

// ---- building mission graphs ----

struct Builder {
  MissionGraph g;

  int place(const std::string& kind, const std::string& size = "") {
    ParamSet a;
    a.set("kind", kind);
    if (!size.empty()) a.set("size", size);
    return g.add_node(a);
  }
  int link(int from, int to) {
    ParamSet a;
    a.set("kind", std::string("link"));
    return g.add_edge(from, to, a);
  }
  // from -> lock -> to; returns the lock node.
  int lock(int from, int to) {
    const int l = place("lock");
    link(from, l);
    link(l, to);
    return l;
  }
  void sees(int viewer, int seen) {
    ParamSet a;
    a.set("kind", std::string("sees"));
    g.add_edge(viewer, seen, a);
  }
  // A chain of `rooms` new rooms from `from` to `to` (a direct link when 0).
  void path(int from, int to, int rooms) {
    int at = from;
    for (int i = 0; i < rooms; ++i) {
      const int r = place("room");
      link(at, r);
      at = r;
    }
    link(at, to);
  }
};

int degree(const MissionGraph& g, int node) {
  return static_cast<int>(g.out_edges(node, "link").size() + g.in_edges(node, "link").size());
}

// Random cycles and trees of places: a start-goal cycle, more cycles hung on places of the
// earlier ones (nested), then branches up to `places`; some links get a lock, some places are
// large, some pairs see each other. Places keep at most `max_degree` links.
MissionGraph random_mission(Rng& rng, int places, int cycles, double lock_rate, double large_rate,
                            double sees_rate, int max_degree = 4) {
  Builder b;
  std::vector<int> rooms;  // non-lock places
  const auto hop = [&](int from, int to) {
    if (rng.chance(lock_rate))
      b.lock(from, to);
    else
      b.link(from, to);
  };
  const auto chain = [&](int from, int to, int len) {
    int at = from;
    for (int i = 0; i < len; ++i) {
      const int r = b.place("room", rng.chance(large_rate) ? "large" : "");
      rooms.push_back(r);
      hop(at, r);
      at = r;
    }
    hop(at, to);
  };
  const int start = b.place("start");
  const int goal = b.place("goal");
  rooms.push_back(start);
  rooms.push_back(goal);
  chain(start, goal, rng.range(0, 3));
  chain(goal, start, rng.range(1, 4));
  for (int c = 1; c < cycles; ++c) {
    std::vector<int> open;
    for (int r : rooms)
      if (degree(b.g, r) + 2 <= max_degree) open.push_back(r);
    if (open.empty()) break;
    const int entrance = rng.pick(open);
    const int inner_goal = b.place("room");
    rooms.push_back(inner_goal);
    chain(entrance, inner_goal, rng.range(0, 3));
    chain(inner_goal, entrance, rng.range(1, 3));
  }
  int count = static_cast<int>(b.g.nodes().size());
  while (count < places) {
    std::vector<int> open;
    for (int r : rooms)
      if (degree(b.g, r) < max_degree) open.push_back(r);
    if (open.empty()) break;
    const int at = rng.pick(open);
    const int r = b.place("room", rng.chance(large_rate) ? "large" : "");
    rooms.push_back(r);
    hop(at, r);
    count = static_cast<int>(b.g.nodes().size());
  }
  for (int r : rooms)
    if (rng.chance(sees_rate)) {
      const int other = rng.pick(rooms);
      if (other != r) b.sees(r, other);
    }
  return b.g;
}

// ---- oracles ----

std::vector<Point> neighbours(Point p, Size s) {
  std::vector<Point> out;
  for (Point d : k_directions4) {
    const Point n = p + d;
    if (n.x >= 0 && n.y >= 0 && n.x < s.width && n.y < s.height) out.push_back(n);
  }
  return out;
}

std::uint8_t bit_towards(Point a, Point b) {
  if (b.y < a.y) return grid_dir::north;
  if (b.x > a.x) return grid_dir::east;
  if (b.y > a.y) return grid_dir::south;
  return grid_dir::west;
}

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(static_cast<std::size_t>(n)) {
    std::iota(parent.begin(), parent.end(), 0);
  }
  int find(int x) {
    while (parent[static_cast<std::size_t>(x)] != x)
      x = parent[static_cast<std::size_t>(x)] =
          parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    return x;
  }
  bool unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    parent[static_cast<std::size_t>(a)] = b;
    return true;
  }
};

// Independent cycles (E - V + C) of the places joined by links.
int mission_cycle_rank(const MissionGraph& g) {
  std::map<int, int> index;
  for (const MissionNode& n : g.nodes())
    if (is_place_kind(kind_of(n.attrs))) index.emplace(n.id, static_cast<int>(index.size()));
  UnionFind uf(static_cast<int>(index.size()));
  int components = static_cast<int>(index.size()), edges = 0;
  for (const MissionEdge& e : g.edges())
    if (kind_of(e.attrs) == "link") {
      ++edges;
      if (uf.unite(index.at(e.from), index.at(e.to))) --components;
    }
  return edges - static_cast<int>(index.size()) + components;
}

// Independent cycles of the cell graph with each place's cells taken as one node and the
// exits as edges.
int grid_cycle_rank(const GridLayout& layout) {
  const Grid<GridCell>& cells = layout.cells;
  std::map<int, int> node_of_place;
  std::vector<int> node(cells.cell_count(), -1);
  int nodes = 0;
  for (std::size_t i = 0; i < cells.cell_count(); ++i) {
    const GridCell& c = cells[i];
    if (c.place >= 0) {
      const auto [it, fresh] = node_of_place.emplace(c.place, nodes);
      if (fresh) ++nodes;
      node[i] = it->second;
    } else if (c.link >= 0) {
      node[i] = nodes++;
    }
  }
  UnionFind uf(nodes);
  int components = nodes, edges = 0;
  for (int y = 0; y < cells.height(); ++y)
    for (int x = 0; x < cells.width(); ++x) {
      const Point p{x, y};
      for (Point q : {Point{x + 1, y}, Point{x, y + 1}}) {
        if (!cells.in_bounds(q) || !(cells[p].exits & bit_towards(p, q))) continue;
        ++edges;
        if (uf.unite(node[cells.index_of(p)], node[cells.index_of(q)])) --components;
      }
    }
  return edges - nodes + components;
}

std::string render(const GridLayout& layout) {
  std::string out = "\n";
  const Grid<GridCell>& cells = layout.cells;
  for (int y = 0; y < cells.height(); ++y) {
    std::string top, mid;
    for (int x = 0; x < cells.width(); ++x) {
      const GridCell& c = cells[Point{x, y}];
      const bool n_open = (c.exits | c.joins) & grid_dir::north;
      const bool w_open = (c.exits | c.joins) & grid_dir::west;
      top += "+";
      top += (c.windows & grid_dir::north) ? "::" : n_open ? "  " : "--";
      mid += (c.windows & grid_dir::west) ? ":" : w_open ? " " : "|";
      if (c.place >= 0) {
        const std::string id = std::to_string(c.place % 100);
        mid += id.size() == 1 ? " " + id : id;
      } else {
        mid += c.link >= 0 ? "()" : "  ";
      }
    }
    out += top + "+\n" + mid + "|\n";
  }
  return out;
}

struct Stats {
  int layouts = 0;
  int locks = 0, gates = 0;  // lock places, and those with their links on opposite sides
  int sees = 0, windows = 0;
};

// Checks every guarantee of grid_layout.hpp against the mission graph.
void check_layout(const MissionGraph& g, const GridLayout& layout, Size size,
                  Stats* stats = nullptr) {
  SCOPED_TRACE(render(layout));
  const Grid<GridCell>& cells = layout.cells;
  ASSERT_EQ(cells.size(), size);

  // Places: exactly the place nodes, in id order, owning connected cells.
  std::vector<int> place_ids;
  std::map<int, std::string> kind;
  for (const MissionNode& n : g.nodes())
    if (is_place_kind(kind_of(n.attrs))) {
      place_ids.push_back(n.id);
      kind[n.id] = std::string(kind_of(n.attrs));
    }
  ASSERT_EQ(layout.places.size(), place_ids.size());
  std::map<int, int> owned_count;
  for (std::size_t i = 0; i < cells.cell_count(); ++i)
    if (cells[i].place >= 0) ++owned_count[cells[i].place];
  for (std::size_t i = 0; i < place_ids.size(); ++i) {
    const auto& [id, own] = layout.places[i];
    ASSERT_EQ(id, place_ids[i]);
    ASSERT_EQ(layout.cells_of(id), &own);
    ASSERT_FALSE(own.empty()) << "place " << id;
    EXPECT_EQ(owned_count[id], static_cast<int>(own.size())) << "place " << id;
    if (kind[id] == "lock") {
      EXPECT_EQ(own.size(), 1U) << "lock " << id;
    }
    for (Point c : own) {
      ASSERT_TRUE(cells.in_bounds(c));
      EXPECT_EQ(cells[c].place, id);
      EXPECT_EQ(cells[c].link, -1);
    }
    // Orthogonally connected: flood from the home cell within the place's cells.
    std::set<Point> reached{own[0]};
    std::vector<Point> stack{own[0]};
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      for (Point n : neighbours(p, size))
        if (std::find(own.begin(), own.end(), n) != own.end() && reached.insert(n).second)
          stack.push_back(n);
    }
    EXPECT_EQ(reached.size(), own.size()) << "place " << id << " is not connected";
  }

  // Links: every link edge in id order, as a chain of neighbours between its places.
  std::vector<const MissionEdge*> link_edges;
  for (const MissionEdge& e : g.edges())
    if (kind_of(e.attrs) == "link") link_edges.push_back(&e);
  ASSERT_EQ(layout.links.size(), link_edges.size());
  Grid<std::uint8_t> exits(size, 0);
  std::map<int, int> passage_count;
  for (std::size_t i = 0; i < cells.cell_count(); ++i)
    if (cells[i].link >= 0) ++passage_count[cells[i].link];
  for (std::size_t i = 0; i < link_edges.size(); ++i) {
    const MissionEdge& e = *link_edges[i];
    const RoutedLink& r = layout.links[i];
    ASSERT_EQ(r.edge, e.id);
    ASSERT_GE(r.cells.size(), 2U);
    EXPECT_EQ(cells[r.cells.front()].place, e.from) << "link " << e.id;
    EXPECT_EQ(cells[r.cells.back()].place, e.to) << "link " << e.id;
    EXPECT_EQ(static_cast<int>(r.cells.size()) - 2, passage_count[e.id]) << "link " << e.id;
    for (std::size_t k = 0; k + 1 < r.cells.size(); ++k) {
      const Point a = r.cells[k], b = r.cells[k + 1];
      ASSERT_EQ(manhattan(a, b), 1) << "link " << e.id << " jumps";
      ASSERT_TRUE(cells.in_bounds(a) && cells.in_bounds(b));
      EXPECT_EQ(direction_bit(a, b), bit_towards(a, b));
      EXPECT_FALSE(exits[a] & bit_towards(a, b))
          << "two links share a side at " << a.x << "," << a.y;
      exits[a] |= bit_towards(a, b);
      exits[b] |= bit_towards(b, a);
    }
    for (std::size_t k = 1; k + 1 < r.cells.size(); ++k) {
      EXPECT_EQ(cells[r.cells[k]].link, e.id) << "passage of link " << e.id;
      EXPECT_EQ(cells[r.cells[k]].place, -1);
    }
  }

  // Exits exactly the steps of the chains, joins exactly the neighbours of the same place,
  // windows on both sides between used cells of different owners, never on an opening.
  std::set<int> seen_places;
  for (const MissionEdge& e : g.edges())
    if (kind_of(e.attrs) == "sees") seen_places.insert(e.to);
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const Point p{x, y};
      const GridCell& c = cells[p];
      EXPECT_EQ(c.exits, exits[p]) << "exits at " << x << "," << y;
      std::uint8_t joins = 0;
      for (Point n : neighbours(p, size)) {
        const GridCell& o = cells[n];
        if (c.place >= 0 && o.place == c.place) joins |= bit_towards(p, n);
        const bool window = c.windows & bit_towards(p, n);
        EXPECT_EQ(window, static_cast<bool>(o.windows & bit_towards(n, p)));
        if (!window) continue;
        EXPECT_TRUE(c.used() && o.used());
        EXPECT_FALSE(c.place >= 0 && c.place == o.place);
        EXPECT_FALSE(c.exits & bit_towards(p, n)) << "window on an opening";
        EXPECT_TRUE(seen_places.contains(c.place) || seen_places.contains(o.place));
      }
      EXPECT_EQ(c.joins, joins) << "joins at " << x << "," << y;
      if (!c.used()) {
        EXPECT_EQ(c, GridCell{});
      }
      if (c.place < 0) {
        EXPECT_EQ(c.joins, 0);
      }
      for (Point d : k_directions4)
        if (!cells.in_bounds(p + d)) {
          EXPECT_FALSE((c.exits | c.joins | c.windows) & bit_towards(p, p + d));
        }
    }

  // Locks: one cell, exactly two openings on different sides (a gate when opposite).
  for (const auto& [id, own] : layout.places) {
    if (kind[id] != "lock") continue;
    const std::uint8_t e = cells[own[0]].exits;
    EXPECT_EQ(std::popcount(e), 2) << "lock " << id;
    if (stats != nullptr) {
      ++stats->locks;
      if (e == (grid_dir::north | grid_dir::south) || e == (grid_dir::east | grid_dir::west))
        ++stats->gates;
    }
  }

  // Cycles survive: the grid graph with places contracted is a subdivision of the mission's.
  EXPECT_EQ(grid_cycle_rank(layout), mission_cycle_rank(g));

  if (stats != nullptr) {
    ++stats->layouts;
    for (const MissionEdge& e : g.edges()) {
      if (kind_of(e.attrs) != "sees") continue;
      ++stats->sees;
      bool window = false;
      for (Point c : *layout.cells_of(e.to))
        window = window || cells[c].windows != 0;
      if (window) ++stats->windows;
    }
  }
}

// ---- hand-built missions ----

TEST(GridLayout, StartGoalCycle) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  b.path(s, g, 2);
  b.path(g, s, 3);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const auto layout = layout_mission(b.g, {11, 7}, rng);
    ASSERT_TRUE(layout.has_value()) << "seed " << seed;
    check_layout(b.g, *layout, {11, 7});
  }
}

TEST(GridLayout, TwoParallelLinksNeedRoomToGoAround) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  b.link(s, g);
  b.link(g, s);
  Rng rng(3);
  EXPECT_FALSE(layout_mission(b.g, {2, 1}, rng).has_value());  // no cell for the second one
  const auto layout = layout_mission(b.g, {2, 2}, rng);
  ASSERT_TRUE(layout.has_value());
  check_layout(b.g, *layout, {2, 2});
  // The only way: one direct step and one U around through the other two cells.
  std::vector<std::size_t> lengths{layout->links[0].cells.size(), layout->links[1].cells.size()};
  std::sort(lengths.begin(), lengths.end());
  EXPECT_EQ(lengths, (std::vector<std::size_t>{2, 4}));
}

TEST(GridLayout, CycleWithALockMakesAGate) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  const int r = b.place("room");
  b.link(s, r);
  const int l = b.lock(r, g);
  b.path(g, s, 2);
  Stats stats;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const auto layout = layout_mission(b.g, {11, 7}, rng);
    ASSERT_TRUE(layout.has_value()) << "seed " << seed;
    check_layout(b.g, *layout, {11, 7}, &stats);
    ASSERT_EQ(layout->cells_of(l)->size(), 1U);
  }
  EXPECT_EQ(stats.locks, 20);
  EXPECT_GE(stats.gates, 18) << "locks should nearly always get opposite sides on a roomy grid";
}

TEST(GridLayout, LockInALineIsAGateOrNothing) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  b.lock(s, g);
  Rng rng(5);
  const auto line = layout_mission(b.g, {3, 1}, rng);
  ASSERT_TRUE(line.has_value());
  check_layout(b.g, *line, {3, 1});
  EXPECT_EQ(line->cells[(Point{1, 0})].exits, grid_dir::east | grid_dir::west);
  // A way back from the goal to the start cannot fit beside the line.
  b.link(g, s);
  EXPECT_FALSE(layout_mission(b.g, {3, 1}, rng).has_value());
}

TEST(GridLayout, TwoNestedCycles) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  const int e = b.place("room"), inner = b.place("room");
  b.path(s, e, 1);
  b.path(e, g, 1);
  b.path(g, s, 3);
  b.path(e, inner, 1);  // the inner cycle hangs on e
  b.lock(inner, e);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const auto layout = layout_mission(b.g, {11, 7}, rng);
    ASSERT_TRUE(layout.has_value()) << "seed " << seed;
    check_layout(b.g, *layout, {11, 7});
    EXPECT_EQ(grid_cycle_rank(*layout), 2);
  }
}

TEST(GridLayout, SixtyRoomsInSeveralCycles) {
  // Four cycles of about nine rooms chained through their entrances, plus branches, on the
  // grid of a level with room for about 60 rooms. Not every mission fits every time (the
  // generator then tries its next attempt); most must.
  int fitted = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Rng build(seed);
    Builder b;
    int entrance = b.place("start");
    for (int c = 0; c < 4; ++c) {
      const int goal = b.place(c == 3 ? "goal" : "room", c % 2 == 0 ? "large" : "");
      b.path(entrance, goal, build.range(3, 5));
      b.path(goal, entrance, build.range(3, 5));
      entrance = goal;
    }
    std::vector<int> rooms = b.g.nodes_of_kind("room");
    while (b.g.nodes().size() < 60) {
      const int at = build.pick(rooms);
      if (degree(b.g, at) >= 3) continue;
      const int r = b.place("room");
      rooms.push_back(r);
      if (build.chance(0.3))
        b.lock(at, r);
      else
        b.link(at, r);
    }
    Rng rng(seed);
    const auto layout = layout_mission(b.g, {22, 14}, rng);
    if (!layout) continue;
    ++fitted;
    check_layout(b.g, *layout, {22, 14});
  }
  EXPECT_GE(fitted, 4) << fitted << " of 10";
}

TEST(GridLayout, TooBigForTheGridGivesNothing) {
  Rng build(9);
  const MissionGraph big = random_mission(build, 60, 4, 0.1, 0.0, 0.0);
  Rng rng(1);
  EXPECT_FALSE(layout_mission(big, {5, 5}, rng).has_value());  // more places than cells
  // Fewer places than cells, but a hub of eight needs more cells than a 3x3 grid has.
  Builder b;
  const int hub = b.place("start");
  for (int i = 0; i < 8; ++i)
    b.link(hub, b.place(i == 0 ? "goal" : "room"));
  EXPECT_FALSE(layout_mission(b.g, {3, 3}, rng, {.attempts = 5}).has_value());
  const auto roomy = layout_mission(b.g, {9, 9}, rng);
  ASSERT_TRUE(roomy.has_value());
  check_layout(b.g, *roomy, {9, 9});
}

TEST(GridLayout, HubsGrowToHaveSidesForTheirLinks) {
  Builder b;
  const int hub = b.place("start");
  for (int i = 0; i < 7; ++i)
    b.link(hub, b.place(i == 0 ? "goal" : "room"));
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Rng rng(seed);
    const auto layout = layout_mission(b.g, {11, 7}, rng, {.grow_rooms = false});
    ASSERT_TRUE(layout.has_value());
    check_layout(b.g, *layout, {11, 7});
    EXPECT_GE(layout->cells_of(hub)->size(), 2U);
  }
}

TEST(GridLayout, EmptyGraphGivesAnEmptyGrid) {
  Rng rng(1);
  const auto layout = layout_mission(MissionGraph{}, {4, 3}, rng);
  ASSERT_TRUE(layout.has_value());
  EXPECT_TRUE(layout->places.empty());
  EXPECT_TRUE(layout->links.empty());
  EXPECT_EQ(layout->cells, Grid<GridCell>(Size{4, 3}));
}

TEST(GridLayout, DisconnectedPlacesStillGetCells) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  b.path(s, g, 1);
  const int x = b.place("room"), y = b.place("room");
  b.link(x, y);
  Rng rng(2);
  const auto layout = layout_mission(b.g, {6, 6}, rng);
  ASSERT_TRUE(layout.has_value());
  check_layout(b.g, *layout, {6, 6});
}

// ---- random missions ----

TEST(GridLayout, RandomMissionsKeepEveryGuarantee) {
  Stats stats;
  int fitted = 0, tried = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    Rng build(seed * 7919);
    const int places = build.range(6, 30);
    const MissionGraph g = random_mission(build, places, build.range(1, 4), 0.15, 0.15, 0.1);
    // About the grid of an 80x50 level (11x7), or a roomier one.
    const Size size = seed % 3 == 0 ? Size{16, 10} : Size{11, 7};
    Rng rng(seed);
    const auto layout = layout_mission(g, size, rng);
    ++tried;
    if (!layout) continue;
    ++fitted;
    SCOPED_TRACE("seed " + std::to_string(seed));
    check_layout(g, *layout, size, &stats);
  }
  EXPECT_GE(fitted, tried * 95 / 100) << "most random missions should fit";
  EXPECT_GE(stats.gates * 10, stats.locks * 8) << stats.gates << " gates of " << stats.locks;
  EXPECT_GE(stats.windows * 4, stats.sees * 3)
      << stats.windows << " windows for " << stats.sees << " sees edges";
}

TEST(GridLayout, EightyByFiftyLevelsWithFourCyclesFit) {
  int fitted = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng build(seed);
    const MissionGraph g = random_mission(build, build.range(25, 32), 4, 0.15, 0.1, 0.1);
    Rng rng(seed);
    const auto layout = layout_mission(g, {11, 7}, rng);
    if (!layout) continue;
    ++fitted;
    check_layout(g, *layout, {11, 7});
  }
  EXPECT_GE(fitted, 22) << fitted << " of 40";
}

TEST(GridLayout, SameSeedSameLayout) {
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng build(seed);
    const MissionGraph g = random_mission(build, 20, 3, 0.2, 0.2, 0.2);
    Rng a(seed), b(seed), c(seed + 1000);
    const auto first = layout_mission(g, {11, 7}, a);
    const auto second = layout_mission(g, {11, 7}, b);
    EXPECT_EQ(first, second);
    EXPECT_EQ(a, b);  // and the same numbers drawn
    if (layout_mission(g, {11, 7}, c) != first) ++differ;
  }
  EXPECT_GE(differ, 15) << "other seeds should give other layouts";
}

// ---- transformations ----

// Places with four or more links grow at once (hubs); the others keep one cell without growth.
TEST(GridLayout, WithoutGrowthEveryPlaceHasOneCell) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Rng build(seed);
    const MissionGraph g = random_mission(build, 20, 3, 0.2, 0.5, 0.0, 3);
    Rng rng(seed);
    const auto layout = layout_mission(g, {16, 10}, rng, {.grow_rooms = false});
    ASSERT_TRUE(layout.has_value()) << "seed " << seed;
    for (const auto& [id, own] : layout->places)
      EXPECT_EQ(own.size(), 1U) << "place " << id;
  }
}

TEST(GridLayout, LargeRoomsGrowWhereThereIsSpace) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Rng build(seed);
    const MissionGraph g = random_mission(build, 12, 2, 0.1, 0.5, 0.0, 3);
    Rng rng(seed);
    const auto layout = layout_mission(g, {30, 30}, rng);
    ASSERT_TRUE(layout.has_value()) << "seed " << seed;
    check_layout(g, *layout, {30, 30});
    for (const MissionNode& n : g.nodes()) {
      if (!is_place_kind(kind_of(n.attrs))) continue;
      const std::size_t cells = layout->cells_of(n.id)->size();
      const bool large = text_attr(n.attrs, "size") == "large";
      // A large room grows unless its neighbours are all taken (rare on this roomy grid).
      if (large) {
        EXPECT_LE(cells, 3U);
      }
      if (!large && degree(g, n.id) <= 3) {
        EXPECT_EQ(cells, 1U) << "place " << n.id;
      }
    }
  }
  // A large room that kept one cell has no free neighbour left (else it would have grown).
  int large = 0, grown = 0;
  for (std::uint64_t seed = 100; seed < 130; ++seed) {
    Rng build(seed);
    const MissionGraph g = random_mission(build, 12, 2, 0.0, 0.5, 0.0, 3);
    Rng rng(seed);
    const auto layout = layout_mission(g, {30, 30}, rng);
    ASSERT_TRUE(layout.has_value());
    for (const MissionNode& n : g.nodes()) {
      if (text_attr(n.attrs, "size") != "large") continue;
      ++large;
      const std::vector<Point>& own = *layout->cells_of(n.id);
      if (own.size() >= 2) {
        ++grown;
        continue;
      }
      for (Point c : neighbours(own[0], {30, 30}))
        EXPECT_TRUE(layout->cells[c].used()) << "large room " << n.id << " could have grown";
    }
  }
  EXPECT_GE(grown * 2, large) << grown << " of " << large;
}

TEST(GridLayout, SeesPairsGetAWindow) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  const int far = b.place("room");
  b.path(s, g, 3);
  b.path(g, far, 2);
  b.path(far, s, 2);
  b.sees(s, far);
  int neighbours_with_window = 0, windows = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const auto layout = layout_mission(b.g, {11, 7}, rng);
    ASSERT_TRUE(layout.has_value());
    check_layout(b.g, *layout, {11, 7});
    for (Point c : *layout->cells_of(far))
      if (layout->cells[c].windows != 0) ++windows;
    for (Point c : *layout->cells_of(s))
      for (Point d : k_directions4) {
        const Point n = c + d;
        if (layout->cells.in_bounds(n) && layout->cells[n].place == far &&
            (layout->cells[c].windows & direction_bit(c, n)))
          ++neighbours_with_window;
      }
  }
  // The seen place gets a window unless no used cell is beside it but its own links; often
  // the two become neighbours (placement pulls them together, and a free cell beside both
  // becomes a balcony of the viewer).
  EXPECT_GE(windows, 14) << windows;
  EXPECT_GE(neighbours_with_window, 6) << neighbours_with_window;
}

int turns(const std::vector<Point>& chain) {
  int t = 0;
  for (std::size_t i = 1; i + 1 < chain.size(); ++i)
    if (chain[i] - chain[i - 1] != chain[i + 1] - chain[i]) ++t;
  return t;
}

TEST(GridLayout, StraighteningNeverLengthensOrBendsALink) {
  int fewer = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng build(seed);
    const MissionGraph g = random_mission(build, 18, 3, 0.2, 0.0, 0.0);
    Rng a(seed), b(seed);
    const auto plain = layout_mission(g, {11, 7}, a, {.straighten = false});
    const auto straight = layout_mission(g, {11, 7}, b);
    ASSERT_EQ(plain.has_value(), straight.has_value());
    if (!plain) continue;
    check_layout(g, *straight, {11, 7});
    for (std::size_t i = 0; i < plain->links.size(); ++i) {
      const auto& before = plain->links[i].cells;
      const auto& after = straight->links[i].cells;
      ASSERT_LE(after.size(), before.size());
      if (after.size() == before.size()) {
        EXPECT_LE(turns(after), turns(before));
      }
      if (after.size() < before.size() || turns(after) < turns(before)) ++fewer;
    }
    EXPECT_EQ(plain->places, straight->places);  // straightening moves no place
  }
  EXPECT_GT(fewer, 0);
}

// ---- interface ----

TEST(GridLayout, DirectionBits) {
  const Point p{4, 4};
  EXPECT_EQ(direction_bit(p, {4, 3}), grid_dir::north);
  EXPECT_EQ(direction_bit(p, {5, 4}), grid_dir::east);
  EXPECT_EQ(direction_bit(p, {4, 5}), grid_dir::south);
  EXPECT_EQ(direction_bit(p, {3, 4}), grid_dir::west);
  EXPECT_THROW(direction_bit(p, p), InputError);
  EXPECT_THROW(direction_bit(p, {5, 5}), InputError);
  EXPECT_THROW(direction_bit(p, {6, 4}), InputError);
}

TEST(GridLayout, CellsOfUnknownNodesIsNull) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  b.link(s, g);
  Rng rng(1);
  const auto layout = layout_mission(b.g, {4, 4}, rng);
  ASSERT_TRUE(layout.has_value());
  EXPECT_EQ(layout->cells_of(0), nullptr);
  EXPECT_EQ(layout->cells_of(99), nullptr);
  ASSERT_NE(layout->cells_of(g), nullptr);
}

TEST(GridLayout, BadInputIsAnInputError) {
  Builder b;
  const int s = b.place("start"), g = b.place("goal");
  b.link(s, g);
  Rng rng(1);
  EXPECT_THROW(layout_mission(b.g, {0, 5}, rng), InputError);
  EXPECT_THROW(layout_mission(b.g, {5, -1}, rng), InputError);
  EXPECT_THROW(layout_mission(b.g, {5, 5}, rng, {.attempts = 0}), InputError);

  Builder key = b;
  ParamSet k;
  k.set("kind", std::string("key"));
  key.link(s, key.g.add_node(k));
  EXPECT_THROW(layout_mission(key.g, {5, 5}, rng), InputError);

  Builder self = b;
  self.link(g, g);
  EXPECT_THROW(layout_mission(self.g, {5, 5}, rng), InputError);

  Builder three = b;
  const int l = three.lock(s, g);
  three.link(l, three.place("room"));
  try {
    layout_mission(three.g, {5, 5}, rng);
    ADD_FAILURE() << "a lock with three links was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("lock node " + std::to_string(l)), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace yendor::cyclic
