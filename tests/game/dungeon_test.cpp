// The dungeon: level recipes, making and populating levels, new games, moving between levels
// and catching up levels left behind (docs/rules.md, "The dungeon").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "support/game_test_content.hpp"
#include "yendor/core/error.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/spawn.hpp"
#include "yendor/game/world.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::game {
namespace {

using testing::shared_test_content;
using testing::test_content;

std::shared_ptr<const Content> with(const std::function<void(Content&)>& change) {
  Content c = test_content();
  change(c);
  return std::make_shared<const Content>(std::move(c));
}

std::shared_ptr<const Content> shipped_content() {
  static const auto content =
      std::make_shared<const Content>(load_content(std::string(YENDOR_SOURCE_DIR) + "/data/game"));
  return content;
}

GameOptions options(std::uint64_t seed, int levels = 0) {
  GameOptions o;
  o.seed = seed;
  o.name = "Tester";
  o.levels = levels;
  return o;
}

bool is_stairs(Tile t) {
  return t == Tile::stairs_up || t == Tile::stairs_down;
}

// The experience the docs' formula gives, in floating point (an independent oracle); `genes`
// is the mean of the health, attack and defence genes (1 when neutral).
double xp_oracle(const MonsterKind& k, const Attributes& rolled, int speed, double genes = 1.0) {
  const auto mid = [](IntRange r) { return (r.lo + r.hi) / 2.0; };
  const double middle = mid(k.str) + mid(k.dex) + mid(k.con) + mid(k.speed) / 10.0;
  const double value = rolled.str + rolled.dex + rolled.con + speed / 10.0;
  return std::max(1.0, k.base_xp * value / middle * genes);
}

// `value` times a gene in thousandths, rounded half up, at least 1 (docs/rules.md, Monster
// genetics).
double with_gene(double value, std::int32_t gene) {
  return std::max(1.0, std::floor(value * gene / 1000.0 + 0.5 + 1e-9));
}

Attributes race_bonus(const Content& c, const MonsterKind& k) {
  return k.race >= 0 ? c.races[static_cast<std::size_t>(k.race)].attribute_bonus
                     : Attributes{0, 0, 0};
}

// Every property a freshly made (or returned-to) level must have.
void check_level(const Game& game, const LevelState& level) {
  const Content& c = game.content();
  const GameState& s = game.state();
  ASSERT_EQ(level.lock_open.size(), level.level.meta.locks.size());
  ASSERT_EQ(level.occupant.size(), level.level.size());
  std::set<Point> taken;
  for (const Actor& m : level.monsters) {
    SCOPED_TRACE("depth " + std::to_string(level.depth) + " monster " + std::to_string(m.id));
    ASSERT_GE(m.kind, 0);
    const MonsterKind& k = c.monsters[static_cast<std::size_t>(m.kind)];
    EXPECT_GT(m.hp, 0);
    ASSERT_TRUE(level.level.in_bounds(m.pos));
    EXPECT_TRUE(can_stand(game, level, m, m.pos)) << k.id << " on " << m.pos.x << "," << m.pos.y;
    EXPECT_TRUE(taken.insert(m.pos).second) << "two monsters on one cell";
    EXPECT_EQ(level.occupant[m.pos], m.id);
    // Rolled within the kind's ranges, plus the race's bonus.
    const Attributes b = race_bonus(c, k);
    const Attributes rolled{m.attr.str - b.str, m.attr.dex - b.dex, m.attr.con - b.con};
    EXPECT_TRUE(k.str.contains(rolled.str)) << k.id;
    EXPECT_TRUE(k.dex.contains(rolled.dex)) << k.id;
    EXPECT_TRUE(k.con.contains(rolled.con)) << k.id;
    // Speed and hit points as rolled, times the monster's genes (within ±5 %).
    for (const std::int32_t gene : {m.genes.health, m.genes.attack, m.genes.defence, m.genes.speed})
      EXPECT_TRUE(gene >= 950 && gene <= 1050) << k.id << " gene " << gene;
    EXPECT_GE(m.speed, with_gene(k.speed.lo, m.genes.speed)) << k.id;
    EXPECT_LE(m.speed, with_gene(k.speed.hi, m.genes.speed)) << k.id;
    EXPECT_EQ(m.max_hp, with_gene(max_hp_for(m.attr, 1), m.genes.health));
    EXPECT_GE(m.xp, 1);
    const double genes = (m.genes.health + m.genes.attack + m.genes.defence) / 3000.0;
    EXPECT_NEAR(m.xp, xp_oracle(k, rolled, m.speed, genes), 0.5 + 1e-9) << k.id;
    EXPECT_EQ(m.peaceful, k.shopkeeper);
  }
  EXPECT_TRUE(std::is_sorted(level.monsters.begin(), level.monsters.end(),
                             [](const Actor& a, const Actor& b) { return a.id < b.id; }));
  // The occupancy grid holds exactly the monsters (and the player when here).
  std::size_t occupied = 0;
  level.occupant.for_each([&](Point, ActorId) { ++occupied; });
  const bool player_here = s.depth == level.depth && level.left_at < 0;
  EXPECT_EQ(occupied, level.monsters.size() + (player_here ? 1 : 0));
  if (player_here) {
    EXPECT_EQ(level.occupant[s.player.pos], k_player_id);
  }
  for (const Item& item : level.items) {
    ASSERT_TRUE(level.level.in_bounds(item.pos));
    EXPECT_TRUE(tile_info(level.level.tiles[item.pos]).passable);
    EXPECT_GT(item.count, 0);
    EXPECT_EQ(item.letter, 0);
    if (item.price > 0) {
      EXPECT_EQ(item.price, c.items[static_cast<std::size_t>(item.kind)].price);
    }
  }
  EXPECT_TRUE(std::is_sorted(level.items.begin(), level.items.end(),
                             [](const Item& a, const Item& b) { return a.id < b.id; }));
  for (const Trap& trap : level.traps) {
    ASSERT_TRUE(level.level.in_bounds(trap.pos));
    EXPECT_TRUE(tile_info(level.level.tiles[trap.pos]).passable);
    EXPECT_FALSE(is_stairs(level.level.tiles[trap.pos]));
  }
  // The keys of a cyclic level exist as items where its key records say.
  for (const KeyInfo& key : level.level.meta.keys) {
    if (key.fixed) continue;
    const bool present = std::any_of(level.items.begin(), level.items.end(), [&](const Item& i) {
      const std::string& kind = c.items[static_cast<std::size_t>(i.kind)].id;
      if (i.pos != key.pos) return false;
      if (key.kind == "key") return kind == "key" && i.key == key.id && i.key_depth == level.depth;
      return kind == key.kind;
    });
    EXPECT_TRUE(present) << "key " << key.id << " (" << key.kind << ") of level " << level.depth;
  }
  // The last level holds the boss.
  if (level.depth == s.levels) {
    const int boss = c.monster_index(c.dungeon.boss);
    EXPECT_TRUE(std::any_of(level.monsters.begin(), level.monsters.end(), [boss](const Actor& m) {
      return m.kind == boss;
    })) << "no boss on the last level";
  }
}

// Monsters at creation: never on the stairs.
void check_fresh_level(const LevelState& level) {
  for (const Actor& m : level.monsters) {
    EXPECT_FALSE(is_stairs(level.level.tiles[m.pos])) << "a monster on the stairs";
  }
}

void check_dungeon(const std::shared_ptr<const Content>& content, std::uint64_t seed,
                   const DungeonSetup& setup = {}) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  GameOptions o = options(seed);
  o.setup = setup;
  Game game(content, o);
  check_fresh_level(game.level());
  check_level(game, game.level());
  for (int depth = 2; depth <= game.state().levels; ++depth) {
    change_level(game, depth, true);
    ASSERT_EQ(game.state().depth, depth);
    check_fresh_level(game.level());
    check_level(game, game.level());
  }
  // Unique kinds at most once in the whole dungeon.
  std::map<int, int> uniques;
  for (const LevelState& level : game.state().dungeon)
    for (const Actor& m : level.monsters)
      if (content->monsters[static_cast<std::size_t>(m.kind)].unique) ++uniques[m.kind];
  for (const auto& [kind, count] : uniques)
    EXPECT_EQ(count, 1) << content->monsters[static_cast<std::size_t>(kind)].id;
}

