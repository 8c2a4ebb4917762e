#include "yendor/path/movement.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "support/plain_movement.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::path {
namespace {

using test::k_connectivities;
using test::k_corner_rules;

// A cost map from a picture: '#' impassable, '.' cost 1, digits their cost.
CostMap picture(const std::vector<std::string>& rows) {
  const Size size{static_cast<int>(rows.at(0).size()), static_cast<int>(rows.size())};
  return CostMap::from(size, [&](Point p) {
    const char c = rows[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)];
    return c == '#' ? 0 : c == '.' ? 1 : c - '0';
  });
}

using test::plain_step_cost;

// Cheapest walk costs from `from` (a plain Dijkstra on a priority queue).
std::vector<std::int64_t> plain_distances(const CostMap& map, Point from, const Movement& m) {
  const std::int64_t inf = std::numeric_limits<std::int64_t>::max();
  const auto w = static_cast<std::size_t>(map.width());
  std::vector<std::int64_t> dist(static_cast<std::size_t>(map.size().area()), inf);
  using Item = std::pair<std::int64_t, Point>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[static_cast<std::size_t>(from.y) * w + static_cast<std::size_t>(from.x)] = 0;
  open.push({0, from});
  while (!open.empty()) {
    const auto [d, a] = open.top();
    open.pop();
    if (d != dist[static_cast<std::size_t>(a.y) * w + static_cast<std::size_t>(a.x)]) continue;
    for (const Point step : k_directions8) {
      const std::int64_t c = plain_step_cost(map, a, step, m);
      if (c == 0) continue;
      const Point b = a + step;
      auto& db = dist[static_cast<std::size_t>(b.y) * w + static_cast<std::size_t>(b.x)];
      if (d + c < db) {
        db = d + c;
        open.push({db, b});
      }
    }
  }
  return dist;
}

std::vector<Movement> sample_movements() {
  std::vector<Movement> out;
  for (const Connectivity c : k_connectivities)
    for (const CornerCutting r : k_corner_rules)
      for (const auto& [card, diag] :
           std::vector<std::pair<int, int>>{{1, 1}, {2, 3}, {1, 2}, {1, 5}, {3, 2}, {5, 3}, {7, 1}})
        out.push_back({c, r, card, diag});
  return out;
}

TEST(Movement, CheckRejectsWeightsOutsideTheRange) {
  EXPECT_NO_THROW(check(Movement{}));
  EXPECT_NO_THROW(check(Movement{Connectivity::four, CornerCutting::never, 1, k_max_step_weight}));
  EXPECT_THROW(check(Movement{Connectivity::eight, CornerCutting::never, 0, 1}), InputError);
  EXPECT_THROW(check(Movement{Connectivity::eight, CornerCutting::never, 1, -3}), InputError);
  EXPECT_THROW(check(Movement{Connectivity::eight, CornerCutting::never, 1, k_max_step_weight + 1}),
               InputError);
}

TEST(Movement, CheckGuardsAgainstDistanceOverflow) {
  // Steps of 255 × 1000: a walk over a 50x50 map could reach 2704 × 255000 > 2^31 / 4.
  const Movement heavy{Connectivity::eight, CornerCutting::never, 1000, 1000};
  EXPECT_THROW(check(CostMap(Size{50, 50}, 255), heavy), InputError);
  EXPECT_NO_THROW(check(CostMap(Size{20, 20}, 255), heavy));
  EXPECT_NO_THROW(check(CostMap(Size{50, 50}, 1), heavy));
  EXPECT_NO_THROW(check(CostMap(Size{1000, 1000}, 2), Movement{}));
  EXPECT_THROW(check(CostMap(Size{3, 3}), Movement{Connectivity::four, CornerCutting::never, 0, 1}),
               InputError);
}

TEST(Movement, OctileDistanceIsExactOnAnOpenMap) {
  const CostMap open(Size{11, 9}, 1);
  for (const Movement& m : sample_movements()) {
    const bool exact =
        m.connectivity == Connectivity::four || m.cardinal_weight <= m.diagonal_weight;
    for (const Point from : {Point{0, 0}, Point{5, 4}, Point{10, 2}, Point{3, 8}}) {
      const std::vector<std::int64_t> dist = plain_distances(open, from, m);
      for (int y = 0; y < open.height(); ++y)
        for (int x = 0; x < open.width(); ++x) {
          const std::int64_t truth = dist[static_cast<std::size_t>(y * open.width() + x)];
          const Distance estimate = octile_distance(from, {x, y}, m);
          EXPECT_LE(estimate, truth);
          if (exact) {
            EXPECT_EQ(estimate, truth) << m.cardinal_weight << "/" << m.diagonal_weight;
          }
        }
    }
  }
  // With unit weights it is the breadth-first step count: Chebyshev, or Manhattan.
  EXPECT_EQ(octile_distance({0, 0}, {7, 3}, Movement{}), 7);
  EXPECT_EQ(octile_distance({0, 0}, {7, 3}, Movement{Connectivity::four}), 10);
  EXPECT_EQ(
      octile_distance({0, 0}, {7, 3}, Movement{Connectivity::eight, CornerCutting::never, 2, 3}),
      17);
}

TEST(Movement, OctileDistanceIsALowerBoundOnRandomMaps) {
  Rng rng(5);
  const std::vector<Movement> movements = sample_movements();
  for (int round = 0; round < 300; ++round) {
    const Size size{rng.range(1, 12), rng.range(1, 12)};
    const CostMap map =
        CostMap::from(size, [&](Point) { return rng.chance(0.25) ? 0 : rng.range(1, 9); });
    const Movement& m = rng.pick(movements);
    const Point from{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
    const std::vector<std::int64_t> dist = plain_distances(map, from, m);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x)
        EXPECT_LE(octile_distance(from, {x, y}, m),
                  dist[static_cast<std::size_t>(y * size.width + x)]);
  }
}

