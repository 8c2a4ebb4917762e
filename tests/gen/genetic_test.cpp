// `genetic`: the evolution (elitist selection, operators that keep chromosomes valid trees,
// the documented fitness) and the carved level (a tree of rooms and hallways, special rooms at
// the edges).

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/genetic_evolution.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

using genetic::Evolution;
using genetic::EvolutionSettings;
using genetic::Link;
using genetic::RoomGene;

Level evolve(std::uint64_t seed, const RawParams& raw, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get("genetic");
  return generate_level(g, size, seed, g.info().schema.parse("genetic", raw));
}

// Whether the cell is on the wall ring of `r`, not at a corner, next to its floor.
bool on_side(const Rect& r, Point p) {
  const bool along_x = p.x >= r.left() && p.x <= r.right();
  const bool along_y = p.y >= r.top() && p.y <= r.bottom();
  return (along_x && (p.y == r.top() - 1 || p.y == r.bottom() + 1)) ||
         (along_y && (p.x == r.left() - 1 || p.x == r.right() + 1));
}

// The header's rules, checked by brute force on the decoded chromosome.
void expect_valid_chromosome(std::span<const RoomGene> genes, const EvolutionSettings& s,
                             const std::string& context) {
  SCOPED_TRACE(context);
  ASSERT_GE(genes.size(), 1u);
  ASSERT_LE(genes.size(), static_cast<std::size_t>(s.max_rooms));
  ASSERT_EQ(genes[0].parent, -1);
  std::vector<std::set<int>> sides(genes.size());
  for (std::size_t i = 1; i < genes.size(); ++i) {
    const int p = genes[i].parent;
    ASSERT_GE(p, 0);
    ASSERT_LT(p, static_cast<int>(i));  // parents first: a tree, no cycles
    ASSERT_LT(genes[i].side, 4);
    EXPECT_TRUE(sides[static_cast<std::size_t>(p)].insert(genes[i].side).second)
        << "two children on one side of room " << p;
    EXPECT_TRUE(sides[i].insert((genes[i].side + 2) % 4).second);
  }
  for (std::size_t i = 1; i < genes.size(); ++i)  // the side facing the parent stays free
    EXPECT_EQ(std::count(sides[i].begin(), sides[i].end(), (genes[i].side + 2) % 4), 1);
  const std::vector<Link> links = genetic::decode(genes);
  const Rect inside{1, 1, s.map.width - 2, s.map.height - 2};
  for (std::size_t i = 0; i < links.size(); ++i) {
    const Rect& room = links[i].room;
    EXPECT_TRUE(inside.contains(room)) << "room " << i;
    EXPECT_GE(room.width, s.room_min);
    EXPECT_LE(room.width, s.room_max);
    EXPECT_GE(room.height, s.room_min);
    EXPECT_LE(room.height, s.room_max);
    for (std::size_t j = i + 1; j < links.size(); ++j)
      EXPECT_FALSE(room.expanded(1).intersects(links[j].room)) << "rooms " << i << ", " << j;
    if (i == 0) continue;
    const Link& link = links[i];
    const Rect& parent = links[static_cast<std::size_t>(genes[i].parent)].room;
    EXPECT_TRUE(inside.contains(link.hall)) << "hall " << i;
    EXPECT_LE(link.hall.area(), s.hall_max + 2);
    EXPECT_TRUE(on_side(parent, link.parent_door)) << "hall " << i;
    EXPECT_TRUE(on_side(room, link.room_door)) << "hall " << i;
    for (std::size_t r = 0; r < links.size(); ++r) {
      if (r == i || static_cast<int>(r) == genes[i].parent) {
        EXPECT_FALSE(link.hall.intersects(links[r].room));
        continue;
      }
      EXPECT_FALSE(link.hall.intersects(links[r].room.expanded(1)))
          << "hall " << i << ", room " << r;
    }
  }
}

TEST(Genetic, BestFitnessNeverFallsAndRises) {
  int improved = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Rng rng(seed);
    EvolutionSettings s;
    Evolution evolution(s, rng);
    const std::int64_t first = evolution.fitness(evolution.best());
    std::int64_t best = first;
    for (int g = 0; g < 60; ++g) {
      evolution.next_generation(rng);
      const std::int64_t now = evolution.fitness(evolution.best());
      EXPECT_GE(now, best) << "seed " << seed << " generation " << g;
      best = now;
    }
    improved += best > first ? 1 : 0;
  }
  EXPECT_GE(improved, 9);
}

