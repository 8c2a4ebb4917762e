// Sound: every emit equals loudness − a plainly computed Dijkstra distance over the damping,
// falls away from its source, keeps the loudest of several noises, is stopped by walls and
// muffled by doors, clears completely, and toward_loudest agrees with a brute-force choice.

#include "yendor/path/sound.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "support/ascii_level.hpp"
#include "support/random_cell.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::path {
namespace {

// Sound's step rule written out: into a non-blocking cell, and diagonally only when at least
// one of the two corner cells does not block (a seam of walls touching at a corner is sealed).
bool sound_step(const SoundDamping& damping, Point a, Point b) {
  if (chebyshev(a, b) != 1 || damping.cost(b) == 0) return false;
  if (a.x == b.x || a.y == b.y) return true;
  return damping.cost({b.x, a.y}) != 0 || damping.cost({a.x, b.y}) != 0;
}

// The reference: Dijkstra with a binary heap, loudness minus the damping summed over the
// cells entered, 0 where that is not positive.
Grid<std::int32_t> reference_sound(const SoundDamping& damping, Point source,
                                   std::int32_t loudness) {
  Grid<std::int64_t> dist(damping.size(), std::numeric_limits<std::int64_t>::max());
  using Item = std::pair<std::int64_t, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[source] = 0;
  open.push({0, dist.index_of(source)});
  while (!open.empty()) {
    const auto [d, i] = open.top();
    open.pop();
    const Point c = dist.point_of(i);
    if (d != dist[c]) continue;
    for (const Point step : k_directions8) {
      const Point n = c + step;
      if (!sound_step(damping, c, n)) continue;
      const std::int64_t nd = d + damping.cost(n);
      if (nd < dist[n]) {
        dist[n] = nd;
        open.push({nd, dist.index_of(n)});
      }
    }
  }
  Grid<std::int32_t> out(damping.size(), 0);
  for (std::size_t i = 0; i < out.cell_count(); ++i)
    if (dist[i] < loudness) out[i] = static_cast<std::int32_t>(loudness - dist[i]);
  return out;
}

// Mostly open air, some walls, some doors, and a few cells that swallow almost everything
// (damping 200..255: queued loudnesses then span the whole bucket ring).
SoundDamping random_damping(Rng& rng, Size size) {
  const double walls = rng.real(0.0, 0.5);
  const bool heavy = rng.chance(0.3);
  return SoundDamping::from(size, [&](Point) -> int {
    if (rng.chance(walls)) return 0;
    const double u = rng.unit();
    if (u < 0.75) return 1;
    if (u < 0.9) return rng.range(2, 6);
    return heavy ? rng.range(200, 255) : rng.range(7, 20);
  });
}

using test::random_cell;

TEST(SoundMap, EqualsLoudnessMinusAReferenceDijkstraOnRandomMaps) {
  Rng rng(1979);
  SoundMap sound;
  std::int64_t heard = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const Size size{rng.range(1, 24), rng.range(1, 24)};
    const SoundDamping damping = random_damping(rng, size);
    const Point source = random_cell(rng, size);
    const std::int32_t loudness = rng.chance(0.1) ? rng.range(256, 700) : rng.range(1, 40);
    sound.reset(size);
    sound.emit(damping, source, loudness);
    const Grid<std::int32_t> expected = reference_sound(damping, source, loudness);
    ASSERT_EQ(sound.values(), expected)
        << "trial " << trial << ": " << size.width << "x" << size.height << " from (" << source.x
        << "," << source.y << ") loudness " << loudness;
    const auto count = std::count_if(expected.cells().begin(), expected.cells().end(),
                                     [](std::int32_t v) { return v > 0; });
    EXPECT_EQ(sound.heard_cells(), static_cast<std::size_t>(count));
    heard += count;
  }
  EXPECT_GT(heard, 100000);
}

