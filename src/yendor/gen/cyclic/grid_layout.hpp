#pragma once
// From mission graph to space, first step (Dormans, "Tilemaps"): every place node (start, goal,
// room, lock) gets a cell of a coarse grid and every `link` becomes a chain of neighbouring
// cells (passages where the two places are not neighbours), so the graph is laid out as a grid
// graph. Then space-level transformations run on that grid graph: large rooms grow into free
// neighbouring cells, places joined by a `sees` edge are made neighbours where possible and get a
// window (a see-through barrier) on their shared side, and passages are straightened.
// tile_builder.hpp turns the result into tiles.

#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/map/mission_graph.hpp"

namespace yendor::cyclic {

// Directions between neighbouring grid cells, as bits.
namespace grid_dir {
inline constexpr std::uint8_t north = 1, east = 2, south = 4, west = 8;
}
// The bit for the step from `a` to its orthogonal neighbour `b`.
std::uint8_t direction_bit(Point a, Point b);

struct GridCell {
  int place = -1;            // mission node id of the place that owns this cell, -1 none
  int link = -1;             // passage cells: the mission `link` edge routed through; -1 none
  std::uint8_t exits = 0;    // openings to neighbour cells (a link passes that side)
  std::uint8_t joins = 0;    // neighbour cells of the same place (the wall between goes)
  std::uint8_t windows = 0;  // see-through barriers to neighbour cells (a `sees` edge)
  bool used() const { return place >= 0 || link >= 0; }
  bool operator==(const GridCell&) const = default;
};

struct RoutedLink {
  int edge = 0;              // the mission link edge
  std::vector<Point> cells;  // from the `from` place's cell to the `to` place's cell, inclusive
  bool operator==(const RoutedLink&) const = default;
};

struct GridLayout {
  Grid<GridCell> cells;
  // Per place node (sorted by node id): the cells it owns; the first is its home cell.
  std::vector<std::pair<int, std::vector<Point>>> places;
  std::vector<RoutedLink> links;  // in mission edge id order
  const std::vector<Point>* cells_of(int node) const;
  bool operator==(const GridLayout&) const = default;
};

struct LayoutOptions {
  int attempts = 30;       // restarts (each on the same rng, continuing) before giving up
  bool grow_rooms = true;  // rooms with size=large take a free neighbour cell
  bool straighten = true;
};

// Lays out the places and links of `graph` on a grid of `grid_size` cells, using only `rng`.
// nullopt when it does not fit after the attempts (the caller retries with another seed or
// reports that the level is too small). Guarantees: each place owns >= 1 cell, cells of one
// place are orthogonally connected, every link's chain is a sequence of orthogonal neighbours
// whose inner cells are passages of that link only (a passage cell serves one link), and
// lock places own exactly one cell. Also: a side between two cells carries at most one link
// step, so `exits` are exactly the chains' steps (both cells) and the grid graph keeps every
// cycle of the mission; `joins` are exactly the sides between cells of one place; a lock's
// two links leave its cell by two different sides (opposite ones, a gate, when that costs at
// most two cells more); `windows` are set on both cells, never on an opening, and only on a
// side of a place that some `sees` edge sees. Places with four or more links own
// links / 2 cells from the start (hubs). Throws InputError on a grid smaller than 1x1,
// attempts < 1, a link or sees edge that does not join two different places, or a lock
// without exactly two links.
std::optional<GridLayout> layout_mission(const MissionGraph& graph, Size grid_size, Rng& rng,
                                         const LayoutOptions& options = {});

}  // namespace yendor::cyclic
