#include "yendor/gen/cyclic/tile_builder.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/map/locks.hpp"

namespace yendor::cyclic {

namespace {

constexpr int k_min_cell = 5;

// Block sides in the order of k_directions4: north, east, south, west.
constexpr std::array<std::uint8_t, 4> k_side_bit{grid_dir::north, grid_dir::east, grid_dir::south,
                                                 grid_dir::west};
constexpr int opposite(int side) {
  return (side + 2) % 4;
}

int side_towards(Point from, Point to) {
  const Point d = to - from;
  for (int s = 0; s < 4; ++s)
    if (k_directions4[static_cast<std::size_t>(s)] == d) return s;
  return -1;
}

// Local block coordinates seen from one side: `a` counts from that side's edge inward, `b`
// runs along the side (b is the plain local x for north/south, y for east/west, so the
// middle line b = cell / 2 is the same for both blocks of an exit).
Point frame(int side, int a, int b, int c) {
  switch (side) {
    case 0:
      return {b, a};
    case 1:
      return {c - 1 - a, b};
    case 2:
      return {b, c - 1 - a};
    default:
      return {a, b};
  }
}
int frame_a(int side, Point local, int c) {
  switch (side) {
    case 0:
      return local.y;
    case 1:
      return c - 1 - local.x;
    case 2:
      return c - 1 - local.y;
    default:
      return local.x;
  }
}

[[noreturn]] void fail(const std::string& what) {
  throw GenerationError("cyclic tiles: " + what);
}

bool is_theme(std::string_view t) {
  return t == "dungeon" || t == "cave" || t == "fire" || t == "chasm";
}

// How a lock place is built: a door tile in the gate room's exit doorway, or a band across
// the gate room (the whole inner block) next to the exit side.
struct Realization {
  std::string_view name;
  bool band = false;
  Tile tile = Tile::wall;  // the door tile, or the band's tile
  int min_width = 1;       // band width wanted (narrower blocks get narrower bands)
  int max_width = 1;
};
constexpr std::array<Realization, 8> k_realizations{{
    {"locked_door", false, Tile::door_locked, 1, 1},
    {"barred_door", false, Tile::door_barred, 1, 1},
    {"timed_gate", false, Tile::door_barred, 1, 1},
    {"secret_door", false, Tile::door_secret, 1, 1},
    {"lava", true, Tile::lava, 2, 3},
    {"chasm", true, Tile::chasm, 2, 3},
    {"collapsing_bridge", true, Tile::chasm, 2, 3},
    {"drop", true, Tile::ledge, 1, 1},
}};
const Realization* find_realization(std::string_view name) {
  for (const Realization& r : k_realizations)
    if (r.name == name) return &r;
  return nullptr;
}

// reserved_ bits.
constexpr std::uint8_t k_lock_cell = 1;  // a barrier cell of a lock
constexpr std::uint8_t k_doorway = 2;    // a door or a doorway: decoration keeps clear
constexpr std::uint8_t k_taken = 4;      // stairs, a lever or an item lies here

struct PlaceWork {
  int node = 0;
  std::string kind;
  int room = 0;                  // the Room id (1.. in node order)
  std::vector<Point> cells;      // grid cells; the first is the home cell
  std::vector<Point> floor;      // level cells carved as the room
  std::vector<Point> placeable;  // where contents go (a lock room: its entry side only)
  std::string theme;
  const Realization* lock = nullptr;    // lock places
  int entry_side = -1, exit_side = -1;  // lock places: sides of the incoming / outgoing link
};

class TileBuilder {
 public:
  TileBuilder(Level& level, const GridLayout& layout, MissionGraph& mission,
              const TileOptions& options, Rng& rng)
      : level_(level),
        layout_(layout),
        mission_(mission),
        rng_(rng),
        c_(options.cell),
        m_(options.cell / 2),
        theme_(options.theme) {}

  void run() {
    collect_places();
    check_grid();
    reserved_ = Grid<std::uint8_t>(level_.size(), 0);
    level_.meta.rooms.clear();
    level_.meta.corridors.clear();
    level_.meta.doors.clear();
    level_.meta.features.clear();
    level_.meta.locks.clear();
    level_.meta.keys.clear();
    level_.meta.stairs = {};
    for (PlaceWork& place : places_)
      carve_room(place);
    carve_exits();
    for (PlaceWork& place : places_)
      if (place.lock != nullptr) realize_lock(place);
    carve_windows();
    for (PlaceWork& place : places_)
      decorate(place);
    record_rooms();
    place_stairs();
    record_keys();
    place_contents();
    record_corridors();
  }

 private:
  // ---- reading and checking the layout -----------------------------------------------------

