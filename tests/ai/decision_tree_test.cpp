// Decision trees ([tree.NAME]): parsing both TOML spellings, walking the flattened nodes, the
// inline writer's round trip, and parse errors that name file, line and field.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/fake_view.hpp"
#include "ai/library_test_util.hpp"
#include "yendor/ai/decision_tree.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/ai/tree_genetics.hpp"
#include "yendor/core/error.hpp"

namespace yendor::ai {
namespace {

using testing::BadText;
using testing::expect_load_errors;
using testing::FakeView;
using testing::has;
using testing::load_error;
using testing::load_text;
using testing::open_room;

TEST(DecisionTree, InlineTablesAndSubTablesReadTheSame) {
  const Library inline_form = load_text(R"(
[tree.a]
root = { if = "hp_below:0.25", then = "flee", else = { if = "!sees_player", then = "wander", else = "chase" } }
)");
  const Library table_form = load_text(R"(
[tree.a]
[tree.a.root]
if = "hp_below:0.25"
then = "flee"
[tree.a.root.else]
if = "!sees_player"
then = "wander"
else = "chase"
)");
  ASSERT_EQ(inline_form.trees.size(), 1u);
  EXPECT_EQ(inline_form.trees[0], table_form.trees[0]);
  const DecisionTree& t = inline_form.trees[0];
  EXPECT_EQ(t.name, "a");
  EXPECT_EQ(t.depth(), 2);
  // Pre-order: root, its then-leaf, the else-node, its two leaves.
  ASSERT_EQ(t.nodes.size(), 5u);
  EXPECT_EQ(t.nodes[0].condition, parse_condition("hp_below:0.25"));
  EXPECT_EQ(t.nodes[0].then_node, 1);
  EXPECT_EQ(t.nodes[0].else_node, 2);
  EXPECT_EQ(t.nodes[1].behaviour, Behaviour::flee);
  EXPECT_EQ(t.nodes[2].condition, parse_condition("!sees_player"));
  EXPECT_EQ(t.nodes[3].behaviour, Behaviour::wander);
  EXPECT_EQ(t.nodes[4].behaviour, Behaviour::chase);
}

TEST(DecisionTree, ALeafAloneIsATree) {
  const Library library = load_text("[tree.idle]\nroot = \"hold\"\nsummary = \"stands\"\n");
  const DecisionTree& t = library.trees.at(0);
  EXPECT_EQ(t.summary, "stands");
  EXPECT_EQ(t.depth(), 0);
  FakeView view(open_room(3, 3, {1, 1}));
  Memory memory;
  Rng rng(1);
  EXPECT_EQ(t.choose(view, memory, rng), Behaviour::hold);
}

// The walk reaches the leaf the conditions select, in each of the four corners of a
// two-condition tree (the oracle: the same rules written as ifs).
TEST(DecisionTree, ChooseFollowsTheConditions) {
  const Library library = load_text(R"(
[tree.t]
root = { if = "sees_player", then = { if = "hp_below:0.5", then = "flee", else = "attack" }, else = { if = "hurt", then = "shout", else = "sleep" } }
)");
  const DecisionTree& t = library.trees.at(0);
  for (const bool sees : {false, true})
    for (const int hp : {2, 9})
      for (const int damage : {0, 3}) {
        FakeView view(open_room(5, 5, {0, 0}, {4, 4}));
        view.sees = sees;
        view.hp_now = hp;
        view.damage = damage;
        Memory memory;
        Rng rng(7);
        Behaviour expected = Behaviour::sleep;
        if (sees)
          expected = hp < 5 ? Behaviour::flee : Behaviour::attack;
        else if (damage > 0)
          expected = Behaviour::shout;
        EXPECT_EQ(t.choose(view, memory, rng), expected) << sees << " " << hp << " " << damage;
      }
}

TEST(DecisionTree, RandomConditionsSplitByTheirChance) {
  const Library library =
      load_text("[tree.r]\nroot = { if = \"random:0.25\", then = \"shout\", else = \"hold\" }\n");
  FakeView view(open_room(3, 3, {1, 1}));
  Memory memory;
  Rng rng(11);
  int shouts = 0;
  constexpr int k_rolls = 20000;
  for (int i = 0; i < k_rolls; ++i)
    shouts += library.trees[0].choose(view, memory, rng) == Behaviour::shout ? 1 : 0;
  EXPECT_NEAR(static_cast<double>(shouts) / k_rolls, 0.25, 0.015);
}

TEST(DecisionTree, BuiltInLookAndChaseHasTheThesisRules) {
  const DecisionTree t = look_and_chase_tree();
  EXPECT_EQ(to_inline_toml(t),
            "{ if = \"adjacent_player\", then = \"attack\", else = { if = \"sees_player\", then = "
            "\"chase\", else = \"wander\" } }");
}

// Property: writing any tree inline and reading it back gives the same nodes.
TEST(DecisionTree, InlineTextReadsBackToTheSameNodes) {
  Rng rng(5);
  const GeneAlphabet alphabet = default_alphabet();
  for (int depth = 1; depth <= 4; ++depth)
    for (int trial = 0; trial < 10; ++trial) {
      const DecisionTree tree = to_tree(random_genome(depth, alphabet, rng), "x");
      const Library library = load_text("[tree.x]\nroot = " + to_inline_toml(tree) + "\n");
      EXPECT_EQ(library.trees.at(0).nodes, tree.nodes);
    }
}

TEST(DecisionTree, BrokenNodesInBuiltTreesHoldInsteadOfLooping) {
  DecisionTree t = leaf_tree(Behaviour::attack);
  DecisionNode loop;
  loop.then_node = 0;
  loop.else_node = 0;
  t.nodes = {loop};
  FakeView view(open_room(3, 3, {1, 1}));
  Memory memory;
  Rng rng(1);
  EXPECT_EQ(t.choose(view, memory, rng), Behaviour::hold);
  EXPECT_EQ(DecisionTree{}.choose(view, memory, rng), Behaviour::hold);
}

TEST(DecisionTreeErrors, NameFileLineAndField) {
  const std::vector<BadText> bad{
      {"[tree.x]\n"
       "[tree.x.root]\n"
       "if = \"sees_player\"\n"
       "then = \"chase\"\n"
       "else = { if = \"smells_pizza\", then = \"hunt\", else = \"wander\" }\n",
       "t.toml:5: [tree.x]: field 'root.else.if': unknown condition "
       "'smells_pizza' (conditions: always, sees_player"},
      {"[tree.x]\n"
       "root = { if = \"sees_player\", then = \"chase\", else = \"dance\" }\n",
       "t.toml:2: [tree.x]: field 'root.else': unknown behaviour 'dance' "
       "(behaviours: attack, chase"},
      {"[tree.x]\n\n[tree.x.root]\nif = \"sees_player\"\nthen = \"chase\"\n",
       "t.toml:3: [tree.x]: field 'root.else': missing (it is required)"},
      {"[tree.x]\nroot = { iff = \"sees_player\" }\n",
       "t.toml:2: [tree.x]: field 'root.iff': unknown field (known fields: if, "
       "then, else)"},
      {"[tree.x]\nroot = 3\n",
       "t.toml:2: [tree.x]: field 'root': a behaviour name or a table { if, "
       "then, else } expected, got an integer"},
      {"[tree.x]\nroot = { if = 1, then = \"chase\", else = \"hold\" }\n",
       "t.toml:2: [tree.x]: field 'root.if': text expected, got an integer"},
      {"[tree.x]\nroot = { if = \"hp_below:2\", then = \"chase\", else = "
       "\"hold\" }\n",
       "field 'root.if': condition 'hp_below': value from 0.0 to 1.0 expected"},
      {"[tree.x]\nsummary = \"s\"\n", "t.toml:1: [tree.x]: field 'root': missing (it is required)"},
      {"[tree.x]\nroot = \"hold\"\nbranches = 2\n",
       "t.toml:3: [tree.x]: field 'branches': unknown field"},
  };
  expect_load_errors("t.toml", bad);
}

TEST(DecisionTreeErrors, NestingDeeperThanTheLimitIsRefused) {
  std::string node = "\"hold\"";
  for (int i = 0; i <= k_max_tree_depth; ++i)
    node = "{ if = \"sees_player\", then = \"chase\", else = " + node + " }";
  const std::string message = load_error("[tree.deep]\nroot = " + node + "\n");
  EXPECT_TRUE(has(message, "t.toml:2: [tree.deep]: field 'root.else.else."));
  EXPECT_TRUE(has(message, "nests deeper than 16 conditions"));
  // One level less is fine.
  std::string ok = "\"hold\"";
  for (int i = 0; i < k_max_tree_depth; ++i)
    ok = "{ if = \"sees_player\", then = \"chase\", else = " + ok + " }";
  EXPECT_EQ(load_text("[tree.deep]\nroot = " + ok + "\n").trees.at(0).depth(), k_max_tree_depth);
}

}  // namespace
}  // namespace yendor::ai