// The issue's monotonicity: the maximum is at the source, and every other heard cell has a
// louder neighbour toward the source from which it lost exactly its own damping (so walking
// to louder cells leads back to the source, and away from it the sound never grows).
TEST(SoundMap, FallsAwayFromItsSource) {
  Rng rng(44);
  SoundMap sound;
  for (int trial = 0; trial < 1000; ++trial) {
    const Size size{rng.range(1, 30), rng.range(1, 30)};
    const SoundDamping damping = random_damping(rng, size);
    const Point source = random_cell(rng, size);
    const std::int32_t loudness = rng.range(1, 60);
    sound.reset(size);
    sound.emit(damping, source, loudness);
    EXPECT_EQ(sound.at(source), loudness);
    EXPECT_EQ(*std::max_element(sound.values().cells().begin(), sound.values().cells().end()),
              loudness);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const Point c{x, y};
        for (const Point d : k_directions8) {
          const Point n = c + d;
          if (sound.at(c) > 0 && sound_step(damping, c, n)) {
            // One step on never loses more than the damping of the cell entered.
            EXPECT_GE(sound.at(n), sound.at(c) - damping.cost(n));
          }
        }
        if (c == source || sound.at(c) == 0) continue;
        bool louder_parent = false;
        for (const Point d : k_directions8) {
          const Point p = c + d;
          if (sound_step(damping, p, c) && sound.at(p) == sound.at(c) + damping.cost(c))
            louder_parent = true;
        }
        EXPECT_TRUE(louder_parent) << "trial " << trial << " at (" << x << "," << y << ")";
      }
  }
}

TEST(SoundMap, SeveralEmitsKeepTheLoudestAndClearForgetsThem) {
  Rng rng(7);
  SoundMap sound;
  for (int trial = 0; trial < 500; ++trial) {
    const Size size{rng.range(1, 20), rng.range(1, 20)};
    const SoundDamping damping = random_damping(rng, size);
    sound.reset(size);
    for (int turn = 0; turn < 3; ++turn) {
      Grid<std::int32_t> expected(size, 0);
      for (int noises = rng.range(1, 5); noises > 0; --noises) {
        const Point source = random_cell(rng, size);
        const std::int32_t loudness = rng.range(1, 30);
        sound.emit(damping, source, loudness);
        const Grid<std::int32_t> one = reference_sound(damping, source, loudness);
        for (std::size_t i = 0; i < expected.cell_count(); ++i)
          expected[i] = std::max(expected[i], one[i]);
        ASSERT_EQ(sound.values(), expected) << "trial " << trial;
      }
      sound.clear();
      ASSERT_EQ(sound.values(), Grid<std::int32_t>(size, 0));
      EXPECT_EQ(sound.heard_cells(), 0U);
    }
  }
}