  PlaceWork* place_at(Point g) {
    const int node = layout_.cells[g].place;
    if (node < 0 || node >= static_cast<int>(place_index_.size())) return nullptr;
    const int i = place_index_[static_cast<std::size_t>(node)];
    return i < 0 ? nullptr : &places_[static_cast<std::size_t>(i)];
  }
  PlaceWork& place_of_node(int node) {
    if (node < 0 || node >= static_cast<int>(place_index_.size()) ||
        place_index_[static_cast<std::size_t>(node)] < 0)
      fail("node " + std::to_string(node) + " is not a laid-out place");
    return places_[static_cast<std::size_t>(place_index_[static_cast<std::size_t>(node)])];
  }
  Point origin(Point g) const { return {1 + g.x * c_, 1 + g.y * c_}; }
  // The corridor an exit carved in its block, from the block edge inward.
  std::span<const Point> stub(Point g, int side) const {
    const std::size_t k = layout_.cells.index_of(g) * 4 + static_cast<std::size_t>(side);
    return std::span<const Point>(stub_cells_)
        .subspan(stub_begin_[k], stub_begin_[k + 1] - stub_begin_[k]);
  }
  // The neighbour cell on `side` belongs to the same place: the wall between goes.
  bool joined(Point g, int side) const {
    const Point n = g + k_directions4[static_cast<std::size_t>(side)];
    return layout_.cells.in_bounds(n) && layout_.cells[g].place >= 0 &&
           layout_.cells[n].place == layout_.cells[g].place;
  }

  void collect_places() {
    const Size grid = layout_.cells.size();
    if (std::int64_t{grid.width} * c_ + 2 > level_.width() ||
        std::int64_t{grid.height} * c_ + 2 > level_.height())
      throw InputError("cyclic tiles: a " + std::to_string(grid.width) + "x" +
                       std::to_string(grid.height) + " grid of " + std::to_string(c_) +
                       "-tile cells does not fit a " + std::to_string(level_.width()) + "x" +
                       std::to_string(level_.height()) + " level");
    place_index_.assign(static_cast<std::size_t>(mission_.next_node_id()), -1);
    auto sorted = layout_.places;
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [node, cells] : sorted) {
      const MissionNode* n = mission_.find_node(node);
      if (n == nullptr || !is_place_kind(kind_of(n->attrs)))
        fail("layout place " + std::to_string(node) + " is not a place of the mission graph");
      if (place_index_[static_cast<std::size_t>(node)] >= 0)
        fail("place " + std::to_string(node) + " is laid out twice");
      if (cells.empty()) fail("place " + std::to_string(node) + " owns no cell");
      PlaceWork w;
      w.node = node;
      w.kind = std::string(kind_of(n->attrs));
      w.room = static_cast<int>(places_.size()) + 1;
      w.cells = cells;
      for (Point g : cells)
        if (!layout_.cells.in_bounds(g) || layout_.cells[g].place != node)
          fail("cell of place " + std::to_string(node) + " does not name it");
      const std::string_view theme = text_attr(n->attrs, "theme");
      w.theme = is_theme(theme) ? std::string(theme) : theme_;
      if (w.kind == "lock") {
        if (cells.size() != 1) fail("lock place " + std::to_string(node) + " owns several cells");
        w.lock = find_realization(text_attr(n->attrs, "realize"));
        if (w.lock == nullptr)
          fail("lock " + std::to_string(node) + " has an unknown realization '" +
               std::string(text_attr(n->attrs, "realize")) + "'");
      }
      place_index_[static_cast<std::size_t>(node)] = static_cast<int>(places_.size());
      places_.push_back(std::move(w));
    }
    for (const MissionNode& n : mission_.nodes())
      if (is_place_kind(kind_of(n.attrs)) && place_index_[static_cast<std::size_t>(n.id)] < 0)
        fail("place " + std::to_string(n.id) + " has no grid cell");
  }