TEST(Genetic, EveryChromosomeStaysValidOverGenerations) {
  for (std::uint64_t seed = 0; seed < 4; ++seed) {
    Rng rng(seed + 100);
    EvolutionSettings s;
    s.map = {60 + 10 * static_cast<int>(seed), 40};
    s.population = 16;
    Evolution evolution(s, rng);
    for (int g = 0; g <= 15; ++g) {
      for (int i = 0; i < evolution.population(); ++i)
        expect_valid_chromosome(evolution.chromosome(i), s,
                                "seed " + std::to_string(seed) + " generation " +
                                    std::to_string(g) + " chromosome " + std::to_string(i));
      evolution.next_generation(rng);
    }
  }
}

TEST(Genetic, CrossoverAndMutationGiveValidTrees) {
  Rng rng(7);
  EvolutionSettings s;
  s.population = 12;
  Evolution evolution(s, rng);
  for (int g = 0; g < 5; ++g)
    evolution.next_generation(rng);
  int resized = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int a = static_cast<int>(rng.below(12)), b = static_cast<int>(rng.below(12));
    const std::vector<RoomGene> child = evolution.crossover(a, b, rng);
    expect_valid_chromosome(child, s, "crossover, trial " + std::to_string(trial));
    resized += child.size() != evolution.chromosome(a).size() ? 1 : 0;
    const std::vector<RoomGene> mutant = evolution.mutate(a, rng);
    expect_valid_chromosome(mutant, s, "mutation, trial " + std::to_string(trial));
    // A valid chromosome passes the repair unchanged.
    EXPECT_EQ(evolution.repair(child), child);
    EXPECT_EQ(evolution.repair(mutant), mutant);
  }
  EXPECT_GT(resized, 30);  // swapped subtrees differ in size
}

TEST(Genetic, RepairDropsRoomsThatBreakTheRulesWithTheirSubtrees) {
  Rng rng(1);
  EvolutionSettings s;
  s.population = 2;
  Evolution evolution(s, rng);
  RoomGene root{-1, 0, 0, 5, 5, 10, 10, 0};  // floor (10,10)-(14,14)
  RoomGene east{0, genetic::k_east, 0, 4, 4, 0, 0, 2};
  RoomGene off_map{0, genetic::k_north, 0, 4, 4, 0, 0, 20};  // hallway leaves the map
  RoomGene orphan{2, genetic::k_west, 0, 3, 3, 0, 0, 1};     // child of the dropped room
  RoomGene same_side{0, genetic::k_east, 0, 3, 3, 0, 0, 1};  // east is taken
  RoomGene west{0, genetic::k_west, 0, 3, 3, 1, 1, 1};
  const std::vector<RoomGene> repaired =
      evolution.repair(std::vector<RoomGene>{root, east, off_map, orphan, same_side, west});
  ASSERT_EQ(repaired.size(), 3u);
  EXPECT_EQ(repaired[1].side, genetic::k_east);
  EXPECT_EQ(repaired[2].side, genetic::k_west);
  EXPECT_EQ(repaired[2].parent, 0);
  expect_valid_chromosome(repaired, s, "repaired");
}

TEST(Genetic, FitnessIsTheDocumentedFormula) {
  Rng rng(1);
  EvolutionSettings s;  // 80x50, rooms 3..8
  s.population = 2;
  Evolution evolution(s, rng);
  // Root 5x4 at (30,20); a special 6x3 room east of it after a 2-cell hallway, its door
  // offsets 1 (parent) and 0 (own side).
  const RoomGene root{-1, 0, 0, 5, 4, 30, 20, 0};
  const RoomGene child{0, genetic::k_east, 1, 6, 3, 1, 0, 2};
  std::int64_t fitness = 0;
  const auto genes = evolution.repair(std::vector<RoomGene>{root, child}, &fitness);
  ASSERT_EQ(genes.size(), 2u);
  const std::vector<Link> links = genetic::decode(genes);
  // Worked out by hand: the child's door row is y = 21, so its floor is (39,21)-(44,23).
  EXPECT_EQ(links[1].room, (Rect{39, 21, 6, 3}));
  const std::int64_t area = 5 * 4 + 6 * 3;
  const std::int64_t box = Rect::from_corners({30, 20}, {44, 23}).area();
  const std::int64_t hall = 4;  // two doors and two cells between
  const std::int64_t d_max = (50 - 2) / 2, special = (3 + 8) * (3 + 8) / 2;
  const std::int64_t d = std::min({39 - 1, 21 - 1, 78 - 44, 48 - 23});
  EXPECT_EQ(fitness, d_max * (5 * area - box - 4 * hall) + 4 * special * (d_max - d));
}

