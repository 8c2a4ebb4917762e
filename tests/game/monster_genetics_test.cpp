// Monster genetics (FAQ "How do you add variety to your monsters?"; game/monster_genetics):
// genes stay within ±5 %, children lie between or near their parents, survivors that achieved
// more breed more, a population whose fast members survive gets faster over generations, the
// genes scale hit points, speed, experience and to-hit as documented, new levels breed from
// the living of the levels made before, and genes survive a save.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "support/game_fixture.hpp"
#include "support/game_test_content.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/spawn.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::game {
namespace {

std::vector<std::int32_t> all(const Genes& g) {
  return {g.health, g.attack, g.defence, g.speed};
}

bool within_five_percent(const Genes& g) {
  const auto v = all(g);
  return std::all_of(v.begin(), v.end(), [](std::int32_t x) { return x >= 950 && x <= 1050; });
}

// `value` × `gene` / 1000, rounded half up (the documented rule), in floating point.
int scaled(int value, std::int32_t gene) {
  return std::max(1, static_cast<int>(std::floor(value * (gene / 1000.0) + 0.5 + 1e-9)));
}

TEST(MonsterGenetics, FreshGenesStayWithinFivePercentAndCoverThem) {
  Rng rng(1);
  std::int32_t lo = 2000, hi = 0;
  for (int i = 0; i < 10'000; ++i) {
    const Genes g = fresh_genes(rng);
    EXPECT_TRUE(within_five_percent(g));
    for (std::int32_t v : all(g)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  EXPECT_EQ(lo, 950);
  EXPECT_EQ(hi, 1050);
}

TEST(MonsterGenetics, ChildrenLieBetweenOrNearTheirParents) {
  Rng rng(2);
  int genes = 0, between = 0;
  for (int i = 0; i < 20'000; ++i) {
    const Genes a = fresh_genes(rng), b = fresh_genes(rng);
    const Genes child = cross_genes(a, b, rng);
    EXPECT_TRUE(within_five_percent(child));
    const auto va = all(a), vb = all(b), vc = all(child);
    for (std::size_t k = 0; k < vc.size(); ++k) {
      const std::int32_t lo = std::min(va[k], vb[k]), hi = std::max(va[k], vb[k]);
      EXPECT_GE(vc[k], lo - k_mutation_step);
      EXPECT_LE(vc[k], hi + k_mutation_step);
      ++genes;
      between += vc[k] >= lo && vc[k] <= hi ? 1 : 0;
    }
  }
  // Only a mutation (chance 1/4, sometimes inward) takes a gene outside its parents'.
  EXPECT_GT(static_cast<double>(between) / genes, 0.75);
  EXPECT_LT(static_cast<double>(between) / genes, 0.95);
}

TEST(MonsterGenetics, IdenticalParentsHaveChildrenLikeThem) {
  Rng rng(3);
  const Genes top{1050, 1050, 1050, 1050};
  const std::vector<GeneParent> pool{{top, 1}, {top, 3}};
  for (int i = 0; i < 2000; ++i) {
    const Genes child = inherit_genes(pool, rng);
    for (std::int32_t v : all(child))
      EXPECT_GE(v, 1050 - k_mutation_step);
  }
}

// Fewer than two survivors: fresh genes, not copies of the one.
TEST(MonsterGenetics, WithoutTwoParentsGenesAreRolledFresh) {
  Rng rng(4);
  const std::vector<GeneParent> one{{Genes{1050, 1050, 1050, 1050}, 5}};
  double sum = 0;
  const int n = 4000;
  for (int i = 0; i < n; ++i) {
    const Genes g = inherit_genes(one, rng);
    EXPECT_TRUE(within_five_percent(g));
    sum += g.health;
    EXPECT_TRUE(within_five_percent(inherit_genes({}, rng)));
  }
  EXPECT_NEAR(sum / n, 1000.0, 5.0);
}

TEST(MonsterGenetics, SurvivorsThatAchievedMoreBreedMore) {
  // Weights from memory: surviving counts 1, then turns awake and damage dealt add.
  ai::Memory m;
  EXPECT_EQ(breeding_weight(m), 1u);
  m.turns_alive = 250;
  EXPECT_EQ(breeding_weight(m), 3u);
  m.damage_dealt = 7;
  EXPECT_EQ(breeding_weight(m), 10u);
  m.turns_alive = 1 << 30;
  m.damage_dealt = 1 << 30;
  EXPECT_EQ(breeding_weight(m), 2001u);  // capped
  // Drawn by weight: a heavy fast parent among light slow ones fathers most children.
  const Genes slow{1000, 1000, 1000, 950}, fast{1000, 1000, 1000, 1050};
  const auto mean_speed = [](const std::vector<GeneParent>& pool, std::uint64_t seed) {
    Rng rng(seed);
    double sum = 0;
    for (int i = 0; i < 4000; ++i)
      sum += inherit_genes(pool, rng).speed;
    return sum / 4000;
  };
  const std::vector<GeneParent> even{{slow, 1}, {slow, 1}, {slow, 1}, {fast, 1}};
  const std::vector<GeneParent> heavy{{slow, 1}, {slow, 1}, {slow, 1}, {fast, 60}};
  // Evenly: the fast one is a parent of half the children (mean 975); heavily weighted, of
  // nearly all (mean 1000: its gene, the other's or their mean, each a third).
  const double even_mean = mean_speed(even, 5), heavy_mean = mean_speed(heavy, 5);
  EXPECT_NEAR(even_mean, 975.0, 5.0);
  EXPECT_NEAR(heavy_mean, 1000.0, 5.0);
}

// The FAQ's argument: the player kills the slow, the fast survive to breed, the kind gets
// faster. Each generation is bred from the last one's survivors; the faster a monster, the
// likelier it survives. The unselected health gene only drifts.
TEST(MonsterGenetics, APopulationWhoseFastSurviveGetsFaster) {
  Rng rng(2015);
  std::vector<GeneParent> pool;
  for (int i = 0; i < 60; ++i)
    pool.push_back(GeneParent{fresh_genes(rng), 1});
  const auto mean = [](const std::vector<GeneParent>& p, std::int32_t Genes::*gene) {
    double sum = 0;
    for (const GeneParent& g : p)
      sum += g.genes.*gene;
    return sum / static_cast<double>(p.size());
  };
  const double speed0 = mean(pool, &Genes::speed), health0 = mean(pool, &Genes::health);
  double previous = speed0;
  int rises = 0;
  for (int generation = 0; generation < 12; ++generation) {
    std::vector<GeneParent> survivors;
    while (survivors.size() < 30) {
      const Genes child = inherit_genes(pool, rng);
      // Survival from 10 % for the slowest to 90 % for the fastest.
      if (rng.chance(0.1 + 0.8 * (child.speed - 950) / 100.0)) survivors.push_back({child, 1});
    }
    pool = survivors;
    const double now = mean(pool, &Genes::speed);
    rises += now > previous ? 1 : 0;
    previous = now;
  }
  const double speed_drift = mean(pool, &Genes::speed) - speed0;
  EXPECT_GT(speed_drift, 25.0);
  EXPECT_GT(mean(pool, &Genes::speed), 1025.0);
  EXPECT_GE(rises, 6);
  EXPECT_LT(std::abs(mean(pool, &Genes::health) - health0), speed_drift);
}

// ---- what the genes do ----

TEST(MonsterGenetics, GenesScaleHitPointsSpeedAndExperience) {
  const Content& c = *testing::shared_test_content();
  const Genes genes{1047, 951, 1033, 962};
  for (std::size_t kind = 0; kind < c.monsters.size(); ++kind) {
    const MonsterKind& k = c.monsters[kind];
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      Rng a(seed), b(seed);
      const Actor base = roll_monster(c, static_cast<int>(kind), 2, a);
      const Actor m = roll_monster(c, static_cast<int>(kind), 2, b, genes);
      EXPECT_EQ(m.genes, genes);
      EXPECT_EQ(m.attr, base.attr);  // genes draw nothing: the same roll
      EXPECT_EQ(m.memory.personality, base.memory.personality);
      EXPECT_EQ(m.max_hp, scaled(base.max_hp, genes.health)) << k.id;
      EXPECT_EQ(m.hp, m.max_hp);
      EXPECT_EQ(m.speed, scaled(base.speed, genes.speed)) << k.id;
      // Experience: the documented formula with the gene-scaled speed, times the mean of the
      // health, attack and defence genes.
      const Attributes b_ = k.race >= 0 ? c.races[static_cast<std::size_t>(k.race)].attribute_bonus
                                        : Attributes{0, 0, 0};
      const auto mid = [](IntRange r) { return (r.lo + r.hi) / 2.0; };
      const double middle = mid(k.str) + mid(k.dex) + mid(k.con) + mid(k.speed) / 10.0;
      const double value =
          (m.attr.str - b_.str) + (m.attr.dex - b_.dex) + (m.attr.con - b_.con) + m.speed / 10.0;
      const double factor = (genes.health + genes.attack + genes.defence) / 3000.0;
      EXPECT_NEAR(m.xp, std::max(1.0, k.base_xp * value / middle * factor), 0.5 + 1e-9) << k.id;
    }
  }
}

TEST(MonsterGenetics, AttackAndDefenceGenesScaleTheToHitChance) {
  Game game = testing::ascii_game({"#####", "#@g.#", "#####"});
  Actor& player = game.state().player;
  Actor goblin = game.level().monsters.at(0);
  const int neutral = to_hit_percent(game, goblin, player);
  ASSERT_GT(neutral, 20);
  ASSERT_LT(neutral, 80);
  // chance × attack / defence, rounded half up: exact in integers.
  const auto expected = [](int chance, int attack, int defence) {
    return (2 * chance * attack + defence) / (2 * defence);
  };
  goblin.genes.attack = 1050;
  EXPECT_EQ(to_hit_percent(game, goblin, player), expected(neutral, 1050, 1000));
  EXPECT_GT(to_hit_percent(game, goblin, player), neutral);
  goblin.genes.attack = 950;
  EXPECT_EQ(to_hit_percent(game, goblin, player), expected(neutral, 950, 1000));
  EXPECT_LT(to_hit_percent(game, goblin, player), neutral);
  goblin.genes.attack = 1000;
  const int against = to_hit_percent(game, player, goblin);
  goblin.genes.defence = 1050;
  EXPECT_EQ(to_hit_percent(game, player, goblin), expected(against, 1000, 1050));
  EXPECT_LT(to_hit_percent(game, player, goblin), against);
  goblin.genes.defence = 950;
  EXPECT_EQ(to_hit_percent(game, player, goblin), expected(against, 1000, 950));
  EXPECT_GT(to_hit_percent(game, player, goblin), against);
}

// ---- in the game ----

TEST(MonsterGenetics, PoolsHoldTheLivingOfMadeLevelsInOrder) {
  GameState s;
  s.dungeon.resize(3);
  s.dungeon[0].depth = 1;
  s.dungeon[1].depth = 0;  // not made yet
  s.dungeon[2].depth = 3;
  const auto monster = [](ActorId id, int kind, int hp, std::int32_t gene, std::int32_t turns) {
    Actor a;
    a.id = id;
    a.kind = kind;
    a.hp = hp;
    a.genes.speed = gene;
    a.memory.turns_alive = turns;
    return a;
  };
  s.dungeon[0].monsters = {monster(2, 1, 5, 960, 0), monster(3, 0, 5, 970, 0),
                           monster(4, 1, 0, 980, 0)};  // #4 died
  s.dungeon[1].monsters = {monster(5, 1, 5, 990, 0)};  // an unmade level: ignored
  s.dungeon[2].monsters = {monster(6, 1, 5, 1000, 300)};
  const auto pools = gene_pools(s, 2);
  ASSERT_EQ(pools.size(), 2u);
  ASSERT_EQ(pools[0].size(), 1u);
  EXPECT_EQ(pools[0][0].genes.speed, 970);
  ASSERT_EQ(pools[1].size(), 2u);
  EXPECT_EQ(pools[1][0].genes.speed, 960);
  EXPECT_EQ(pools[1][1].genes.speed, 1000);
  EXPECT_EQ(pools[1][1].weight, 4u);
}

int count_kind(const LevelState& level, int kind) {
  return static_cast<int>(std::count_if(level.monsters.begin(), level.monsters.end(),
                                        [kind](const Actor& m) { return m.kind == kind; }));
}

// A new level's monsters are the children of the living on the levels made before: give every
// monster of level 1 the same distinctive genes and the kinds that had two of them alive pass
// them on; kinds whose every member was killed start afresh.
TEST(MonsterGenetics, NewLevelsBreedFromTheSurvivorsOfEarlierOnes) {
  const auto content = testing::shared_test_content();
  const Genes mark{1050, 950, 1050, 950};
  const auto near_mark = [&mark](const Genes& g) {
    const auto v = all(g), w = all(mark);
    for (std::size_t i = 0; i < v.size(); ++i)
      if (std::abs(v[i] - w[i]) > k_mutation_step) return false;
    return true;
  };
  int checked_inherited = 0, checked_fresh = 0;
  for (std::uint64_t seed = 1; seed <= 40 && (checked_inherited == 0 || checked_fresh == 0);
       ++seed) {
    GameOptions options;
    options.seed = seed;
    Game game(content, options);
    LevelState& first = game.state().dungeon[0];
    const int rat = content->monster_index("rat"), goblin = content->monster_index("goblin");
    if (count_kind(first, rat) < 2 || count_kind(first, goblin) < 2) continue;
    // Goblins live on with the mark; rats carry it too, but all of them die.
    for (Actor& m : first.monsters) {
      m.genes = mark;
      if (m.kind == rat) m.hp = 0;
    }
    change_level(game, 2, true);
    const LevelState& second = game.state().dungeon[1];
    for (const Actor& m : second.monsters) {
      EXPECT_TRUE(within_five_percent(m.genes));
      if (m.kind == goblin) {
        EXPECT_TRUE(near_mark(m.genes)) << "seed " << seed;
        ++checked_inherited;
      }
      if (m.kind == rat) {
        checked_fresh += near_mark(m.genes) ? 0 : 1;
      }
    }
  }
  EXPECT_GT(checked_inherited, 0);
  EXPECT_GT(checked_fresh, 0);
}

TEST(MonsterGenetics, GenesAndPoolsSurviveASave) {
  const auto content = testing::shared_test_content();
  GameOptions options;
  options.seed = 12;
  Game game(content, options);
  change_level(game, 2, true);
  Rng rng(6);
  for (LevelState& level : game.state().dungeon)
    for (Actor& m : level.monsters)
      m.genes = fresh_genes(rng);
  const GameState& s = game.state();
  const GameState back = decode_state(encode_state(s, *content), *content);
  EXPECT_TRUE(back == s);
  EXPECT_EQ(gene_pools(back, content->monsters.size()), gene_pools(s, content->monsters.size()));
  std::size_t with_genes = 0;
  for (const LevelState& level : back.dungeon)
    for (const Actor& m : level.monsters)
      with_genes += m.genes == Genes{} ? 0 : 1;
  EXPECT_GT(with_genes, 0u);
}

}  // namespace
}  // namespace yendor::game