  void check_grid() {
    const Grid<GridCell>& cells = layout_.cells;
    for (int y = 0; y < cells.height(); ++y)
      for (int x = 0; x < cells.width(); ++x) {
        const Point g{x, y};
        const GridCell& cell = cells[g];
        if (cell.place >= 0 && place_at(g) == nullptr)
          fail("cell (" + std::to_string(x) + "," + std::to_string(y) + ") names place " +
               std::to_string(cell.place) + " the layout does not list");
        for (int s = 0; s < 4; ++s) {
          const std::uint8_t bit = k_side_bit[static_cast<std::size_t>(s)];
          if ((cell.exits & bit) == 0 && (cell.windows & bit) == 0) continue;
          const Point n = g + k_directions4[static_cast<std::size_t>(s)];
          const std::uint8_t back = k_side_bit[static_cast<std::size_t>(opposite(s))];
          if (!cells.in_bounds(n) || ((cell.exits & bit) != 0 && (cells[n].exits & back) == 0))
            fail("exit of cell (" + std::to_string(x) + "," + std::to_string(y) +
                 ") has no matching exit");
        }
      }
    link_of_edge_.assign(static_cast<std::size_t>(mission_.next_edge_id()), nullptr);
    for (const RoutedLink& link : layout_.links) {
      const MissionEdge* e = mission_.find_edge(link.edge);
      if (e == nullptr || kind_of(e->attrs) != "link" || link.cells.empty())
        fail("routed link " + std::to_string(link.edge) + " is not a link of the graph");
      if (layout_.cells.in_bounds(link.cells.front()) == false ||
          layout_.cells.in_bounds(link.cells.back()) == false ||
          layout_.cells[link.cells.front()].place != e->from ||
          layout_.cells[link.cells.back()].place != e->to)
        fail("routed link " + std::to_string(link.edge) + " does not join its places");
      for (std::size_t i = 0; i + 1 < link.cells.size(); ++i) {
        const int s = side_towards(link.cells[i], link.cells[i + 1]);
        if (s < 0 || (cells[link.cells[i]].exits & k_side_bit[static_cast<std::size_t>(s)]) == 0)
          fail("routed link " + std::to_string(link.edge) + " steps without an exit");
      }
      link_of_edge_[static_cast<std::size_t>(link.edge)] = &link;
    }
    for (const MissionEdge& e : mission_.edges())
      if (kind_of(e.attrs) == "link" && link_of_edge_[static_cast<std::size_t>(e.id)] == nullptr)
        fail("link " + std::to_string(e.id) + " is not routed");
    for (PlaceWork& place : places_) {
      if (place.lock == nullptr) continue;
      const auto in = mission_.in_edges(place.node, "link");
      const auto out = mission_.out_edges(place.node, "link");
      if (in.size() != 1 || out.size() != 1)
        fail("lock " + std::to_string(place.node) + " needs one incoming and one outgoing link");
      const RoutedLink& a = *link_of_edge_[static_cast<std::size_t>(in[0])];
      const RoutedLink& b = *link_of_edge_[static_cast<std::size_t>(out[0])];
      const Point g = place.cells[0];
      if (a.cells.size() < 2 || b.cells.size() < 2)
        fail("lock " + std::to_string(place.node) + " shares a cell with a neighbour");
      place.entry_side = side_towards(g, a.cells[a.cells.size() - 2]);
      place.exit_side = side_towards(g, b.cells[1]);
      const std::uint8_t exits = layout_.cells[g].exits;
      if (place.entry_side < 0 || place.exit_side < 0 || place.entry_side == place.exit_side ||
          exits != (k_side_bit[static_cast<std::size_t>(place.entry_side)] |
                    k_side_bit[static_cast<std::size_t>(place.exit_side)]))
        fail("lock " + std::to_string(place.node) + " needs two distinct exits");
    }
  }

  // ---- rooms -------------------------------------------------------------------------------

  void carve_mask(PlaceWork& place, Point g, const std::vector<std::uint8_t>& mask) {
    const Point o = origin(g);
    for (int y = 0; y < c_; ++y)
      for (int x = 0; x < c_; ++x)
        if (mask[static_cast<std::size_t>(y * c_ + x)] != 0) {
          const Point p = o + Point{x, y};
          level_.tiles[p] = Tile::floor;
          place.floor.push_back(p);
        }
  }
  static void fill_rect(std::vector<std::uint8_t>& mask, int c, int x0, int y0, int x1, int y1) {
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        mask[static_cast<std::size_t>(y * c + x)] = 1;
  }
  // A random span of the inner block that contains the middle line.
  std::pair<int, int> middle_span() {
    const int lo = rng_.range(1, std::max(1, m_ - 1));
    const int hi = rng_.range(std::min(m_ + 1, c_ - 2), c_ - 2);
    return {lo, hi};
  }

