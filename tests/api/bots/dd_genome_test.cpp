// Genome files: the text round-trips, the greedy genome is the paper's lists, and mistakes
// are one line naming file, line and field.

#include <gtest/gtest.h>

#include "yendor/api/bots/dd_genome.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {
namespace {

const std::vector<std::string> k_spells = {"fireball", "kill_protect", "heal"};

TEST(DdGenome, GreedyIsThePapersLists) {
  const DdGenome g = greedy_genome();
  int on = 0;
  for (bool b : g.main_on)
    on += b ? 1 : 0;
  EXPECT_EQ(on, 3);
  EXPECT_GT(g.main_priority[0], g.main_priority[1]);  // pick up > kill strongest
  EXPECT_EQ(g.health_potions[0], 0);
  EXPECT_EQ(g.health_potions[9], 3);
}

TEST(DdGenome, TextRoundTrips) {
  DdGenome g = greedy_genome();
  g.convert[2] = true;
  g.heal_below = 0.375;
  g.attack_on[5] = false;
  g.attack_priority[12] = 0.123456;
  const DdGenome back = parse_genome(genome_text(g, k_spells), "g.toml", k_spells);
  EXPECT_EQ(back, g);
}

void expect_error(const std::string& text, const std::string& where, const std::string& part) {
  try {
    (void)parse_genome(text, "g.toml", k_spells);
    ADD_FAILURE() << "no error for " << text;
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind(where, 0), 0u) << m;
    EXPECT_NE(m.find(part), std::string::npos) << m;
  }
}

TEST(DdGenome, MistakesNameTheirPlace) {
  expect_error("[main]\npick_upp = { priority = 1 }\n", "g.toml:2:", "unknown strategy");
  expect_error("[attack]\nfireball = { priority = 2 }\n",
               "g.toml:2:", "field 'attack.fireball.priority'");
  expect_error("[params]\nhealth_potions = [1, 2]\n", "g.toml:2:", "10 numbers");
  expect_error("[params]\nconvert = [\"teleport\"]\n", "g.toml:2:", "unknown spell");
  expect_error("[paramz]\n", "g.toml:1:", "unknown field");
}

}  // namespace
}  // namespace yendor::api::bots
