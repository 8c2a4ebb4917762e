#pragma once
// Delaunay triangulation of integer points, returned as its edge list. Used to connect room
// centres into a planar "candidate corridor" graph, which minimum_spanning_tree() then thins.
//
// Exact: every geometric decision is an integer predicate evaluated without rounding or
// overflow, so the result depends only on the input and is the same on every platform.

#include <compare>
#include <span>
#include <vector>

#include "yendor/core/geometry.hpp"

namespace yendor {

// An undirected edge between two points, as indices into the point list; a < b.
struct Edge {
  int a = 0;
  int b = 0;

  bool operator==(const Edge&) const = default;
  auto operator<=>(const Edge&) const = default;
};

// delaunay_edges() accepts coordinates in [-k_delaunay_coordinate_limit, +limit]. At this
// range the in-circle products fit in int64 (see delaunay.cpp for the bound).
inline constexpr int k_delaunay_coordinate_limit = 20000;

// Edges of the Delaunay triangulation of distinct integer points, sorted by (a, b), each once.
// - 0 or 1 point: no edges.
// - All points collinear (including exactly 2): edges between consecutive points along the
//   line, so the result is always a connected planar graph.
// - Cocircular points: one valid Delaunay triangulation, chosen deterministically (it depends
//   only on the input sequence).
// Throws std::invalid_argument on duplicate points or on a coordinate outside the limit.
// O(n log n) in practice: points are inserted along a Hilbert curve (Bowyer-Watson with
// triangle adjacency, ghost triangles for the outside, and a walk from the last insertion).
std::vector<Edge> delaunay_edges(std::span<const Point> points);

}  // namespace yendor