  void carve_room(PlaceWork& place) {
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(c_ * c_), 0);
    if (place.lock != nullptr) {
      // A band crosses the whole inner block; a door gate is a room of random size.
      if (place.lock->band) {
        fill_rect(mask, c_, 1, 1, c_ - 2, c_ - 2);
      } else {
        const auto [x0, x1] = middle_span();
        const auto [y0, y1] = middle_span();
        fill_rect(mask, c_, x0, y0, x1, y1);
      }
      carve_mask(place, place.cells[0], mask);
      return;
    }
    const Point home = place.cells[0];
    const bool single = place.cells.size() == 1;
    if (single && place.theme == "cave") {
      blob_mask(mask, layout_.cells[home].exits, layout_.cells[home].windows);
      carve_mask(place, home, mask);
      return;
    }
    if (single) {
      const std::uint32_t roll = rng_.below(10);
      if (c_ >= 7 && roll < 2) {
        const int t = std::max(1, (c_ - 2) / 4);
        fill_rect(mask, c_, 1, m_ - t, c_ - 2, m_ + t);
        fill_rect(mask, c_, m_ - t, 1, m_ + t, c_ - 2);
      } else if (c_ >= 7 && roll < 4) {
        // Octagon: the inner block with its corners cut (the middle lines stay whole).
        const int k = std::max(1, (c_ - 2) / 3);
        for (int y = 1; y <= c_ - 2; ++y)
          for (int x = 1; x <= c_ - 2; ++x)
            if (std::min(x - 1, c_ - 2 - x) + std::min(y - 1, c_ - 2 - y) >= k)
              mask[static_cast<std::size_t>(y * c_ + x)] = 1;
      } else {
        const auto [x0, x1] = middle_span();
        const auto [y0, y1] = middle_span();
        fill_rect(mask, c_, x0, y0, x1, y1);
      }
      carve_mask(place, home, mask);
      return;
    }
    // Several cells: one rectangle per block, reaching through the block edge wherever the
    // neighbour is the same place, so the blocks merge into one room.
    for (Point g : place.cells) {
      std::fill(mask.begin(), mask.end(), std::uint8_t{0});
      auto [x0, x1] = middle_span();
      auto [y0, y1] = middle_span();
      if (joined(g, 3)) x0 = 0;
      if (joined(g, 1)) x1 = c_ - 1;
      if (joined(g, 0)) y0 = 0;
      if (joined(g, 2)) y1 = c_ - 1;
      fill_rect(mask, c_, x0, y0, x1, y1);
      carve_mask(place, g, mask);
    }
  }

  // A seeded cave blob: random cells of the inner block kept where they connect to the
  // centre, with spokes along the middle lines to every exit side (three wide to a window).
  void blob_mask(std::vector<std::uint8_t>& mask, std::uint8_t exits, std::uint8_t windows) {
    std::vector<std::uint8_t> open(mask.size(), 0);
    for (int y = 1; y <= c_ - 2; ++y)
      for (int x = 1; x <= c_ - 2; ++x)
        open[static_cast<std::size_t>(y * c_ + x)] = rng_.chance(0.62) ? 1 : 0;
    const Point centre{m_, m_};
    open[static_cast<std::size_t>(m_ * c_ + m_)] = 1;
    for (int s = 0; s < 4; ++s) {
      const std::uint8_t bit = k_side_bit[static_cast<std::size_t>(s)];
      if (((exits | windows) & bit) == 0) continue;
      const int half = (windows & bit) != 0 ? 1 : 0;
      for (int a = 1; frame_a(s, centre, c_) >= a; ++a)
        for (int b = m_ - half; b <= m_ + half; ++b) {
          const Point p = frame(s, a, b, c_);
          open[static_cast<std::size_t>(p.y * c_ + p.x)] = 1;
        }
    }
    std::vector<Point> queue{centre};
    mask[static_cast<std::size_t>(m_ * c_ + m_)] = 1;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (Point d : k_directions4) {
        const Point n = queue[i] + d;
        const auto idx = static_cast<std::size_t>(n.y * c_ + n.x);
        if (n.x < 1 || n.y < 1 || n.x > c_ - 2 || n.y > c_ - 2 || open[idx] == 0 || mask[idx] != 0)
          continue;
        mask[idx] = 1;
        queue.push_back(n);
      }
  }

  // ---- exits, passages and doors -----------------------------------------------------------

  void carve_exits() {
    const Grid<GridCell>& cells = layout_.cells;
    // Stubs are stored flat in (cell, side) order: 4 offsets per grid cell, one list of cells.
    stub_begin_.assign(cells.cell_count() * 4 + 1, 0);
    for (int y = 0; y < cells.height(); ++y)
      for (int x = 0; x < cells.width(); ++x) {
        const Point g{x, y};
        const GridCell& cell = cells[g];
        const Point o = origin(g);
        const bool passage = cell.place < 0;
        if (passage && cell.exits != 0) level_.tiles[o + Point{m_, m_}] = Tile::corridor;
        for (int s = 0; s < 4; ++s) {
          stub_begin_[cells.index_of(g) * 4 + static_cast<std::size_t>(s)] = stub_cells_.size();
          if ((cell.exits & k_side_bit[static_cast<std::size_t>(s)]) == 0) continue;
          std::vector<Point>& cells_out = stub_cells_;
          // From the block edge inward along the middle line: to the centre of a passage,
          // to the first floor of a room.
          for (int a = 0;; ++a) {
            if (a >= c_) fail("an exit found no room floor in its block");
            const Point local = frame(s, a, m_, c_);
            const Point p = o + local;
            if (passage ? local == Point{m_, m_} : level_.tiles[p] != Tile::wall) break;
            level_.tiles[p] = Tile::corridor;
            cells_out.push_back(p);
          }
        }
      }
    stub_begin_.back() = stub_cells_.size();
    // One door per exit, on one of its two sides, where a corridor enters a room.
    for (int y = 0; y < cells.height(); ++y)
      for (int x = 0; x < cells.width(); ++x) {
        const Point g{x, y};
        for (int s : {1, 2}) {
          if ((cells[g].exits & k_side_bit[static_cast<std::size_t>(s)]) == 0) continue;
          const Point n = g + k_directions4[static_cast<std::size_t>(s)];
          std::array<std::pair<Point, int>, 2> sides{{{g, s}, {n, opposite(s)}}};
          std::array<std::pair<Point, PlaceWork*>, 2> candidates{};
          int count = 0;
          bool lock_door = false;
          for (const auto& [cell, side] : sides) {
            PlaceWork* place = place_at(cell);
            if (place == nullptr || stub(cell, side).empty()) continue;
            if (place->lock != nullptr && side == place->exit_side) {
              lock_door = lock_door || !place->lock->band;
              continue;
            }
            candidates[static_cast<std::size_t>(count++)] = {stub(cell, side).back(), place};
          }
          if (lock_door || count == 0) continue;
          const auto& [pos, place] =
              candidates[count == 1 ? std::size_t{0} : std::size_t{rng_.below(2)}];
          const double roll = rng_.unit();
          reserved_[pos] |= k_doorway;
          if (roll >= 0.8) continue;  // an open doorway
          level_.tiles[pos] = roll < 0.6 ? Tile::door_closed : Tile::door_open;
          level_.meta.doors.push_back(Door{pos, place->room});
        }
      }
  }

