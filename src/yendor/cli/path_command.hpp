#pragma once
// `yendor path`: a path between two cells of a generated or loaded map, found by one of the
// path module's algorithms, drawn on the map ('*') with what the search cost on stderr.

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/cli/map_source.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::cli {

// "astar" runs jump point search where every step costs the same; "astar-plain" never does.
inline constexpr std::array<std::string_view, 6> k_path_algorithms{
    "astar", "astar-plain", "bfs", "dijkstra", "hierarchical", "euclid"};

struct PathCommandOptions {
  MapSource source;
  std::optional<std::string> from;  // X,Y; default the up stairs
  std::optional<std::string> to;    // X,Y; default the down stairs
  std::string algorithm = "astar";  // one of k_path_algorithms
  int connectivity = 8;             // 4 or 8
  std::string corners = "never";    // allowed|one_side|never
  int diagonal_weight = 1;          // a diagonal step's weight (an orthogonal one weighs 1)
  std::string output;               // empty = txt on stdout
  std::string format;               // txt|png; empty = from the extension
  int scale = 4;                    // png pixels per cell
};

// What a search found.
struct PathReport {
  bool found = false;       // a path (euclid: arrived at the goal)
  std::vector<Point> path;  // the cells after `from` (euclid: the walk, arrived or not)
  path::Distance cost = 0;  // of `path`
  // The search's work: cells expanded (astar, hierarchical), visited (bfs), valued (dijkstra:
  // every cell the map reached); 0 for euclid.
  std::int64_t work = 0;
  // hierarchical: the optimal cost (one A* over the whole map), for the ratio.
  std::optional<path::Distance> optimal_cost;
};

// The movement of the command line (InputError naming the option).
path::Movement path_movement(const PathCommandOptions& options);

// Runs `algorithm` from `from` to `to` (both passable). `level` gives hierarchical its rooms.
// euclid walks at most 4 × the Chebyshev distance steps. InputError for an unknown algorithm.
PathReport find_path(const Level& level, const path::CostMap& map, Point from, Point to,
                     std::string_view algorithm, const path::Movement& movement);

// The cost of walking `path` from `from`: each step costs the entered cell's cost times the
// step's weight.
path::Distance walk_cost(const path::CostMap& map, Point from, const std::vector<Point>& path,
                         const path::Movement& movement);

// Finds the path and draws the map: the walker '@' at the start, '*' on every cell of the path
// (the goal included). Steps, cost, the search's work (and for hierarchical the ratio to the
// optimal cost) go to `log`.
void run_path(const PathCommandOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