// ---- recipes and levels ----

TEST(LevelRecipe, FollowsTheBandOfItsDepth) {
  const Content& c = *shared_test_content();
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    for (int depth = 1; depth <= c.dungeon.levels; ++depth) {
      const LevelRecipe r = level_recipe(c, seed, depth);
      const DepthBand& band = depth <= 2 ? c.dungeon.bands[0] : c.dungeon.bands[1];
      EXPECT_TRUE(std::any_of(band.levels.begin(), band.levels.end(),
                              [&](const LevelChoice& ch) { return ch.generator == r.generator; }));
      EXPECT_EQ(r.size, c.dungeon.size);
      EXPECT_EQ(r.depth, depth);
      EXPECT_EQ(r.seed, seed);
      EXPECT_EQ(r.difficulty, depth * c.dungeon.difficulty_per_depth);
      EXPECT_EQ(r, level_recipe(c, seed, depth));
    }
}

TEST(LevelRecipe, ChoosesByWeight) {
  // Depths 1-2 of the test content: rooms weight 2, bsp weight 1.
  const Content& c = *shared_test_content();
  int rooms = 0;
  const int n = 600;
  for (int seed = 0; seed < n; ++seed)
    rooms += level_recipe(c, static_cast<std::uint64_t>(seed), 1).generator == "rooms";
  EXPECT_NEAR(rooms / double(n), 2.0 / 3.0, 0.07);
}

// A choice's feature passes reach the level: its metadata lists them after the motif's.
TEST(LevelRecipe, CarriesTheChoicesFeaturePasses) {
  Content c = *shared_test_content();
  c.dungeon.bands[0].levels = {LevelChoice{
      "rooms",
      {},
      "dungeon",
      1,
      {parse_feature_request("fountains:rate=1,max=3"), parse_feature_request("vaults:rate=2")}}};
  const LevelRecipe r = level_recipe(c, 5, 1);
  ASSERT_EQ(r.features.size(), 2U);
  EXPECT_EQ(r.features[0].name, "fountains");
  const Level level = build_level(r);
  std::vector<std::string> passes;
  for (const auto& pass : level.meta.passes)
    passes.push_back(pass.name);
  EXPECT_EQ(passes, (std::vector<std::string>{"fountains", "vaults"}));
  int fountains = 0;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      fountains += level.tiles.at({x, y}) == Tile::fountain;
  EXPECT_GT(fountains, 0) << "rate 1: every plain room may hold one, up to 3";
  EXPECT_EQ(build_level(r).tiles, level.tiles) << "a recipe makes the same level again";
}

