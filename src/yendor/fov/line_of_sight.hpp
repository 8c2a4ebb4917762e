#pragma once
// Line of sight between two cells, consistent with the `symmetric` FOV: for a transparent
// target, line_of_sight(map, a, b) is true exactly when symmetric FOV (unlimited radius) from
// a marks b; for an opaque target it is true when b would be seen were it transparent (so
// LoS to a wall implies the FOV marks it, never the reverse). Costs O(distance), allocates
// nothing. Neither end's own opacity matters. Throws InputError when either end is outside
// the map.
//
// The line is the segment between the two cells' centres. In the frame of the quadrant that
// holds b (depth along the longer axis, column along the other), it crosses the centre line of
// each row between them either inside one cell, which must be transparent, or exactly at the
// corner between two cells. There it passes when the cells on one chosen side of the line are
// transparent at every such corner (Ford's scan keeps a slope on the edge of a shadow as long
// as the cells on that side are open).

#include <vector>

#include "yendor/fov/opacity_map.hpp"

namespace yendor::fov {

bool line_of_sight(const OpacityMap& map, Point from, Point to);

// The cells a missile from `from` to `to` flies over, `from` excluded and `to` included, along
// the same line line_of_sight() tests: at each step the cell the centre line crosses. Where the
// line passes exactly through the corner between two cells, the path passes every such corner
// on the same side: the side nearer the axis of the octant (the cell with the smaller offset
// across the line's longer direction), unless the other side gets farther before an opaque
// cell. Stops at (and includes) the first opaque cell, so the path reaches `to` with only
// transparent cells before it exactly when line_of_sight(map, from, to). Consecutive cells are
// 8-neighbours (the first one a neighbour of `from`); the path is empty when from == to. `out`
// is cleared first. Throws InputError when either end is outside the map.
void line_path(const OpacityMap& map, Point from, Point to, std::vector<Point>& out);

}  // namespace yendor::fov
