// What is special about `maze`: perfect mazes are trees on their lattice of cells, braiding
// removes the share of dead ends it is asked to, bias shapes the depth-first search, the
// bit-parallel automaton matches a plain one, joining the automaton's regions only digs, and
// every algorithm copes with odd, uneven, minimum and very large maps.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <set>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/maze_automaton.hpp"
#include "yendor/gen/maze_cells.hpp"
#include "yendor/gen/maze_dfs.hpp"
#include "yendor/gen/maze_regions.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

const std::vector<std::string> k_lattice = {"dfs", "kruskal", "prim", "eller", "division"};
const std::vector<std::string> k_all = {"dfs",      "kruskal", "prim",        "eller",
                                        "division", "ca-maze", "ca-mazectric"};

Level maze(std::uint64_t seed, RawParams raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("maze");
  return generate_level(g, size, seed, g.info().schema.parse("maze", raw));
}

bool open_tile(const Level& level, Point p) {
  return is_traversable(level.tiles[p]);
}

bool all_open(const Level& level, const Rect& r, bool open) {
  for (int y = r.top(); y <= r.bottom(); ++y)
    for (int x = r.left(); x <= r.right(); ++x)
      if (open_tile(level, {x, y}) != open) return false;
  return true;
}

// The cell graph read back from the tiles of a lattice maze. Every cell must be open, every
// wall between neighbours wholly open or wholly rock, and everything else rock.
struct CellGraph {
  detail::MazeLayout layout;
  std::vector<std::vector<int>> next;  // neighbours by cell number (row by row)
  std::int64_t edges = 0;
  bool well_formed = true;

  explicit CellGraph(const Level& level, int cell)
      : layout(detail::MazeLayout::fit(level.size(), cell)),
        next(static_cast<std::size_t>(layout.cell_count())) {
    Grid<std::uint8_t> accounted(level.size(), 0);
    const auto mark = [&](const Rect& r) {
      for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
          accounted[{x, y}] = 1;
    };
    for (int row = 0; row < layout.rows; ++row)
      for (int column = 0; column < layout.columns; ++column) {
        const int id = row * layout.columns + column;
        well_formed = well_formed && all_open(level, layout.cell_rect(column, row), true);
        mark(layout.cell_rect(column, row));
        const auto link = [&](const Rect& wall, int other) {
          if (all_open(level, wall, true)) {
            next[static_cast<std::size_t>(id)].push_back(other);
            next[static_cast<std::size_t>(other)].push_back(id);
            ++edges;
            mark(wall);
          } else {
            well_formed = well_formed && all_open(level, wall, false);
          }
        };
        if (column + 1 < layout.columns) link(layout.east_wall(column, row), id + 1);
        if (row + 1 < layout.rows) link(layout.south_wall(column, row), id + layout.columns);
      }
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x)
        if (accounted[{x, y}] == 0 && open_tile(level, {x, y})) well_formed = false;
  }

  std::int64_t cells() const { return layout.cell_count(); }
  std::int64_t reached_from_first() const {
    std::vector<bool> seen(next.size(), false);
    std::vector<int> stack{0};
    seen[0] = true;
    std::int64_t n = 0;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      ++n;
      for (const int d : next[static_cast<std::size_t>(c)])
        if (!seen[static_cast<std::size_t>(d)]) {
          seen[static_cast<std::size_t>(d)] = true;
          stack.push_back(d);
        }
    }
    return n;
  }
  std::int64_t dead_ends() const {
    return std::count_if(next.begin(), next.end(), [](const auto& n) { return n.size() == 1; });
  }
};

std::int64_t dead_end_features(const Level& level) {
  return std::count_if(level.meta.features.begin(), level.meta.features.end(),
                       [](const Feature& f) { return f.tag == "dead_end"; });
}

TEST(Maze, PerfectMazesAreTreesOnTheirLattice) {
  // Odd and even sizes, maps the lattice does not fit evenly, several corridor widths.
  const std::vector<std::pair<Size, int>> shapes = {{{80, 50}, 1}, {{81, 51}, 1}, {{37, 23}, 2},
                                                    {{64, 41}, 3}, {{9, 200}, 1}, {{5, 5}, 1}};
  for (const std::string& algorithm : k_lattice)
    for (const auto& [size, cell] : shapes)
      for (std::uint64_t seed = 0; seed < 40; ++seed) {
        SCOPED_TRACE(algorithm + " " + std::to_string(size.width) + "x" +
                     std::to_string(size.height) + " cell " + std::to_string(cell) + " seed " +
                     std::to_string(seed));
        const Level level =
            maze(seed, {{"algorithm", algorithm}, {"cell", std::to_string(cell)}}, size);
        const CellGraph graph(level, cell);
        EXPECT_TRUE(graph.well_formed);
        EXPECT_EQ(graph.edges, graph.cells() - 1);  // with every cell reached: a tree
        EXPECT_EQ(graph.reached_from_first(), graph.cells());
        EXPECT_EQ(dead_end_features(level), graph.dead_ends());
      }
}