  // ---- locks -------------------------------------------------------------------------------

  void realize_lock(PlaceWork& place) {
    const Point g = place.cells[0];
    const Point o = origin(g);
    const int X = place.exit_side, E = place.entry_side;
    LockInfo lock;
    lock.kind = std::string(place.lock->name);
    if (!place.lock->band) {
      // The exit doorway of the gate room becomes the lock's door.
      const Point door = stub(g, X).back();
      level_.tiles[door] = place.lock->tile;
      lock.cells.push_back(door);
      const int a = frame_a(X, door - o, c_);
      lock.entry = o + frame(X, a + 1, m_, c_);
      level_.meta.doors.push_back(Door{door, place.room});
      place.placeable = place.floor;
    } else {
      // A band across the whole inner block, its rows counted from the exit side. With the
      // entry opposite, it lies mid-room; with the entry on a side beside the exit, it takes
      // the rows next to the exit doorway, short of the entry's middle line.
      const int entry_row = frame_a(X, frame(E, 1, m_, c_), c_);
      const bool straight = E == opposite(X);
      const int max_width = straight ? c_ - 4 : entry_row - 1;
      const int width =
          std::min(rng_.range(place.lock->min_width, place.lock->max_width), max_width);
      const int first = straight ? rng_.range(2, c_ - 2 - width) : 1;
      const int last = first + width - 1;
      for (int a = first; a <= last; ++a)
        for (int b = 1; b <= c_ - 2; ++b) {
          const Point p = o + frame(X, a, b, c_);
          const bool crossing = b == m_;
          const std::string_view kind = place.lock->name;
          if (kind == "collapsing_bridge") {
            level_.tiles[p] = crossing ? Tile::bridge : Tile::chasm;
            if (crossing) lock.cells.push_back(p);
          } else {
            level_.tiles[p] = place.lock->tile;
            lock.cells.push_back(p);
            if (kind == "chasm" && crossing) lock.bridge_cells.push_back(p);
          }
        }
      lock.entry = o + frame(X, last + 1, m_, c_);
      for (Point p : place.floor)
        if (frame_a(X, p - o, c_) > last) place.placeable.push_back(p);
    }
    for (Point p : lock.cells)
      reserved_[p] |= k_lock_cell;
    lock.mission_node = place.node;
    pending_locks_.push_back(std::move(lock));
  }

  // ---- windows -----------------------------------------------------------------------------

