// The `caves` generator and the cellular automaton it is built on: the bit-parallel step
// against a plain cell-by-cell oracle, the B/S parser, the run-based region labels against
// map/reachability's flood fill, the tunnels, and what each `connect` mode promises.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/cellular_automaton.hpp"
#include "yendor/gen/cellular_regions.hpp"
#include "yendor/gen/cellular_tunnels.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

using cellular::BitGrid;
using cellular::Rule;

// ---------------------------------------------------------------------------------------------
// The oracle: the rule applied cell by cell straight from its definition, one byte per cell,
// with every neighbour outside the grid in the outside state.

struct Cells {
  Size size;
  std::vector<std::uint8_t> alive;  // row-major
  bool at(int x, int y, bool outside) const {
    if (x < 0 || y < 0 || x >= size.width || y >= size.height) return outside;
    return alive[static_cast<std::size_t>(y * size.width + x)] != 0;
  }
};

Cells plain_step(const Cells& in, const Rule& rule, bool outside) {
  Cells out = in;
  for (int y = 0; y < in.size.height; ++y)
    for (int x = 0; x < in.size.width; ++x) {
      int live = 0;
      for (const Point d : k_directions8)
        live += in.at(x + d.x, y + d.y, outside) ? 1 : 0;
      out.alive[static_cast<std::size_t>(y * in.size.width + x)] =
          rule.next(in.at(x, y, outside), live) ? 1 : 0;
    }
  return out;
}

Cells random_cells(Size size, double p, Rng& rng) {
  Cells c{size, std::vector<std::uint8_t>(static_cast<std::size_t>(size.area()))};
  for (auto& a : c.alive)
    a = rng.chance(p) ? 1 : 0;
  return c;
}

BitGrid to_bits(const Cells& c, bool outside) {
  BitGrid g(c.size, outside);
  for (int y = 0; y < c.size.height; ++y)
    for (int x = 0; x < c.size.width; ++x)
      g.set({x, y}, c.at(x, y, outside));
  return g;
}

void expect_same(const BitGrid& g, const Cells& c, const std::string& context) {
  ASSERT_EQ(g.size(), c.size) << context;
  for (int y = 0; y < c.size.height; ++y)
    for (int x = 0; x < c.size.width; ++x)
      ASSERT_EQ(g.alive({x, y}), c.at(x, y, false)) << context << " at " << x << "," << y;
}

Rule random_rule(Rng& rng) {
  return {static_cast<std::uint16_t>(rng.below(512)), static_cast<std::uint16_t>(rng.below(512))};
}

std::vector<Rule> rules_to_test(Rng& rng) {
  std::vector<Rule> rules = {cellular::rules::k_caves_4_5,
                             cellular::rules::k_caves_4_5_literal,
                             cellular::rules::k_maze,
                             cellular::rules::k_mazectric,
                             *cellular::parse_rule("B3/S23"),
                             *cellular::parse_rule("B/S"),
                             *cellular::parse_rule("B012345678/S012345678"),
                             *cellular::parse_rule("B0/S8")};
  for (int i = 0; i < 8; ++i)
    rules.push_back(random_rule(rng));
  return rules;
}

TEST(CellularStep, BitParallelStepEqualsThePlainStep) {
  // Every width from 1 to 130 (word edges at 64 and 128, partial last words), several heights,
  // both outside states, named and random rules, several generations (the later ones skip
  // unchanged rows).
  Rng rng(2024);
  const std::vector<Rule> rules = rules_to_test(rng);
  for (int width = 1; width <= 130; ++width) {
    for (const int height : {1, 2, 3, 9}) {
      const Rule& rule =
          rules[static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(rules.size())))];
      const bool outside = rng.chance(0.5);
      Cells plain = random_cells({width, height}, rng.real(0.1, 0.9), rng);
      BitGrid bits = to_bits(plain, outside);
      for (int g = 0; g < 4; ++g) {
        plain = plain_step(plain, rule, outside);
        bits.step(rule);
        expect_same(bits, plain,
                    rule.notation() + " " + std::to_string(width) + "x" + std::to_string(height) +
                        " outside " + (outside ? "alive" : "dead") + " generation " +
                        std::to_string(g + 1));
      }
    }
  }
}