TEST(SoundMap, WallsStopItAndDoorsMuffleIt) {
  const Level level = test::ascii_level({
      "##########",
      "#....+...#",
      "#....'...#",
      "#....L...#",
      "#....S...#",
      "##########",
  });
  const SoundDamping damping = sound_damping_from_tiles(level.tiles);
  const auto heard = [&](Point source, std::int32_t loudness) {
    SoundMap s;
    s.reset(level.size());
    s.emit(damping, source, loudness);
    return s;
  };
  // A noise in row 1 next to the closed door; the secret door in row 4 is solid.
  const SoundMap s = heard({4, 1}, 10);
  EXPECT_EQ(s.at({5, 1}), 10 - 4);  // into the closed door: damping 4
  // Past it, the louder way is around through the open door below, two diagonal steps.
  EXPECT_EQ(s.at({6, 1}), std::max(10 - 4 - 1, 10 - 2));
  EXPECT_EQ(s.at({5, 2}), 9);  // open door: open air
  EXPECT_EQ(s.at({5, 4}), 0);  // secret door: solid
  EXPECT_EQ(s.at({0, 0}), 0);  // walls never hold sound

  // A sealed room hears nothing.
  const Level sealed = test::ascii_level({
      "#######",
      "#..#..#",
      "#..#..#",
      "#######",
  });
  const SoundDamping sealed_damping = sound_damping_from_tiles(sealed.tiles);
  SoundMap quiet;
  quiet.reset(sealed.size());
  quiet.emit(sealed_damping, {1, 1}, 100);
  for (int y = 0; y < sealed.height(); ++y)
    for (int x = 3; x < sealed.width(); ++x)
      EXPECT_EQ(quiet.at({x, y}), 0) << x << "," << y;
  EXPECT_EQ(quiet.at({2, 2}), 99);

  // A corridor behind a closed door: every cell past it is 3 quieter than without the door.
  const Level corridor = test::ascii_level({
      "###########",
      "#....+....#",
      "###########",
  });
  const Level open_corridor = test::ascii_level({
      "###########",
      "#.........#",
      "###########",
  });
  SoundMap with_door, without;
  with_door.reset(corridor.size());
  without.reset(corridor.size());
  with_door.emit(sound_damping_from_tiles(corridor.tiles), {1, 1}, 12);
  without.emit(sound_damping_from_tiles(open_corridor.tiles), {1, 1}, 12);
  for (int x = 1; x <= 9; ++x) {
    EXPECT_EQ(without.at({x, 1}), 12 - (x - 1)) << x;
    EXPECT_EQ(with_door.at({x, 1}), x < 5 ? 12 - (x - 1) : std::max(0, 12 - (x - 1) - 3)) << x;
  }

  // Diagonal seams are sealed; a single wall corner is not.
  const Level seam = test::ascii_level({
      "####",
      "#.##",
      "##.#",
      "####",
  });
  SoundMap s2;
  s2.reset(seam.size());
  s2.emit(sound_damping_from_tiles(seam.tiles), {1, 1}, 5);
  EXPECT_EQ(s2.at({2, 2}), 0);
  const Level corner = test::ascii_level({
      "####",
      "#..#",
      "##.#",
      "####",
  });
  SoundMap s3;
  s3.reset(corner.size());
  s3.emit(sound_damping_from_tiles(corner.tiles), {1, 1}, 5);
  EXPECT_EQ(s3.at({2, 2}), 4);
}

TEST(SoundMap, DampingFromTilesFollowsTransparency) {
  SoundDampingCosts costs;
  costs.open = 2;
  costs.door_closed = 7;
  costs.door_locked = 9;
  costs.solid = 0;
  Grid<Tile> tiles(Size{static_cast<int>(k_tile_count), 1});
  for (std::size_t i = 0; i < k_tile_count; ++i)
    tiles[i] = static_cast<Tile>(i);
  const SoundDamping damping = sound_damping_from_tiles(tiles, costs);
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const auto t = static_cast<Tile>(i);
    const int expected = t == Tile::door_closed     ? 7
                         : t == Tile::door_locked   ? 9
                         : tile_info(t).transparent ? 2
                                                    : 0;
    EXPECT_EQ(damping.cost({static_cast<int>(i), 0}), expected) << tile_info(t).name;
  }
  EXPECT_EQ(damping.cost({0, 0}), 0);                          // wall
  EXPECT_EQ(sound_damping_from_tiles(tiles).cost({1, 0}), 1);  // floor, default costs
}