  // A `sees` window: up to three lines of chasm through the wall between the two rooms
  // (impassable and transparent, so it never joins regions), on lines near the middle where
  // sight reaches floor on both sides; failing that, lines that reach a band of lava or chasm
  // filling the line (a gate room seen along its band).
  void carve_windows() {
    const Grid<GridCell>& cells = layout_.cells;
    std::vector<Point> near_line, far_line;
    for (int y = 0; y < cells.height(); ++y)
      for (int x = 0; x < cells.width(); ++x) {
        const Point g{x, y};
        for (int s : {1, 2}) {
          const std::uint8_t bit = k_side_bit[static_cast<std::size_t>(s)];
          if ((cells[g].windows & bit) == 0) continue;
          // (One side may be a passage: the window then looks onto its corridor.)
          const Point n = g + k_directions4[static_cast<std::size_t>(s)];
          int carved = 0;
          for (int wanted = 2; wanted >= 1 && carved == 0; --wanted)
            for (int k = 0; k < 2 * c_ && carved < 3; ++k) {
              const int b = m_ + (k % 2 == 0 ? k / 2 : -(k + 1) / 2);
              if (b < 1 || b > c_ - 2 || (b == m_ && (cells[g].exits & bit) != 0)) continue;
              if (std::min(sight_line(g, s, b, near_line),
                           sight_line(n, opposite(s), b, far_line)) < wanted)
                continue;
              for (Point p : near_line)
                level_.tiles[p] = Tile::chasm;
              for (Point p : far_line)
                level_.tiles[p] = Tile::chasm;
              ++carved;
            }
        }
      }
  }
  // From the block edge inward on line b: wall cells (collected in `walls`), then transparent
  // cells nobody walks on. 2: sight reaches a passable cell; 1: it crosses such cells to the
  // block's far side; 0: something opaque stops it (or there is no wall to open).
  int sight_line(Point g, int side, int b, std::vector<Point>& walls) const {
    walls.clear();
    for (int a = 0; a <= c_ - 2; ++a) {
      const Point p = origin(g) + frame(side, a, b, c_);
      const Tile t = level_.tiles[p];
      if (t == Tile::wall && walls.size() == static_cast<std::size_t>(a)) {
        walls.push_back(p);
        continue;
      }
      const TileInfo& info = tile_info(t);
      if (info.passable) return walls.empty() ? 0 : 2;
      if (!info.transparent || is_traversable(t) || t == Tile::wall) return 0;
    }
    return walls.empty() || walls.size() > static_cast<std::size_t>(c_ - 2) ? 0 : 1;
  }

  // ---- decoration --------------------------------------------------------------------------

  bool traversable(Point p) const { return is_traversable(level_.tiles[p]); }

  // Turning `p` into an obstacle keeps connectivity when its traversable orthogonal
  // neighbours all lie on one run of traversable cells around it (the run is a way round p).
  bool removable(Point p) const {
    static constexpr std::array<Point, 8> ring{dir::north,      dir::north_east, dir::east,
                                               dir::south_east, dir::south,      dir::south_west,
                                               dir::west,       dir::north_west};
    if (level_.tiles[p] != Tile::floor || reserved_[p] != 0) return false;
    std::array<bool, 8> open{};
    for (std::size_t i = 0; i < 8; ++i) {
      const Point n = p + ring[i];
      if ((reserved_[n] & (k_lock_cell | k_doorway)) != 0) return false;
      open[i] = traversable(n);
    }
    int runs_with_orthogonal = 0, orthogonal = 0;
    for (std::size_t i = 0; i < 8; ++i) {
      if (i % 2 == 0 && open[i]) ++orthogonal;
      if (!open[i] || open[(i + 7) % 8]) continue;  // not the start of a run
      bool has_orthogonal = false;
      for (std::size_t j = i; open[j % 8]; ++j) {
        if (j % 2 == 0) has_orthogonal = true;
        if (j >= i + 7) break;
      }
      if (has_orthogonal) ++runs_with_orthogonal;
    }
    if (orthogonal == 0) return false;
    // Every ring cell open (no run start): one run.
    return runs_with_orthogonal <= 1;
  }

  void decorate(PlaceWork& place) {
    if (place.lock != nullptr) return;
    const std::size_t budget = place.floor.size() / 4;
    std::size_t used = 0;
    if (place.theme == "fire") {
      // Scattered lava pools, each grown a few cells, never cutting the room.
      const int pools = 1 + static_cast<int>(place.floor.size() / 30);
      for (int i = 0; i < pools && used < budget; ++i) {
        Point p = rng_.pick(place.floor);
        for (int grow = rng_.range(1, 4); grow > 0 && used < budget; --grow) {
          if (!removable(p)) break;
          level_.tiles[p] = Tile::lava;
          ++used;
          p = p + k_directions4[rng_.below(4)];
        }
      }
    } else if (place.theme == "chasm") {
      // Chasm edges: floor along the room's wall falls away where the room stays whole.
      for (Point p : place.floor) {
        if (used >= budget) break;
        bool edge = false;
        for (Point d : k_directions4)
          edge = edge || level_.tiles[p + d] == Tile::wall;
        if (edge && rng_.chance(0.4) && removable(p)) {
          level_.tiles[p] = Tile::chasm;
          ++used;
        }
      }
    } else if (place.theme == "cave") {
      for (Point p : place.floor)
        if (level_.tiles[p] == Tile::floor && reserved_[p] == 0 && rng_.chance(0.08))
          level_.tiles[p] = Tile::rubble;
    }
  }

  // ---- metadata, stairs, keys, contents ----------------------------------------------------

