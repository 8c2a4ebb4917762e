// The main rules' strategy bots: every action they pick is legal, decisions never depend on
// the game's dice (only on what the player knows), greedy gets deeper than random, the genome
// file round-trips and bad files name file, line and field, and the knowledge walks shortest
// known paths.

#include <gtest/gtest.h>

#include <algorithm>

#include "api/env_test_support.hpp"
#include "yendor/api/action_space.hpp"
#include "yendor/api/bots/main_genes.hpp"
#include "yendor/api/bots/main_genome.hpp"
#include "yendor/api/bots/main_knowledge.hpp"
#include "yendor/api/bots/main_match.hpp"
#include "yendor/api/bots/main_strategy_bot.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {
namespace {

using api::testing::shipped_content;

TEST(MainStrategyBot, GreedyOnlyPicksLegalActions) {
  Env env(shipped_content());
  MainStrategyBot bot(greedy_main_genome());
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    env.reset(seed);
    bot.start(env);
    for (int n = 0; n < 1500 && !env.done(); ++n) {
      const int a = bot.act(env);
      ASSERT_GE(a, 0);
      ASSERT_LT(a, k_action_count);
      ASSERT_EQ(env.legal_mask()[static_cast<std::size_t>(a)], 1)
          << "seed " << seed << " step " << n << ": " << action_name(a);
      ASSERT_FALSE(env.step(a).refused) << "seed " << seed << " step " << n;
    }
  }
}

// Two copies of a game that differ only in the dice still to be rolled get the same decision
// from fresh bots: the bot knows no roll before it is made (its fight simulations redraw).
TEST(MainStrategyBot, DecisionsDoNotDependOnTheDice) {
  for (const char* name : {"greedy", "search"}) {
    Env env(shipped_content());
    env.reset(11);
    Rng rng(5);
    MainStrategyBot driver(greedy_main_genome());  // plays the game between the checks
    driver.start(env);
    int compared = 0;
    int in_danger = 0;  // of them, with a hostile in view (fights simulated, search rollouts)
    for (int n = 0; n < 800 && !env.done(); ++n) {
      bool hostile = false;
      for (const game::Actor& m : env.game().level().monsters)
        hostile |= m.hp > 0 && !m.peaceful && env.game().view().visible(m.pos);
      if (n % 100 == 0 || (hostile && n % 10 == 0)) {
        in_danger += hostile ? 1 : 0;
        Env other = env.clone();
        other.redraw_dice(rng.next_u64());
        auto a = make_main_bot(name, {}, env.content());
        auto b = make_main_bot(name, {}, env.content());
        a->start(env);
        b->start(other);
        ASSERT_EQ(a->act(env), b->act(other)) << name << " step " << n;
        ++compared;
      }
      env.step(driver.act(env));
    }
    EXPECT_GE(compared, 5) << name;
    EXPECT_GE(in_danger, 3) << name;
  }
}

TEST(MainStrategyBot, GreedyGetsDeeperThanRandom) {
  Env env(shipped_content());
  int random_deepest = 0;
  int greedy_deepest = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto random = make_main_bot("random", {}, env.content());
    auto greedy = make_main_bot("greedy", {}, env.content());
    random_deepest += play_main_game(env, *random, seed, 3000).deepest;
    const MainGameResult g = play_main_game(env, *greedy, seed, 3000);
    greedy_deepest += g.deepest;
    EXPECT_GT(g.kills, 0) << seed;
  }
  EXPECT_EQ(random_deepest, 6);  // random play never finds the stairs down in 3,000 actions
  EXPECT_GE(greedy_deepest, 12);
}

TEST(MainStrategyBot, SameSeedSameGame) {
  Env env(shipped_content());
  auto a = make_main_bot("greedy", {}, env.content());
  const MainGameResult first = play_main_game(env, *a, 21, 2000);
  const MainGameResult again = play_main_game(env, *a, 21, 2000);  // the same bot, restarted
  auto b = make_main_bot("greedy", {}, env.content());
  EXPECT_EQ(first, again);
  EXPECT_EQ(first, play_main_game(env, *b, 21, 2000));
}

