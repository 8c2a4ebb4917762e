#include "yendor/ai/behaviour_tree.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

#include "yendor/core/error.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::ai {
namespace {

using K = BtNodeKind;

constexpr std::array<std::string_view, static_cast<std::size_t>(K::count)> k_kind_names{
    "sequence", "selector",  "random", "inverter", "succeeder",
    "failer",   "condition", "test",   "action"};

constexpr std::array<std::string_view, static_cast<std::size_t>(BtKey::count)> k_key_names{
    "threat",       "allies",        "provoked",   "seen_turns", "lost_turns",
    "hp",           "player_hp",     "kin_lost",   "anger",      "fear",
    "joy",          "distress",      "mood",       "openness",   "conscientiousness",
    "extraversion", "agreeableness", "neuroticism"};

// The comparisons, longest spelling first so that ">=" is not read as ">".
struct CompareSpelling {
  std::string_view text;
  BtCompare compare;
};
constexpr std::array<CompareSpelling, 6> k_compares{{{">=", BtCompare::greater_equal},
                                                     {"<=", BtCompare::less_equal},
                                                     {"==", BtCompare::equal},
                                                     {"!=", BtCompare::not_equal},
                                                     {">", BtCompare::greater},
                                                     {"<", BtCompare::less}}};

constexpr std::int32_t k_test_limit = 1000000;

bool decorator(K kind) {
  return kind == K::inverter || kind == K::succeeder || kind == K::failer;
}

std::string joined_traits() {
  std::string out;
  for (int t = 0; t < k_trait_count; ++t)
    out += (out.empty() ? "" : ", ") + std::string(to_string(static_cast<Trait>(t)));
  return out;
}

std::string joined_keys() {
  std::string out;
  for (std::string_view k : k_key_names)
    out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

// Reads nodes depth first into the flat array.
class Parser {
 public:
  Parser(const TomlWhere& where, std::vector<BtNode>& nodes) : where_(where), nodes_(nodes) {}

  void node(const toml::node& n, const std::string& field, int depth, BtWeight weight) {
    if (depth > k_bt_max_depth)
      where_.fail(n, field,
                  "nested deeper than " + std::to_string(k_bt_max_depth) + " levels (the limit)");
    if (nodes_.size() >= static_cast<std::size_t>(k_bt_max_nodes))
      where_.fail(n, field, "more than " + std::to_string(k_bt_max_nodes) + " nodes in one tree");
    const std::size_t index = nodes_.size();
    nodes_.push_back(BtNode{});
    nodes_[index].weight = weight;
    if (n.is_string())
      leaf(n, field, n.as_string()->get(), nodes_[index]);
    else if (n.is_table())
      table(*n.as_table(), field, depth, index);
    else
      where_.fail(n, field,
                  "a node expected (a condition, \"$test\", \"@behaviour\" or a table of one node "
                  "kind), got " +
                      toml_type_name(n));
    nodes_[index].end = static_cast<std::uint16_t>(nodes_.size());
  }

 private:
  void table(const toml::table& t, const std::string& field, int depth, std::size_t index) {
    check_known(where_, t,
                {"sequence", "selector", "random", "inverter", "succeeder", "failer", "weights"},
                field.empty() ? "" : field + ".");
    const toml::node* body = nullptr;
    K kind = K::count;
    for (auto&& [key, value] : t) {
      if (key.str() == "weights") continue;
      const K k = kind_named(key.str());
      if (body != nullptr)
        where_.fail(t, field,
                    "one node kind per table, got " + std::string(to_string(kind)) + " and " +
                        std::string(key.str()));
      body = &value;
      kind = k;
    }
    if (body == nullptr)
      where_.fail(t, field,
                  "a node table needs one of sequence, selector, random, inverter, succeeder, "
                  "failer");
    const toml::node* weights = t.get("weights");
    if (weights != nullptr && kind != K::random)
      where_.fail(*weights, sub(field, "weights"), "only a random node takes weights");
    nodes_[index].kind = kind;
    const std::string child_field = sub(field, to_string(kind));
    if (decorator(kind)) {
      node(*body, child_field, depth + 1, BtWeight{});
      return;
    }
    const toml::array& children = as_array(where_, *body, child_field);
    if (children.empty())
      where_.fail(*body, child_field,
                  "no children (a " + std::string(to_string(kind)) + " needs at least one)");
    if (children.size() > static_cast<std::size_t>(k_bt_max_children))
      where_.fail(*body, child_field,
                  "more than " + std::to_string(k_bt_max_children) + " children");
    std::array<BtWeight, k_bt_max_children> child_weights{};
    if (weights != nullptr)
      read_weights(*weights, sub(field, "weights"), children.size(), child_weights);
    for (std::size_t i = 0; i < children.size(); ++i)
      node(children[i], child_field + "[" + std::to_string(i) + "]", depth + 1, child_weights[i]);
  }

  void read_weights(const toml::node& n, const std::string& field, std::size_t count,
                    std::array<BtWeight, k_bt_max_children>& out) {
    const toml::array& list = as_array(where_, n, field);
    if (list.size() != count)
      where_.fail(n, field,
                  std::to_string(count) + " weights expected (one per child), got " +
                      std::to_string(list.size()));
    for (std::size_t i = 0; i < count; ++i) {
      const toml::node& w = list[i];
      const std::string f = field + "[" + std::to_string(i) + "]";
      if (!w.is_string()) {
        out[i].milli =
            static_cast<std::int32_t>(std::lround(as_real(where_, w, f, 0, 1000) * 1000));
        continue;
      }
      std::string_view text = w.as_string()->get();
      if (!text.empty() && text.front() == '!') {
        out[i].inverse = true;
        text.remove_prefix(1);
      }
      for (int t = 0; t < k_trait_count; ++t)
        if (to_string(static_cast<Trait>(t)) == text) out[i].trait = static_cast<std::int8_t>(t);
      if (out[i].trait < 0)
        where_.fail(w, f,
                    "a number or a trait expected, got '" + std::string(text) +
                        "' (traits: " + joined_traits() + ")");
    }
  }

  void leaf(const toml::node& n, const std::string& field, std::string_view text, BtNode& out) {
    if (text.empty()) where_.fail(n, field, "an empty node");
    try {
      if (text.front() == '@') {
        out.kind = K::action;
        out.behaviour = parse_behaviour(text.substr(1));
      } else if (text.front() == '$') {
        out.kind = K::test;
        out.test = parse_test(text.substr(1));
      } else {
        out.kind = K::condition;
        out.condition = parse_condition(text);
      }
    } catch (const InputError& e) {
      where_.fail(n, field, e.what());
    }
  }

  static BtTest parse_test(std::string_view text) {
    std::size_t name_end = 0;
    while (name_end < text.size() &&
           ((text[name_end] >= 'a' && text[name_end] <= 'z') || text[name_end] == '_'))
      ++name_end;
    const std::string_view name = text.substr(0, name_end);
    BtTest test;
    bool known = false;
    for (std::size_t k = 0; k < k_key_names.size(); ++k)
      if (k_key_names[k] == name) {
        test.key = static_cast<BtKey>(k);
        known = true;
      }
    if (!known)
      throw InputError("unknown key '" + std::string(name) + "' in a test (keys: " + joined_keys() +
                       ")");
    std::string_view rest = text.substr(name_end);
    bool compared = false;
    for (const CompareSpelling& c : k_compares)
      if (rest.starts_with(c.text)) {
        test.compare = c.compare;
        rest.remove_prefix(c.text.size());
        compared = true;
        break;
      }
    if (!compared)
      throw InputError("a comparison (>, >=, <, <=, ==, !=) expected after '$" + std::string(name) +
                       "'");
    std::int32_t v = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
    if (rest.empty() || ec != std::errc{} || end != rest.data() + rest.size() ||
        v < -k_test_limit || v > k_test_limit)
      throw InputError("an integer from -1000000 to 1000000 expected after the comparison, got '" +
                       std::string(rest) + "'");
    test.value = v;
    return test;
  }

  static K kind_named(std::string_view name) {
    for (std::size_t k = 0; k < k_kind_names.size(); ++k)
      if (k_kind_names[k] == name) return static_cast<K>(k);
    return K::count;  // check_known has refused every other key
  }

  static std::string sub(const std::string& field, std::string_view key) {
    return field.empty() ? std::string(key) : field + "." + std::string(key);
  }

  const TomlWhere& where_;
  std::vector<BtNode>& nodes_;
};

int depth_below(const std::vector<BtNode>& nodes, std::size_t i) {
  int deepest = 0;
  for (std::size_t c = i + 1; c < nodes[i].end; c = nodes[c].end)
    deepest = std::max(deepest, depth_below(nodes, c));
  return deepest + 1;
}

// One tick: recursion over the flat array (depth <= k_bt_max_depth), nothing allocated.
class Ticker {
 public:
  Ticker(std::span<const BtNode> nodes, BtLeaves& leaves, Rng& rng)
      : nodes_(nodes), leaves_(leaves), rng_(rng) {}

  BtStatus run(std::size_t i) {
    const BtNode& n = nodes_[i];
    switch (n.kind) {
      case K::sequence:
        for (std::size_t c = i + 1; c < n.end; c = nodes_[c].end)
          if (const BtStatus s = run(c); s != BtStatus::success) return s;
        return BtStatus::success;
      case K::selector:
        for (std::size_t c = i + 1; c < n.end; c = nodes_[c].end)
          if (const BtStatus s = run(c); s != BtStatus::failure) return s;
        return BtStatus::failure;
      case K::random:
        return run_random(i);
      case K::inverter: {
        const BtStatus s = run(i + 1);
        if (s == BtStatus::acted) return s;
        return s == BtStatus::success ? BtStatus::failure : BtStatus::success;
      }
      case K::succeeder: {
        const BtStatus s = run(i + 1);
        return s == BtStatus::failure ? BtStatus::success : s;
      }
      case K::failer: {
        const BtStatus s = run(i + 1);
        return s == BtStatus::success ? BtStatus::failure : s;
      }
      case K::condition:
      case K::test:
        return leaves_.holds(n) ? BtStatus::success : BtStatus::failure;
      case K::action: {
        Decision d;
        if (!leaves_.act(n, d)) return BtStatus::failure;
        decision = d;
        return BtStatus::acted;
      }
      case K::count:
        break;
    }
    return BtStatus::failure;
  }

  Decision decision{};

 private:
  // A selector over its children in an order drawn by weight, without replacement; children
  // of weight 0 are never tried.
  BtStatus run_random(std::size_t i) {
    std::array<std::uint16_t, k_bt_max_children> child{};
    std::array<std::uint32_t, k_bt_max_children> weight{};
    std::size_t count = 0;
    std::uint64_t total = 0;
    for (std::size_t c = i + 1; c < nodes_[i].end && count < child.size(); c = nodes_[c].end) {
      child[count] = static_cast<std::uint16_t>(c);
      weight[count] = weight_of(nodes_[c].weight);
      total += weight[count];
      ++count;
    }
    while (total > 0) {
      const std::size_t k =
          rng_.weighted_index(std::span<const std::uint32_t>(weight.data(), count));
      total -= weight[k];
      weight[k] = 0;
      if (const BtStatus s = run(child[k]); s != BtStatus::failure) return s;
    }
    return BtStatus::failure;
  }

  std::uint32_t weight_of(const BtWeight& w) {
    if (w.trait < 0) return static_cast<std::uint32_t>(std::max(w.milli, 0));
    const std::int32_t t = std::clamp(leaves_.trait(static_cast<Trait>(w.trait)), 0, 1000);
    return static_cast<std::uint32_t>(w.inverse ? 1000 - t : t);
  }

  std::span<const BtNode> nodes_;
  BtLeaves& leaves_;
  Rng& rng_;
};

}  // namespace

std::string_view to_string(BtNodeKind kind) {
  return k_kind_names.at(static_cast<std::size_t>(kind));
}

std::string_view to_string(BtKey key) {
  return k_key_names.at(static_cast<std::size_t>(key));
}

std::string_view to_string(BlackboardKey key) {
  return to_string(static_cast<BtKey>(key));  // the blackboard keys come first, same order
}

std::int32_t trait_value(const Memory& memory, Trait trait) {
  for (std::int32_t t : memory.personality)
    if (t != 0) return memory.personality[static_cast<std::size_t>(trait)];
  return 500;
}

std::int32_t read_key(BtKey key, const Memory& memory) {
  const auto k = static_cast<std::size_t>(key);
  if (k < static_cast<std::size_t>(k_blackboard_count)) return memory.blackboard[k];
  switch (key) {
    case BtKey::anger:
      return memory.emotion[static_cast<std::size_t>(Emotion::anger)];
    case BtKey::fear:
      return memory.emotion[static_cast<std::size_t>(Emotion::fear)];
    case BtKey::joy:
      return memory.emotion[static_cast<std::size_t>(Emotion::joy)];
    case BtKey::distress:
      return memory.emotion[static_cast<std::size_t>(Emotion::distress)];
    case BtKey::mood:
      return memory.mood;
    case BtKey::openness:
      return trait_value(memory, Trait::openness);
    case BtKey::conscientiousness:
      return trait_value(memory, Trait::conscientiousness);
    case BtKey::extraversion:
      return trait_value(memory, Trait::extraversion);
    case BtKey::agreeableness:
      return trait_value(memory, Trait::agreeableness);
    case BtKey::neuroticism:
      return trait_value(memory, Trait::neuroticism);
    default:
      return 0;
  }
}

bool passes(const BtTest& test, std::int32_t value) {
  switch (test.compare) {
    case BtCompare::greater:
      return value > test.value;
    case BtCompare::greater_equal:
      return value >= test.value;
    case BtCompare::less:
      return value < test.value;
    case BtCompare::less_equal:
      return value <= test.value;
    case BtCompare::equal:
      return value == test.value;
    case BtCompare::not_equal:
      return value != test.value;
  }
  return false;
}

BehaviourTree parse_behaviour_tree_node(const toml::node& node, const TomlWhere& where,
                                        std::string_view field) {
  BehaviourTree tree;
  Parser(where, tree.nodes).node(node, std::string(field), 1, BtWeight{});
  return tree;
}

BehaviourTree parse_behaviour_tree(const toml::table& table, const TomlWhere& where,
                                   const std::string& name) {
  check_known(where, table, {"root", "description"});
  BehaviourTree tree = parse_behaviour_tree_node(required(where, table, "root"), where, "root");
  tree.name = name;
  if (const toml::node* d = table.get("description"))
    tree.description = as_text(where, *d, "description");
  return tree;
}

int tree_depth(const BehaviourTree& tree) {
  return tree.nodes.empty() ? 0 : depth_below(tree.nodes, 0);
}

bool WorldLeaves::holds(const BtNode& leaf) {
  if (leaf.kind == BtNodeKind::condition) return ai::holds(leaf.condition, view_, memory_, rng_);
  if (leaf.kind == BtNodeKind::test) return passes(leaf.test, read_key(leaf.test.key, memory_));
  return false;
}

bool WorldLeaves::act(const BtNode& leaf, Decision& decision) {
  decision = perform(leaf.behaviour, view_, memory_, rng_);
  return decision.kind != DecisionKind::wait || leaf.behaviour == Behaviour::hold ||
         leaf.behaviour == Behaviour::sleep;
}

std::int32_t WorldLeaves::trait(Trait t) {
  return trait_value(memory_, t);
}

BtResult tick(const BehaviourTree& tree, BtLeaves& leaves, Rng& rng) {
  if (tree.nodes.empty()) return {};
  Ticker ticker(tree.nodes, leaves, rng);
  const BtStatus status = ticker.run(0);
  return {status, status == BtStatus::acted ? ticker.decision : Decision{}};
}

}  // namespace yendor::ai
