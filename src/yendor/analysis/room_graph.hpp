#pragma once
// The room/junction graph of a level, the graph its loops and dead-end rooms are counted on.
// It works with room metadata (rooms-and-corridors levels) and without (caves, mazes):
//
//  - An *area cell* is a traversable cell inside a room's rectangle (level.meta.rooms) or in
//    some 2x2 block of four traversable cells. An *area* is a connected group of area cells
//    (orthogonal steps): a room, a cave chamber, a stretch of corridor two or more cells wide.
//  - Every other traversable cell is a *passage cell*. Its degree is its number of
//    traversable orthogonal neighbours (of any kind).
//  - Nodes: every area; every passage cell whose degree is not 2 (junctions: 3 or 4; dead
//    ends: 1; isolated cells: 0); and one node on each ring of degree-2 passage cells that
//    touches no other node.
//  - Edges: every maximal run of degree-2 passage cells joins the nodes at its two ends (a
//    ring: its own node to itself); two orthogonally adjacent cells of different nodes are
//    joined directly (a junction beside a room, two junctions side by side).
//
// loops = (E - V + C) + holes inside areas, where E - V + C is the graph's cyclomatic number
// (C: its connected components) and an area's holes are its own independent cycles that go
// around something not traversable (a pillar): E_a - V_a + 1 - Q_a over the area's cells, with
// Q_a its 2x2 blocks of traversable cells. The sum equals E - V + C - Q of the whole grid of
// traversable cells: the number of independent ways around an obstacle, where open floor
// (every 2x2 block is a trivial 4-cycle) adds none.

#include <cstdint>
#include <vector>

#include "yendor/map/level.hpp"

namespace yendor::analysis {

struct RoomGraph {
  std::int64_t nodes = 0;
  std::int64_t edges = 0;
  std::int64_t components = 0;
  std::int64_t area_holes = 0;
  // Per area (areas are numbered in scan order of their first cell): edge ends at it, a
  // self-loop counting twice.
  std::vector<std::int64_t> area_degrees;

  std::int64_t areas() const { return static_cast<std::int64_t>(area_degrees.size()); }
  std::int64_t cyclomatic() const { return edges - nodes + components; }
  std::int64_t loops() const { return cyclomatic() + area_holes; }
  // Areas with exactly one way out: dead-end rooms.
  std::int64_t dead_end_areas() const;
};

// Linear in the map's area plus the number of rooms.
RoomGraph build_room_graph(const Level& level);

}  // namespace yendor::analysis
