// `maze`: mazes of long winding corridors (thesis section 3.3, and 5.3/5.5 for the prototype's
// depth-first search). Perfect mazes on a lattice of cells (dfs, kruskal, prim; maze_*.hpp)
// or the Maze / Mazectric cellular automata with every region joined afterwards.

#include <algorithm>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/maze_automaton.hpp"
#include "yendor/gen/maze_cells.hpp"
#include "yendor/gen/maze_dfs.hpp"
#include "yendor/gen/maze_division.hpp"
#include "yendor/gen/maze_eller.hpp"
#include "yendor/gen/maze_kruskal.hpp"
#include "yendor/gen/maze_prim.hpp"
#include "yendor/gen/maze_regions.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "maze";
  info.summary =
      "mazes: depth-first search, Kruskal, Prim, Eller, recursive division or Maze/Mazectric "
      "automata (thesis 3.3)";
  info.version = 2;  // 2: dfs draws its unbiased steps as a random order of the four sides
  info.source =
      "thesis-roguelike-analysis-2015 sections 3.3 (mazes), 5.3 (the prototype's depth-first "
      "search) and 5.5 (its recursion limit)";
  info.description =
      "dfs, kruskal, prim, eller and division carve a perfect maze (a spanning tree: exactly one "
      "path between "
      "any two places) on a lattice of square cells, `cell` tiles wide, with walls one tile "
      "thick between them; the lattice is centred and spare rows or columns of an uneven map "
      "stay rock. dfs is the randomised depth-first search of 3.3 and 5.3, run without "
      "recursion: each cell keeps the side it was entered by and backtracking follows those "
      "links (5.5's advice; the prototype's recursive version failed above 80x80). Each step "
      "goes to the first unvisited neighbour in a random order of the four sides, a uniform "
      "choice among them. `bias` is "
      "3.3's weighted neighbour choice: horizontal steps weigh 1 - bias and vertical ones "
      "1 + bias. kruskal knocks out walls in random order when the cells on both sides are not "
      "yet joined (union-find). prim is 3.3's cell-list variant: a random cell of the frontier "
      "joins a random neighbour already in the maze, which branches more. eller is Eller's "
      "algorithm: one row at a time, neighbouring sets of joined cells are joined at random "
      "(probability (1 - bias) / 2) and every set goes down into the next row through at least "
      "one cell (each other cell with probability (1 + bias) / 2); the last row joins every set "
      "left. It keeps only a row of state. division is recursive division: from a lattice with "
      "no inner walls, a region is cut by a straight wall with one gap, horizontal with weight "
      "(height - 1) x (1 - bias) and vertical with weight (width - 1) x (1 + bias), until every "
      "region is one cell wide; long straight walls and nested regions. Both are what rot.js "
      "ships as EllerMaze and DividedMaze, here on the same lattice, with `cell`, `bias` and "
      "`braid`. ca-maze and "
      "ca-mazectric run the life-like rules B3/S12345 (Maze) and B3/S1234 (Mazectric) as the "
      "rule strings give them (3.3's prose swaps which one keeps cells with five neighbours) "
      "for `generations` steps from a random pattern with a `fill` share of live cells; live "
      "cells are passages, as 5.3 makes the organisms floor, and cells outside the map count as "
      "dead. 3.3 notes that these mazes are not connected and suggests forcing a path between "
      "the stairs; Yendor instead joins every region with the cheapest tunnels (a 0-1 "
      "breadth-first search digging as little rock as possible), so the whole maze stays "
      "playable. There `cell` scales the whole pattern, walls as well. `braid` then removes that "
      "share of dead ends by knocking one wall out of each, making loops: on the lattice every "
      "dead end can go except the two ends of a maze one cell wide; in the automaton mazes a "
      "dead end goes only where a wall one cell thick separates it from another passage. Dead "
      "ends are recorded as features tagged dead_end; passages are floor tiles and the stairs are "
      "left to the shared pass.";
  info.min_size = {5, 5};
  info.schema
      .add_choice("algorithm", "dfs",
                  {"dfs", "kruskal", "prim", "eller", "division", "ca-maze", "ca-mazectric"},
                  "how the maze is made (thesis 3.3)")
      .add_int("cell", 1, 1, 1000,
               "corridor width in tiles (walls stay one tile thick; ca-*: scales the pattern)")
      .add_real("braid", 0.0, 0.0, 1.0,
                "share of dead ends removed by knocking through a wall (0 = perfect maze)")
      .add_real("bias", 0.0, -1.0, 1.0,
                "dfs, eller, division: below 0 favours horizontal runs, above 0 vertical ones, 0 = "
                "none")
      .add_real("fill", 0.5, 0.0, 1.0, "ca-*: share of live (passage) cells at the start")
      .add_int("generations", 20, 0, 1000,
               "ca-*: automaton steps at most (it stops early when nothing changes)");
  return info;
}

class MazeGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size size) const override {
    // One cell and its wall ring must fit; with that the lattice has at least two floor tiles
    // (a 1-tile cell always gets two cells on maps of the minimum size).
    const auto cell = params.get_int("cell");
    const auto widest = std::min(size.width, size.height) - 2;
    if (cell > widest)
      throw InputError("maze: cell (" + std::to_string(cell) + ") does not fit a " +
                       std::to_string(size.width) + "x" + std::to_string(size.height) +
                       " map (at most " + std::to_string(widest) + ")");
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    const std::string& algorithm = params.get_string("algorithm");
    const int cell = static_cast<int>(params.get_int("cell"));
    const double braid = params.get_real("braid");
    if (algorithm == "ca-maze" || algorithm == "ca-mazectric") {
      generate_cellular(level, algorithm == "ca-maze", cell, braid, params, rng);
      return;
    }
    const auto layout = detail::MazeLayout::fit(level.size(), cell);
    detail::MazeCells maze(layout.columns, layout.rows);
    if (algorithm == "kruskal")
      detail::carve_kruskal_maze(maze, rng);
    else if (algorithm == "prim")
      detail::carve_prim_maze(maze, rng);
    else if (algorithm == "eller")
      detail::carve_eller_maze(maze, params.get_real("bias"), rng);
    else if (algorithm == "division")
      detail::carve_division_maze(maze, params.get_real("bias"), rng);
    else
      detail::carve_dfs_maze(maze, params.get_real("bias"), rng);
    detail::braid_maze(maze, braid, rng);
    detail::render_maze(maze, layout, level.tiles);
    // Counted first: a vector grown one feature at a time costs more in fresh pages than the
    // second pass over the lattice.
    std::size_t dead_ends = 0;
    detail::for_each_dead_end(maze, [&](int, int) { ++dead_ends; });
    level.meta.features.reserve(level.meta.features.size() + dead_ends);
    detail::for_each_dead_end(maze, [&](int column, int row) {
      level.meta.features.push_back({layout.cell_rect(column, row).center(), "dead_end"});
    });
  }

 private:
  // maze_rule: Maze (B3/S12345), else Mazectric (B3/S1234).
  static void generate_cellular(Level& level, bool maze_rule, int cell, double braid,
                                const ParamSet& params, Rng& rng) {
    const int width = (level.width() - 2) / cell, height = (level.height() - 2) / cell;
    const Point origin{1 + (level.width() - 2 - width * cell) / 2,
                       1 + (level.height() - 2 - height * cell) / 2};
    detail::LifeGrid life(width, height);
    life.randomize(params.get_real("fill"), rng);
    for (std::int64_t g = params.get_int("generations"); g > 0; --g)
      if (!(maze_rule ? life.step<detail::k_rule_maze>() : life.step<detail::k_rule_mazectric>()))
        break;
    detail::CellularMaze maze(life);
    // The stairs need two floor tiles: a pattern that died out leaves a short passage.
    if (maze.live_count() * cell * cell < 2) {
      maze.set_live(width / 2, height / 2);
      if (width >= 2)
        maze.set_live(width / 2 == width - 1 ? width / 2 - 1 : width / 2 + 1, height / 2);
    }
    maze.join_regions();
    maze.braid(braid, rng);
    maze.render(level.tiles, origin, cell);
    const std::vector<Point> dead_ends = maze.dead_ends();
    level.meta.features.reserve(dead_ends.size());
    for (const Point p : dead_ends)
      level.meta.features.push_back(
          {Rect{origin.x + p.x * cell, origin.y + p.y * cell, cell, cell}.center(), "dead_end"});
  }

  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_maze_generator() {
  return std::make_unique<MazeGenerator>();
}

}  // namespace yendor
