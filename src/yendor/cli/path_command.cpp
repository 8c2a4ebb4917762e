#include "yendor/cli/path_command.hpp"

#include <iomanip>
#include <ostream>
#include <sstream>

#include "yendor/core/error.hpp"
#include "yendor/path/astar.hpp"
#include "yendor/path/bfs.hpp"
#include "yendor/path/dijkstra_map.hpp"
#include "yendor/path/euclid.hpp"
#include "yendor/path/hierarchical.hpp"

namespace yendor::cli {

namespace {

constexpr Rgb k_walker_color{255, 255, 255};
constexpr Rgb k_path_color{230, 40, 40};

std::string point_text(Point p) {
  return std::to_string(p.x) + "," + std::to_string(p.y);
}

std::string steps_text(std::size_t steps) {
  return std::to_string(steps) + (steps == 1 ? " step" : " steps");
}

std::string known_algorithms() {
  std::string known;
  for (const std::string_view name : k_path_algorithms)
    known += (known.empty() ? "" : ", ") + std::string(name);
  return known;
}

// A cell of the path from an option, or the stairs; it must be passable.
Point path_end(const std::optional<std::string>& text, const std::string& option,
               const Level& level, const path::CostMap& map, bool up) {
  const Point p = text ? parse_point(*text, option, level)
                  : up ? up_stairs(level, option)
                       : down_stairs(level, option);
  if (!map.passable(p))
    throw InputError(option + " " + point_text(p) + " is a " +
                     std::string(tile_info(level.tiles[p]).name) +
                     " cell, which cannot be walked; give a passable cell");
  return p;
}

}  // namespace

path::Movement path_movement(const PathCommandOptions& options) {
  path::Movement m;
  if (options.connectivity != 4 && options.connectivity != 8)
    throw InputError("--connectivity must be 4 or 8; got " + std::to_string(options.connectivity));
  m.connectivity = options.connectivity == 4 ? path::Connectivity::four : path::Connectivity::eight;
  if (options.corners == "allowed")
    m.corners = path::CornerCutting::allowed;
  else if (options.corners == "one_side")
    m.corners = path::CornerCutting::one_side;
  else if (options.corners == "never")
    m.corners = path::CornerCutting::never;
  else
    throw InputError("--corners must be allowed, one_side or never; got '" + options.corners + "'");
  if (options.diagonal_weight < 1 || options.diagonal_weight > path::k_max_step_weight)
    throw InputError("--diagonal-weight must be between 1 and " +
                     std::to_string(path::k_max_step_weight) + "; got " +
                     std::to_string(options.diagonal_weight));
  m.diagonal_weight = options.diagonal_weight;
  return m;
}

path::Distance walk_cost(const path::CostMap& map, Point from, const std::vector<Point>& path,
                         const path::Movement& movement) {
  path::Distance cost = 0;
  Point at = from;
  for (const Point next : path) {
    const bool diagonal = next.x != at.x && next.y != at.y;
    cost += map.cost(next) * (diagonal ? movement.diagonal_weight : movement.cardinal_weight);
    at = next;
  }
  return cost;
}

PathReport find_path(const Level& level, const path::CostMap& map, Point from, Point to,
                     std::string_view algorithm, const path::Movement& movement) {
  PathReport r;
  if (algorithm == "astar" || algorithm == "astar-plain") {
    path::AStar astar;
    astar.set_jump_points(algorithm == "astar");
    r.found = astar.find_path(map, from, to, movement, r.path);
    r.work = astar.expanded();
  } else if (algorithm == "bfs") {
    path::BreadthFirstSearch bfs;
    r.found = bfs.find_path(map, from, to, movement, r.path);
    r.work = bfs.visited();
  } else if (algorithm == "dijkstra") {
    path::DijkstraMap dijkstra;
    dijkstra.compute(map, to, movement);
    r.found = dijkstra.path_from(map, from, movement, r.path);
    for (const path::Distance d : dijkstra.values().cells())
      r.work += d != path::k_unreachable;
  } else if (algorithm == "hierarchical") {
    const path::ZoneGrid zones = path::zones_from_rooms(level, map, movement);
    path::HierarchicalPathfinder finder;
    finder.build(map, zones, movement);
    r.found = finder.find_path(from, to, r.path);
    r.work = finder.expanded();
    path::AStar astar;
    std::vector<Point> optimal;
    if (astar.find_path(map, from, to, movement, optimal)) r.optimal_cost = astar.cost();
  } else if (algorithm == "euclid") {
    // The thesis's chase has no plan: it walks until it arrives, gets stuck or gives up.
    const int limit = 4 * chebyshev(from, to);
    Point at = from;
    while (at != to && static_cast<int>(r.path.size()) < limit) {
      const auto next = path::euclid_step(map, at, to, movement);
      if (!next) break;
      r.path.push_back(*next);
      at = *next;
    }
    r.found = at == to;
  } else {
    throw InputError("unknown path algorithm '" + std::string(algorithm) +
                     "' (algorithms: " + known_algorithms() + ")");
  }
  if (!r.found && algorithm != "euclid") r.path.clear();
  r.cost = walk_cost(map, from, r.path, movement);
  return r;
}

void run_path(const PathCommandOptions& options, std::ostream& out, std::ostream& log) {
  // Every option is checked before the map is made.
  bool known = false;
  for (const std::string_view name : k_path_algorithms)
    known |= name == options.algorithm;
  if (!known)
    throw InputError("unknown path algorithm '" + options.algorithm +
                     "' (algorithms: " + known_algorithms() + ")");
  const path::Movement movement = path_movement(options);
  const std::string format = picture_format(options.output, options.format);
  if (format == "png") check_scale(options.scale);

  const LoadedMap loaded = load_map(options.source);
  const Level& level = loaded.level;
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const Point from = path_end(options.from, "--from", level, map, true);
  const Point to = path_end(options.to, "--to", level, map, false);
  path::check(map, movement);

  const PathReport report = find_path(level, map, from, to, options.algorithm, movement);

  Grid<char> marks(level.size(), 0);  // '*' on the path, '@' at the start
  for (const Point p : report.path)
    marks[p] = '*';
  marks[from] = '@';
  std::string bytes;
  if (format == "txt") {
    bytes.reserve(static_cast<std::size_t>(level.size().area() + level.height()));
    for (int y = 0; y < level.height(); ++y) {
      for (int x = 0; x < level.width(); ++x) {
        const Point p{x, y};
        bytes += marks[p] != 0 ? marks[p] : tile_info(level.tiles[p]).symbol;
      }
      bytes += '\n';
    }
  } else {
    Grid<Rgb> colors(level.size());
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        const Point p{x, y};
        colors[p] = marks[p] == '@'   ? k_walker_color
                    : marks[p] == '*' ? k_path_color
                                      : tile_info(level.tiles[p]).color;
      }
    bytes = picture_png(colors, options.scale);
  }
  write_picture(bytes, options.output, out);

