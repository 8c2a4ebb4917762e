#pragma once
// Running the shipped grammar data (data/grammars/*.toml) for the grammar-data tests: the
// settings, the recipe run and the checks every finished mission graph must pass. Shared by
// grammar_data_test.cpp (default run) and grammar_sweep_test.cpp (the long sweep).

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "yendor/gen/cyclic/grammar_file.hpp"
#include "yendor/gen/cyclic/graph_grammar.hpp"
#include "yendor/gen/cyclic/mission_check.hpp"

namespace yendor::cyclic::test {

inline const std::vector<std::string> k_realizations{
    "locked_door", "barred_door", "timed_gate",        "lava",
    "chasm",       "secret_door", "collapsing_bridge", "drop"};
inline const std::vector<std::string> k_patterns{"lock_key", "secret_shortcut", "valve",
                                                 "gambit",   "hidden_path",     "foreshadowing"};

struct Setting {
  int cycles = 3;
  int rooms = 30;
  double branches = 0.2;
  double secrets = 0.3;
  std::string theme = "dungeon";
  std::string only_realization;  // empty: all allowed
  std::string only_pattern;      // empty: all allowed
};

inline ParamSet vars_for(const Setting& s) {
  ParamSet vars;
  vars.set("cycles", std::int64_t{s.cycles});
  vars.set("rooms", std::int64_t{s.rooms});
  vars.set("branches", s.branches);
  vars.set("secrets", s.secrets);
  vars.set("depth", std::int64_t{3});
  vars.set("difficulty", std::int64_t{2});
  vars.set("theme", s.theme);
  for (const std::string& r : k_realizations)
    vars.set("allow_" + r, std::int64_t{s.only_realization.empty() || s.only_realization == r});
  for (const std::string& p : k_patterns)
    vars.set("allow_" + p, std::int64_t{s.only_pattern.empty() || s.only_pattern == p});
  return vars;
}

inline const Grammar& data_grammar() {
  static const Grammar grammar = load_grammar(std::string(YENDOR_SOURCE_DIR) + "/data/grammars");
  return grammar;
}

inline MissionGraph run_cyclic(const Setting& s, std::uint64_t seed) {
  MissionGraph graph;
  ParamSet axiom;
  axiom.set("kind", std::string("level"));
  graph.add_node(axiom);
  Rng rng(seed);
  const Recipe* recipe = data_grammar().find_recipe("cyclic");
  run_recipe(graph, data_grammar(), *recipe, vars_for(s), rng);
  return graph;
}

inline int place_count(const MissionGraph& g) {
  int n = 0;
  for (const MissionNode& node : g.nodes())
    n += is_place_kind(kind_of(node.attrs)) ? 1 : 0;
  return n;
}

// The most places `cycles` cycles can take before the level grows: each cycle's pattern makes
// at most 8 places of its own (entrance, goal, lookout, antechamber, key room, two locks, a
// short path's room) plus a long path of at most max(2, rooms / (4 * cycles)) rooms.
inline int structure_bound(int cycles, int rooms) {
  return 8 * cycles + std::max(2 * cycles, rooms / 4);
}

inline void check_run(const Setting& s, std::uint64_t seed) {
  const MissionGraph g = run_cyclic(s, seed);
  const std::vector<std::string> problems = mission_problems(g);
  ASSERT_TRUE(problems.empty()) << "seed " << seed << " cycles " << s.cycles << " rooms " << s.rooms
                                << " only " << s.only_realization << "/" << s.only_pattern << ": "
                                << problems.front();
  const std::vector<CycleInfo> cycles = mission_cycles(g);
  ASSERT_EQ(static_cast<int>(cycles.size()), s.cycles) << "seed " << seed;
  const int places = place_count(g);
  // The level grows to exactly `rooms` places unless its cycles alone take more.
  EXPECT_GE(places, s.rooms) << "seed " << seed;
  EXPECT_LE(places, std::max(s.rooms, structure_bound(s.cycles, s.rooms))) << "seed " << seed;
  for (const CycleInfo& c : cycles) {
    EXPECT_GE(c.goal, 0) << "seed " << seed;
    EXPECT_FALSE(c.pattern.empty()) << "seed " << seed;
    EXPECT_EQ(c.parent < 0, c.id == 1) << "seed " << seed;
    if (!s.only_pattern.empty() && c.pattern != "plain") {
      // gambit is the one pattern with two rules; each other pattern names itself
      EXPECT_EQ(c.pattern, s.only_pattern) << "seed " << seed;
    }
  }
  // Locks use only the palette's realization.
  if (!s.only_realization.empty())
    for (int id : g.nodes_of_kind("lock")) {
      EXPECT_EQ(text_attr(g.find_node(id)->attrs, "realize"), s.only_realization)
          << "seed " << seed;
    }
}

// Every cycle count 1..6 and size 10..60, with branch rates 0..1 and every theme.
inline void sweep_sizes(int seeds_per_setting) {
  std::uint64_t seed = 1;
  for (int cycles = 1; cycles <= 6; ++cycles)
    for (int rooms : {10, 25, 40, 60})
      for (int i = 0; i < seeds_per_setting; ++i) {
        Setting s;
        s.cycles = cycles;
        s.rooms = rooms;
        s.branches = (i % 5) * 0.25;
        s.theme = std::vector<std::string>{"dungeon", "cave", "fire", "chasm"}[i % 4];
        check_run(s, seed++);
        if (::testing::Test::HasFatalFailure()) return;
      }
}

}  // namespace yendor::cyclic::test