  void record_rooms() {
    for (PlaceWork& place : places_) {
      int x0 = level_.width(), y0 = level_.height(), x1 = -1, y1 = -1;
      for (Point p : place.floor) {
        x0 = std::min(x0, p.x);
        y0 = std::min(y0, p.y);
        x1 = std::max(x1, p.x);
        y1 = std::max(y1, p.y);
      }
      if (place.lock == nullptr) place.placeable = place.floor;
      const std::string kind = place.kind == "start" || place.kind == "goal" || place.kind == "lock"
                                   ? place.kind
                                   : std::string("room");
      level_.meta.rooms.push_back(Room{place.room, Rect::from_corners({x0, y0}, {x1, y1}), kind});
      mission_.find_node(place.node)->attrs.set("room", std::int64_t{place.room});
    }
  }

  // A free floor cell of the place (marked taken), or, when none is left and `shared` is
  // allowed, any passable cell of it (features may share a cell).
  std::optional<Point> take_cell(PlaceWork& place, bool shared) {
    candidates_.clear();
    for (Point p : place.placeable)
      if (level_.tiles[p] == Tile::floor && (reserved_[p] & k_taken) == 0) candidates_.push_back(p);
    if (candidates_.empty() && shared)
      for (Point p : place.placeable)
        if (tile_info(level_.tiles[p]).passable) candidates_.push_back(p);
    if (candidates_.empty()) return std::nullopt;
    const Point p = rng_.pick(candidates_);
    reserved_[p] |= k_taken;
    return p;
  }

  void place_stairs() {
    for (PlaceWork& place : places_) {
      if (place.kind != "start" && place.kind != "goal") continue;
      const auto p = take_cell(place, false);
      if (!p) fail("no floor for the stairs in room " + std::to_string(place.room));
      const bool up = place.kind == "start";
      level_.tiles[*p] = up ? Tile::stairs_up : Tile::stairs_down;
      (up ? level_.meta.stairs.up : level_.meta.stairs.down) = *p;
    }
  }

  PlaceWork& container_of(int node) {
    const auto in = mission_.in_edges(node, "contains");
    if (in.size() != 1) fail("content " + std::to_string(node) + " is not in exactly one place");
    return place_of_node(mission_.find_edge(in[0])->from);
  }

  void record_keys() {
    std::vector<int> lock_id(static_cast<std::size_t>(mission_.next_node_id()), 0);
    std::vector<int> key_id(lock_id.size(), 0);
    int locks = 0, keys = 0;
    for (const MissionNode& n : mission_.nodes()) {
      const std::string_view kind = kind_of(n.attrs);
      if (kind == "lock") lock_id[static_cast<std::size_t>(n.id)] = ++locks;
      if (kind == "key") key_id[static_cast<std::size_t>(n.id)] = ++keys;
    }
    // Locks, in node order (pending_locks_ follows places_, which is in node order too).
    for (LockInfo& lock : pending_locks_) {
      MissionNode& n = *mission_.find_node(lock.mission_node);
      lock.id = lock_id[static_cast<std::size_t>(n.id)];
      const auto type = lock_type_from_string(text_attr(n.attrs, "type", "conditional"));
      const auto duration = lock_duration_from_string(text_attr(n.attrs, "duration", "permanent"));
      const auto direction = lock_direction_from_string(text_attr(n.attrs, "direction", "two_way"));
      if (!type || !duration || !direction)
        fail("lock " + std::to_string(n.id) + " has an unknown type, duration or direction");
      lock.type = *type;
      lock.duration = *duration;
      lock.direction = *direction;
      lock.safe = bool_attr(n.attrs, "safe", true);
      lock.key_class = std::string(text_attr(n.attrs, "class"));
      n.attrs.set("lock", std::int64_t{lock.id});
    }
    auto lock_by_node = [&](int node) -> LockInfo& {
      const int id = lock_id[static_cast<std::size_t>(node)];
      if (id == 0) fail("an unlocks edge ends at node " + std::to_string(node) + ", not a lock");
      return pending_locks_[static_cast<std::size_t>(id - 1)];
    };
    for (const MissionNode& node : mission_.nodes()) {
      if (kind_of(node.attrs) != "key") continue;
      KeyInfo key;
      key.id = key_id[static_cast<std::size_t>(node.id)];
      key.kind = std::string(text_attr(node.attrs, "item"));
      if (std::find(key_kinds().begin(), key_kinds().end(), key.kind) == key_kinds().end())
        fail("key " + std::to_string(node.id) + " has an unknown item '" + key.kind + "'");
      key.multipurpose = bool_attr(node.attrs, "multipurpose", false);
      key.particular = bool_attr(node.attrs, "particular", true);
      key.consumed = bool_attr(node.attrs, "consumed", false);
      key.fixed = bool_attr(node.attrs, "fixed", key.kind == "lever" || key.kind == "bridge_lever");
      key.key_class = std::string(text_attr(node.attrs, "class"));
      key.mission_node = node.id;
      for (int e : mission_.out_edges(node.id, "unlocks")) {
        LockInfo& lock = lock_by_node(mission_.find_edge(e)->to);
        key.locks.push_back(lock.id);
        if (key.particular || key.fixed)
          lock.keys.push_back(key.id);
        else if (lock.key_class.empty())
          lock.key_class = key.key_class;
      }
      PlaceWork& place = container_of(node.id);
      const auto p = take_cell(place, !key.fixed);
      if (!p)
        fail("no floor for lever " + std::to_string(key.id) + " in room " +
             std::to_string(place.room));
      key.pos = *p;
      if (key.fixed)
        level_.tiles[*p] = Tile::lever;
      else
        level_.meta.features.push_back(Feature{*p, "key:" + std::to_string(key.id)});
      mission_.find_node(node.id)->attrs.set("key", std::int64_t{key.id});
      level_.meta.keys.push_back(std::move(key));
    }
    for (LockInfo& lock : pending_locks_)
      std::sort(lock.keys.begin(), lock.keys.end());
    level_.meta.locks = std::move(pending_locks_);
  }