TEST(LevelRecipe, RejectsDepthsWithoutABand) {
  const Content& c = *shared_test_content();
  EXPECT_THROW(level_recipe(c, 1, 0), InputError);
  EXPECT_THROW(level_recipe(c, 1, c.dungeon.levels + 1), InputError);
}

TEST(LevelRecipe, DifficultySaturatesAtTheGeneratorsMaximum) {
  const auto steep = with([](Content& c) { c.dungeon.difficulty_per_depth = 40; });
  EXPECT_EQ(level_recipe(*steep, 1, 1).difficulty, 40);
  EXPECT_EQ(level_recipe(*steep, 1, 4).difficulty, k_max_difficulty);
}

TEST(BuildLevel, SameRecipeSameLevel) {
  const Content& c = *shared_test_content();
  for (int depth = 1; depth <= c.dungeon.levels; ++depth) {
    const LevelRecipe r = level_recipe(c, 77, depth);
    const Level a = build_level(r);
    EXPECT_EQ(a, build_level(r));
    EXPECT_EQ(a.size(), r.size);
    EXPECT_EQ(a.meta.generator, r.generator);
    EXPECT_TRUE(a.meta.stairs.up.has_value());
  }
}

// ---- new games ----

TEST(NewGame, SameSeedSameStateOtherSeedOtherState) {
  {
    const Game a(shared_test_content(), options(11));
    const Game b(shared_test_content(), options(11));
    const Game other(shared_test_content(), options(12));
    EXPECT_EQ(a.state(), b.state());
    EXPECT_FALSE(a.state() == other.state());
    EXPECT_NE(a.level().level, other.level().level);
  }
}

TEST(NewGame, StartsOnLevelOneWithTheKit) {
  {
    const Content& c = *shared_test_content();
    const Game game(shared_test_content(), options(5));
    const GameState& s = game.state();
    EXPECT_EQ(s.seed, 5u);
    EXPECT_EQ(s.levels, c.dungeon.levels);
    EXPECT_EQ(s.depth, 1);
    EXPECT_EQ(s.time, 0);
    EXPECT_EQ(s.info.name, "Tester");
    EXPECT_EQ(s.info.deepest, 1);
    EXPECT_EQ(s.outcome, Outcome::playing);
    EXPECT_EQ(s.combat_rng, Rng::for_stream(5, "combat"));
    EXPECT_EQ(s.ai_rng, Rng::for_stream(5, "ai"));
    EXPECT_EQ(s.world_rng, Rng::for_stream(5, "world"));
    ASSERT_EQ(s.dungeon.size(), static_cast<std::size_t>(c.dungeon.levels));
    EXPECT_EQ(s.dungeon[0].depth, 1);
    for (std::size_t i = 1; i < s.dungeon.size(); ++i)
      EXPECT_EQ(s.dungeon[i].depth, 0);
    // On the up stairs, at full health, acting first.
    EXPECT_EQ(s.player.id, k_player_id);
    EXPECT_EQ(s.player.pos, *game.level().level.meta.stairs.up);
    EXPECT_EQ(s.player.hp, s.player.max_hp);
    EXPECT_EQ(s.player.next_time, 0);
    EXPECT_EQ(s.player.attr, c.dungeon.start_attributes);
    // The kit: every start item, the first weapon wielded, the first armour worn.
    ASSERT_EQ(s.player.inventory.size(), c.dungeon.start_items.size());
    for (std::size_t i = 0; i < c.dungeon.start_items.size(); ++i)
      EXPECT_EQ(c.items[static_cast<std::size_t>(s.player.inventory[i].kind)].id,
                c.dungeon.start_items[i]);
    const auto kind_of = [&](ItemId id) -> std::string {
      for (const Item& i : s.player.inventory)
        if (i.id == id) return c.items[static_cast<std::size_t>(i.kind)].id;
      return "";
    };
    EXPECT_EQ(kind_of(s.player.wielded), "dagger");
    EXPECT_EQ(kind_of(s.player.worn), "leather_armour");
    // Items conserved: everything made is in the pack or on the floor.
    std::int64_t units = 0;
    for (const Item& i : s.player.inventory)
      units += i.count;
    for (const Item& i : game.level().items)
      units += i.count;
    EXPECT_EQ(units, s.items_created);
    EXPECT_EQ(s.items_destroyed, 0);
    // Monsters wait for their first turn: soon, but not all at once.
    for (const Actor& m : game.level().monsters) {
      EXPECT_GE(m.next_time, 0);
      EXPECT_LT(m.next_time, action_delay(m));
    }
  }
}

TEST(NewGame, LevelsOptionWithinTheRecipe) {
  {
    const Game two(shared_test_content(), options(3, 2));
    EXPECT_EQ(two.state().levels, 2);
    EXPECT_EQ(two.state().dungeon.size(), 2u);
    EXPECT_THROW(Game(shared_test_content(), options(3, 5)), InputError);
    EXPECT_THROW(Game(shared_test_content(), options(3, -1)), InputError);
  }
}

TEST(NewGame, UnknownStartItemIsAnInputError) {
  const auto bad = with([](Content& c) { c.dungeon.start_items.push_back("wand_of_wishing"); });
  EXPECT_THROW(Game(bad, options(1)), InputError);
}

// ---- populations ----

TEST(Dungeon, EveryLevelOfTheTestContentIsWellPopulated) {
  {
    for (std::uint64_t seed = 1; seed <= 30; ++seed)
      check_dungeon(shared_test_content(), seed);
  }
}

