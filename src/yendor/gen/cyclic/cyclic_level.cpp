#include "yendor/gen/cyclic/cyclic_level.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>

#include "yendor/gen/cyclic/grid_layout.hpp"
#include "yendor/gen/cyclic/mission_check.hpp"
#include "yendor/gen/cyclic/solver.hpp"
#include "yendor/gen/cyclic/tile_builder.hpp"
#include "yendor/gen/generate.hpp"

namespace yendor::cyclic {

namespace {

// Attempts that keep the asked size before each reduction.
constexpr int k_attempts_per_size = 4;
// Extra attempts at the smallest mission when every regular attempt failed to lay out.
constexpr int k_smallest_attempts = 20;
// Layout restarts per mission: a mission that does not fit after a few is cheaper to replace
// (a new mission) than to keep restarting (measured: bench/cyclic_bench.cpp).
constexpr int k_layout_restarts = 8;

MissionGraph run_grammar(const Grammar& grammar, const Recipe& recipe, const ParamSet& vars,
                         Rng& rng) {
  MissionGraph graph;
  ParamSet axiom;
  axiom.set("kind", std::string("level"));
  graph.add_node(std::move(axiom));
  run_recipe(graph, grammar, recipe, vars, rng);
  const std::vector<std::string> problems = mission_problems(graph);
  if (!problems.empty())
    throw InputError(recipe.location.file + ":" + std::to_string(recipe.location.line) +
                     ": recipe '" + recipe.name +
                     "' made a mission graph that breaks the rules: " + problems.front());
  return graph;
}

// The layout gives a `sees` edge a window on the seen place where it can (grid_layout.hpp),
// facing the viewer, a passage of one of the viewer's links or a place linked to it, or failing
// those any used cell. Only the first three show the seen place from where the viewer stands before
// reaching it, so an edge without such a window leaves the graph: the graph only promises what the
// tiles show.
void drop_sees_without_window(MissionGraph& graph, const GridLayout& layout) {
  constexpr std::array<std::pair<std::uint8_t, Point>, 4> k_sides{{{grid_dir::north, {0, -1}},
                                                                   {grid_dir::east, {1, 0}},
                                                                   {grid_dir::south, {0, 1}},
                                                                   {grid_dir::west, {-1, 0}}}};
  std::vector<int> dropped;
  for (const MissionEdge& e : graph.edges()) {
    if (kind_of(e.attrs) != "sees") continue;
    const int viewer = e.from;
    const auto faces_viewer = [&](Point n) {
      if (!layout.cells.in_bounds(n)) return false;
      const GridCell& cell = layout.cells[n];
      if (cell.place == viewer) return true;
      if (cell.place >= 0) {  // a place linked to the viewer without a gate between
        const MissionNode* place = graph.find_node(cell.place);
        if (place == nullptr || kind_of(place->attrs) == "lock") return false;
        for (const MissionEdge& link : graph.edges())
          if (kind_of(link.attrs) == "link" && ((link.from == viewer && link.to == cell.place) ||
                                                (link.to == viewer && link.from == cell.place)))
            return true;
        return false;
      }
      if (cell.link < 0) return false;
      const MissionEdge* link = graph.find_edge(cell.link);
      return link != nullptr && (link->from == viewer || link->to == viewer);
    };
    const std::vector<Point>* cells = layout.cells_of(e.to);
    bool window = false;
    if (cells != nullptr)
      for (Point c : *cells)
        for (const auto& [bit, step] : k_sides)
          window |= (layout.cells[c].windows & bit) != 0 && faces_viewer(c + step);
    if (!window) dropped.push_back(e.id);
  }
  for (const int id : dropped)
    graph.remove_edge(id);
}

// The layout packs places near the start; moved to the middle of the grid, the level sits
// in the middle of the map instead of in a corner.
void centre_layout(GridLayout& layout) {
  const Grid<GridCell>& cells = layout.cells;
  int x0 = cells.width(), y0 = cells.height(), x1 = -1, y1 = -1;
  for (int y = 0; y < cells.height(); ++y)
    for (int x = 0; x < cells.width(); ++x)
      if (cells[{x, y}].used()) {
        x0 = std::min(x0, x);
        y0 = std::min(y0, y);
        x1 = std::max(x1, x);
        y1 = std::max(y1, y);
      }
  if (x1 < 0) return;
  const Point shift{(cells.width() - (x1 - x0 + 1)) / 2 - x0,
                    (cells.height() - (y1 - y0 + 1)) / 2 - y0};
  if (shift == Point{0, 0}) return;
  Grid<GridCell> moved(cells.size(), GridCell{});
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x)
      moved[Point{x, y} + shift] = cells[{x, y}];
  layout.cells = std::move(moved);
  for (auto& [node, owned] : layout.places)
    for (Point& p : owned)
      p += shift;
  for (RoutedLink& link : layout.links)
    for (Point& p : link.cells)
      p += shift;
}

// One try: grammar, layout, tiles. nullopt when the layout does not fit.
std::optional<Level> build_once(const Level& blank, const Grammar& grammar, const Recipe& recipe,
                                const CyclicOptions& options, int cycles, int rooms, Rng& rng) {
  MissionGraph graph = run_grammar(grammar, recipe, recipe_variables(options, cycles, rooms), rng);
  LayoutOptions layout_options;
  layout_options.attempts = k_layout_restarts;
  std::optional<GridLayout> layout = layout_mission(graph, options.grid, rng, layout_options);
  if (!layout) return std::nullopt;
  centre_layout(*layout);
  drop_sees_without_window(graph, *layout);
  Level level = blank;
  build_tiles(level, *layout, graph, TileOptions{options.cell, options.theme}, rng);
  level.meta.cycles = mission_cycles(graph);
  level.meta.mission = std::move(graph);
  return level;
}

// Marks the locks the shortest safe solution crosses; false when the level is not proven.
bool prove(Level& level) {
  const LockGraph graph = lock_graph_from_level(level);
  const SolveResult result = solve(graph);
  if (!result.solvable) return false;
  for (LockInfo& lock : level.meta.locks)
    lock.main_path = false;
  for (int index : result.main_path_locks) {
    const int id = graph.locks.at(static_cast<std::size_t>(index)).id;
    for (LockInfo& lock : level.meta.locks)
      if (lock.id == id) lock.main_path = true;
  }
  return true;
}

// Feature passes run after the generator and keep out of no_dig cells: the locks (and the
// cells around them, so no pass builds a way around a gate), the keys, the stairs and every
// placed content stay as the proof saw them.
void protect_locks_and_contents(Level& level) {
  const auto protect = [&level](Point p, int radius) {
    for (int dy = -radius; dy <= radius; ++dy)
      for (int dx = -radius; dx <= radius; ++dx) {
        const Point q{p.x + dx, p.y + dy};
        if (level.in_bounds(q)) level.flags[q] |= cell_flag::no_dig;
      }
  };
  for (const LockInfo& lock : level.meta.locks)
    for (Point p : lock.cells)
      protect(p, 2);
  for (const KeyInfo& key : level.meta.keys)
    protect(key.pos, 0);
  for (const Feature& f : level.meta.features)
    protect(f.pos, 0);
  if (level.meta.stairs.up) protect(*level.meta.stairs.up, 0);
  if (level.meta.stairs.down) protect(*level.meta.stairs.down, 0);
}

void record(Level& level, const CyclicReport& report) {
  for (const int start : level.meta.mission.nodes_of_kind("start")) {
    MissionNode* node = level.meta.mission.find_node(start);
    node->attrs.set("attempts", std::int64_t{report.attempts});
    node->attrs.set("repaired", report.repaired);
  }
}

}  // namespace

