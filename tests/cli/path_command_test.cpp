#include "yendor/cli/path_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <iomanip>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"
#include "support/text_lines.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/path/astar.hpp"
#include "yendor/path/bfs.hpp"
#include "yendor/path/dijkstra_map.hpp"

namespace yendor::cli {
namespace {

class PathCommand : public test::TempDirTest {
 protected:
  std::string run(const PathCommandOptions& o) const {
    std::ostringstream out, log;
    run_path(o, out, log);
    log_ = log.str();
    return out.str();
  }

  std::string error_of(const PathCommandOptions& o) const {
    try {
      run(o);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }

  static PathCommandOptions on_generated(const std::string& generator, const std::string& seed) {
    PathCommandOptions o;
    o.source.gen = generator;
    o.source.size = "60x40";
    o.source.seed = seed;
    return o;
  }

  mutable std::string log_;
};

Level generated(const std::string& generator, std::uint64_t seed) {
  const Generator& g = builtin_generators().get(generator);
  return generate_level(g, {60, 40}, seed, g.info().schema.defaults());
}

// The picture is the level with '@' at `from` and '*' exactly on `expected` (the path's cells).
void expect_picture_of_path(const std::string& text, const Level& level, Point from,
                            const std::vector<Point>& expected) {
  const std::set<Point> on_path(expected.begin(), expected.end());
  const std::vector<std::string> lines = test::lines(text);
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(level.height()));
  for (int y = 0; y < level.height(); ++y) {
    ASSERT_EQ(lines[static_cast<std::size_t>(y)].size(), static_cast<std::size_t>(level.width()));
    for (int x = 0; x < level.width(); ++x) {
      const Point p{x, y};
      const char c = lines[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      const char want = p == from ? '@' : on_path.count(p) ? '*' : tile_info(level.tiles[p]).symbol;
      EXPECT_EQ(c, want) << x << "," << y;
    }
  }
}

// Every step of the walk is one allowed step onto a passable cell, and it ends at `to`.
void expect_valid_walk(const path::CostMap& map, Point from, Point to,
                       const std::vector<Point>& walk, const path::Movement& m) {
  ASSERT_FALSE(walk.empty());
  Point at = from;
  for (const Point next : walk) {
    ASSERT_EQ(chebyshev(at, next), 1);
    ASSERT_TRUE(map.passable(next));
    const bool diagonal = next.x != at.x && next.y != at.y;
    if (diagonal) {
      ASSERT_EQ(m.connectivity, path::Connectivity::eight);
      const bool a = map.passable({next.x, at.y}), b = map.passable({at.x, next.y});
      if (m.corners == path::CornerCutting::never) {
        EXPECT_TRUE(a && b);
      }
      if (m.corners == path::CornerCutting::one_side) {
        EXPECT_TRUE(a || b);
      }
    }
    at = next;
  }
  EXPECT_EQ(at, to);
}

std::string summary(std::size_t steps, path::Distance cost, std::int64_t work, const char* what) {
  return ": " + std::to_string(steps) + (steps == 1 ? " step" : " steps") + ", cost " +
         std::to_string(cost) + ", " + std::to_string(work) + " cells " + what;
}

TEST_F(PathCommand, AStarBetweenTheStairsMatchesTheLibrary) {
  for (const char* generator : {"caves", "rooms", "maze"}) {
    const Level level = generated(generator, 5);
    const path::CostMap map = path::CostMap::from_tiles(level.tiles);
    const Point from = *level.meta.stairs.up, to = *level.meta.stairs.down;
    const path::Movement m;
    path::AStar astar;
    std::vector<Point> expected;
    ASSERT_TRUE(astar.find_path(map, from, to, m, expected));

    const std::string text = run(on_generated(generator, "5"));
    expect_picture_of_path(text, level, from, expected);
    expect_valid_walk(map, from, to, expected, m);
    EXPECT_NE(log_.find(summary(expected.size(), astar.cost(), astar.expanded(), "expanded")),
              std::string::npos)
        << log_;
    EXPECT_EQ(astar.cost(), walk_cost(map, from, expected, m));
  }
}

TEST_F(PathCommand, AStarPlainSearchesCellByCell) {
  // On a cave every step costs 1, so "astar" jumps and "astar-plain" does not: the same cost,
  // each reporting its own library search's expansions.
  const Level level = generated("caves", 5);
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const Point from = *level.meta.stairs.up, to = *level.meta.stairs.down;
  const path::Movement m;
  path::AStar jumping, plain;
  plain.set_jump_points(false);
  std::vector<Point> jumped, expected;
  ASSERT_TRUE(jumping.find_path(map, from, to, m, jumped));
  ASSERT_TRUE(plain.find_path(map, from, to, m, expected));
  ASSERT_EQ(jumping.cost(), plain.cost());
  EXPECT_LT(jumping.expanded(), plain.expanded());

  PathCommandOptions o = on_generated("caves", "5");
  o.algorithm = "astar-plain";
  expect_picture_of_path(run(o), level, from, expected);
  EXPECT_NE(log_.find(summary(expected.size(), plain.cost(), plain.expanded(), "expanded")),
            std::string::npos)
      << log_;
}

TEST_F(PathCommand, BfsAndDijkstraMatchTheLibrary) {
  const Level level = generated("caves", 9);
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const Point from = *level.meta.stairs.up, to = *level.meta.stairs.down;
  path::Movement m;
  m.connectivity = path::Connectivity::four;

  PathCommandOptions o = on_generated("caves", "9");
  o.connectivity = 4;
  o.algorithm = "bfs";
  path::BreadthFirstSearch bfs;
  std::vector<Point> expected;
  ASSERT_TRUE(bfs.find_path(map, from, to, m, expected));
  expect_picture_of_path(run(o), level, from, expected);
  expect_valid_walk(map, from, to, expected, m);
  EXPECT_NE(log_.find(summary(expected.size(), walk_cost(map, from, expected, m), bfs.visited(),
                              "visited")),
            std::string::npos)
      << log_;
  EXPECT_NE(log_.find("(4-connected, corners never, diagonal weight 1)"), std::string::npos);

  o.algorithm = "dijkstra";
  path::DijkstraMap dijkstra;
  dijkstra.compute(map, to, m);
  ASSERT_TRUE(dijkstra.path_from(map, from, m, expected));
  std::int64_t valued = 0;
  for (const path::Distance d : dijkstra.values().cells())
    valued += d != path::k_unreachable;
  expect_picture_of_path(run(o), level, from, expected);
  EXPECT_NE(log_.find(summary(expected.size(), dijkstra.at(from), valued, "valued")),
            std::string::npos)
      << log_;
}

TEST_F(PathCommand, MovementOptionsReachTheSearch) {
  const Level level = generated("caves", 3);
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const Point from = *level.meta.stairs.up, to = *level.meta.stairs.down;
  for (const char* corners : {"allowed", "one_side", "never"})
    for (const int weight : {1, 2, 3}) {
      PathCommandOptions o = on_generated("caves", "3");
      o.corners = corners;
      o.diagonal_weight = weight;
      const std::string text = run(o);
      path::Movement m;
      m.corners = std::string(corners) == "allowed"    ? path::CornerCutting::allowed
                  : std::string(corners) == "one_side" ? path::CornerCutting::one_side
                                                       : path::CornerCutting::never;
      m.diagonal_weight = weight;
      path::AStar astar;
      std::vector<Point> expected;
      ASSERT_TRUE(astar.find_path(map, from, to, m, expected));
      expect_picture_of_path(text, level, from, expected);
      expect_valid_walk(map, from, to, expected, m);
      EXPECT_NE(log_.find("cost " + std::to_string(astar.cost()) + ","), std::string::npos) << log_;
      EXPECT_EQ(walk_cost(map, from, expected, m), astar.cost());
    }
}

TEST_F(PathCommand, HierarchicalReportsItsRatioToTheOptimum) {
  const Level level = generated("rooms", 6);
  const path::CostMap map = path::CostMap::from_tiles(level.tiles);
  const Point from = *level.meta.stairs.up, to = *level.meta.stairs.down;
  PathCommandOptions o = on_generated("rooms", "6");
  o.algorithm = "hierarchical";
  const std::string text = run(o);
  const PathReport report = find_path(level, map, from, to, "hierarchical", path::Movement{});
  ASSERT_TRUE(report.found);
  expect_picture_of_path(text, level, from, report.path);
  expect_valid_walk(map, from, to, report.path, path::Movement{});
  path::AStar astar;
  std::vector<Point> optimal;
  ASSERT_TRUE(astar.find_path(map, from, to, path::Movement{}, optimal));
  ASSERT_EQ(report.optimal_cost, astar.cost());
  EXPECT_GE(report.cost, astar.cost());
  std::ostringstream ratio;
  ratio << std::fixed << std::setprecision(3)
        << static_cast<double>(report.cost) / static_cast<double>(astar.cost());
  EXPECT_NE(log_.find(", " + ratio.str() + " x the optimal cost " + std::to_string(astar.cost())),
            std::string::npos)
      << log_;
}

TEST_F(PathCommand, EuclidArrivesInTheOpenAndStallsBehindAWall) {
  write_file_atomic(path("open.txt"),
                    "##########\n"
                    "#<.......#\n"
                    "#........#\n"
                    "#.......>#\n"
                    "##########\n");
  PathCommandOptions o;
  o.source.map = path("open.txt");
  o.algorithm = "euclid";
  // The rounded direction (euclid.hpp) goes east until the goal is within 30 degrees of a
  // diagonal: four steps east, one south-east, one east, one south-east.
  EXPECT_EQ(run(o),
            "##########\n"
            "#@****...#\n"
            "#.....**.#\n"
            "#.......*#\n"
            "##########\n");
  EXPECT_NE(log_.find("arrived after 7 steps, cost 7"), std::string::npos) << log_;

  // A wall across the straight line, and both 45-degree neighbours walled: the chase stops.
  write_file_atomic(path("pocket.txt"),
                    "#########\n"
                    "#<......#\n"
                    "#.......#\n"
                    "######..#\n"
                    "#.......#\n"
                    "#>......#\n"
                    "#########\n");
  o.source.map = path("pocket.txt");
  const std::string text = run(o);
  EXPECT_NE(log_.find("did not arrive after 1 step, cost 1, stopped at 1,2"), std::string::npos)
      << log_ << text;
  // The walk is drawn as far as it went.
  EXPECT_EQ(test::lines(text)[2], "#*......#");
}

TEST_F(PathCommand, ReportsNoPath) {
  write_file_atomic(path("split.txt"),
                    "#######\n"
                    "#<.#.>#\n"
                    "#######\n");
  for (const char* algorithm : {"astar", "bfs", "dijkstra"}) {
    PathCommandOptions o;
    o.source.map = path("split.txt");
    o.algorithm = algorithm;
    EXPECT_EQ(run(o), "#######\n#@.#.>#\n#######\n") << algorithm;
    EXPECT_NE(log_.find(": no path ("), std::string::npos) << log_;
  }
}

TEST_F(PathCommand, BadInputIsAnInputErrorNamingTheProblem) {
  const auto with = [&](auto change) {
    PathCommandOptions o = on_generated("caves", "1");
    change(o);
    return error_of(o);
  };
  using O = PathCommandOptions&;
  EXPECT_NE(with([](O o) { o.from = "0,0"; }).find("--from 0,0 is a wall cell"), std::string::npos);
  EXPECT_NE(with([](O o) { o.to = "59,39"; }).find("--to 59,39 is a wall cell"), std::string::npos);
  EXPECT_NE(with([](O o) { o.from = "60,1"; }).find("--from 60,1 is outside the 60x40 map"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.to = "1-2"; }).find("--to expects X,Y"), std::string::npos);
  EXPECT_NE(with([](O o) { o.algorithm = "dfs"; }).find("unknown path algorithm 'dfs'"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.connectivity = 6; }).find("--connectivity must be 4 or 8"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.corners = "sometimes"; }).find("--corners must be"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.diagonal_weight = 0; }).find("--diagonal-weight"), std::string::npos);
  EXPECT_NE(with([](O o) { o.diagonal_weight = 1001; }).find("--diagonal-weight"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.format = "gif"; }).find("--format"), std::string::npos);
  EXPECT_NE(with([](O o) { o.source.gen = "nope"; }).find("unknown generator"), std::string::npos);

  PathCommandOptions missing;
  missing.source.map = path("missing.json");
  EXPECT_NE(error_of(missing).find("--map: cannot read"), std::string::npos) << error_of(missing);
  write_file_atomic(path("room.txt"), "#####\n#...#\n#####\n");
  PathCommandOptions stairless;
  stairless.source.map = path("room.txt");
  EXPECT_NE(error_of(stairless).find("no up stairs: give --from X,Y"), std::string::npos);
  stairless.from = "1,1";
  EXPECT_NE(error_of(stairless).find("no down stairs: give --to X,Y"), std::string::npos);
  stairless.to = "3,1";
  EXPECT_EQ(run(stairless), "#####\n#@**#\n#####\n");
}

}  // namespace
}  // namespace yendor::cli