  log << "yendor: path " << options.algorithm << " from " << point_text(from) << " to "
      << point_text(to) << " (" << options.connectivity << "-connected, corners " << options.corners
      << ", diagonal weight " << movement.diagonal_weight << "): ";
  const std::size_t steps = report.path.size();
  if (options.algorithm == "euclid") {
    log << (report.found ? "arrived" : "did not arrive") << " after " << steps_text(steps)
        << ", cost " << report.cost;
    if (!report.found) log << ", stopped at " << point_text(steps == 0 ? from : report.path.back());
  } else if (!report.found) {
    log << "no path";
  } else {
    log << steps_text(steps) << ", cost " << report.cost << ", " << report.work << " cells "
        << (options.algorithm == "bfs"        ? "visited"
            : options.algorithm == "dijkstra" ? "valued"
                                              : "expanded");
    if (report.optimal_cost && *report.optimal_cost > 0) {
      std::ostringstream ratio;
      ratio << std::fixed << std::setprecision(3)
            << static_cast<double>(report.cost) / static_cast<double>(*report.optimal_cost);
      log << ", " << ratio.str() << " x the optimal cost " << *report.optimal_cost;
    }
  }
  log << " (" << loaded.description << ")";
  if (!options.output.empty()) log << ", written to " << options.output << " (" << format << ")";
  log << "\n";
}

}  // namespace yendor::cli
