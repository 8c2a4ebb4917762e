// The long random-play sweep (label `long`, outside the default run): 200 seeds x 10,000
// turns with the test content and 20 seeds with the shipped content, the invariants checked
// after every step; the harness sends the player down a level every 400 (300) turns.
#include <gtest/gtest.h>

#include <iostream>

#include "random_play.hpp"
#include "support/game_test_content.hpp"

namespace yendor::game {
namespace {

TEST(RandomPlaySweep, TestContent200Seeds) {
  testing::RandomPlayStats stats;
  for (std::uint64_t seed = 1000; seed < 1200; ++seed)
    ASSERT_EQ(testing::play_randomly(testing::shared_test_content(), seed, 10'000, stats, 400), "");
  std::cout << "[          ] " << stats.turns << " turns, " << stats.games << " games, "
            << stats.deaths << " deaths, " << stats.wins << " wins, deepest level " << stats.deepest
            << "\n";
}

TEST(RandomPlaySweep, ShippedContent20Seeds) {
  const auto content = std::make_shared<const Content>(load_content(default_content_dir()));
  testing::RandomPlayStats stats;
  for (std::uint64_t seed = 2000; seed < 2020; ++seed)
    ASSERT_EQ(testing::play_randomly(content, seed, 10'000, stats, 300), "");
  std::cout << "[          ] " << stats.turns << " turns, " << stats.games << " games, "
            << stats.deaths << " deaths, " << stats.wins << " wins, deepest level " << stats.deepest
            << "\n";
}

}  // namespace
}  // namespace yendor::game