TEST(Maze, FullBraidLeavesNoDeadEnds) {
  for (const std::string& algorithm : k_lattice)
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      const Level level = maze(seed, {{"algorithm", algorithm}, {"braid", "1"}}, {61, 41});
      const CellGraph graph(level, 1);
      EXPECT_TRUE(graph.well_formed);
      EXPECT_EQ(graph.dead_ends(), 0) << algorithm << " seed " << seed;
      EXPECT_EQ(dead_end_features(level), 0);
      EXPECT_GT(graph.edges, graph.cells() - 1);  // loops
      EXPECT_EQ(graph.reached_from_first(), graph.cells());
    }
}

TEST(Maze, AMazeOneCellWideKeepsItsTwoEnds) {
  // 5 wide with 2-tile cells: one column of cells, whose two end cells have one neighbour.
  for (const std::string& algorithm : k_lattice) {
    const Level level = maze(3, {{"algorithm", algorithm}, {"braid", "1"}, {"cell", "2"}}, {5, 40});
    const CellGraph graph(level, 2);
    ASSERT_EQ(graph.layout.columns, 1);
    EXPECT_EQ(graph.dead_ends(), 2) << algorithm;
  }
}

TEST(Maze, PartialBraidRemovesThatShareOfDeadEnds) {
  // Braiding draws after the maze is carved, so the same seed gives the same perfect maze and
  // the braided one can be compared with it: round(share x dead ends) go, or one more when the
  // last knock-through joins two dead ends.
  for (const std::string& algorithm : k_lattice)
    for (const char* share : {"0.25", "0.5", "0.8"})
      for (std::uint64_t seed = 0; seed < 10; ++seed) {
        const auto before =
            CellGraph(maze(seed, {{"algorithm", algorithm}}, {101, 71}), 1).dead_ends();
        const CellGraph after(maze(seed, {{"algorithm", algorithm}, {"braid", share}}, {101, 71}),
                              1);
        const auto target = std::llround(std::stod(share) * static_cast<double>(before));
        EXPECT_GE(before - after.dead_ends(), target) << algorithm << " " << share;
        EXPECT_LE(before - after.dead_ends(), target + 1) << algorithm << " " << share;
        EXPECT_EQ(after.reached_from_first(), after.cells());
      }
}

// The share of open walls that join east-west neighbours, over ten 81x81 mazes.
double horizontal_share(const std::string& algorithm, const char* bias) {
  std::int64_t horizontal = 0, vertical = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Level level = maze(seed, {{"algorithm", algorithm}, {"bias", bias}}, {81, 81});
    const auto layout = detail::MazeLayout::fit(level.size(), 1);
    for (int row = 0; row < layout.rows; ++row)
      for (int column = 0; column < layout.columns; ++column) {
        if (column + 1 < layout.columns)
          horizontal += all_open(level, layout.east_wall(column, row), true) ? 1 : 0;
        if (row + 1 < layout.rows)
          vertical += all_open(level, layout.south_wall(column, row), true) ? 1 : 0;
      }
  }
  return static_cast<double>(horizontal) / static_cast<double>(horizontal + vertical);
}

TEST(Maze, BiasFavoursRunsInItsDirectionForEllerAndDivision) {
  for (const std::string algorithm : {"eller", "division"}) {
    SCOPED_TRACE(algorithm);
    // At the extremes only the favoured direction is taken where the algorithm has a choice:
    // eller joins every set at once (bias -1) or only in the last row (+1); division draws
    // only horizontal (-1) or vertical (+1) walls, each open but for one gap.
    EXPECT_GT(horizontal_share(algorithm, "-1"), 0.9);
    EXPECT_LT(horizontal_share(algorithm, "1"), 0.1);
    const double minus = horizontal_share(algorithm, "-0.5");
    const double zero = horizontal_share(algorithm, "0");
    const double plus = horizontal_share(algorithm, "0.5");
    EXPECT_GT(minus, zero + 0.05);
    EXPECT_GT(zero, plus + 0.05);
    EXPECT_GT(zero, 0.3);
    EXPECT_LT(zero, 0.7);
  }
}