TEST(SoundMap, TowardLoudestIsTheLoudestAllowedNeighbour) {
  Rng rng(99);
  SoundMap sound;
  int moved = 0, stayed = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Size size{rng.range(2, 20), rng.range(2, 20)};
    const SoundDamping damping = random_damping(rng, size);
    const CostMap walk =
        CostMap::from(size, [&](Point p) { return damping.cost(p) == 0 ? 0 : rng.range(1, 3); });
    sound.reset(size);
    for (int n = rng.range(1, 3); n > 0; --n)
      sound.emit(damping, random_cell(rng, size), rng.range(1, 25));
    Movement m;
    m.connectivity = rng.chance(0.3) ? Connectivity::four : Connectivity::eight;
    m.corners = static_cast<CornerCutting>(rng.range(0, 2));
    for (int q = 0; q < 30; ++q) {
      const Point from = random_cell(rng, size);
      std::optional<Point> expected;
      std::int32_t best = sound.at(from);
      const int dirs = m.connectivity == Connectivity::four ? 4 : 8;
      for (int k = 0; k < dirs; ++k) {
        const Point d = k_directions8[static_cast<std::size_t>(k)];
        const Point n = from + d;
        if (!walk.passable(n)) continue;
        if (d.x != 0 && d.y != 0) {
          const bool a = walk.passable({n.x, from.y}), b = walk.passable({from.x, n.y});
          if (m.corners == CornerCutting::one_side && !(a || b)) continue;
          if (m.corners == CornerCutting::never && !(a && b)) continue;
        }
        if (sound.at(n) > best) {
          best = sound.at(n);
          expected = n;
        }
      }
      const auto got = sound.toward_loudest(walk, from, m);
      ASSERT_EQ(got, expected) << "trial " << trial;
      (got ? moved : stayed)++;
    }
  }
  EXPECT_GT(moved, 1000);
  EXPECT_GT(stayed, 1000);
}

// On real levels a monster that walks toward the loudest neighbour reaches the noise when it
// walks the way sound travels (8-connected, squeezing past single corners).
TEST(SoundMap, MonstersFollowANoiseToItsSourceOnLevels) {
  SoundMap sound;
  int followed = 0;
  for (const char* name : {"caves", "rooms", "maze"})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Level level = generate_level(builtin_generators().get(name), {80, 50}, seed, {});
      const SoundDamping damping = sound_damping_from_tiles(level.tiles);
      const CostMap walk = CostMap::from(level.size(), [&](Point p) { return damping.cost(p); });
      const Point noise = *level.meta.stairs.up;
      sound.reset(level.size());
      sound.emit(damping, noise, 60);
      for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); x += 7) {
          Point monster{x, y};
          if (sound.at(monster) == 0) continue;
          for (int steps = 0; steps < 100; ++steps) {
            const auto next = sound.toward_loudest(walk, monster, k_sound_steps);
            if (!next) break;
            ASSERT_GT(sound.at(*next), sound.at(monster));
            monster = *next;
          }
          EXPECT_EQ(monster, noise) << name << " " << seed;
          ++followed;
        }
    }
  EXPECT_GT(followed, 500);
}

TEST(SoundMap, BadInputIsAnInputError) {
  SoundMap sound;
  const SoundDamping damping({5, 4});
  EXPECT_THROW(sound.emit(damping, {1, 1}, 5), InputError);  // never sized
  sound.reset({5, 4});
  EXPECT_THROW(sound.emit(damping, {5, 1}, 5), InputError);
  EXPECT_THROW(sound.emit(damping, {-1, 1}, 5), InputError);
  EXPECT_THROW(sound.emit(damping, {1, 1}, 0), InputError);
  EXPECT_THROW(sound.emit(SoundDamping({4, 5}), {1, 1}, 5), InputError);
  EXPECT_THROW(sound.reset({-1, 2}), InputError);
  EXPECT_THROW((void)sound.toward_loudest(CostMap({5, 5}), {1, 1}, {}), InputError);
  EXPECT_THROW((void)sound.toward_loudest(CostMap({5, 4}), {1, 4}, {}), InputError);
  try {
    sound.emit(damping, {1, 1}, -3);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "sound: loudness -3 must be at least 1");
  }
  EXPECT_EQ(sound.values(), Grid<std::int32_t>({5, 4}, 0));
  // A huge loudness on a small map is fine (the spreading stops when nothing is queued).
  sound.emit(damping, {0, 0}, 2000000000);
  EXPECT_EQ(sound.at({4, 3}), 2000000000 - 4);
  // reset() to another size forgets the old one.
  sound.reset({2, 2});
  EXPECT_EQ(sound.values(), Grid<std::int32_t>({2, 2}, 0));
}

}  // namespace
}  // namespace yendor::path
