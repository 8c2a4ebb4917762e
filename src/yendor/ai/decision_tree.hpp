#pragma once
// A stateless decision tree (thesis 4.2): nested if-conditions whose leaves are behaviours, the
// "[tree.NAME]" entries of data/ai/*.toml. Conditions and behaviours come from the shared
// vocabularies (condition.hpp, behaviour.hpp). A tree is flattened at load time into an array
// of nodes in pre-order, so walking it each turn allocates nothing.
//
//   [tree.look_and_chase]
//   summary = "..."   (optional)
//   root = { if = "adjacent_player", then = "attack",
//            else = { if = "sees_player", then = "chase", else = "wander" } }
//
// A node is a behaviour name (a leaf) or a table with `if` (a condition), `then` and `else`
// (nodes); nested inline tables and sub-tables ([tree.NAME.root.else]) both work.
#include <toml++/toml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/core/toml_where.hpp"

namespace yendor::ai {

// No tree in data nests deeper than this (a guard against runaway recursion on bad data).
inline constexpr int k_max_tree_depth = 16;

struct DecisionNode {
  Condition condition{};                  // an inner node's test
  Behaviour behaviour = Behaviour::hold;  // a leaf's behaviour
  std::int32_t then_node = -1;            // -1: this node is a leaf
  std::int32_t else_node = -1;
  bool is_leaf() const { return then_node < 0; }
  bool operator==(const DecisionNode&) const = default;
};

struct DecisionTree {
  std::string name;
  std::string summary;
  std::vector<DecisionNode> nodes;  // pre-order: nodes[0] is the root, then_node = i + 1

  // The leaf reached from the root for this view and memory (hold for an empty tree). Only a
  // `random` condition on the path draws from `rng`.
  Behaviour choose(const View& view, const Memory& memory, Rng& rng) const;
  // Levels of inner nodes on the longest path (0 for a single leaf).
  int depth() const;
  bool operator==(const DecisionTree&) const = default;
};

// Building trees in code (the built-in default, genomes, tests).
DecisionTree leaf_tree(Behaviour behaviour);
DecisionTree branch_tree(const Condition& test, const DecisionTree& then_tree,
                         const DecisionTree& else_tree);

// The thesis's "look and chase" actor (5.4; 4.2's first example): attack the adjacent player,
// charge the player it sees, otherwise wander. The stateless brain's built-in default.
DecisionTree look_and_chase_tree();

// The root as a TOML inline table ("{ if = ..., then = ..., else = ... }" or a quoted
// behaviour): `root = <this>` parses back to the same nodes.
std::string to_inline_toml(const DecisionTree& tree);

// Reads one "[tree.NAME]" entry; errors through `where` (file, line, field).
DecisionTree parse_decision_tree(const toml::table& table, const TomlWhere& where,
                                 const std::string& name);

}  // namespace yendor::ai