TEST(Dungeon, EveryLevelOfTheShippedContentIsWellPopulated) {
  {
    const auto content = shipped_content();
    ASSERT_GE(content->dungeon.levels, 10);
    for (std::uint64_t seed = 1; seed <= 6; ++seed)
      check_dungeon(content, seed);
  }
}

// ---- the new game's setup: difficulty, one generator, map size ----

TEST(DungeonSetup, EveryGeneratorMakesEveryLevelAtTheSmallestAndTheRecipesSize) {
  for (const Generator* g : builtin_generators().all())
    for (const Size size : {Size{}, k_min_game_size}) {
      SCOPED_TRACE(g->info().name + " " + std::to_string(size.width));
      const DungeonSetup setup{Difficulty::normal, g->info().name, size};
      check_dungeon(shipped_content(), 3, setup);
      GameOptions o = options(3);
      o.setup = setup;
      const Game game(shipped_content(), o);
      EXPECT_EQ(game.level().recipe.generator, g->info().name);
      EXPECT_EQ(game.level().level.size(), size == Size{} ? shipped_content()->dungeon.size : size);
      EXPECT_EQ(game.state().setup, setup);
    }
  // The recipe's own choices at the smallest size.
  check_dungeon(shipped_content(), 4, {Difficulty::normal, "", k_min_game_size});
  for (const Generator* g : builtin_generators().all())
    EXPECT_LE(g->info().min_size.width, k_min_game_size.width) << g->info().name;
  for (const Generator* g : builtin_generators().all())
    EXPECT_LE(g->info().min_size.height, k_min_game_size.height) << g->info().name;
}

TEST(DungeonSetup, BadChoicesAreInputErrors) {
  GameOptions o = options(1);
  o.setup.generator = "labyrinthine";
  try {
    Game game(shared_test_content(), o);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("caves"), std::string::npos) << e.what();  // listed
  }
  o.setup.generator.clear();
  for (const Size bad : {Size{39, 30}, Size{80, 23}, Size{401, 50}, Size{50, 401}}) {
    o.setup.size = bad;
    EXPECT_THROW(Game(shared_test_content(), o), InputError);
  }
  o.setup.size = k_max_game_size;
  EXPECT_NO_THROW(validate_setup(o.setup));
  EXPECT_EQ(difficulty_from_string("hard"), Difficulty::hard);
  EXPECT_EQ(difficulty_from_string("Hard"), std::nullopt);
  for (int d = 0; d < k_difficulty_count; ++d)
    EXPECT_EQ(difficulty_from_string(to_string(static_cast<Difficulty>(d))),
              static_cast<Difficulty>(d));
}

// Over many seeds, harder games meet more monsters, and stronger ones (their kinds drawn
// for deeper levels); the terrain is the same, since difficulty does not touch the recipe.
TEST(DungeonSetup, HarderGamesMeetMoreAndStrongerMonsters) {
  std::map<Difficulty, double> monsters, levels;
  for (const Difficulty d : {Difficulty::easy, Difficulty::normal, Difficulty::hard})
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      GameOptions o = options(seed);
      o.setup.difficulty = d;
      Game game(shipped_content(), o);
      change_level(game, 3, true);
      for (const LevelState& level : game.state().dungeon)
        for (const Actor& m : level.monsters) {
          if (m.peaceful) continue;
          monsters[d] += 1;
          levels[d] += m.level;
        }
      if (d == Difficulty::hard) {
        const Game normal(shipped_content(), options(seed));
        EXPECT_EQ(game.state().dungeon[0].level.tiles, normal.level().level.tiles);
      }
    }
  EXPECT_LT(monsters[Difficulty::easy] * 1.5, monsters[Difficulty::normal]);
  EXPECT_LT(monsters[Difficulty::normal] * 1.2, monsters[Difficulty::hard]);
  EXPECT_LT(levels[Difficulty::easy] / monsters[Difficulty::easy],
            levels[Difficulty::normal] / monsters[Difficulty::normal]);
  EXPECT_LT(levels[Difficulty::normal] / monsters[Difficulty::normal],
            levels[Difficulty::hard] / monsters[Difficulty::hard]);
}

TEST(Dungeon, CyclicLevelsGetTheirKeys) {
  // Only cyclic levels at depth 3 and 4: the keys are checked by check_level; make sure some
  // key items were in fact made.
  {
    const auto cyclic = with([](Content& c) {
      c.dungeon.bands[1].levels = {LevelChoice{"cyclic", {}, "dungeon", 1}};
    });
    int keys = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      Game game(cyclic, options(seed));
      change_level(game, 2, true);
      change_level(game, 3, true);
      check_level(game, game.level());
      for (const Item& i : game.level().items)
        keys += i.key >= 0;
    }
    EXPECT_GT(keys, 0);
  }
}

TEST(Dungeon, GroupsKeepAwayFromTheArrivalStairs) {
  // Without vaults' markers (the test legend maps nothing), every monster of a rooms level
  // is a random group member: none within 6 cells of the up stairs.
  {
    const auto plain = with([](Content& c) {
      c.legend.clear();
      c.dungeon.bands[0].levels = {LevelChoice{"rooms", {}, "dungeon", 1}};
      c.dungeon.bands[0].monsters = {8, 8};
    });
    int monsters = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Game game(plain, options(seed));
      const Point up = *game.level().level.meta.stairs.up;
      for (const Actor& m : game.level().monsters) {
        EXPECT_GT(chebyshev(m.pos, up), 6);
        ++monsters;
      }
    }
    EXPECT_GT(monsters, 100);
  }
}