  void place_contents() {
    for (const MissionNode& node : mission_.nodes()) {
      const std::string_view kind = kind_of(node.attrs);
      if (kind != "treasure" && kind != "monster" && kind != "trap") continue;
      PlaceWork& place = container_of(node.id);
      const auto p = take_cell(place, true);
      if (!p) fail("no room for content " + std::to_string(node.id));
      level_.meta.features.push_back(
          Feature{*p, std::string(kind) + ":" + std::to_string(node.id)});
    }
    // Dangerous rooms (danger 2..3) get more monsters than their graph names, tagged with
    // the room's place node.
    for (PlaceWork& place : places_) {
      const auto danger = int_attr(mission_.find_node(place.node)->attrs, "danger", 0);
      for (std::int64_t i = 1; i < danger; ++i)
        if (const auto p = take_cell(place, true))
          level_.meta.features.push_back({*p, "monster:" + std::to_string(place.node)});
    }
  }

  void record_corridors() {
    for (const RoutedLink& link : layout_.links) {
      Corridor corridor;
      const MissionEdge& e = *mission_.find_edge(link.edge);
      corridor.from_room = place_of_node(e.from).room;
      corridor.to_room = place_of_node(e.to).room;
      auto add = [&](Point p) {
        if (level_.tiles[p] == Tile::corridor &&
            (corridor.cells.empty() || corridor.cells.back() != p))
          corridor.cells.push_back(p);
      };
      const std::size_t k = link.cells.size();
      for (std::size_t i = 0; i < k; ++i) {
        const Point g = link.cells[i];
        if (i > 0) {
          const auto& in = stub(g, side_towards(g, link.cells[i - 1]));
          for (Point p : in)
            add(p);
        }
        if (layout_.cells[g].place < 0) add(origin(g) + Point{m_, m_});
        if (i + 1 < k) {
          const auto& out = stub(g, side_towards(g, link.cells[i + 1]));
          for (auto it = out.rbegin(); it != out.rend(); ++it)
            add(*it);
        }
      }
      if (!corridor.cells.empty()) level_.meta.corridors.push_back(std::move(corridor));
    }
  }

  Level& level_;
  const GridLayout& layout_;
  MissionGraph& mission_;
  Rng& rng_;
  const int c_;  // tiles per grid cell side
  const int m_;  // the middle line of a block
  std::string theme_;
  std::vector<PlaceWork> places_;  // in node id order
  std::vector<int> place_index_;   // node id -> index into places_, -1
  std::vector<const RoutedLink*> link_of_edge_;
  std::vector<Point> stub_cells_;        // every exit's corridor cells, see stub()
  std::vector<std::size_t> stub_begin_;  // per grid cell and side: where its stub starts
  Grid<std::uint8_t> reserved_;
  std::vector<LockInfo> pending_locks_;
  std::vector<Point> candidates_;
};

}  // namespace

Size grid_size_for(Size level_size, int cell) {
  if (cell < k_min_cell)
    throw InputError("cyclic: cell must be at least " + std::to_string(k_min_cell) + ", got " +
                     std::to_string(cell));
  if (level_size.width < 0 || level_size.height < 0)
    throw InputError("cyclic: negative level size");
  return {std::max(0, (level_size.width - 2) / cell), std::max(0, (level_size.height - 2) / cell)};
}

void build_tiles(Level& level, const GridLayout& layout, MissionGraph& mission,
                 const TileOptions& options, Rng& rng) {
  if (options.cell < k_min_cell)
    throw InputError("cyclic: cell must be at least " + std::to_string(k_min_cell) + ", got " +
                     std::to_string(options.cell));
  if (!is_theme(options.theme))
    throw InputError("cyclic: unknown theme '" + options.theme +
                     "' (expected dungeon, cave, fire or chasm)");
  TileBuilder(level, layout, mission, options, rng).run();
}

}  // namespace yendor::cyclic