TEST(Maze, BiasFavoursRunsInItsDirection) {
  const auto dfs_share = [](const char* bias) { return horizontal_share("dfs", bias); };
  EXPECT_GT(dfs_share("-1"), 0.9);
  EXPECT_GT(dfs_share("-0.5"), 0.6);
  EXPECT_NEAR(dfs_share("0"), 0.5, 0.05);
  EXPECT_LT(dfs_share("0.5"), 0.4);
  EXPECT_LT(dfs_share("1"), 0.1);
}

// dfs picks the first unvisited side in a random order of the four: over the 24 orders, every
// side of every mask must come first equally often, or the search would favour a direction.
TEST(Maze, DfsSideOrdersPickEveryUnvisitedSideEqually) {
  using detail::maze_dfs_detail::k_first_side_in_order;
  using detail::maze_dfs_detail::k_side_orders;
  for (unsigned mask = 1; mask < 16; ++mask) {
    std::array<int, 4> first{};
    for (int order = 0; order < k_side_orders; ++order) {
      const std::uint8_t side = k_first_side_in_order[static_cast<std::size_t>(order)][mask];
      ASSERT_LT(side, 4);
      ASSERT_NE((mask >> side) & 1u, 0u) << "mask " << mask << " order " << order;
      ++first[side];
    }
    const int sides = std::popcount(mask);
    for (unsigned side = 0; side < 4; ++side)
      EXPECT_EQ(first[side], (mask >> side) & 1u ? k_side_orders / sides : 0)
          << "mask " << mask << " side " << side;
  }
}

// The plain rule, one byte per cell, as the reference for the bit-parallel step.
std::vector<bool> plain_step(const std::vector<bool>& live, int width, int height,
                             const detail::LifeRule& rule) {
  std::vector<bool> out(live.size());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      int n = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx, ny = y + dy;
          if ((dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < width && ny < height)
            n += live[static_cast<std::size_t>(ny * width + nx)] ? 1 : 0;
        }
      const bool alive = live[static_cast<std::size_t>(y * width + x)];
      out[static_cast<std::size_t>(y * width + x)] =
          ((alive ? rule.survive : rule.birth) >> n & 1u) != 0;
    }
  return out;
}

template <detail::LifeRule Rule>
void expect_step_matches_plain_rule(Rng& rng) {
  for (const int width : {1, 2, 63, 64, 65, 127, 128, 130})
    for (const int height : {1, 3, 17}) {
      detail::LifeGrid life(width, height);
      life.randomize(rng.real(0.1, 0.9), rng);
      std::vector<bool> plain(static_cast<std::size_t>(width * height));
      for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
          plain[static_cast<std::size_t>(y * width + x)] = life.live(x, y);
      for (int generation = 0; generation < 4; ++generation) {
        const bool changed = life.step<Rule>();
        const std::vector<bool> expected = plain_step(plain, width, height, Rule);
        EXPECT_EQ(changed, expected != plain);
        plain = expected;
        for (int y = 0; y < height; ++y)
          for (int x = 0; x < width; ++x)
            ASSERT_EQ(life.live(x, y), plain[static_cast<std::size_t>(y * width + x)])
                << width << "x" << height << " generation " << generation << " at " << x << ","
                << y;
      }
    }
}

TEST(Maze, BitParallelAutomatonMatchesThePlainRule) {
  Rng rng(17);
  expect_step_matches_plain_rule<detail::k_rule_maze>(rng);
  expect_step_matches_plain_rule<detail::k_rule_mazectric>(rng);
  // Every count in play: births on 6-8 with survival on 4-8, and births on any count.
  expect_step_matches_plain_rule<detail::LifeRule{0b111000000, 0b111110000}>(rng);
  expect_step_matches_plain_rule<detail::LifeRule{0x1ff, 0}>(rng);
}

TEST(Maze, RandomFillHasTheAskedShare) {
  Rng rng(5);
  for (const double share : {0.0, 0.1, 0.37, 0.5, 0.9, 1.0}) {
    detail::LifeGrid life(300, 200);
    life.randomize(share, rng);
    std::int64_t live = 0;
    for (int y = 0; y < 200; ++y)
      for (int x = 0; x < 300; ++x)
        live += life.live(x, y) ? 1 : 0;
    EXPECT_NEAR(static_cast<double>(live) / 60000.0, share, 0.01) << share;
  }
}

Grid<Tile> render(const detail::CellularMaze& cells) {
  Grid<Tile> tiles({cells.width() + 2, cells.height() + 2}, Tile::wall);
  cells.render(tiles, {1, 1}, 1);
  return tiles;
}