TEST(Dungeon, UniqueKindsAppearAtMostOncePerGame) {
  {
    const auto unique_rat = with([](Content& c) {
      c.monsters[0].unique = true;  // the rat: frequent at depths 1-4
      c.monsters[0].frequency = 1000;
    });
    int games_with_rat = 0;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      Game game(unique_rat, options(seed));
      for (int d = 2; d <= game.state().levels; ++d)
        change_level(game, d, true);
      int rats = 0;
      for (const LevelState& level : game.state().dungeon)
        for (const Actor& m : level.monsters)
          rats += m.kind == 0;
      EXPECT_LE(rats, 1);
      games_with_rat += rats;
      EXPECT_EQ(
          std::count(game.state().unique_spawned.begin(), game.state().unique_spawned.end(), "rat"),
          rats);
    }
    EXPECT_GT(games_with_rat, 0);
  }
}

TEST(Dungeon, TheBossStandsFarFromTheUpStairs) {
  {
    const auto one_level = with([](Content& c) { c.dungeon.levels = 1; });
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const Game game(one_level, options(seed));
      const int boss = game.content().monster_index("orc_warlord");
      const auto it = std::find_if(game.level().monsters.begin(), game.level().monsters.end(),
                                   [boss](const Actor& m) { return m.kind == boss; });
      ASSERT_NE(it, game.level().monsters.end());
      EXPECT_GT(chebyshev(it->pos, *game.level().level.meta.stairs.up), 6);
      EXPECT_FALSE(it->memory.awake);
      EXPECT_EQ(game.state().unique_spawned, std::vector<std::string>{"orc_warlord"});
    }
  }
}

// A level with vaults and shops (feature passes the test recipe does not run), populated
// as level 2 of a game.
LevelState& featured_level(Game& game, std::uint64_t seed) {
  GenerateOptions o;
  o.depth = 5;
  o.difficulty = 5;
  o.features = {FeatureRequest{"vaults", {{"rate", "1"}}},
                FeatureRequest{"shops", {{"rate", "1"}, {"max", "2"}}}};
  LevelState& level = game.state().dungeon[1];
  level = LevelState{};
  level.depth = 2;
  level.level = generate_level(builtin_generators().get("rooms"), Size{80, 50}, seed, {}, o);
  level.lock_open.assign(level.level.meta.locks.size(), 0);
  level.occupant = Occupancy(level.level.size());
  level.opacity = fov::OpacityMap::from_tiles(level.level.tiles);
  level.left_at = 0;
  populate_level(game, level);
  return level;
}

TEST(PopulateLevel, LegendMarkersBecomeWhatTheLegendSays) {
  {
    const Content& c = *shared_test_content();
    std::map<std::string, int> markers, made;
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      Game game(shared_test_content(), options(seed));
      const LevelState& level = featured_level(game, seed);
      check_level(game, level);
      const auto monster_at = [&](Point p) -> const Actor* {
        for (const Actor& m : level.monsters)
          if (m.pos == p) return &m;
        return nullptr;
      };
      const auto item_at = [&](Point p, bool priced) {
        return std::any_of(level.items.begin(), level.items.end(),
                           [&](const Item& i) { return i.pos == p && (i.price > 0) == priced; });
      };
      for (const Feature& f : level.level.meta.features) {
        const LegendEntry* e = c.legend_for(f.tag);
        if (e == nullptr) continue;
        ++markers[e->spawn];
        const Actor* m = monster_at(f.pos);
        if (e->spawn == "monster" && m != nullptr) {
          ++made["monster"];
          EXPECT_FALSE(c.monsters[static_cast<std::size_t>(m->kind)].boss);
          EXPECT_FALSE(m->peaceful);
        }
        if (e->spawn == "boss" && m != nullptr) ++made["boss"];
        if (e->spawn == "shopkeeper" && m != nullptr) {
          ++made["shopkeeper"];
          EXPECT_TRUE(c.monsters[static_cast<std::size_t>(m->kind)].shopkeeper);
          EXPECT_TRUE(m->peaceful);
        }
        if ((e->spawn == "item" || e->spawn == "treasure") && item_at(f.pos, false))
          ++made[e->spawn];
        if (e->spawn == "shop_item") {
          EXPECT_TRUE(item_at(f.pos, true)) << "no stock at a shop_item marker";
          made["shop_item"] += item_at(f.pos, true);
        }
        if (e->spawn == "trap") {
          const bool trap = std::any_of(level.traps.begin(), level.traps.end(),
                                        [&](const Trap& t) { return t.pos == f.pos; });
          EXPECT_TRUE(trap) << "no trap at a trap marker";
          made["trap"] += trap;
        }
      }
      // Unpaid stock lies only in shops; shops have their keeper.
      for (const Item& i : level.items)
        if (i.price > 0) {
          EXPECT_TRUE(std::any_of(
              level.level.meta.rooms.begin(), level.level.meta.rooms.end(),
              [&](const Room& r) { return r.kind == "shop" && r.rect.contains(i.pos); }));
        }
    }
    // The passes left markers of every kind, and (nearly) every one became its thing: only a
    // marker whose cell another placement took first is skipped.
    for (const std::string kind :
         {"monster", "item", "treasure", "trap", "shopkeeper", "shop_item"}) {
      SCOPED_TRACE(kind);
      EXPECT_GT(markers[kind], 0);
      EXPECT_GE(made[kind], markers[kind] * 9 / 10);
    }
  }
}