TEST(CellularStep, EveryRuleOnATallGridOverManyGenerations) {
  Rng rng(7);
  for (const Rule& rule : rules_to_test(rng)) {
    for (const bool outside : {true, false}) {
      Cells plain = random_cells({70, 40}, 0.5, rng);
      BitGrid bits = to_bits(plain, outside);
      for (int g = 0; g < 12; ++g) {
        plain = plain_step(plain, rule, outside);
        bits.step(rule);
      }
      expect_same(bits, plain, rule.notation());
    }
  }
}

TEST(CellularStep, RunStopsAtAFixedPointWithTheSameResult) {
  Rng rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    Cells plain = random_cells({50, 30}, 0.5, rng);
    BitGrid a = to_bits(plain, true), b = a;
    const int changed = a.run(cellular::rules::k_caves_4_5, 60);
    for (int g = 0; g < 60; ++g)
      b.step(cellular::rules::k_caves_4_5);
    EXPECT_EQ(a, b);
    EXPECT_LE(changed, 60);
    if (changed < 60) {
      EXPECT_FALSE(a.step(cellular::rules::k_caves_4_5));  // truly fixed
    }
  }
}

TEST(CellularStep, EditsBetweenStepsAreSeen) {
  // Writing cells after a step must not let the next step skip the edited rows.
  Rng rng(11);
  Cells plain = random_cells({90, 20}, 0.5, rng);
  BitGrid bits = to_bits(plain, true);
  for (int g = 0; g < 6; ++g) {
    plain = plain_step(plain, cellular::rules::k_caves_4_5, true);
    bits.step(cellular::rules::k_caves_4_5);
    const int x = rng.range(0, 89), y = rng.range(0, 19);
    plain.alive[static_cast<std::size_t>(y * 90 + x)] ^= 1;
    bits.set({x, y}, !bits.alive({x, y}));
    bits.set_run(y, 0, 10, true);
    std::fill_n(plain.alive.begin() + y * 90, 11, std::uint8_t{1});
  }
  expect_same(bits, plain, "after edits");
}

TEST(BitGrid, RandomizeDrawsTheRequestedShare) {
  for (const double p : {0.0, 0.1, 0.45, 0.5, 0.9, 1.0}) {
    BitGrid g({1000, 300}, true);
    Rng rng(5);
    g.randomize(rng, p);
    const double share = static_cast<double>(g.population()) / 300000.0;
    EXPECT_NEAR(share, p, 0.005) << p;
  }
  BitGrid a({77, 13}, true), b({77, 13}, true);
  Rng ra(9), rb(9);
  a.randomize(ra, 0.37);
  b.randomize(rb, 0.37);
  EXPECT_EQ(a, b);
}

TEST(BitGrid, ConvertsToAndFromGrids) {
  Rng rng(4);
  for (const int width : {1, 7, 63, 64, 65, 100, 129}) {
    Grid<Tile> tiles({width + 4, 9}, Tile::lava);
    for (auto& t : tiles.cells())
      t = rng.chance(0.5) ? Tile::wall : Tile::floor;
    const Rect area{2, 1, width, 7};
    const BitGrid bits = BitGrid::from_grid(
        tiles, area, [](Tile t) { return t == Tile::wall; }, true);
    EXPECT_EQ(bits.size(), area.size());
    Grid<Tile> back({width + 4, 9}, Tile::lava);
    bits.write_to(back, area.origin(), Tile::wall, Tile::floor);
    Grid<int> numbers({width, 7}, 5);
    bits.write_to(numbers, {0, 0}, 1, 0);
    std::int64_t alive = 0;
    for (int y = 0; y < 9; ++y)
      for (int x = 0; x < width + 4; ++x) {
        const bool inside = area.contains(Point{x, y});
        const Point p{x, y};
        EXPECT_EQ(back[p], inside ? tiles[p] : Tile::lava);
        if (!inside) continue;
        const Point q{x - 2, y - 1};
        EXPECT_EQ(numbers[q], tiles[p] == Tile::wall ? 1 : 0);
        alive += tiles[{x, y}] == Tile::wall ? 1 : 0;
      }
    EXPECT_EQ(bits.population(), alive);
  }
}

