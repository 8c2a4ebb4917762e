#include "yendor/ai/decision_tree.hpp"

#include <algorithm>

#include "yendor/core/error.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::ai {
namespace {

std::int32_t index_of(std::size_t i) {
  return static_cast<std::int32_t>(i);
}

// Appends `node` (the value of `field`, `level` inner nodes below the root) to `nodes` in
// pre-order.
void read_node(const toml::node& node, const TomlWhere& where, const std::string& field, int level,
               std::vector<DecisionNode>& nodes) {
  if (node.is_string()) {
    DecisionNode leaf;
    try {
      leaf.behaviour = parse_behaviour(node.as_string()->get());
    } catch (const InputError& e) {
      where.fail(node, field, e.what());
    }
    nodes.push_back(leaf);
    return;
  }
  if (!node.is_table())
    where.fail(
        node, field,
        "a behaviour name or a table { if, then, else } expected, got " + toml_type_name(node));
  if (level >= k_max_tree_depth)
    where.fail(node, field,
               "the tree nests deeper than " + std::to_string(k_max_tree_depth) + " conditions");
  const toml::table& table = *node.as_table();
  const std::string prefix = field + ".";
  check_known(where, table, {"if", "then", "else"}, prefix);
  const toml::node& test = required(where, table, "if", prefix);
  const toml::node& then_node = required(where, table, "then", prefix);
  const toml::node& else_node = required(where, table, "else", prefix);
  const std::string test_text = as_text(where, test, prefix + "if");
  DecisionNode inner;
  try {
    inner.condition = parse_condition(test_text);
  } catch (const InputError& e) {
    where.fail(test, prefix + "if", e.what());
  }
  const std::size_t self = nodes.size();
  nodes.push_back(inner);
  nodes[self].then_node = index_of(nodes.size());
  read_node(then_node, where, prefix + "then", level + 1, nodes);
  nodes[self].else_node = index_of(nodes.size());
  read_node(else_node, where, prefix + "else", level + 1, nodes);
}

int depth_below(const std::vector<DecisionNode>& nodes, std::size_t i) {
  const DecisionNode& n = nodes[i];
  if (n.is_leaf()) return 0;
  return 1 + std::max(depth_below(nodes, static_cast<std::size_t>(n.then_node)),
                      depth_below(nodes, static_cast<std::size_t>(n.else_node)));
}

void append_inline(const std::vector<DecisionNode>& nodes, std::size_t i, std::string& out) {
  const DecisionNode& n = nodes[i];
  if (n.is_leaf()) {
    out += "\"" + std::string(to_string(n.behaviour)) + "\"";
    return;
  }
  out += "{ if = \"" + to_string(n.condition) + "\", then = ";
  append_inline(nodes, static_cast<std::size_t>(n.then_node), out);
  out += ", else = ";
  append_inline(nodes, static_cast<std::size_t>(n.else_node), out);
  out += " }";
}

// `tree`'s nodes appended to `out`, their links shifted by where they start.
void append_shifted(const DecisionTree& tree, std::vector<DecisionNode>& out) {
  const std::int32_t offset = index_of(out.size());
  for (DecisionNode n : tree.nodes) {
    if (!n.is_leaf()) {
      n.then_node += offset;
      n.else_node += offset;
    }
    out.push_back(n);
  }
}

}  // namespace

Behaviour DecisionTree::choose(const View& view, const Memory& memory, Rng& rng) const {
  const std::size_t size = nodes.size();
  std::size_t i = 0;
  while (i < size) {
    const DecisionNode& n = nodes[i];
    if (n.is_leaf()) return n.behaviour;
    const auto next =
        static_cast<std::size_t>(holds(n.condition, view, memory, rng) ? n.then_node : n.else_node);
    if (next <= i) break;  // links only point forward (pre-order); a broken tree holds
    i = next;
  }
  return Behaviour::hold;
}

int DecisionTree::depth() const {
  return nodes.empty() ? 0 : depth_below(nodes, 0);
}

DecisionTree leaf_tree(Behaviour behaviour) {
  DecisionTree tree;
  DecisionNode leaf;
  leaf.behaviour = behaviour;
  tree.nodes.push_back(leaf);
  return tree;
}

DecisionTree branch_tree(const Condition& test, const DecisionTree& then_tree,
                         const DecisionTree& else_tree) {
  DecisionTree tree;
  DecisionNode inner;
  inner.condition = test;
  tree.nodes.push_back(inner);
  tree.nodes[0].then_node = 1;
  append_shifted(then_tree, tree.nodes);
  tree.nodes[0].else_node = index_of(tree.nodes.size());
  append_shifted(else_tree, tree.nodes);
  return tree;
}

DecisionTree look_and_chase_tree() {
  Condition adjacent, sees;
  adjacent.kind = ConditionKind::adjacent_player;
  sees.kind = ConditionKind::sees_player;
  DecisionTree tree =
      branch_tree(adjacent, leaf_tree(Behaviour::attack),
                  branch_tree(sees, leaf_tree(Behaviour::chase), leaf_tree(Behaviour::wander)));
  tree.name = "look_and_chase";
  tree.summary =
      "The thesis's look-and-chase actor: attack the adjacent player, charge the player it "
      "sees, otherwise wander.";
  return tree;
}

std::string to_inline_toml(const DecisionTree& tree) {
  std::string out;
  if (tree.nodes.empty()) return "\"hold\"";
  append_inline(tree.nodes, 0, out);
  return out;
}

DecisionTree parse_decision_tree(const toml::table& table, const TomlWhere& where,
                                 const std::string& name) {
  check_known(where, table, {"summary", "root"});
  DecisionTree tree;
  tree.name = name;
  if (const toml::node* summary = table.get("summary"))
    tree.summary = as_text(where, *summary, "summary");
  read_node(required(where, table, "root"), where, "root", 0, tree.nodes);
  return tree;
}

}  // namespace yendor::ai
