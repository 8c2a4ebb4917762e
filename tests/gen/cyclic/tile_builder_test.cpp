#include "yendor/gen/cyclic/tile_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "gen/cyclic/attrs_support.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::cyclic {
namespace {

// ---- hand-built scenarios: a path of grid cells (a snake, or a closed ring) cut into places,
// passages and locks, with keys, contents and windows -----------------------------------------

constexpr std::array<const char*, 8> k_realize{
    "locked_door", "barred_door", "timed_gate",        "lava",
    "chasm",       "secret_door", "collapsing_bridge", "drop"};
constexpr std::array<std::uint8_t, 4> k_bits{grid_dir::north, grid_dir::east, grid_dir::south,
                                             grid_dir::west};

int side_of(Point a, Point b) {
  for (int s = 0; s < 4; ++s)
    if (a + k_directions4[static_cast<std::size_t>(s)] == b) return s;
  return -1;
}

using test::attrs;

struct Scenario {
  MissionGraph graph;
  GridLayout layout;
  Size level_size;
  TileOptions options;
};

struct Segment {
  std::string kind;  // start, goal, room, lock, passage
  std::vector<int> path_index;
  int node = -1;
};

// A self-avoiding random walk on the grid (a snake), as long as it gets.
std::vector<Point> snake(Size grid, int length, Rng& rng) {
  std::vector<Point> best;
  for (int attempt = 0; attempt < 20; ++attempt) {
    std::vector<Point> path{{rng.range(0, grid.width - 1), rng.range(0, grid.height - 1)}};
    Grid<std::uint8_t> used(grid, 0);
    used[path[0]] = 1;
    while (static_cast<int>(path.size()) < length) {
      std::vector<Point> next;
      for (Point d : k_directions4) {
        const Point n = path.back() + d;
        if (used.in_bounds(n) && used[n] == 0) next.push_back(n);
      }
      if (next.empty()) break;
      const Point n = rng.pick(next);
      used[n] = 1;
      path.push_back(n);
    }
    if (path.size() > best.size()) best = path;
    if (static_cast<int>(best.size()) >= length) break;
  }
  return best;
}

// The cells around a rectangle, in walking order.
std::vector<Point> ring(Rect r) {
  std::vector<Point> path;
  for (int x = r.left(); x <= r.right(); ++x)
    path.push_back({x, r.top()});
  for (int y = r.top() + 1; y <= r.bottom(); ++y)
    path.push_back({r.right(), y});
  for (int x = r.right() - 1; x >= r.left(); --x)
    path.push_back({x, r.bottom()});
  for (int y = r.bottom() - 1; y > r.top(); --y)
    path.push_back({r.left(), y});
  return path;
}

struct ScenarioSpec {
  bool closed = false;                 // a ring (with at least two locks) instead of a snake
  std::string realize{};               // every lock this realization ("" random)
  std::optional<int> cell{};           // tiles per cell (random 5..9 when unset)
  std::optional<std::string> theme{};  // random when unset
};

std::optional<Scenario> try_scenario(std::uint64_t seed, const ScenarioSpec& spec) {
  Rng rng(seed);
  Scenario sc;
  sc.options.cell = spec.cell.value_or(rng.range(5, 9));
  static constexpr std::array<const char*, 4> themes{"dungeon", "cave", "fire", "chasm"};
  sc.options.theme = spec.theme.value_or(themes[rng.below(4)]);
  const Size grid{rng.range(4, 8), rng.range(3, 7)};
  std::vector<Point> path;
  if (spec.closed) {
    const int w = rng.range(3, grid.width), h = rng.range(2, grid.height);
    path = ring({rng.range(0, grid.width - w), rng.range(0, grid.height - h), w, h});
  } else {
    path = snake(grid, rng.range(6, grid.width * grid.height), rng);
  }
  const int n = static_cast<int>(path.size());
  if (n < 4) return std::nullopt;

  // Cut the path into segments. A lock is never first or last (it needs a place on both
  // sides); the goal takes the last one or two cells of a snake.
  std::vector<Segment> segs;
  auto add = [&](std::string kind, int len, int& i) {
    Segment s{std::move(kind), {}, -1};
    for (int k = 0; k < len; ++k)
      s.path_index.push_back(i++);
    segs.push_back(std::move(s));
  };
  int i = 0;
  add("start", n >= 8 && rng.chance(0.3) ? 2 : 1, i);
  int goal_at = spec.closed ? rng.range(2, std::max(2, n - 3)) : -1;
  while (i < n) {
    const int rem = n - i;
    if (!spec.closed && rem <= 2) {
      add("goal", rem, i);
      break;
    }
    if (spec.closed && i >= goal_at &&
        std::none_of(segs.begin(), segs.end(), [](const Segment& s) { return s.kind == "goal"; })) {
      add("goal", 1, i);
      continue;
    }
    const std::uint32_t r = rng.below(10);
    const bool place_follows = rem >= 2;
    if (r < 2 && segs.back().kind != "lock")
      add("passage", 1, i);
    else if (r < 6 && place_follows && segs.back().kind != "passage")
      add("lock", 1, i);
    else
      add("room", rem >= 4 && rng.chance(0.25) ? 2 : 1, i);
  }
  // Every lock needs a place after it (the ring wraps to the start).
  if (segs.back().kind == "lock" || segs.back().kind == "passage") {
    if (!spec.closed) segs.back().kind = "room";
  }
  if (spec.closed) {
    if (segs.back().kind == "passage" && segs[segs.size() - 2].kind == "lock")
      segs.back().kind = "room";
    if (std::none_of(segs.begin(), segs.end(), [](const Segment& s) { return s.kind == "goal"; })) {
      for (auto it = segs.rbegin(); it != segs.rend(); ++it)
        if (it->kind == "room" || it->kind == "passage") {
          it->kind = "goal";
          break;
        }
    }
    // At least two locks, so the ring is cut when every lock is closed.
    int locks = 0, goals = 0;
    for (const Segment& s : segs) {
      locks += s.kind == "lock" ? 1 : 0;
      goals += s.kind == "goal" ? 1 : 0;
    }
    if (locks < 2 || goals != 1) return std::nullopt;
  }

  sc.level_size = {grid.width * sc.options.cell + 2 + rng.range(0, 3),
                   grid.height * sc.options.cell + 2 + rng.range(0, 3)};
  sc.layout.cells = Grid<GridCell>(grid);

  // Places become nodes (in path order).
  std::vector<int> seg_of(static_cast<std::size_t>(n), -1);
  std::vector<int> place_segs;
  for (std::size_t k = 0; k < segs.size(); ++k) {
    for (int pi : segs[k].path_index)
      seg_of[static_cast<std::size_t>(pi)] = static_cast<int>(k);
    if (segs[k].kind == "passage") continue;
    ParamSet a = attrs({{"kind", segs[k].kind}});
    if (segs[k].kind == "room") {
      if (rng.chance(0.3)) a.set("theme", std::string(themes[rng.below(4)]));
      a.set("danger", std::int64_t{rng.range(0, 3)});
    }
    if (segs[k].kind == "lock") {
      const std::string realize =
          spec.realize.empty() ? std::string(k_realize[rng.below(8)]) : spec.realize;
      a.set("realize", realize);
      a.set("type", std::string(realize == "lava"          ? "dangerous"
                                : realize == "secret_door" ? "uncertain"
                                                           : "conditional"));
      a.set("duration", std::string(realize == "timed_gate"          ? "temporary"
                                    : realize == "collapsing_bridge" ? "collapsing"
                                                                     : "permanent"));
      a.set("direction", std::string(realize == "drop" ? "valve" : "two_way"));
      a.set("safe", rng.chance(0.8));
      if (realize == "lava") a.set("class", std::string("fire"));
    }
    segs[k].node = sc.graph.add_node(std::move(a));
    place_segs.push_back(static_cast<int>(k));
    std::vector<Point> cells;
    for (int pi : segs[k].path_index) {
      cells.push_back(path[static_cast<std::size_t>(pi)]);
      sc.layout.cells[path[static_cast<std::size_t>(pi)]].place = segs[k].node;
    }
    sc.layout.places.emplace_back(segs[k].node, std::move(cells));
  }
  // Exits and joins between consecutive path cells.
  const int steps = spec.closed ? n : n - 1;
  for (int k = 0; k < steps; ++k) {
    const Point a = path[static_cast<std::size_t>(k)];
    const Point b = path[static_cast<std::size_t>((k + 1) % n)];
    const int s = side_of(a, b);
    const bool same =
        seg_of[static_cast<std::size_t>(k)] == seg_of[static_cast<std::size_t>((k + 1) % n)];
    (same ? sc.layout.cells[a].joins : sc.layout.cells[a].exits) |=
        k_bits[static_cast<std::size_t>(s)];
    (same ? sc.layout.cells[b].joins : sc.layout.cells[b].exits) |=
        k_bits[static_cast<std::size_t>((s + 2) % 4)];
  }
  // Links between consecutive places, through the passages between them.
  const std::size_t places = place_segs.size();
  const std::size_t links = spec.closed ? places : places - 1;
  for (std::size_t k = 0; k < links; ++k) {
    const Segment& from = segs[static_cast<std::size_t>(place_segs[k])];
    const Segment& to = segs[static_cast<std::size_t>(place_segs[(k + 1) % places])];
    const int edge = sc.graph.add_edge(from.node, to.node, attrs({{"kind", std::string("link")}}));
    RoutedLink link{edge, {}};
    for (int pi = from.path_index.back();; pi = (pi + 1) % n) {
      link.cells.push_back(path[static_cast<std::size_t>(pi)]);
      if (pi == to.path_index.front()) break;
      if (seg_of[static_cast<std::size_t>(pi)] != place_segs[k])
        sc.layout.cells[path[static_cast<std::size_t>(pi)]].link = edge;
    }
    sc.layout.links.push_back(std::move(link));
  }
  // Keys: in a place before the lock on the path (or the lock place itself: its entry side).
  for (std::size_t k = 0; k < places; ++k) {
    const Segment& s = segs[static_cast<std::size_t>(place_segs[k])];
    if (s.kind != "lock") continue;
    const std::string realize(text_attr(sc.graph.find_node(s.node)->attrs, "realize"));
    ParamSet key;
    if (realize == "locked_door")
      key = attrs({{"kind", std::string("key")}, {"item", std::string("key")}, {"consumed", true}});
    else if (realize == "barred_door" || realize == "timed_gate")
      key = attrs({{"kind", std::string("key")}, {"item", std::string("lever")}, {"fixed", true}});
    else if (realize == "chasm")
      key = attrs(
          {{"kind", std::string("key")}, {"item", std::string("bridge_lever")}, {"fixed", true}});
    else if (realize == "lava")
      key = attrs({{"kind", std::string("key")},
                   {"item", std::string("potion_fire_resistance")},
                   {"particular", false},
                   {"consumed", true},
                   {"multipurpose", true},
                   {"class", std::string("fire")}});
    else if (realize == "secret_door" && rng.chance(0.5))
      key = attrs({{"kind", std::string("key")},
                   {"item", std::string("scroll_magic_mapping")},
                   {"particular", false},
                   {"class", std::string("secret")}});
    else
      continue;
    const int key_node = sc.graph.add_node(std::move(key));
    const Segment& holder =
        segs[static_cast<std::size_t>(place_segs[rng.below(static_cast<std::uint32_t>(k + 1))])];
    sc.graph.add_edge(holder.node, key_node, attrs({{"kind", std::string("contains")}}));
    sc.graph.add_edge(key_node, s.node, attrs({{"kind", std::string("unlocks")}}));
  }
  // Contents.
  for (int c = rng.range(0, 5); c > 0; --c) {
    static constexpr std::array<const char*, 3> kinds{"treasure", "monster", "trap"};
    const int node = sc.graph.add_node(attrs({{"kind", std::string(kinds[rng.below(3)])}}));
    const Segment& holder =
        segs[static_cast<std::size_t>(place_segs[rng.below(static_cast<std::uint32_t>(places))])];
    sc.graph.add_edge(holder.node, node, attrs({{"kind", std::string("contains")}}));
  }
  // Windows between neighbouring places that are not joined by the path.
  for (int y = 0; y < grid.height; ++y)
    for (int x = 0; x < grid.width; ++x)
      for (int s : {1, 2}) {
        const Point a{x, y}, b = a + k_directions4[static_cast<std::size_t>(s)];
        if (!sc.layout.cells.in_bounds(b)) continue;
        GridCell& ca = sc.layout.cells[a];
        GridCell& cb = sc.layout.cells[b];
        if (ca.place < 0 || cb.place < 0 || ca.place == cb.place ||
            (ca.exits & k_bits[static_cast<std::size_t>(s)]) != 0 || !rng.chance(0.35))
          continue;
        sc.graph.add_edge(ca.place, cb.place, attrs({{"kind", std::string("sees")}}));
        ca.windows |= k_bits[static_cast<std::size_t>(s)];
        cb.windows |= k_bits[static_cast<std::size_t>((s + 2) % 4)];
      }
  return sc;
}

Scenario make_scenario(std::uint64_t seed, const ScenarioSpec& spec) {
  for (std::uint64_t attempt = 0;; ++attempt)
    if (auto sc = try_scenario(seed + attempt * 1000003, spec)) return std::move(*sc);
}

Level build(Scenario& sc, std::uint64_t seed) {
  Level level(sc.level_size);
  Rng rng(seed);
  build_tiles(level, sc.layout, sc.graph, sc.options, rng);
  return level;
}

// ---- the properties, checked against plain floods --------------------------------------------

const Room* room_of(const Level& level, const MissionGraph& g, int node) {
  const auto id = int_attr(g.find_node(node)->attrs, "room", -1);
  for (const Room& r : level.meta.rooms)
    if (r.id == id) return &r;
  return nullptr;
}
const LockInfo* lock_of(const Level& level, int node) {
  for (const LockInfo& l : level.meta.locks)
    if (l.mission_node == node) return &l;
  return nullptr;
}
bool is_lock_cell(const Level& level, Point p) {
  for (const LockInfo& l : level.meta.locks)
    if (std::find(l.cells.begin(), l.cells.end(), p) != l.cells.end()) return true;
  return false;
}

// A cell standing for the place's side in the level with every lock closed: a lock place's
// entry cell; a room's first passable non-corridor cell in its own blocks (the bounding rect
// of an L-shaped room also covers another place's block).
std::optional<Point> anchor(const Level& level, const Scenario& sc, int node) {
  if (kind_of(sc.graph.find_node(node)->attrs) == "lock") return lock_of(level, node)->entry;
  const int c = sc.options.cell;
  for (const auto& [place, cells] : sc.layout.places) {
    if (place != node) continue;
    for (Point g : cells)
      for (int y = 0; y < c; ++y)
        for (int x = 0; x < c; ++x) {
          const Point p{1 + g.x * c + x, 1 + g.y * c + y};
          const Tile t = level.tiles[p];
          if (t == Tile::floor || t == Tile::stairs_up || t == Tile::stairs_down ||
              t == Tile::lever || t == Tile::rubble)
            return p;
        }
  }
  return std::nullopt;
}

Grid<Tile> with_locks(const Level& level, const LockInfo* open) {
  Grid<Tile> tiles = level.tiles;
  for (const LockInfo& l : level.meta.locks)
    for (Point p : l.cells)
      tiles[p] = &l == open ? open_lock_tile(l, tiles[p]) : Tile::wall;
  return tiles;
}

Tile lock_tile(const std::string& kind) {
  if (kind == "locked_door") return Tile::door_locked;
  if (kind == "barred_door" || kind == "timed_gate") return Tile::door_barred;
  if (kind == "secret_door") return Tile::door_secret;
  if (kind == "lava") return Tile::lava;
  if (kind == "chasm") return Tile::chasm;
  if (kind == "collapsing_bridge") return Tile::bridge;
  return Tile::ledge;
}

Point block_tile(const TileOptions& o, Point g, int side, int a, int b) {
  const int c = o.cell;
  const Point origin{1 + g.x * c, 1 + g.y * c};
  switch (side) {
    case 0:
      return origin + Point{b, a};
    case 1:
      return origin + Point{c - 1 - a, b};
    case 2:
      return origin + Point{b, c - 1 - a};
    default:
      return origin + Point{a, b};
  }
}

// The level as text, for failure messages.
std::string picture(const Level& level) {
  std::string out;
  for (int y = 0; y < level.height(); ++y) {
    for (int x = 0; x < level.width(); ++x)
      out += tile_info(level.tiles[Point{x, y}]).symbol;
    out += '\n';
  }
  return out;
}

void check_level(const Scenario& sc, const Level& level, const std::string& where) {
  SCOPED_TRACE(where);
  const MissionGraph& g = sc.graph;
  const Size size = level.size();
  // Border closed.
  for (int x = 0; x < size.width; ++x) {
    ASSERT_EQ(level.tiles[(Point{x, 0})], Tile::wall);
    ASSERT_EQ(level.tiles[(Point{x, size.height - 1})], Tile::wall);
  }
  for (int y = 0; y < size.height; ++y) {
    ASSERT_EQ(level.tiles[(Point{0, y})], Tile::wall);
    ASSERT_EQ(level.tiles[(Point{size.width - 1, y})], Tile::wall);
  }
  // Stairs in the start and goal rooms.
  ASSERT_TRUE(level.meta.stairs.up && level.meta.stairs.down);
  const Point up = *level.meta.stairs.up, down = *level.meta.stairs.down;
  EXPECT_EQ(level.tiles[up], Tile::stairs_up);
  EXPECT_EQ(level.tiles[down], Tile::stairs_down);
  EXPECT_TRUE(room_of(level, g, g.nodes_of_kind("start")[0])->rect.contains(up));
  EXPECT_TRUE(room_of(level, g, g.nodes_of_kind("goal")[0])->rect.contains(down));
  // Every traversable cell connected with every lock open.
  const ConnectivityReport conn = check_connectivity(tiles_with_locks_open(level), up);
  EXPECT_TRUE(conn.connected()) << conn.reachable << " of " << conn.traversable;

  // Rooms: one per place, ids 1.. in node order, the `room` attribute names it.
  int room_id = 0;
  for (const MissionNode& n : g.nodes()) {
    if (!is_place_kind(kind_of(n.attrs))) continue;
    ++room_id;
    EXPECT_EQ(int_attr(n.attrs, "room", -1), room_id);
    const Room* r = room_of(level, g, n.id);
    ASSERT_NE(r, nullptr);
    const std::string_view k = kind_of(n.attrs);
    EXPECT_EQ(r->kind, k == "room" ? "room" : std::string(k));
  }
  EXPECT_EQ(static_cast<int>(level.meta.rooms.size()), room_id);
  for (const Door& d : level.meta.doors) {
    EXPECT_TRUE(tile_info(level.tiles[d.pos]).door);
    EXPECT_GE(d.room, 1);
    EXPECT_LE(d.room, room_id);
  }
  for (const Corridor& c : level.meta.corridors)
    for (Point p : c.cells)
      EXPECT_EQ(level.tiles[p], Tile::corridor);

  // Locks: ids 1.. in node order, attributes from the node, tiles of their realization.
  const auto lock_nodes = g.nodes_of_kind("lock");
  ASSERT_EQ(level.meta.locks.size(), lock_nodes.size());
  const Grid<Tile> closed = with_locks(level, nullptr);
  const RegionLabels regions = label_regions(closed);
  for (std::size_t k = 0; k < lock_nodes.size(); ++k) {
    const LockInfo& lock = level.meta.locks[k];
    const MissionNode& n = *g.find_node(lock_nodes[k]);
    SCOPED_TRACE("lock " + std::to_string(lock.id) + " " + lock.kind);
    EXPECT_EQ(lock.id, static_cast<int>(k) + 1);
    EXPECT_EQ(lock.mission_node, n.id);
    EXPECT_EQ(int_attr(n.attrs, "lock", -1), lock.id);
    EXPECT_EQ(lock.kind, text_attr(n.attrs, "realize"));
    EXPECT_EQ(to_string(lock.type), text_attr(n.attrs, "type"));
    EXPECT_EQ(to_string(lock.duration), text_attr(n.attrs, "duration"));
    EXPECT_EQ(to_string(lock.direction), text_attr(n.attrs, "direction"));
    EXPECT_EQ(lock.safe, bool_attr(n.attrs, "safe"));
    ASSERT_FALSE(lock.cells.empty());
    for (Point p : lock.cells)
      EXPECT_EQ(level.tiles[p], lock_tile(lock.kind));
    if (lock.kind == "lava") {
      EXPECT_GE(lock.cells.size(), 2u);
    }
    if (lock.kind == "chasm") {
      ASSERT_FALSE(lock.bridge_cells.empty());
      for (Point p : lock.bridge_cells)
        EXPECT_NE(std::find(lock.cells.begin(), lock.cells.end(), p), lock.cells.end());
      // A straight crossing: one line of neighbouring cells.
      for (std::size_t b = 1; b < lock.bridge_cells.size(); ++b)
        EXPECT_EQ(manhattan(lock.bridge_cells[b - 1], lock.bridge_cells[b]), 1);
      const bool vertical = lock.bridge_cells.front().x == lock.bridge_cells.back().x;
      const bool horizontal = lock.bridge_cells.front().y == lock.bridge_cells.back().y;
      EXPECT_TRUE(vertical || horizontal);
    }
    // The entry: a traversable cell beside the barrier, on the entry place's side.
    ASSERT_TRUE(lock.entry.has_value());
    const Point entry = *lock.entry;
    EXPECT_TRUE(is_traversable(closed[entry]));
    EXPECT_FALSE(is_lock_cell(level, entry));
    bool beside = false;
    for (Point d : k_directions4)
      beside =
          beside || std::find(lock.cells.begin(), lock.cells.end(), entry + d) != lock.cells.end();
    EXPECT_TRUE(beside);
    const int from = g.find_edge(g.in_edges(n.id, "link")[0])->from;
    const int to = g.find_edge(g.out_edges(n.id, "link")[0])->to;
    const auto exit_anchor = anchor(level, sc, to);
    ASSERT_TRUE(exit_anchor.has_value());
    // Closed, the barrier separates its sides ...
    EXPECT_NE(regions.labels[entry], regions.labels[*exit_anchor]);
    if (kind_of(g.find_node(from)->attrs) != "lock") {
      const auto entry_anchor = anchor(level, sc, from);
      ASSERT_TRUE(entry_anchor.has_value());
      EXPECT_EQ(regions.labels[entry], regions.labels[*entry_anchor]);
    }
    // ... and opening it (alone) joins them.
    const Grid<Tile> open = with_locks(level, &lock);
    EXPECT_NE(walk_distances(open, entry)[*exit_anchor], k_unreachable);
    // Keys of the lock, from its `unlocks` in-edges.
    std::vector<int> particular;
    for (int e : g.in_edges(n.id, "unlocks")) {
      const auto& key = *g.find_node(g.find_edge(e)->from);
      const int kid = static_cast<int>(int_attr(key.attrs, "key", -1));
      if (bool_attr(key.attrs, "particular", true) || bool_attr(key.attrs, "fixed"))
        particular.push_back(kid);
      else
        EXPECT_EQ(lock.key_class, text_attr(key.attrs, "class"));
    }
    std::sort(particular.begin(), particular.end());
    EXPECT_EQ(lock.keys, particular);
  }

  // Keys: ids 1.. in node order, every field from the node, where their place is.
  const auto key_nodes = g.nodes_of_kind("key");
  ASSERT_EQ(level.meta.keys.size(), key_nodes.size());
  for (std::size_t k = 0; k < key_nodes.size(); ++k) {
    const KeyInfo& key = level.meta.keys[k];
    const MissionNode& n = *g.find_node(key_nodes[k]);
    SCOPED_TRACE("key " + std::to_string(key.id) + " " + key.kind);
    EXPECT_EQ(key.id, static_cast<int>(k) + 1);
    EXPECT_EQ(key.mission_node, n.id);
    EXPECT_EQ(int_attr(n.attrs, "key", -1), key.id);
    EXPECT_EQ(key.kind, text_attr(n.attrs, "item"));
    EXPECT_EQ(key.particular, bool_attr(n.attrs, "particular", true));
    EXPECT_EQ(key.consumed, bool_attr(n.attrs, "consumed"));
    EXPECT_EQ(key.multipurpose, bool_attr(n.attrs, "multipurpose"));
    EXPECT_EQ(key.fixed, bool_attr(n.attrs, "fixed"));
    EXPECT_EQ(key.key_class, text_attr(n.attrs, "class"));
    std::vector<int> locks;
    for (int e : g.out_edges(n.id, "unlocks"))
      locks.push_back(static_cast<int>(int_attr(g.find_node(g.find_edge(e)->to)->attrs, "lock")));
    EXPECT_EQ(key.locks, locks);
    for (int id : key.locks) {
      const LockInfo& lock = level.meta.locks[static_cast<std::size_t>(id - 1)];
      if (key.particular || key.fixed) {
        EXPECT_NE(std::find(lock.keys.begin(), lock.keys.end(), key.id), lock.keys.end());
      }
    }
    EXPECT_TRUE(tile_info(level.tiles[key.pos]).passable);
    const int place = g.find_edge(g.in_edges(n.id, "contains")[0])->from;
    EXPECT_TRUE(room_of(level, g, place)->rect.contains(key.pos));
    const auto place_anchor = anchor(level, sc, place);
    ASSERT_TRUE(place_anchor.has_value());
    EXPECT_EQ(regions.labels[key.pos], regions.labels[*place_anchor]);
    if (key.fixed) {
      EXPECT_EQ(level.tiles[key.pos], Tile::lever);
    } else {
      const Feature f{key.pos, "key:" + std::to_string(key.id)};
      EXPECT_NE(std::find(level.meta.features.begin(), level.meta.features.end(), f),
                level.meta.features.end());
    }
  }
  // Contents: one tagged feature each, in their place.
  for (const MissionNode& n : g.nodes()) {
    const std::string kind(kind_of(n.attrs));
    if (kind != "treasure" && kind != "monster" && kind != "trap") continue;
    const std::string tag = kind + ":" + std::to_string(n.id);
    const auto it = std::find_if(level.meta.features.begin(), level.meta.features.end(),
                                 [&](const Feature& f) { return f.tag == tag; });
    ASSERT_NE(it, level.meta.features.end()) << tag;
    const int place = g.find_edge(g.in_edges(n.id, "contains")[0])->from;
    EXPECT_TRUE(room_of(level, g, place)->rect.contains(it->pos)) << tag;
    EXPECT_TRUE(tile_info(level.tiles[it->pos]).passable) << tag;
  }

  // Block boundaries: nothing traversable crosses where there is no exit; windows see across.
  const Grid<GridCell>& cells = sc.layout.cells;
  const int c = sc.options.cell, m = c / 2;
  for (int y = 0; y < cells.height(); ++y)
    for (int x = 0; x < cells.width(); ++x)
      for (int s : {1, 2}) {
        const Point a{x, y}, b = a + k_directions4[static_cast<std::size_t>(s)];
        if (!cells.in_bounds(b) || (cells[a].place >= 0 && cells[a].place == cells[b].place))
          continue;
        const bool exit = (cells[a].exits & k_bits[static_cast<std::size_t>(s)]) != 0;
        for (int t = 1; t < c - 1; ++t) {
          const Point pa = block_tile(sc.options, a, s, 0, t);
          const Point pb = block_tile(sc.options, b, (s + 2) % 4, 0, t);
          if (!(exit && t == m)) {
            EXPECT_FALSE(is_traversable(level.tiles[pa]) && is_traversable(level.tiles[pb]))
                << "leak between cells (" << x << "," << y << ") side " << s;
          }
        }
        if ((cells[a].windows & k_bits[static_cast<std::size_t>(s)]) == 0) continue;
        // Some line straight across: the wall is open to sight on both sides (transparent, not
        // traversable), and nothing opaque stands between the opening and a passable cell (or
        // the far side of the block).
        bool sees = false;
        for (int t = 1; t < c - 1 && !sees; ++t) {
          bool ok = true;
          for (auto [cell, side] : {std::pair{a, s}, std::pair{b, (s + 2) % 4}}) {
            const Tile edge = level.tiles[block_tile(sc.options, cell, side, 0, t)];
            ok = ok && tile_info(edge).transparent && !is_traversable(edge);
            for (int depth = 1; depth < c - 1 && ok; ++depth) {
              const Tile inner = level.tiles[block_tile(sc.options, cell, side, depth, t)];
              if (tile_info(inner).passable) break;
              ok = tile_info(inner).transparent && !is_traversable(inner);
            }
          }
          sees = ok;
        }
        EXPECT_TRUE(sees) << "window between cells (" << x << "," << y << ") side " << s
                          << ", places " << cells[a].place << " and " << cells[b].place << "\n"
                          << picture(level);
      }
}

// ---- tests -----------------------------------------------------------------------------------

TEST(TileBuilder, GridSizeForCountsWholeBlocksInsideTheBorder) {
  for (int w = 0; w < 60; w += 7)
    for (int cell = 5; cell <= 11; ++cell) {
      const Size g = grid_size_for({w, w + 3}, cell);
      EXPECT_LE(g.width * cell + 2, std::max(w, 2));
      EXPECT_GT((g.width + 1) * cell + 2, w);
      EXPECT_LE(g.height * cell + 2, std::max(w + 3, 2));
      EXPECT_GT((g.height + 1) * cell + 2, w + 3);
    }
  EXPECT_THROW(grid_size_for({80, 50}, 4), InputError);
}

TEST(TileBuilder, SnakesKeepEveryPropertyOverManySeeds) {
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    Scenario sc = make_scenario(seed, {});
    const Level level = build(sc, seed * 7);
    check_level(sc, level, "snake seed " + std::to_string(seed));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(TileBuilder, RingsAreCutOnlyWhereTheirLocksAre) {
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    Scenario sc = make_scenario(seed, {.closed = true});
    const Level level = build(sc, seed);
    check_level(sc, level, "ring seed " + std::to_string(seed));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(TileBuilder, EveryRealizationOnEveryCellSize) {
  for (const char* realize : k_realize)
    for (int cell = 5; cell <= 10; ++cell)
      for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Scenario sc = make_scenario(seed * 31 + static_cast<std::uint64_t>(cell),
                                    {.closed = seed % 3 == 0, .realize = realize, .cell = cell});
        const Level level = build(sc, seed);
        check_level(sc, level,
                    std::string(realize) + " cell " + std::to_string(cell) + " seed " +
                        std::to_string(seed));
        if (::testing::Test::HasFatalFailure()) return;
      }
}

TEST(TileBuilder, EveryThemeKeepsTheLevelWhole) {
  for (const char* theme : {"dungeon", "cave", "fire", "chasm"})
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      Scenario sc = make_scenario(seed + 1000, {.theme = std::string(theme)});
      const Level level = build(sc, seed);
      check_level(sc, level, std::string(theme) + " seed " + std::to_string(seed));
      if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST(TileBuilder, ThemesDecorate) {
  // Over many rooms, the fire theme leaves lava outside locks, chasm leaves chasm, cave rubble.
  for (const auto& [theme, tile] : {std::pair{"fire", Tile::lava}, std::pair{"chasm", Tile::chasm},
                                    std::pair{"cave", Tile::rubble}}) {
    int found = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      Scenario sc = make_scenario(seed, {.realize = "locked_door", .theme = std::string(theme)});
      const Level level = build(sc, seed);
      for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x)
          found += level.tiles[Point{x, y}] == tile && !is_lock_cell(level, {x, y}) ? 1 : 0;
    }
    EXPECT_GT(found, 0) << theme;
  }
}

TEST(TileBuilder, LayoutsFromLayoutMission) {
  // The same random mission graphs (snakes, rings; large rooms grow into several cells), laid
  // out by layout_mission instead of by hand.
  int built = 0;
  for (std::uint64_t seed = 1; seed <= 80; ++seed) {
    Scenario sc = make_scenario(seed + 5000, {.closed = seed % 2 == 0});
    for (const MissionNode& n : sc.graph.nodes())
      if (kind_of(n.attrs) == "room" && seed % 3 == 0)
        sc.graph.find_node(n.id)->attrs.set("size", std::string("large"));
    Rng layout_rng(seed);
    const Size grid{sc.layout.cells.width() + 3, sc.layout.cells.height() + 3};
    auto layout = layout_mission(sc.graph, grid, layout_rng);
    if (!layout) continue;
    sc.layout = std::move(*layout);
    sc.level_size = {grid.width * sc.options.cell + 2, grid.height * sc.options.cell + 2};
    const Level level = build(sc, seed);
    check_level(sc, level, "laid out seed " + std::to_string(seed));
    if (::testing::Test::HasFatalFailure()) return;
    ++built;
  }
  EXPECT_GT(built, 40);
}

TEST(TileBuilder, SameSeedSameLevel) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Scenario a = make_scenario(seed, {.closed = seed % 2 == 0});
    Scenario b = make_scenario(seed, {.closed = seed % 2 == 0});
    const Level la = build(a, seed);
    const Level lb = build(b, seed);
    EXPECT_EQ(la, lb);
    EXPECT_EQ(a.graph, b.graph);
  }
}