TEST(Maze, JoiningRegionsOnlyDigsAndLeavesOneRegion) {
  Rng rng(9);
  for (int trial = 0; trial < 40; ++trial) {
    detail::LifeGrid life(rng.range(1, 90), rng.range(1, 70));
    life.randomize(rng.real(0.02, 0.6), rng);
    detail::CellularMaze cells(life);
    const auto before = cells.live_count();
    cells.join_regions();
    for (int y = 0; y < life.height(); ++y)
      for (int x = 0; x < life.width(); ++x)
        EXPECT_TRUE(!life.live(x, y) || cells.live(x, y));
    EXPECT_GE(cells.live_count(), before);
    EXPECT_LE(label_regions(render(cells)).sizes.size(), 1u) << "trial " << trial;
  }
}

TEST(Maze, RegionsOneCellApartAreJoinedThroughOneCell) {
  // Three vertical passages, two dead cells and then one dead cell apart: the join digs the
  // cheapest tunnels, two cells and one cell.
  detail::LifeGrid life(9, 5);
  detail::CellularMaze cells(life);
  for (int y = 0; y < 5; ++y) {
    cells.set_live(0, y);
    cells.set_live(3, y);
    cells.set_live(5, y);
  }
  cells.join_regions();
  EXPECT_EQ(cells.live_count(), 15 + 2 + 1);
  EXPECT_EQ(label_regions(render(cells)).sizes.size(), 1u);
}

TEST(Maze, AutomatonMazesAreConnectedAndMazeLike) {
  for (const char* algorithm : {"ca-maze", "ca-mazectric"})
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const Level level = maze(seed, {{"algorithm", algorithm}}, {120, 80});
      const auto regions = label_regions(level.tiles);
      EXPECT_EQ(regions.sizes.size(), 1u);
      // Passages, not caves: a fair share of the map, and most floor next to rock.
      const auto floor = regions.sizes[0];
      EXPECT_GT(floor, 118 * 78 / 3);
      std::int64_t by_rock = 0;
      for (int y = 1; y < level.height() - 1; ++y)
        for (int x = 1; x < level.width() - 1; ++x) {
          if (!open_tile(level, {x, y})) continue;
          int rock = 0;
          for (const Point d : k_directions4)
            rock += open_tile(level, Point{x, y} + d) ? 0 : 1;
          by_rock += rock >= 2 ? 1 : 0;
        }
      EXPECT_GT(static_cast<double>(by_rock) / static_cast<double>(floor), 0.6) << algorithm;
    }
}

TEST(Maze, DegenerateAutomatonStartsStillMakeLevels) {
  for (const char* algorithm : {"ca-maze", "ca-mazectric"})
    for (const char* fill : {"0", "0.01", "1"})
      for (const char* generations : {"0", "1", "1000"})
        for (std::uint64_t seed = 0; seed < 5; ++seed) {
          const Level level =
              maze(seed, {{"algorithm", algorithm}, {"fill", fill}, {"generations", generations}},
                   {23, 13});
          EXPECT_TRUE(check_connectivity(level.tiles, *level.meta.stairs.up).connected());
        }
}

TEST(Maze, EveryAlgorithmWorksAtTheMinimumSizeAndTheWidestCell) {
  for (const std::string& algorithm : k_all)
    for (const Size size : {Size{5, 5}, Size{6, 5}, Size{5, 9}, Size{30, 7}})
      for (const int cell : {1, std::min(size.width, size.height) - 2})
        for (std::uint64_t seed = 0; seed < 20; ++seed)
          for (const char* braid : {"0", "1"}) {
            const Level level = maze(
                seed, {{"algorithm", algorithm}, {"cell", std::to_string(cell)}, {"braid", braid}},
                size);
            EXPECT_TRUE(check_connectivity(level.tiles, *level.meta.stairs.up).connected())
                << algorithm;
          }
}

TEST(Maze, RejectsACellThatDoesNotFit) {
  EXPECT_THROW(maze(1, {{"cell", "4"}}, {5, 40}), InputError);
  EXPECT_THROW(maze(1, {{"cell", "49"}}, {80, 50}), InputError);
  EXPECT_NO_THROW(maze(1, {{"cell", "48"}}, {80, 50}));
  try {
    maze(1, {{"algorithm", "ca-maze"}, {"cell", "9"}}, {10, 10});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cell"), std::string::npos);
  }
}

TEST(Maze, LargeMapsNeedNoRecursion) {
  // The thesis's recursive search failed above 80x80 (section 5.5).
  for (const std::string& algorithm : k_all) {
    const Level level = maze(1, {{"algorithm", algorithm}}, {2000, 2000});
    EXPECT_TRUE(check_connectivity(level.tiles, *level.meta.stairs.up).connected()) << algorithm;
  }
}

}  // namespace
}  // namespace yendor
