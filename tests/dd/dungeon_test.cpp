// A new dd game (docs/dd.md): the dungeon every seed makes — the hero on floor with only the
// 3x3 square round it revealed, the recipe's monsters and items, one level-10 boss far from the
// start, nothing within the safe radius, every floor cell reachable — over thousands of seeds,
// for the recipe's generator and the others; determinism with a pinned hash; bad setups.

#include <gtest/gtest.h>

#include <array>
#include <set>

#include "dd/dd_support.hpp"
#include "yendor/core/error.hpp"
#include "yendor/dd/text.hpp"

namespace yendor::dd {
namespace {

using testing::shipped;

std::array<int, k_cells> distances_from(const State& s, int from) {
  std::array<int, k_cells> dist;
  dist.fill(-1);
  std::vector<int> queue{from};
  dist[static_cast<std::size_t>(from)] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int c = queue[head];
    for (int d = 0; d < 8; ++d) {
      const int x = cell_x(c) + k_dir_dx[static_cast<std::size_t>(d)];
      const int y = cell_y(c) + k_dir_dy[static_cast<std::size_t>(d)];
      if (x < 0 || y < 0 || x >= k_side || y >= k_side) continue;
      const int n = cell_of(x, y);
      if (s.wall[static_cast<std::size_t>(n)] != 0 || dist[static_cast<std::size_t>(n)] >= 0)
        continue;
      dist[static_cast<std::size_t>(n)] = dist[static_cast<std::size_t>(c)] + 1;
      queue.push_back(n);
    }
  }
  return dist;
}

void expect_valid_dungeon(const State& s, const Content& c, bool full_counts) {
  const DungeonRecipe& d = c.dungeon;
  ASSERT_EQ(s.outcome, Outcome::playing);
  ASSERT_EQ(s.wall[s.hero.cell], 0);
  // Revealed: exactly the 3x3 square round the hero (inside the map).
  int revealed = 0;
  for (int cell = 0; cell < k_cells; ++cell) {
    const bool near = std::abs(cell_x(cell) - cell_x(s.hero.cell)) <= 1 &&
                      std::abs(cell_y(cell) - cell_y(s.hero.cell)) <= 1;
    EXPECT_EQ(s.revealed[static_cast<std::size_t>(cell)], near ? 1 : 0) << cell;
    revealed += near ? 1 : 0;
  }
  EXPECT_EQ(s.unrevealed, k_cells - revealed);
  // Every floor cell reachable from the start.
  const auto dist = distances_from(s, s.hero.cell);
  for (int cell = 0; cell < k_cells; ++cell)
    if (s.wall[static_cast<std::size_t>(cell)] == 0) {
      EXPECT_GE(dist[static_cast<std::size_t>(cell)], 0) << cell;
    }
  // Monsters: on free floor, none near the start, one boss of level 10.
  std::array<int, 11> per_level{};
  int bosses = 0;
  for (int i = 0; i < s.monster_count; ++i) {
    const Monster& m = s.monsters[static_cast<std::size_t>(i)];
    EXPECT_EQ(s.wall[m.cell], 0);
    EXPECT_EQ(s.monster_at[m.cell], i);
    EXPECT_EQ(s.item_at[m.cell], 0);
    EXPECT_NE(m.cell, s.hero.cell);
    EXPECT_EQ(m.hp, m.max_hp);
    EXPECT_EQ(m.boss, c.monsters[m.kind].boss);
    if (m.boss) {
      ++bosses;
      EXPECT_EQ(m.level, k_boss_level);
      EXPECT_EQ(s.boss, i);
      const int far = *std::max_element(dist.begin(), dist.end());
      EXPECT_GE(dist[m.cell], std::min(d.boss_min_distance, far));
    } else {
      EXPECT_GT(std::max(std::abs(cell_x(m.cell) - cell_x(s.hero.cell)),
                         std::abs(cell_y(m.cell) - cell_y(s.hero.cell))),
                d.safe_radius);
    }
    ++per_level[m.level];
  }
  EXPECT_EQ(bosses, 1);
  EXPECT_EQ(s.alive, s.monster_count);
  std::array<int, k_item_kind_count> items{};
  for (int cell = 0; cell < k_cells; ++cell) {
    const auto k = s.item_at[static_cast<std::size_t>(cell)];
    if (k != 0) {
      EXPECT_EQ(s.wall[static_cast<std::size_t>(cell)], 0);
      EXPECT_NE(cell, s.hero.cell);
    }
    ++items[k];
  }
  if (full_counts) {
    for (int level = 1; level <= k_monster_levels; ++level)
      EXPECT_EQ(per_level[static_cast<std::size_t>(level)],
                d.monsters_per_level[static_cast<std::size_t>(level - 1)]);
    for (int k = 1; k < k_item_kind_count; ++k)
      EXPECT_EQ(items[static_cast<std::size_t>(k)], d.items[static_cast<std::size_t>(k)].count)
          << k;
  }
  // The hero as its class starts.
  const HeroClass& hc = c.classes[s.hero.hero_class];
  EXPECT_EQ(s.hero.level, 1);
  EXPECT_EQ(s.hero.hp, s.hero.max_hp);
  EXPECT_EQ(s.hero.health_potions, hc.health_potions);
  EXPECT_EQ(s.hero.mana_potions, hc.mana_potions);
}

TEST(DdDungeon, EverySeedMakesAValidFullDungeon) {
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    SCOPED_TRACE(seed);
    expect_valid_dungeon(new_game(shipped(), {}, seed), shipped(), true);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(DdDungeon, SpellsOnTheFloorAreDistinctKinds) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const State s = new_game(shipped(), {}, seed);
    std::multiset<int> spells;
    for (int cell = 0; cell < k_cells; ++cell)
      if (s.item_at[static_cast<std::size_t>(cell)] == static_cast<std::uint8_t>(ItemKind::spell))
        spells.insert(s.spell_at[static_cast<std::size_t>(cell)]);
    EXPECT_EQ(spells.size(), 5u);
    EXPECT_EQ(std::set<int>(spells.begin(), spells.end()).size(), 5u);
  }
}

