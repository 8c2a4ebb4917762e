#pragma once
// Minimum spanning trees over a sparse candidate graph (typically delaunay_edges()).

#include <span>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/gen/delaunay.hpp"

namespace yendor {

// Minimum spanning forest by Kruskal with union-find over `edges`. An edge's weight is the
// squared Euclidean distance between its endpoints; equal weights are broken by (a, b), so the
// result does not depend on the order of `edges`. Returns the chosen edges, unchanged, in the
// order Kruskal accepts them (ascending weight, then (a, b)): n - c edges for n points whose
// graph has c connected components. Self-loops and repeated edges are never chosen.
// Throws std::invalid_argument when an edge refers to a point outside `points`.
std::vector<Edge> minimum_spanning_tree(std::span<const Point> points, std::span<const Edge> edges);

}  // namespace yendor