TEST(Genetic, EvolutionIsDeterministic) {
  Rng a(42), b(42);
  EvolutionSettings s;
  Evolution x(s, a), y(s, b);
  for (int g = 0; g < 10; ++g) {
    x.next_generation(a);
    y.next_generation(b);
  }
  for (int i = 0; i < x.population(); ++i) {
    const auto cx = x.chromosome(i), cy = y.chromosome(i);
    EXPECT_TRUE(std::equal(cx.begin(), cx.end(), cy.begin(), cy.end()));
    EXPECT_EQ(x.fitness(i), y.fitness(i));
  }
}

TEST(Genetic, LevelIsATreeOfRoomsAndHallways) {
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const Level level = evolve(seed, {});
    const auto& rooms = level.meta.rooms;
    ASSERT_FALSE(rooms.empty());
    EXPECT_LE(rooms.size(), 24u);  // 0 = one per 150 inner cells: 78 x 48 / 150
    ASSERT_EQ(level.meta.corridors.size(), rooms.size() - 1) << "seed " << seed;
    for (std::size_t i = 0; i < level.meta.corridors.size(); ++i) {
      const Corridor& c = level.meta.corridors[i];
      EXPECT_EQ(c.to_room, static_cast<int>(i) + 1);
      ASSERT_GE(c.from_room, 0);
      EXPECT_LT(c.from_room, c.to_room);  // each room hangs off an earlier one
      // From a door in the parent's wall to a door in the room's wall, in a straight line.
      EXPECT_TRUE(on_side(rooms[static_cast<std::size_t>(c.from_room)].rect, c.cells.front()));
      EXPECT_TRUE(on_side(rooms[static_cast<std::size_t>(c.to_room)].rect, c.cells.back()));
      EXPECT_TRUE(c.cells.front().x == c.cells.back().x || c.cells.front().y == c.cells.back().y);
      for (Point p : c.cells)
        EXPECT_TRUE(is_traversable(level.tiles[p]));
    }
    for (const Door& door : level.meta.doors)
      EXPECT_TRUE(on_side(rooms[static_cast<std::size_t>(door.room)].rect, door.pos));
  }
}

TEST(Genetic, UpToThreeSpecialRoomsNearTheEdges) {
  double special_share = 0, plain_share = 0;
  int with_special = 0, specials = 0, plains = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const Level level = evolve(seed, {});
    int here = 0;
    for (const Room& r : level.meta.rooms) {
      const Rect& f = r.rect;
      const int d = std::min({f.left() - 1, f.top() - 1, level.width() - 2 - f.right(),
                              level.height() - 2 - f.bottom()});
      // Distance to the edge as a share of the largest possible one.
      const double share = d / ((std::min(level.width(), level.height()) - 2) / 2.0);
      if (r.kind == "special") {
        ++here;
        ++specials;
        special_share += share;
      } else {
        EXPECT_EQ(r.kind, "room");
        ++plains;
        plain_share += share;
      }
    }
    EXPECT_LE(here, 3) << "seed " << seed;
    with_special += here > 0 ? 1 : 0;
  }
  EXPECT_GE(with_special, 36);
  ASSERT_GT(specials, 0);
  EXPECT_LT(special_share / specials, 0.5 * plain_share / plains);
}

TEST(Genetic, RejectsContradictoryParametersAndTooMuchWork) {
  EXPECT_THROW(evolve(1, {{"room_min", "9"}, {"room_max", "5"}}), InputError);
  EXPECT_THROW(evolve(1, {{"room_min", "9"}}, {10, 40}), InputError);
  EXPECT_THROW(evolve(1, {{"population", "1000"}, {"generations", "1000"}}), InputError);
  EXPECT_NO_THROW(evolve(1, {{"generations", "0"}}));
}

}  // namespace
}  // namespace yendor
