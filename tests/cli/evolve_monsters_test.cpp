// `yendor evolve-monsters` as functions, on the test content pack: options checked, the arena,
// a genome's measure read from the games (a monster that never attacks costs the player
// nothing), and a small deterministic run whose output the AI library reads back.
#include "yendor/cli/evolve_monsters_command.hpp"

#include <gtest/gtest.h>

#include <string>

#include "support/game_test_content.hpp"
#include "yendor/ai/decision_tree.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/error.hpp"

namespace yendor::cli {
namespace {

EvolveMonstersOptions small_run() {
  EvolveMonstersOptions o;
  o.kind = "goblin";
  o.seed = "3";
  o.population = 4;
  o.generations = 2;
  o.tree_depth = 2;
  o.games = 1;
  o.turns = 150;
  return o;
}

TEST(EvolveMonsters, ChecksItsOptions) {
  EXPECT_NO_THROW(validate_evolve_options(small_run()));
  EvolveMonstersOptions o = small_run();
  o.kind = "";
  EXPECT_THROW(validate_evolve_options(o), InputError);
  o = small_run();
  o.population = 2;
  EXPECT_THROW(validate_evolve_options(o), InputError);
  o = small_run();
  o.elitism = "extreme";
  EXPECT_THROW(validate_evolve_options(o), InputError);
  o = small_run();
  o.mutation_genes = 8;  // a depth-2 genome has 7 genes
  EXPECT_THROW(validate_evolve_options(o), InputError);
  o = small_run();
  o.seed = "a\nb";
  EXPECT_THROW(validate_evolve_options(o), InputError);
}

TEST(EvolveMonsters, TheArenaSpawnsOnlyTheKindAndRunsTheGenome) {
  const game::Content content = game::testing::test_content();
  const ArenaGames games = make_arena(content, small_run());
  const game::MonsterKind& goblin = games.arena->monsters.at(static_cast<std::size_t>(games.kind));
  EXPECT_EQ(goblin.id, "goblin");
  EXPECT_EQ(goblin.brain, "genetic");
  EXPECT_EQ(goblin.depth.lo, 1);
  EXPECT_EQ(goblin.tactics_index, games.population);
  for (const game::MonsterKind& k : games.arena->monsters)
    if (k.id != "goblin" && !k.boss && !k.shopkeeper) {
      EXPECT_EQ(k.frequency, 0) << k.id;
    }
  EXPECT_EQ(games.seeds.size(), 1u);
  try {
    EvolveMonstersOptions o = small_run();
    o.kind = "gnome";
    make_arena(content, o);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no monster kind 'gnome' (kinds: rat, goblin"),
              std::string::npos)
        << e.what();
  }
  EvolveMonstersOptions boss = small_run();
  boss.kind = "orc_warlord";
  EXPECT_THROW(make_arena(content, boss), InputError);
}

// The oracle: a goblin that only stands still deals no damage, so with no weight on turns its
// fitness is 0; charging goblins hurt the bot.
TEST(EvolveMonsters, MeasuresWhatTheMonstersCostThePlayer) {
  const game::Content content = game::testing::test_content();
  EvolveMonstersOptions o = small_run();
  o.games = 2;
  o.turns = 300;
  o.turn_weight = 0;
  ArenaGames games = make_arena(content, o);
  const ai::Genome idle = ai::to_genome(ai::leaf_tree(ai::Behaviour::hold), 2);
  const ai::Genome charge = ai::to_genome(ai::look_and_chase_tree(), 2);
  EXPECT_EQ(measure_genome(games, idle), 0.0);
  EXPECT_GT(measure_genome(games, charge), 0.0);
  // The same genome, the same games: the same measure.
  EXPECT_EQ(measure_genome(games, charge), measure_genome(games, charge));
}

TEST(EvolveMonsters, ARunIsDeterministicAndWritesWhatTheLibraryReads) {
  const game::Content content = game::testing::test_content();
  int generations_heard = 0;
  const EvolveMonstersResult a = evolve_monsters(
      content, small_run(), [&](const ai::GenerationStats&) { ++generations_heard; });
  const EvolveMonstersResult b = evolve_monsters(content, small_run());
  EXPECT_EQ(generations_heard, 3);
  ASSERT_EQ(a.stats.size(), 3u);
  EXPECT_EQ(a.population, b.population);
  EXPECT_EQ(a.population.name, "goblin");
  EXPECT_EQ(a.population.individuals.size(), 4u);
  EXPECT_EQ(a.stats.back().best, a.population.individuals.front().fitness);
  ai::Library library;
  ai::load_library_text(library, ai::write_evolved_population(a.population), "out.toml");
  ASSERT_EQ(library.evolved.size(), 1u);
  EXPECT_EQ(library.evolved[0], a.population);
}

}  // namespace
}  // namespace yendor::cli