TEST(TileBuilder, RejectsBadOptionsAndMismatchedInput) {
  Scenario sc = make_scenario(5, {});
  Rng rng(1);
  {
    Level level(sc.level_size);
    TileOptions o = sc.options;
    o.cell = 4;
    EXPECT_THROW(build_tiles(level, sc.layout, sc.graph, o, rng), InputError);
    o = sc.options;
    o.theme = "jungle";
    EXPECT_THROW(build_tiles(level, sc.layout, sc.graph, o, rng), InputError);
  }
  {
    Level small({sc.level_size.width - 4, sc.level_size.height});
    EXPECT_THROW(build_tiles(small, sc.layout, sc.graph, sc.options, rng), InputError);
  }
  {
    // A place of the graph the layout forgot.
    MissionGraph g = sc.graph;
    g.add_node(attrs({{"kind", std::string("room")}}));
    Level level(sc.level_size);
    EXPECT_THROW(build_tiles(level, sc.layout, g, sc.options, rng), GenerationError);
  }
  {
    // An exit without its other half.
    GridLayout layout = sc.layout;
    const Point g = layout.places.front().second.front();
    for (int s = 0; s < 4; ++s) {
      const Point n = g + k_directions4[static_cast<std::size_t>(s)];
      if (layout.cells.in_bounds(n) &&
          (layout.cells[g].exits & k_bits[static_cast<std::size_t>(s)]) == 0) {
        layout.cells[g].exits |= k_bits[static_cast<std::size_t>(s)];
        layout.cells[n].exits &=
            static_cast<std::uint8_t>(~k_bits[static_cast<std::size_t>((s + 2) % 4)]);
        break;
      }
    }
    Level level(sc.level_size);
    EXPECT_THROW(build_tiles(level, layout, sc.graph, sc.options, rng), GenerationError);
  }
}

}  // namespace
}  // namespace yendor::cyclic