// The corner rules on the smallest pictures: a diagonal step from the top left to the bottom
// right of a 2x2 block whose other two cells are `a` and `b`.
TEST(StepTable, CornerRules) {
  struct Case {
    std::vector<std::string> rows;
    bool allowed, one_side, never;
  };
  const std::vector<Case> cases{
      {{"..", ".."}, true, true, true},     // open corner
      {{".#", ".."}, true, true, false},    // one corner cell is wall: no cutting around it
      {{"..", "#."}, true, true, false},    //   ... either one
      {{".#", "#."}, true, false, false},   // squeezing between two walls
      {{"..", ".#"}, false, false, false},  // target blocked
  };
  for (const Case& c : cases) {
    const CostMap map = picture(c.rows);
    const std::size_t from = map.index({0, 0});
    const int south_east = 5;
    for (const CornerCutting rule : k_corner_rules) {
      const StepTable steps(map, Movement{Connectivity::eight, rule});
      const bool expected = rule == CornerCutting::allowed    ? c.allowed
                            : rule == CornerCutting::one_side ? c.one_side
                                                              : c.never;
      EXPECT_EQ(steps.step_cost(map.padded(), from, south_east) != 0, expected)
          << c.rows[0] << "/" << c.rows[1] << " rule " << static_cast<int>(rule);
      // The step back passes the same corner cells.
      if (map.passable({1, 1})) {
        const std::size_t to = map.index({1, 1});
        EXPECT_EQ(steps.step_cost(map.padded(), to, StepTable::opposite(south_east)) != 0,
                  expected);
      }
    }
    const StepTable four(map, Movement{Connectivity::four});
    EXPECT_EQ(four.count(), 4);
  }
}

TEST(StepTable, DirectionsOffsetsAndWeights) {
  const CostMap map(Size{6, 4});
  const StepTable steps(map, Movement{Connectivity::eight, CornerCutting::never, 2, 3});
  EXPECT_EQ(steps.count(), 8);
  for (int k = 0; k < 8; ++k) {
    const Point d = steps.delta(k);
    EXPECT_EQ(d, k_directions8[static_cast<std::size_t>(k)]);
    EXPECT_EQ(steps.offset(k), d.y * static_cast<std::ptrdiff_t>(map.stride()) + d.x);
    EXPECT_EQ(steps.weight(k), k < 4 ? 2 : 3);
    EXPECT_EQ(steps.delta(StepTable::opposite(k)), (Point{-d.x, -d.y}));
    EXPECT_EQ(StepTable::opposite(StepTable::opposite(k)), k);
  }
}

TEST(StepTable, StepCostMatchesThePlainRuleAndReverseStepsMirrorIt) {
  Rng rng(17);
  for (int round = 0; round < 400; ++round) {
    const Size size{rng.range(1, 9), rng.range(1, 9)};
    const CostMap map =
        CostMap::from(size, [&](Point) { return rng.chance(0.35) ? 0 : rng.range(1, 255); });
    const Movement m{rng.chance(0.5) ? Connectivity::four : Connectivity::eight,
                     k_corner_rules[rng.below(3)], rng.range(1, 9), rng.range(1, 9)};
    const StepTable steps(map, m);
    const std::uint8_t* cells = map.padded();
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const std::size_t i = map.index({x, y});
        unsigned mask = 0;
        for (int k = 0; k < steps.count(); ++k) {
          const Distance cost = steps.step_cost(cells, i, k);
          EXPECT_EQ(cost, plain_step_cost(map, {x, y}, steps.delta(k), m));
          if (cost != 0) mask |= 1u << k;
          const std::size_t j = i + static_cast<std::size_t>(steps.offset(k));
          const Distance reverse = steps.reverse_step_cost(cells, i, k);
          if (cells[j] != 0) {
            EXPECT_EQ(reverse, steps.step_cost(cells, j, StepTable::opposite(k)));
          } else {
            EXPECT_EQ(reverse, 0);
          }
        }
        EXPECT_EQ(steps.step_mask(cells, i), mask);
      }
  }
}

// step_mask over every neighbourhood of a 3x3 block: the table form of the corner rules
// agrees with step_cost.
TEST(StepTable, StepMaskAgreesWithStepCostOnEveryNeighbourhood) {
  for (const Connectivity c : k_connectivities)
    for (const CornerCutting rule : k_corner_rules)
      for (unsigned pattern = 0; pattern < 256; ++pattern) {
        CostMap map(Size{3, 3}, 1);
        for (int k = 0; k < 8; ++k)
          if ((pattern >> k) & 1u)
            map.set_cost(Point{1, 1} + k_directions8[static_cast<std::size_t>(k)], 0);
        const StepTable steps(map, Movement{c, rule});
        const std::size_t centre = map.index({1, 1});
        unsigned expected = 0;
        for (int k = 0; k < steps.count(); ++k)
          if (steps.step_cost(map.padded(), centre, k) != 0) expected |= 1u << k;
        EXPECT_EQ(steps.step_mask(map.padded(), centre), expected) << pattern;
        EXPECT_EQ(steps.allowed_steps(~pattern & 0xffu), expected) << pattern;
      }
}

}  // namespace
}  // namespace yendor::path