TEST(PopulateLevel, TownShopsGetAKeeperAndStock) {
  {
    const auto town = with([](Content& c) {
      c.dungeon.bands[0].levels = {LevelChoice{"town", {}, "dungeon", 1}};
    });
    int shops = 0, stock = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const Game game(town, options(seed));
      const LevelState& level = game.level();
      check_level(game, level);
      for (const Room& room : level.level.meta.rooms) {
        if (room.kind != "shop") continue;
        ++shops;
        const auto keepers =
            std::count_if(level.monsters.begin(), level.monsters.end(), [&](const Actor& m) {
              return m.peaceful && room.rect.expanded(1).contains(m.pos) &&
                     game.content().monsters[static_cast<std::size_t>(m.kind)].shopkeeper;
            });
        EXPECT_EQ(keepers, 1);
        for (const Item& i : level.items)
          stock += i.price > 0 && room.rect.contains(i.pos);
      }
      // Nothing else spawns inside a shop: no hostile monster, no trap, no free loot.
      for (const Room& room : level.level.meta.rooms) {
        if (room.kind != "shop") continue;
        for (const Actor& m : level.monsters) {
          if (room.rect.contains(m.pos)) {
            EXPECT_TRUE(m.peaceful);
          }
        }
        for (const Trap& t : level.traps)
          EXPECT_FALSE(room.rect.contains(t.pos));
        for (const Item& i : level.items) {
          if (room.rect.contains(i.pos)) {
            EXPECT_GT(i.price, 0);
          }
        }
      }
    }
    EXPECT_GT(shops, 5);
    EXPECT_GT(stock, shops);
  }
}

// ---- monster individuals (thesis 4.7, 5.4) ----

TEST(RollMonster, AttributesWithinRangesPlusRaceBonus) {
  const Content& c = *shared_test_content();
  Rng rng(9);
  for (std::size_t kind = 0; kind < c.monsters.size(); ++kind) {
    const MonsterKind& k = c.monsters[kind];
    const Attributes b = race_bonus(c, k);
    std::set<int> strs, speeds;
    for (int i = 0; i < 400; ++i) {
      const Actor m = roll_monster(c, static_cast<int>(kind), 3, rng);
      EXPECT_EQ(m.kind, static_cast<int>(kind));
      EXPECT_TRUE(k.str.contains(m.attr.str - b.str));
      EXPECT_TRUE(k.dex.contains(m.attr.dex - b.dex));
      EXPECT_TRUE(k.con.contains(m.attr.con - b.con));
      EXPECT_TRUE(k.speed.contains(m.speed));
      EXPECT_TRUE(k.gold.contains(m.gold));
      EXPECT_EQ(m.hp, m.max_hp);
      EXPECT_EQ(m.max_hp, max_hp_for(m.attr, 1));
      EXPECT_EQ(m.armour, k.armour);
      EXPECT_EQ(m.damage, k.damage);
      EXPECT_EQ(m.level, 3);
      EXPECT_FALSE(m.memory.awake);
      strs.insert(m.attr.str - b.str);
      speeds.insert(m.speed);
    }
    // Every value of the ranges comes up (the rolls cover them).
    EXPECT_EQ(strs.size(), static_cast<std::size_t>(k.str.hi - k.str.lo + 1)) << k.id;
    EXPECT_EQ(*strs.begin(), k.str.lo);
    EXPECT_EQ(*strs.rbegin(), k.str.hi);
    EXPECT_EQ(*speeds.begin(), k.speed.lo);
    EXPECT_EQ(*speeds.rbegin(), k.speed.hi);
  }
}

TEST(RollMonster, ExperienceFollowsTheRolls) {
  const Content& c = *shared_test_content();
  for (const MonsterKind& k : c.monsters) {
    const Attributes lo{k.str.lo, k.dex.lo, k.con.lo};
    const Attributes hi{k.str.hi, k.dex.hi, k.con.hi};
    EXPECT_GE(monster_xp(k, lo, k.speed.lo), 1);
    EXPECT_LE(monster_xp(k, lo, k.speed.lo), monster_xp(k, hi, k.speed.hi)) << k.id;
    EXPECT_NEAR(monster_xp(k, lo, k.speed.lo), xp_oracle(k, lo, k.speed.lo), 0.5 + 1e-9);
    EXPECT_NEAR(monster_xp(k, hi, k.speed.hi), xp_oracle(k, hi, k.speed.hi), 0.5 + 1e-9);
  }
  // The orc (base 15, wide ranges): the best roll is worth strictly more than the worst,
  // an average one its base experience.
  const MonsterKind& orc = c.monsters[static_cast<std::size_t>(c.monster_index("orc"))];
  EXPECT_LT(monster_xp(orc, {12, 6, 12}, 70), monster_xp(orc, {16, 9, 16}, 90));
  EXPECT_EQ(monster_xp(orc, {14, 7, 14}, 85), 15);  // 14 + 7.5 + 14 + 8 at the middles ~ 15
  // Individuals: a better total roll is never worth less.
  Rng rng(4);
  const int orc_index = c.monster_index("orc");
  std::vector<std::pair<int, int>> score_xp;
  for (int i = 0; i < 300; ++i) {
    const Actor m = roll_monster(c, orc_index, 5, rng);
    const Attributes b = race_bonus(c, orc);
    score_xp.emplace_back(
        10 * (m.attr.str - b.str + m.attr.dex - b.dex + m.attr.con - b.con) + m.speed, m.xp);
  }
  std::sort(score_xp.begin(), score_xp.end());
  for (std::size_t i = 1; i < score_xp.size(); ++i)
    EXPECT_LE(score_xp[i - 1].second, score_xp[i].second);
  EXPECT_LT(score_xp.front().second, score_xp.back().second);
}