// ---------------------------------------------------------------------------------------------
// B/S notation.

TEST(CellularRule, ParsesBSNotation) {
  const auto life = cellular::parse_rule("B3/S23");
  ASSERT_TRUE(life);
  EXPECT_TRUE(life->born(3));
  EXPECT_FALSE(life->born(2));
  EXPECT_TRUE(life->survives(2) && life->survives(3));
  EXPECT_FALSE(life->survives(4));
  EXPECT_EQ(cellular::parse_rule("b5678/s45678"), cellular::rules::k_caves_4_5);
  EXPECT_EQ(cellular::parse_rule("S23/B3"), life);
  EXPECT_EQ(cellular::parse_rule("B3/S32"), life);  // digits in any order
  const auto empty = cellular::parse_rule("B/S");
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->birth, 0);
  EXPECT_EQ(empty->survival, 0);
  EXPECT_EQ(cellular::parse_rule("B012345678/S012345678")->birth, 511);
  EXPECT_EQ(cellular::parse_rule("B0/S8")->notation(), "B0/S8");
}

TEST(CellularRule, NotationRoundTripsForEveryRule) {
  for (std::uint32_t birth = 0; birth < 512; birth += 7)
    for (std::uint32_t survival = 0; survival < 512; survival += 5) {
      const Rule rule{static_cast<std::uint16_t>(birth), static_cast<std::uint16_t>(survival)};
      EXPECT_EQ(cellular::parse_rule(rule.notation()), rule) << rule.notation();
    }
}

TEST(CellularRule, RejectsGarbageWithAReason) {
  for (const char* bad : {"", "B3", "B3/", "/S23", "/", "B3/S23/", "23/3", "B3S23", "B9/S", "B33/S",
                          "B3/B3", "S2/S3", "X3/S2", " B3/S23", "B3/S2a", "B-1/S"}) {
    std::string problem;
    EXPECT_FALSE(cellular::parse_rule(bad, &problem)) << bad;
    EXPECT_NE(problem.find("B/S notation"), std::string::npos) << bad;
    EXPECT_EQ(problem, cellular::rule_problem(bad));
  }
  EXPECT_EQ(cellular::rule_problem("B3/S23"), "");
}

// ---------------------------------------------------------------------------------------------
// Regions and tunnels.

// The BitGrid's dead cells as floor inside a ring of wall, as the generator draws it.
Grid<Tile> as_tiles(const BitGrid& bits) {
  Grid<Tile> tiles({bits.width() + 2, bits.height() + 2}, Tile::wall);
  bits.write_to(tiles, {1, 1}, Tile::wall, Tile::floor);
  return tiles;
}