TEST(MainGenome, FilesRoundTripAndBadOnesNameTheField) {
  Rng rng(9);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<double> genes(k_main_gene_count);
    for (double& g : genes)
      g = rng.real(-1.0, 9.0);  // out of range on purpose: clamped
    const MainGenome genome = main_genome_of(genes);
    EXPECT_EQ(main_genome_of(main_genes_of(genome)), genome);
    // Written to 6 digits: what is read back writes the same text.
    const std::string text = main_genome_text(genome);
    EXPECT_EQ(main_genome_text(parse_main_genome(text, "g.toml")), text);
  }
  EXPECT_EQ(parse_main_genome(main_genome_text(greedy_main_genome()), "g"), greedy_main_genome());
  const auto error_of = [](const std::string& text) {
    try {
      parse_main_genome(text, "bad.toml");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of("[strategies]\nfly = { priority = 0.5 }\n").find("bad.toml:2"),
            std::string::npos);
  EXPECT_NE(error_of("[strategies]\nfly = { priority = 0.5 }\n").find("strategies.fly"),
            std::string::npos);
  EXPECT_NE(error_of("[params]\nfight_samples = 0\n").find("fight_samples"), std::string::npos);
  EXPECT_NE(error_of("[params]\ndrink_below = 2.0\n").find("drink_below"), std::string::npos);
  EXPECT_NE(error_of("[other]\n").find("other"), std::string::npos);
  EXPECT_THROW(load_main_genome("/nonexistent/genome.toml"), InputError);
}

// Steps from every cell to `to` over the cells `know` calls walkable (8 directions).
std::vector<int> walk_distances_to(const MainKnowledge& know, Point to) {
  const Size size = know.size();
  std::vector<int> dist(static_cast<std::size_t>(size.area()), -1);
  std::vector<Point> queue{to};
  dist[static_cast<std::size_t>(to.y * size.width + to.x)] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Point c = queue[head];
    for (const Point d : k_directions8) {
      const Point q = c + d;
      if (q.x < 0 || q.y < 0 || q.x >= size.width || q.y >= size.height || !know.walkable(q))
        continue;
      int& slot = dist[static_cast<std::size_t>(q.y * size.width + q.x)];
      if (slot >= 0) continue;
      slot = dist[static_cast<std::size_t>(c.y * size.width + c.x)] + 1;
      queue.push_back(q);
    }
  }
  return dist;
}

// The knowledge: cells never seen are not walkable, and the first step toward a cell starts a
// shortest walk over known cells (checked against a plain breadth-first search from it).
TEST(MainKnowledge, StepsStartShortestKnownWalks) {
  Env env(shipped_content());
  env.reset(4);
  Rng rng(2);
  MainKnowledge know;
  int checked = 0;
  for (int n = 0; n < 200 && !env.done(); ++n) {
    know.update(env);
    const Observation& obs = env.observation();
    for (std::size_t i = 0; i < obs.terrain.size(); ++i) {
      const Point p{static_cast<int>(i) % obs.size.width, static_cast<int>(i) / obs.size.width};
      if (obs.terrain[i] == 0 && p != know.player()) {
        ASSERT_FALSE(know.walkable(p));
      }
    }
    if (n % 10 == 0) {
      const std::optional<Point> far = know.nearest([&](Point p) {
        return know.distance(p) != path::k_unreachable && know.distance(p) >= 3 &&
               (p.x + p.y + n) % 5 == 0;
      });
      if (far) {
        const int dir = know.step_toward(*far);
        ASSERT_GE(dir, 0);
        const Point next = know.player() + k_directions8[static_cast<std::size_t>(dir)];
        const std::vector<int> back = walk_distances_to(know, *far);
        const auto at = [&](Point p) {
          return back[static_cast<std::size_t>(p.y * obs.size.width + p.x)];
        };
        EXPECT_EQ(at(next), know.distance(*far) - 1) << "step " << n;
        EXPECT_EQ(at(know.player()), know.distance(*far)) << "step " << n;
        ++checked;
      }
    }
    env.step(api::random_legal_action(env, rng));
  }
  EXPECT_GE(checked, 5);
}

}  // namespace
}  // namespace yendor::api::bots