void remove_locks(Level& level) {
  for (const LockInfo& lock : level.meta.locks) {
    for (Point p : lock.cells)
      level.tiles[p] = open_lock_tile(lock, level.tiles[p]);
    if (lock.mission_node >= 0)
      if (MissionNode* node = level.meta.mission.find_node(lock.mission_node))
        node->attrs.set("repaired", true);
  }
  for (const KeyInfo& key : level.meta.keys) {
    if (level.tiles[key.pos] == Tile::lever) level.tiles[key.pos] = Tile::floor;
    if (key.mission_node >= 0)
      if (MissionNode* node = level.meta.mission.find_node(key.mission_node))
        node->attrs.set("repaired", true);
  }
  std::erase_if(level.meta.features, [](const Feature& f) { return f.tag.rfind("key:", 0) == 0; });
  level.meta.locks.clear();
  level.meta.keys.clear();
}

CyclicReport build_cyclic_level(Level& level, const Grammar& grammar, const Recipe& recipe,
                                const CyclicOptions& options, Rng& rng) {
  const Level blank = level;
  std::optional<Level> last_built;
  CyclicReport report;
  int rooms = options.rooms;
  int cycles_min = options.cycles_min;
  int cycles_max = options.cycles_max;
  const int total = options.attempts + k_smallest_attempts;
  for (int attempt = 0; attempt < total; ++attempt) {
    if (attempt >= options.attempts) {
      // Every regular attempt failed to lay out: the smallest mission.
      if (last_built) break;
      rooms = 4;
      cycles_min = cycles_max = 1;
    } else if (attempt > 0 && attempt % k_attempts_per_size == 0) {
      rooms = std::max(4, rooms * 4 / 5);
      cycles_max = std::max(1, std::min(cycles_max, rooms / 4));
      cycles_min = std::min(cycles_min, cycles_max);
    }
    // Each attempt on a stream of its own, drawn from the generator's.
    Rng attempt_rng(rng.next_u64());
    const int cycles = attempt_rng.range(cycles_min, cycles_max);
    std::optional<Level> built =
        build_once(blank, grammar, recipe, options, cycles, rooms, attempt_rng);
    if (!built) continue;
    report.attempts = attempt + 1;
    report.cycles = cycles;
    if (prove(*built)) {
      level = std::move(*built);
      protect_locks_and_contents(level);
      record(level, report);
      return report;
    }
    last_built = std::move(built);
  }
  if (!last_built)
    throw GenerationError("cyclic: not even a one-cycle mission fits a " +
                          std::to_string(options.grid.width) + "x" +
                          std::to_string(options.grid.height) + " grid");
  remove_locks(*last_built);
  report.repaired = true;
  if (!prove(*last_built))
    throw GenerationError("cyclic: a level without locks failed the solvability proof");
  level = std::move(*last_built);
  protect_locks_and_contents(level);
  record(level, report);
  return report;
}

}  // namespace yendor::cyclic