TEST(DeadCellRegions, MatchesTheFloodFillLabels) {
  Rng rng(21);
  for (int trial = 0; trial < 200; ++trial) {
    const Size size{rng.range(1, 140), rng.range(1, 40)};
    BitGrid bits(size, true);
    bits.randomize(rng, rng.real(0.2, 0.8));
    bits.run(cellular::rules::k_caves_4_5, rng.range(0, 3));
    const cellular::DeadCellRegions regions(bits);
    const RegionLabels oracle = label_regions(as_tiles(bits));
    ASSERT_EQ(regions.count(), oracle.sizes.size());
    std::vector<Rect> bounds(oracle.sizes.size());
    std::vector<bool> seen(oracle.sizes.size(), false);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const int label = oracle.labels[Point{x + 1, y + 1}];
        ASSERT_EQ(regions.region_at({x, y}), label) << x << "," << y;
        if (label < 0) continue;
        auto& b = bounds[static_cast<std::size_t>(label)];
        b = seen[static_cast<std::size_t>(label)]
                ? Rect::from_corners({std::min(b.left(), x), std::min(b.top(), y)},
                                     {std::max(b.right(), x), std::max(b.bottom(), y)})
                : Rect{x, y, 1, 1};
        seen[static_cast<std::size_t>(label)] = true;
      }
    std::int64_t in_runs = 0;
    for (std::size_t r = 0; r < regions.count(); ++r) {
      EXPECT_EQ(regions.regions()[r].cells, oracle.sizes[r]);
      EXPECT_EQ(regions.regions()[r].bounds, bounds[r]);
      for (const std::uint32_t run : regions.runs_of(static_cast<int>(r))) {
        EXPECT_EQ(regions.region_of_run(run), static_cast<int>(r));
        in_runs += regions.runs()[run].length();
      }
    }
    EXPECT_EQ(in_runs, size.area() - bits.population());
    if (regions.count() > 0) {
      const auto largest = regions.regions()[static_cast<std::size_t>(regions.largest())].cells;
      EXPECT_EQ(largest, *std::max_element(oracle.sizes.begin(), oracle.sizes.end()));
    }
  }
}

// Digs tunnels on `bits` drawn into a level; checks they join everything and dig only rock.
Level dig_and_check(const BitGrid& bits, const std::string& context) {
  Level level(Size{bits.width() + 2, bits.height() + 2}, Tile::wall);
  bits.write_to(level.tiles, {1, 1}, Tile::wall, Tile::floor);
  const Grid<Tile> before = level.tiles;
  const cellular::DeadCellRegions regions(bits);
  const std::int64_t dug = cellular::TunnelDigger(level, bits, regions).dig();
  std::int64_t corridors = 0, in_records = 0;
  Point any{-1, -1};
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const Point p{x, y};
      const Tile t = level.tiles[p];
      if (t == Tile::corridor) {
        ++corridors;
        EXPECT_EQ(before[p], Tile::wall) << context;
        EXPECT_TRUE(level.tiles.bounds().expanded(-1).contains(Point{x, y})) << context;
      } else {
        EXPECT_EQ(t, before[p]) << context;
      }
      if (t == Tile::floor) any = {x, y};
    }
  for (const Corridor& c : level.meta.corridors) {
    EXPECT_FALSE(c.cells.empty()) << context;
    in_records += static_cast<std::int64_t>(c.cells.size());
  }
  EXPECT_EQ(corridors, dug) << context;
  EXPECT_EQ(in_records, dug) << context;
  EXPECT_LE(level.meta.corridors.size() + 1, std::max<std::size_t>(1, regions.count())) << context;
  if (any.x >= 0) {
    EXPECT_TRUE(check_connectivity(level.tiles, any).connected()) << context;
  }
  return level;
}

TEST(TunnelDigger, JoinsEveryCaveOfRandomMaps) {
  Rng rng(8);
  for (int trial = 0; trial < 150; ++trial) {
    const Size size{rng.range(1, 130), rng.range(1, 45)};
    BitGrid bits(size, true);
    bits.randomize(rng, rng.real(0.3, 0.97));
    bits.run(cellular::rules::k_caves_4_5, rng.range(0, 6));
    dig_and_check(bits, "trial " + std::to_string(trial));
  }
}

TEST(TunnelDigger, OneWallCellBetweenTwoCavesIsOneCellOfTunnel) {
  BitGrid bits({20, 5}, true, true);
  bits.set_run(2, 2, 6, false);
  bits.set_run(2, 8, 12, false);  // (7, 2) between them
  const Level level = dig_and_check(bits, "one cell");
  ASSERT_EQ(level.meta.corridors.size(), 1u);
  EXPECT_EQ(level.meta.corridors[0].cells, (std::vector<Point>{Point{8, 3}}));
}