void expect_goblins_faster_and_weaker(const Content& c) {
  const int goblin = c.monster_index("goblin");
  const int orc = c.monster_index("orc");
  ASSERT_GE(goblin, 0);
  ASSERT_GE(orc, 0);
  Rng rng(2015);
  double goblin_speed = 0, orc_speed = 0, goblin_might = 0, orc_might = 0;
  const int n = 500;
  for (int i = 0; i < n; ++i) {
    const Actor g = roll_monster(c, goblin, 3, rng);
    const Actor o = roll_monster(c, orc, 3, rng);
    goblin_speed += g.speed;
    orc_speed += o.speed;
    goblin_might += g.attr.str + g.max_hp;
    orc_might += o.attr.str + o.max_hp;
  }
  EXPECT_GT(goblin_speed / n, orc_speed / n);
  EXPECT_LT(goblin_might / n, orc_might / n);
}

TEST(RollMonster, GoblinsAreFasterAndWeakerThanOrcs) {
  expect_goblins_faster_and_weaker(*shared_test_content());
}

TEST(RollMonster, GoblinsAreFasterAndWeakerThanOrcsInTheShippedContent) {
  expect_goblins_faster_and_weaker(*shipped_content());
}

// ---- moving between levels ----

TEST(ChangeLevel, DescendsOntoTheUpStairsAndAscendsOntoTheDownStairs) {
  {
    Game game(shared_test_content(), options(21));
    const Point start = game.state().player.pos;
    change_level(game, 2, true);
    EXPECT_EQ(game.state().depth, 2);
    EXPECT_EQ(game.state().info.deepest, 2);
    EXPECT_EQ(game.state().player.pos, *game.level().level.meta.stairs.up);
    EXPECT_EQ(game.level().occupant[game.state().player.pos], k_player_id);
    EXPECT_EQ(game.state().dungeon[0].occupant[start], 0u);  // the old cell is free
    EXPECT_EQ(game.state().dungeon[0].left_at, 0);
    ASSERT_FALSE(game.events().empty());
    const Event& e = game.events().back();
    EXPECT_EQ(e.kind, EventKind::depth_changed);
    EXPECT_EQ(e.value, 2);
    EXPECT_EQ(e.text, "You descend to level 2.");
    EXPECT_TRUE(game.view().visible(game.state().player.pos));

    change_level(game, 1, false);
    EXPECT_EQ(game.state().depth, 1);
    EXPECT_EQ(game.state().info.deepest, 2);
    EXPECT_EQ(game.state().player.pos, *game.level().level.meta.stairs.down);
    EXPECT_EQ(game.events().back().text, "You climb up to level 1.");
    check_level(game, game.level());
    check_level(game, game.state().dungeon[1]);
  }
}

TEST(ChangeLevel, ArrivesBesideTheStairsWhenSomeoneStandsThere) {
  {
    Game game(shared_test_content(), options(22));
    change_level(game, 2, true);
    // Put a rat on level 1's down stairs while the player is away.
    LevelState& first = game.state().dungeon[0];
    const Point down = *first.level.meta.stairs.down;
    ASSERT_EQ(first.occupant[down], 0u);
    Rng rng(1);
    Actor rat = roll_monster(game.content(), game.content().monster_index("rat"), 1, rng);
    rat.pos = down;
    rat.id = game.state().next_actor_id++;
    first.occupant.set(down, rat.id);
    first.monsters.push_back(rat);
    change_level(game, 1, false);
    const Point p = game.state().player.pos;
    EXPECT_NE(p, down);
    EXPECT_EQ(chebyshev(p, down), 1);
    EXPECT_TRUE(can_stand(game, game.level(), game.state().player, p));
    check_level(game, game.level());
  }
}

// Monsters of a level as a map from id, for comparing a level before and after.
std::map<ActorId, Actor> by_id(const LevelState& level) {
  std::map<ActorId, Actor> out;
  for (const Actor& m : level.monsters)
    out.emplace(m.id, m);
  return out;
}

// Leaves level 1 for level 2, lets `turns` turns pass, and comes back.
void away_and_back(Game& game, std::int64_t turns) {
  change_level(game, 2, true);
  game.state().time += turns * k_turn_ticks;
  change_level(game, 1, false);
}