TEST(DdDungeon, OtherGeneratorsMakeTheTerrainToo) {
  for (const char* generator : {"rooms", "bsp", "caves", "maze", "digger", "genetic"}) {
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      dd::Setup setup;
      setup.generator = generator;
      SCOPED_TRACE(std::string(generator) + " seed " + std::to_string(seed));
      expect_valid_dungeon(new_game(shipped(), setup, seed), shipped(), false);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(DdDungeon, EveryRaceAndClassStarts) {
  for (const Race& r : shipped().races)
    for (const HeroClass& hc : shipped().classes) {
      dd::Setup setup;
      setup.race = r.id;
      setup.hero_class = hc.id;
      const State s = new_game(shipped(), setup, 3);
      expect_valid_dungeon(s, shipped(), true);
      for (std::size_t i = 0; i < hc.spells.size(); ++i)
        EXPECT_EQ(s.hero.glyphs[i], hc.spells[i]);
    }
}

TEST(DdDungeon, SameSeedSameGameAndThePinnedHash) {
  const State a = new_game(shipped(), {}, 42);
  EXPECT_EQ(a, new_game(shipped(), {}, 42));
  EXPECT_EQ(state_hash(a), state_hash(new_game(shipped(), {}, 42)));
  EXPECT_NE(state_hash(a), state_hash(new_game(shipped(), {}, 43)));
  // A change here means every dd game changed: say so in the commit and docs/dd.md.
  EXPECT_EQ(state_hash(a), 11913797314916202961u) << "pin: " << state_hash(a);
}

TEST(DdDungeon, BadSetupsAreClearErrors) {
  dd::Setup s;
  s.race = "troll";
  EXPECT_THROW(new_game(shipped(), s, 1), InputError);
  s = {};
  s.hero_class = "bard";
  EXPECT_THROW(new_game(shipped(), s, 1), InputError);
  s = {};
  s.generator = "nowhere";
  EXPECT_THROW(new_game(shipped(), s, 1), InputError);
  s = {};
  s.params.set("clumps", std::int64_t{3});
  EXPECT_THROW(validate(s, shipped()), InputError);  // parameters without a generator
  s.generator = "dd";
  EXPECT_NO_THROW(validate(s, shipped()));
  s.params.set("clumps", std::int64_t{-3});
  EXPECT_THROW(validate(s, shipped()), InputError);
}

}  // namespace
}  // namespace yendor::dd