TEST(TunnelDigger, DigsToTheNearestCaveEvenBeyondTheFirstWindow) {
  // Far from the largest cave, G's nearest cave is A, 12 steps east and outside the first
  // search window; B is inside that window but 16 steps away. The first tunnel dug from G must
  // be the 11 rock cells to A.
  BitGrid bits({220, 220}, true, true);
  for (int y = 10; y < 15; ++y)
    bits.set_run(y, 10, 14, false);  // the largest cave
  bits.set({100, 100}, false);       // G
  bits.set({112, 100}, false);       // A
  bits.set({108, 108}, false);       // B
  const Level level = dig_and_check(bits, "nearest");
  ASSERT_GE(level.meta.corridors.size(), 1u);
  const auto& first = level.meta.corridors[0].cells;
  ASSERT_EQ(first.size(), 11u);
  EXPECT_EQ(manhattan(first.front(), Point{101, 101}), 1);  // next to G (level coordinates)
  EXPECT_EQ(manhattan(first.back(), Point{113, 101}), 1);   // next to A
  for (std::size_t i = 1; i < first.size(); ++i)
    EXPECT_EQ(manhattan(first[i - 1], first[i]), 1);
}

// ---------------------------------------------------------------------------------------------
// The generator.

Level caves(std::uint64_t seed, const RawParams& raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("caves");
  return generate_level(g, size, seed, g.info().schema.parse("caves", raw));
}

std::int64_t count(const Level& level, bool (*pred)(Tile)) {
  return std::count_if(level.tiles.cells().begin(), level.tiles.cells().end(), pred);
}

TEST(Caves, LargestLeavesOneCave) {
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const Level level = caves(seed, {{"connect", "largest"}, {"generations", "3"}});
    const RegionLabels labels = label_regions(level.tiles);
    ASSERT_EQ(labels.sizes.size(), 1u) << seed;
    ASSERT_EQ(level.meta.regions.size(), 1u);
    EXPECT_EQ(level.meta.regions[0].cells, labels.sizes[0]);
    EXPECT_EQ(level.meta.regions[0].kind, "cave");
    // It is the largest of the caves that connect=none leaves apart.
    const Level apart = caves(seed, {{"connect", "none"}, {"generations", "3"}});
    std::int64_t most = 0;
    for (const Region& r : apart.meta.regions)
      most = std::max(most, r.cells);
    EXPECT_EQ(labels.sizes[0], most);
  }
}

TEST(Caves, TunnelsJoinTheCavesOfNoneAndDigOnlyRock) {
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const Level joined = caves(seed, {{"connect", "tunnel"}, {"generations", "2"}});
    const Level apart = caves(seed, {{"connect", "none"}, {"generations", "2"}});
    EXPECT_TRUE(check_connectivity(joined.tiles, *joined.meta.stairs.up).connected());
    std::int64_t dug = 0;
    for (std::size_t i = 0; i < joined.tiles.cell_count(); ++i) {
      const bool open_apart = is_traversable(apart.tiles[i]);
      if (joined.tiles[i] == Tile::corridor) {
        ++dug;
        EXPECT_FALSE(open_apart);
      } else {
        EXPECT_EQ(is_traversable(joined.tiles[i]), open_apart) << seed;
      }
    }
    EXPECT_LT(joined.meta.corridors.size(), std::max<std::size_t>(1, apart.meta.regions.size()));
    ASSERT_EQ(joined.meta.regions.size(), 1u);
    EXPECT_EQ(joined.meta.regions[0].cells, count_traversable(joined.tiles));
    EXPECT_EQ(count(joined, [](Tile t) { return t == Tile::corridor; }), dug);
  }
}

