// The grammar data (data/grammars/*.toml) run for real: recipe "cyclic" from the axiom must
// give a finished mission graph (mission_problems empty) with `cycles` cycles and about
// `rooms` places, for every seed and every palette.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "grammar_data_support.hpp"

namespace yendor::cyclic {
namespace {

using namespace test;

TEST(GrammarData, LoadsAndHasTheCyclicRecipe) {
  const Grammar& g = data_grammar();
  ASSERT_NE(g.find_recipe("cyclic"), nullptr);
  for (const char* set : {"start", "pattern", "nest", "expand", "grow", "realize", "finish"}) {
    const auto sets = g.rule_sets();
    EXPECT_NE(std::find(sets.begin(), sets.end(), set), sets.end()) << set;
  }
}

TEST(GrammarData, EveryCycleCountAndSizeGivesAFinishedGraph) {
  sweep_sizes(3);
}

TEST(GrammarData, PalettesWithOneRealization) {
  std::uint64_t seed = 10000;
  for (const std::string& r : k_realizations)
    for (int i = 0; i < 6; ++i) {
      Setting s;
      s.cycles = 1 + i % 6;
      s.rooms = 15 + (i * 7) % 45;
      s.only_realization = r;
      check_run(s, seed++);
      if (HasFatalFailure()) return;
    }
}

TEST(GrammarData, EachPatternAlone) {
  std::uint64_t seed = 20000;
  for (const std::string& p : k_patterns)
    for (int i = 0; i < 6; ++i) {
      Setting s;
      s.cycles = 1 + i % 6;
      s.rooms = 15 + (i * 7) % 45;
      s.only_pattern = p;
      check_run(s, seed++);
      if (HasFatalFailure()) return;
    }
}

TEST(GrammarData, EachPatternAppears) {
  // Over many seeds with everything allowed, every pattern and realization gets used.
  std::set<std::string> patterns;
  std::set<std::string> realizations;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Setting s;
    s.cycles = 4;
    s.rooms = 40;
    s.theme = seed % 2 == 0 ? "chasm" : "fire";
    const MissionGraph g = run_cyclic(s, seed);
    for (const CycleInfo& c : mission_cycles(g))
      patterns.insert(c.pattern);
    for (int id : g.nodes_of_kind("lock"))
      realizations.insert(std::string(text_attr(g.find_node(id)->attrs, "realize")));
  }
  for (const std::string& p : k_patterns)
    EXPECT_EQ(patterns.count(p), 1U) << p;
  EXPECT_EQ(patterns.count("plain"), 1U);
  for (const std::string& r : k_realizations)
    EXPECT_EQ(realizations.count(r), 1U) << r;
}

TEST(GrammarData, SameSeedSameGraph) {
  Setting s;
  s.cycles = 4;
  s.rooms = 50;
  EXPECT_EQ(run_cyclic(s, 77), run_cyclic(s, 77));
  EXPECT_NE(run_cyclic(s, 77), run_cyclic(s, 78));
}

}  // namespace
}  // namespace yendor::cyclic