TEST(ChangeLevel, LevelsPersistExactlyWithoutCatchUp) {
  {
    const auto frozen = with([](Content& c) { c.dungeon.catch_up_turns = 0; });
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      Game game(frozen, options(seed));
      for (Actor& m : game.level().monsters) {
        m.memory.awake = true;  // would wander if anything ran
        m.hp = 1;               // would regenerate
      }
      const LevelState before = game.level();
      const Point start = game.state().player.pos;
      away_and_back(game, 1000);
      const LevelState& after = game.level();
      EXPECT_EQ(after.level.tiles, before.level.tiles);
      EXPECT_EQ(after.level.meta, before.level.meta);
      EXPECT_EQ(after.items, before.items);
      EXPECT_EQ(after.traps, before.traps);
      EXPECT_EQ(after.lock_open, before.lock_open);
      EXPECT_EQ(after.closing, before.closing);
      ASSERT_EQ(after.monsters.size(), before.monsters.size());
      for (std::size_t i = 0; i < after.monsters.size(); ++i) {
        Actor a = after.monsters[i];
        // Only the time of its next turn moved on: a turn's delay after the return.
        EXPECT_EQ(a.next_time, game.state().time + action_delay(a));
        a.next_time = before.monsters[i].next_time;
        EXPECT_EQ(a, before.monsters[i]);
      }
      // The occupancy grid differs only where the player left and arrived.
      Occupancy occupant = after.occupant;
      occupant.set(game.state().player.pos, before.occupant[game.state().player.pos]);
      occupant.set(start, before.occupant[start]);
      EXPECT_EQ(occupant, before.occupant);
      check_level(game, after);
    }
  }
}

void expect_bounded_catch_up(std::int64_t away_turns) {
  SCOPED_TRACE("away " + std::to_string(away_turns) + " turns");
  const Content& c = *shared_test_content();
  const std::int64_t turns = std::min<std::int64_t>(away_turns, c.dungeon.catch_up_turns);
  int moved = 0, healed = 0, monsters = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Game game(shared_test_content(), options(seed));
    for (Actor& m : game.level().monsters) {
      m.memory.awake = !m.peaceful;
      m.hp = 1;
    }
    const auto before = by_id(game.level());
    const LevelState snapshot = game.level();
    away_and_back(game, away_turns);
    const LevelState& after = game.level();
    EXPECT_EQ(after.level.tiles, snapshot.level.tiles);
    EXPECT_EQ(after.items, snapshot.items);
    EXPECT_EQ(after.traps, snapshot.traps);
    const auto now = by_id(after);
    ASSERT_EQ(now.size(), before.size());
    for (const auto& [id, m] : now) {
      const Actor& old = before.at(id);
      EXPECT_EQ(m.kind, old.kind);
      EXPECT_EQ(m.attr, old.attr);
      const std::int64_t steps = turns * old.speed / k_normal_speed;
      EXPECT_LE(chebyshev(m.pos, old.pos), steps) << "monster " << id;
      EXPECT_GE(m.hp, 1);
      EXPECT_LE(m.hp, m.max_hp);
      EXPECT_GE(m.next_time, game.state().time);
      moved += m.pos != old.pos;
      healed += m.hp > 1;
      ++monsters;
      if (old.peaceful) {
        EXPECT_EQ(m.pos, old.pos);
      }
    }
    check_level(game, after);
  }
  ASSERT_GT(monsters, 20);
  EXPECT_GT(moved, monsters / 2);
  if (turns >= 20) {
    EXPECT_GT(healed, monsters / 2);
  }
}

TEST(CatchUp, MonstersWanderABoundedDistanceAndRegenerate) {
  {
    expect_bounded_catch_up(100000);  // far longer than catch_up_turns: capped at 50 turns
    expect_bounded_catch_up(3);       // a short absence: 3 turns
  }
}

TEST(CatchUp, SleepingMonstersStayPut) {
  {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      Game game(shared_test_content(), options(seed));
      for (Actor& m : game.level().monsters)
        m.memory.awake = false;
      const auto before = by_id(game.level());
      away_and_back(game, 500);
      for (const auto& [id, m] : by_id(game.level()))
        EXPECT_EQ(m.pos, before.at(id).pos);
    }
  }
}

TEST(CatchUp, GatesCloseWhileThePlayerIsAway) {
  {
    // Cyclic levels only from depth 3: find one with bars, open them with a deadline, leave.
    const auto cyclic = with([](Content& c) {
      c.dungeon.bands[1].levels = {LevelChoice{"cyclic", {}, "dungeon", 1}};
    });
    bool tried = false;
    for (std::uint64_t seed = 1; seed <= 40 && !tried; ++seed) {
      Game game(cyclic, options(seed));
      change_level(game, 2, true);
      change_level(game, 3, true);
      LevelState& level = game.level();
      const auto& locks = level.level.meta.locks;
      const auto it = std::find_if(locks.begin(), locks.end(), [](const LockInfo& l) {
        return l.kind == "timed_gate" || l.kind == "barred_door";
      });
      if (it == locks.end()) continue;
      tried = true;
      const int lock = static_cast<int>(it - locks.begin());
      for (Point p : it->cells)
        set_tile(level, p, Tile::door_open);
      level.lock_open[static_cast<std::size_t>(lock)] = 1;
      level.closing.push_back(PendingClose{lock, game.state().time + 20 * k_turn_ticks});
      // Nobody may stand in the gate for this test.
      for (Point p : it->cells)
        ASSERT_EQ(level.occupant[p], 0u);
      const std::size_t messages = game.state().messages.size();
      change_level(game, 4, true);
      game.state().time += 30 * k_turn_ticks;
      change_level(game, 3, false);
      const LevelState& back = game.level();
      for (Point p : it->cells)
        EXPECT_EQ(back.level.tiles[p], Tile::door_barred);
      EXPECT_EQ(back.lock_open[static_cast<std::size_t>(lock)], 0);
      EXPECT_TRUE(back.closing.empty());
      // Far from the player: the only new messages are the two arrivals.
      EXPECT_EQ(game.state().messages.size(), messages + 2);
    }
    EXPECT_TRUE(tried) << "no cyclic level with bars in 40 seeds";
  }
}

}  // namespace
}  // namespace yendor::game