TEST(Caves, NoneReportsEveryCaveAndPutsBothStairsInTheLargest) {
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const Level level = caves(seed, {{"connect", "none"}});
    const RegionLabels labels = label_regions(level.tiles);
    const auto& regions = level.meta.regions;
    ASSERT_EQ(regions.size(), labels.sizes.size());
    std::int64_t sum = 0, most = 0;
    for (std::size_t r = 0; r < regions.size(); ++r) {
      EXPECT_EQ(regions[r].id, static_cast<int>(r));
      EXPECT_EQ(regions[r].kind, "cave");
      EXPECT_EQ(regions[r].cells, labels.sizes[r]);  // both in scan order of the first cell
      sum += regions[r].cells;
      most = std::max(most, regions[r].cells);
    }
    EXPECT_EQ(sum, count_traversable(level.tiles));
    const int up = labels.labels[*level.meta.stairs.up];
    EXPECT_EQ(labels.labels[*level.meta.stairs.down], up);
    EXPECT_EQ(labels.sizes[static_cast<std::size_t>(up)], most);
    for (const Region& r : regions)
      EXPECT_TRUE(level.tiles.bounds().expanded(-1).contains(r.bounds));
  }
}

TEST(Caves, FillIsTheShareOfFloorBeforeTheAutomaton) {
  for (const double fill : {0.2, 0.5, 0.8}) {
    const Level level = caves(
        3, {{"fill", std::to_string(fill)}, {"generations", "0"}, {"connect", "none"}}, {202, 202});
    EXPECT_NEAR(static_cast<double>(count_traversable(level.tiles)) / (200.0 * 200.0), fill, 0.01);
  }
}

TEST(Caves, WallIsTheLiveState) {
  // Nothing survives or is born under B/S: every wall inside the ring dies, one big cave.
  const Level open = caves(1, {{"rule", "B/S"}, {"generations", "1"}}, {30, 20});
  EXPECT_EQ(count_traversable(open.tiles), 28 * 18);
  // Under B012345678/S012345678 every cell becomes wall: only the 3x3 chamber remains.
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Level rock = caves(seed, {{"rule", "B012345678/S012345678"}, {"generations", "1"}});
    EXPECT_EQ(count_traversable(rock.tiles), 9);
    ASSERT_EQ(rock.meta.regions.size(), 1u);
    EXPECT_EQ(rock.meta.regions[0].bounds.size(), (Size{3, 3}));
  }
}

TEST(Caves, DegenerateFillsStillMakeLevels) {
  for (std::uint64_t seed = 0; seed < 30; ++seed)
    for (const char* fill : {"0", "0.01", "0.99", "1"})
      for (const char* connect : {"tunnel", "largest", "none"}) {
        const Level level = caves(seed, {{"fill", fill}, {"connect", connect}}, {8, 8});
        EXPECT_GE(count_traversable(level.tiles), 9) << fill << " " << connect;
      }
}

TEST(Caves, TheRuleParameterRejectsGarbageNamingIt) {
  const ParamSchema& schema = builtin_generators().get("caves").info().schema;
  for (const char* bad : {"B9/S", "life", "B3/S23/"}) {
    try {
      schema.parse("caves", {{"rule", bad}});
      ADD_FAILURE() << bad << " accepted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("parameter 'rule'"), std::string::npos) << what;
      EXPECT_NE(what.find(bad), std::string::npos) << what;
    }
  }
  EXPECT_EQ(schema.parse("caves", {{"rule", "b3/s1234"}}).get_string("rule"), "b3/s1234");
}

TEST(Caves, AnyLifeLikeRuleMakesAValidLevel) {
  Rng rng(77);
  for (int trial = 0; trial < 40; ++trial) {
    const Rule rule = random_rule(rng);
    const Level level = caves(static_cast<std::uint64_t>(trial),
                              {{"rule", rule.notation()}, {"generations", "4"}}, {60, 40});
    EXPECT_TRUE(check_connectivity(level.tiles, *level.meta.stairs.up).connected());
  }
}

}  // namespace
}  // namespace yendor
