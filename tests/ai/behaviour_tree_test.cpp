// The behaviour-tree engine: parsing ([bt.NAME] entries and their errors) and the semantics of
// a tick, against hand-worked cases and, over random trees, a naive recursive interpreter of
// the tree as written (an oracle independent of the flattened array).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "ai/fake_view.hpp"
#include "yendor/ai/behaviour_tree.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/error.hpp"

namespace yendor::ai {
namespace {

using testing::FakeView;

BehaviourTree parse_tree(const std::string& root) {
  const toml::table table = toml::parse("root = " + root, std::string("t.toml"));
  return parse_behaviour_tree(table, TomlWhere{"t.toml", "[bt.t]"}, "t");
}

std::string load_error(const std::string& text) {
  Library library;
  try {
    load_library_text(library, text, "t.toml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

bool is_leaf(BtNodeKind k) {
  return k == BtNodeKind::condition || k == BtNodeKind::test || k == BtNodeKind::action;
}

// Leaves answering from a script indexed by the leaf's ordinal (leaves counted in document
// order), recording the order in which they are visited. An acting leaf decides a step whose
// x is its ordinal.
class ScriptedLeaves final : public BtLeaves {
 public:
  ScriptedLeaves(const BehaviourTree& tree, std::vector<bool> outcomes)
      : tree_(tree), outcomes_(std::move(outcomes)) {
    int n = 0;
    for (const BtNode& node : tree.nodes)
      ordinal_.push_back(is_leaf(node.kind) ? n++ : -1);
  }
  bool holds(const BtNode& leaf) override { return visit(leaf); }
  bool act(const BtNode& leaf, Decision& decision) override {
    const int i = ordinal(leaf);
    const bool acts = visit(leaf);
    if (acts) decision = {DecisionKind::step, {i, 0}};
    return acts;
  }
  std::int32_t trait(Trait t) override { return personality[static_cast<std::size_t>(t)]; }

  std::vector<int> visits;
  std::array<std::int32_t, k_trait_count> personality{500, 500, 500, 500, 500};

 private:
  int ordinal(const BtNode& leaf) const {
    return ordinal_.at(static_cast<std::size_t>(&leaf - tree_.nodes.data()));
  }
  bool visit(const BtNode& leaf) {
    const int i = ordinal(leaf);
    visits.push_back(i);
    return outcomes_.at(static_cast<std::size_t>(i));
  }
  const BehaviourTree& tree_;
  std::vector<bool> outcomes_;
  std::vector<int> ordinal_;
};

struct Ticked {
  BtStatus status;
  int acted_leaf;  // -1: none
  std::vector<int> visits;
};

Ticked run(const BehaviourTree& tree, std::vector<bool> outcomes, std::uint64_t seed = 1) {
  ScriptedLeaves leaves(tree, std::move(outcomes));
  Rng rng(seed);
  const BtResult r = tick(tree, leaves, rng);
  EXPECT_EQ(r.status == BtStatus::acted, r.decision.kind == DecisionKind::step);
  return {r.status, r.status == BtStatus::acted ? r.decision.dir.x : -1, leaves.visits};
}

constexpr auto S = BtStatus::success;
constexpr auto F = BtStatus::failure;
constexpr auto A = BtStatus::acted;

// ---- parsing ----

TEST(BehaviourTreeParse, ReadsLeavesOfEveryKind) {
  const BehaviourTree t = parse_tree(R"({ sequence = ["!hp_below:0.25", "$fear>=600", "@flee"] })");
  ASSERT_EQ(t.nodes.size(), 4u);
  EXPECT_EQ(t.nodes[0].kind, BtNodeKind::sequence);
  EXPECT_EQ(t.nodes[0].end, 4);
  EXPECT_EQ(t.nodes[1].kind, BtNodeKind::condition);
  EXPECT_EQ(t.nodes[1].condition, parse_condition("!hp_below:0.25"));
  EXPECT_EQ(t.nodes[2].kind, BtNodeKind::test);
  EXPECT_EQ(t.nodes[2].test, (BtTest{BtKey::fear, BtCompare::greater_equal, 600}));
  EXPECT_EQ(t.nodes[3].kind, BtNodeKind::action);
  EXPECT_EQ(t.nodes[3].behaviour, Behaviour::flee);
  EXPECT_EQ(tree_depth(t), 2);
}

TEST(BehaviourTreeParse, ReadsEveryComparisonAndNegativeValues) {
  const std::vector<std::pair<std::string, BtCompare>> cases{
      {">", BtCompare::greater}, {">=", BtCompare::greater_equal},
      {"<", BtCompare::less},    {"<=", BtCompare::less_equal},
      {"==", BtCompare::equal},  {"!=", BtCompare::not_equal}};
  for (const auto& [op, compare] : cases) {
    const BehaviourTree t = parse_tree("\"$mood" + op + "-250\"");
    ASSERT_EQ(t.nodes.size(), 1u);
    EXPECT_EQ(t.nodes[0].test, (BtTest{BtKey::mood, compare, -250})) << op;
  }
}

TEST(BehaviourTreeParse, ComparisonsMeanWhatTheySay) {
  for (int v = -3; v <= 3; ++v) {
    EXPECT_EQ(passes({BtKey::mood, BtCompare::greater, 0}, v), v > 0);
    EXPECT_EQ(passes({BtKey::mood, BtCompare::greater_equal, 0}, v), v >= 0);
    EXPECT_EQ(passes({BtKey::mood, BtCompare::less, 0}, v), v < 0);
    EXPECT_EQ(passes({BtKey::mood, BtCompare::less_equal, 0}, v), v <= 0);
    EXPECT_EQ(passes({BtKey::mood, BtCompare::equal, 0}, v), v == 0);
    EXPECT_EQ(passes({BtKey::mood, BtCompare::not_equal, 0}, v), v != 0);
  }
}

TEST(BehaviourTreeParse, KeysReadTheMemory) {
  Memory m;
  m.blackboard = {1, 2, 3, 4, 5, 6, 7, 8};
  m.emotion = {10, 20, 30, 40};
  m.mood = -50;
  m.personality = {100, 200, 300, 400, 0};
  EXPECT_EQ(read_key(BtKey::threat, m), 1);
  EXPECT_EQ(read_key(BtKey::kin_lost, m), 8);
  EXPECT_EQ(read_key(BtKey::fear, m), 20);
  EXPECT_EQ(read_key(BtKey::distress, m), 40);
  EXPECT_EQ(read_key(BtKey::mood, m), -50);
  EXPECT_EQ(read_key(BtKey::conscientiousness, m), 200);
  EXPECT_EQ(read_key(BtKey::neuroticism, m), 0);
  m.personality = {};  // never rolled: average
  EXPECT_EQ(read_key(BtKey::openness, m), 500);
  for (int k = 0; k < static_cast<int>(BtKey::count); ++k) {
    const auto key = static_cast<BtKey>(k);
    EXPECT_EQ(parse_tree("\"$" + std::string(to_string(key)) + ">0\"").nodes[0].test.key, key);
  }
}

TEST(BehaviourTreeParse, ReadsWeightsOfRandomNodes) {
  const BehaviourTree t = parse_tree(
      R"({ random = ["@wander", "@hold", "@chase"], weights = [2.5, "openness", "!neuroticism"] })");
  ASSERT_EQ(t.nodes.size(), 4u);
  EXPECT_EQ(t.nodes[1].weight, (BtWeight{2500, -1, false}));
  EXPECT_EQ(t.nodes[2].weight, (BtWeight{1000, static_cast<std::int8_t>(Trait::openness), false}));
  EXPECT_EQ(t.nodes[3].weight,
            (BtWeight{1000, static_cast<std::int8_t>(Trait::neuroticism), true}));
}

TEST(BehaviourTreeParse, EntriesLoadThroughTheLibrary) {
  Library library;
  load_library_text(library, R"(
[bt.brave]
description = "fights"
root = { selector = [
  # a comment between children
  { sequence = ["$fear>600", "@flee"] },
  "@attack",
] }
)",
                    "t.toml");
  ASSERT_EQ(library.behaviour_trees.size(), 1u);
  EXPECT_EQ(library.behaviour_trees[0].name, "brave");
  EXPECT_EQ(library.behaviour_trees[0].description, "fights");
  EXPECT_EQ(library.behaviour_trees[0].nodes.size(), 5u);
}

TEST(BehaviourTreeParse, ErrorsNameFileLineAndNodePath) {
  const std::string head = "[bt.a]\nroot = { selector = [\n  \"sees_player\",\n";
  auto error = [&](const std::string& third) { return load_error(head + third + "\n] }\n"); };
  EXPECT_EQ(error("  \"@flea\","),
            "t.toml:4: [bt.a]: field 'root.selector[1]': unknown behaviour 'flea' (behaviours: "
            "attack, chase, fire, flee, wander, sleep, hold, search, follow_noise, follow_scent, "
            "hunt, return_home, shout, fight)");
  EXPECT_EQ(
      error("  \"seees_player\",")
          .rfind("t.toml:4: [bt.a]: field 'root.selector[1]': unknown condition 'seees_player' "
                 "(conditions: always, sees_player",
                 0),
      0u);
  EXPECT_EQ(error("  \"hp_below:2\","),
            "t.toml:4: [bt.a]: field 'root.selector[1]': condition 'hp_below': value from 0.0 to "
            "1.0 expected, got 2.0");
  EXPECT_EQ(
      error("  \"$fury>3\",")
          .rfind("t.toml:4: [bt.a]: field 'root.selector[1]': unknown key 'fury' in a test (keys: "
                 "threat, allies,",
                 0),
      0u);
  EXPECT_EQ(error("  \"$fear~3\","),
            "t.toml:4: [bt.a]: field 'root.selector[1]': a comparison (>, >=, <, <=, ==, !=) "
            "expected after '$fear'");
  EXPECT_EQ(error("  \"$fear>0.5\","),
            "t.toml:4: [bt.a]: field 'root.selector[1]': an integer from -1000000 to 1000000 "
            "expected after the comparison, got '0.5'");
  EXPECT_EQ(error("  \"\","), "t.toml:4: [bt.a]: field 'root.selector[1]': an empty node");
  EXPECT_EQ(error("  3,"),
            "t.toml:4: [bt.a]: field 'root.selector[1]': a node expected (a condition, "
            "\"$test\", \"@behaviour\" or a table of one node kind), got an integer");
  EXPECT_EQ(error("  { sequence = [] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].sequence': no children (a sequence needs "
            "at least one)");
  EXPECT_EQ(error("  { sequnce = [\"@hold\"] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].sequnce': unknown field (known fields: "
            "sequence, selector, random, inverter, succeeder, failer, weights)");
  EXPECT_EQ(error("  { sequence = [\"@hold\"], selector = [\"@hold\"] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1]': one node kind per table, got selector "
            "and sequence");
  EXPECT_EQ(error("  { },"),
            "t.toml:4: [bt.a]: field 'root.selector[1]': a node table needs one of sequence, "
            "selector, random, inverter, succeeder, failer");
  EXPECT_EQ(error("  { sequence = \"@hold\" },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].sequence': an array expected, got text");
  EXPECT_EQ(error("  { inverter = [\"@hold\"] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].inverter': a node expected (a condition, "
            "\"$test\", \"@behaviour\" or a table of one node kind), got an array");
  EXPECT_EQ(error("  { sequence = [\"@hold\"], weights = [1] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].weights': only a random node takes "
            "weights");
  EXPECT_EQ(error("  { random = [\"@hold\", \"@wander\"], weights = [1] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].weights': 2 weights expected (one per "
            "child), got 1");
  EXPECT_EQ(error("  { random = [\"@hold\"], weights = [-1] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].weights[0]': a number from 0.0 to "
            "1000.0 expected, got -1.0");
  EXPECT_EQ(error("  { random = [\"@hold\"], weights = [\"grumpiness\"] },"),
            "t.toml:4: [bt.a]: field 'root.selector[1].weights[0]': a number or a trait "
            "expected, got 'grumpiness' (traits: openness, conscientiousness, extraversion, "
            "agreeableness, neuroticism)");
}

TEST(BehaviourTreeParse, EntryErrors) {
  EXPECT_EQ(load_error("[bt.a]\ndescription = \"x\"\n"),
            "t.toml:1: [bt.a]: field 'root': missing (it is required)");
  EXPECT_EQ(load_error("[bt.a]\nroot = \"@hold\"\nrot = 1\n"),
            "t.toml:3: [bt.a]: field 'rot': unknown field (known fields: root, description)");
  EXPECT_EQ(load_error("[bt.a]\nroot = \"@hold\"\ndescription = 2\n"),
            "t.toml:3: [bt.a]: field 'description': text expected, got an integer");
  EXPECT_EQ(load_error("[bt.a]\nroot = \"@hold\"\n[bt.b]\nroot = \"@hold\"\n[bt.a.x]\n"),
            "t.toml:5: [bt.a]: field 'x': unknown field (known fields: root, description)");
}

std::string nested_inverters(int depth) {
  std::string s = "\"sees_player\"";
  for (int i = 1; i < depth; ++i)
    s = "{ inverter = " + s + " }";
  return s;
}

TEST(BehaviourTreeParse, LimitsTheDepth) {
  const BehaviourTree deepest = parse_tree(nested_inverters(k_bt_max_depth));
  EXPECT_EQ(tree_depth(deepest), k_bt_max_depth);
  EXPECT_EQ(static_cast<int>(deepest.nodes.size()), k_bt_max_depth);
  // An even number of inverters over the leaf: the leaf's answer.
  EXPECT_EQ(run(deepest, {true}).status, (k_bt_max_depth - 1) % 2 == 0 ? S : F);
  EXPECT_EQ(
      load_error("[bt.a]\nroot = " + nested_inverters(k_bt_max_depth + 1) + "\n"),
      "t.toml:2: [bt.a]: field 'root" +
          [] {
            std::string path;
            for (int i = 1; i < k_bt_max_depth + 1; ++i)
              path += ".inverter";
            return path;
          }() +
          "': nested deeper than 16 levels (the limit)");
}

TEST(BehaviourTreeParse, LimitsTheChildren) {
  std::string many = "{ selector = [";
  for (int i = 0; i <= k_bt_max_children; ++i)
    many += "\"@hold\",";
  many += "] }";
  EXPECT_EQ(load_error("[bt.a]\nroot = " + many + "\n"),
            "t.toml:2: [bt.a]: field 'root.selector': more than 32 children");
}

// ---- semantics, worked by hand ----

TEST(BehaviourTreeTick, SequenceFailsAtTheFirstFailure) {
  const BehaviourTree t = parse_tree(R"({ sequence = ["sees_player", "hurt", "kin_died"] })");
  const Ticked r = run(t, {true, false, true});
  EXPECT_EQ(r.status, F);
  EXPECT_EQ(r.visits, (std::vector<int>{0, 1}));
  const Ticked all = run(t, {true, true, true});
  EXPECT_EQ(all.status, S);
  EXPECT_EQ(all.visits, (std::vector<int>{0, 1, 2}));
}

TEST(BehaviourTreeTick, SelectorSucceedsAtTheFirstSuccess) {
  const BehaviourTree t = parse_tree(R"({ selector = ["sees_player", "hurt", "kin_died"] })");
  const Ticked r = run(t, {false, true, true});
  EXPECT_EQ(r.status, S);
  EXPECT_EQ(r.visits, (std::vector<int>{0, 1}));
  const Ticked none = run(t, {false, false, false});
  EXPECT_EQ(none.status, F);
  EXPECT_EQ(none.visits, (std::vector<int>{0, 1, 2}));
}

TEST(BehaviourTreeTick, AnActingActionEndsTheTurnAndAFailingOneFallsThrough) {
  const BehaviourTree t = parse_tree(
      R"({ selector = [ { sequence = ["sees_player", "@flee", "hurt"] }, "@attack", "@hold" ] })");
  const Ticked flees = run(t, {true, true, true, true, true});
  EXPECT_EQ(flees.status, A);
  EXPECT_EQ(flees.acted_leaf, 1);
  EXPECT_EQ(flees.visits, (std::vector<int>{0, 1}));
  const Ticked cannot_flee = run(t, {true, false, true, true, true});
  EXPECT_EQ(cannot_flee.status, A);
  EXPECT_EQ(cannot_flee.acted_leaf, 3);
  EXPECT_EQ(cannot_flee.visits, (std::vector<int>{0, 1, 3}));
  const Ticked nothing = run(t, {false, true, true, false, false});
  EXPECT_EQ(nothing.status, F);
  EXPECT_EQ(nothing.acted_leaf, -1);
  EXPECT_EQ(nothing.visits, (std::vector<int>{0, 3, 4}));
}

TEST(BehaviourTreeTick, Decorators) {
  for (bool leaf : {false, true}) {
    const BtStatus plain = leaf ? S : F;
    EXPECT_EQ(run(parse_tree(R"({ inverter = "hurt" })"), {leaf}).status, leaf ? F : S);
    EXPECT_EQ(run(parse_tree(R"({ succeeder = "hurt" })"), {leaf}).status, S);
    EXPECT_EQ(run(parse_tree(R"({ failer = "hurt" })"), {leaf}).status, F);
    EXPECT_EQ(run(parse_tree(R"({ inverter = { inverter = "hurt" } })"), {leaf}).status, plain);
    // An acting action passes every decorator: the turn is spent.
    for (const char* d : {"inverter", "succeeder", "failer"}) {
      const Ticked r = run(parse_tree(std::string("{ ") + d + " = \"@chase\" }"), {leaf});
      EXPECT_EQ(r.status, leaf ? A : (std::string(d) == "failer" ? F : S)) << d;
    }
  }
}

TEST(BehaviourTreeTick, WithoutAnActionItWaits) {
  Rng rng(1);
  const BehaviourTree t = parse_tree(R"("sees_player")");
  ScriptedLeaves leaves(t, {true});
  const BtResult r = tick(t, leaves, rng);
  EXPECT_EQ(r.status, S);
  EXPECT_EQ(r.decision, Decision{});
  BehaviourTree empty;
  EXPECT_EQ(tick(empty, leaves, rng).status, F);
}

// ---- random nodes ----

TEST(BehaviourTreeRandom, TriesEachChildOnceInSomeOrderUntilOneDoesNotFail) {
  const BehaviourTree t = parse_tree(
      R"({ random = ["hurt", "kin_died", "sees_player", "@hold"], weights = [1, 2, 3, 4] })");
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Ticked none = run(t, {false, false, false, false}, seed);
    EXPECT_EQ(none.status, F);
    std::vector<int> sorted = none.visits;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3}));
    const Ticked one = run(t, {false, false, true, false}, seed);
    EXPECT_EQ(one.status, S);
    EXPECT_EQ(one.visits.back(), 2);
    EXPECT_LE(one.visits.size(), 4u);
    EXPECT_EQ(run(t, {false, false, true, false}, seed).visits, one.visits);  // same seed
  }
}

// The first child tried is drawn with probability weight / total: 3 sigma bounds over 4000.
TEST(BehaviourTreeRandom, FirstChoiceFollowsTheWeights) {
  const BehaviourTree t = parse_tree(R"({ random = ["hurt", "kin_died"], weights = [1, 3] })");
  ScriptedLeaves leaves(t, {true, true});
  Rng rng(42);
  const int n = 4000;
  int first = 0;
  for (int i = 0; i < n; ++i) {
    leaves.visits.clear();
    tick(t, leaves, rng);
    first += leaves.visits.at(0) == 0 ? 1 : 0;
  }
  const double expected = n * 0.25, sigma = std::sqrt(n * 0.25 * 0.75);
  EXPECT_NEAR(first, expected, 3 * sigma);
}

TEST(BehaviourTreeRandom, TraitWeightsFollowThePersonality) {
  const BehaviourTree t =
      parse_tree(R"({ random = ["hurt", "kin_died"], weights = ["neuroticism", "!neuroticism"] })");
  for (std::int32_t neuroticism : {0, 200, 800, 1000}) {
    ScriptedLeaves leaves(t, {false, false});
    leaves.personality[static_cast<std::size_t>(Trait::neuroticism)] = neuroticism;
    Rng rng(7);
    const int n = 2000;
    int first = 0;
    for (int i = 0; i < n; ++i) {
      leaves.visits.clear();
      tick(t, leaves, rng);
      // A weight of 0 is never tried at all.
      EXPECT_EQ(leaves.visits.size(), neuroticism == 0 || neuroticism == 1000 ? 1u : 2u);
      first += leaves.visits.at(0) == 0 ? 1 : 0;
    }
    const double p = neuroticism / 1000.0;
    EXPECT_NEAR(first, n * p, 3 * std::sqrt(n * p * (1 - p)) + 0.5) << neuroticism;
  }
}

// ---- property: random trees against a recursive interpreter of the tree as written ----

struct TNode {
  BtNodeKind kind = BtNodeKind::sequence;
  std::vector<TNode> children;
  std::string text;  // a leaf's
  int ordinal = -1;  // a leaf's, in document order
};

class TreeMaker {
 public:
  explicit TreeMaker(Rng& rng) : rng_(rng) {}
  TNode make(int depth) {
    TNode n;
    if (depth >= 6 || rng_.chance(0.2 + 0.12 * depth)) {
      static const std::vector<std::string> conditions{"sees_player", "!hurt", "hp_below:0.25",
                                                       "allies_near:2", "random:0.5"};
      static const std::vector<std::string> tests{"$fear>600", "$mood<=-300", "$threat!=0"};
      static const std::vector<std::string> actions{"@chase", "@hold", "@flee", "@wander"};
      switch (rng_.below(3)) {
        case 0:
          n.kind = BtNodeKind::condition;
          n.text = conditions[rng_.below(static_cast<std::uint32_t>(conditions.size()))];
          break;
        case 1:
          n.kind = BtNodeKind::test;
          n.text = tests[rng_.below(static_cast<std::uint32_t>(tests.size()))];
          break;
        default:
          n.kind = BtNodeKind::action;
          n.text = actions[rng_.below(static_cast<std::uint32_t>(actions.size()))];
      }
      n.ordinal = leaves_++;
      return n;
    }
    static const std::vector<BtNodeKind> inner{BtNodeKind::sequence, BtNodeKind::selector,
                                               BtNodeKind::inverter, BtNodeKind::succeeder,
                                               BtNodeKind::failer};
    n.kind = inner[rng_.below(static_cast<std::uint32_t>(inner.size()))];
    const bool decorator = n.kind != BtNodeKind::sequence && n.kind != BtNodeKind::selector;
    const int children = decorator ? 1 : rng_.range(1, 4);
    for (int i = 0; i < children; ++i)
      n.children.push_back(make(depth + 1));
    return n;
  }
  int leaves() const { return leaves_; }

 private:
  Rng& rng_;
  int leaves_ = 0;
};

std::string toml_of(const TNode& n) {
  if (n.children.empty()) return "\"" + n.text + "\"";
  const std::string name(to_string(n.kind));
  if (n.kind != BtNodeKind::sequence && n.kind != BtNodeKind::selector)
    return "{ " + name + " = " + toml_of(n.children[0]) + " }";
  std::string s = "{ " + name + " = [";
  for (const TNode& c : n.children)
    s += toml_of(c) + ", ";
  return s + "] }";
}

int count_nodes(const TNode& n) {
  int c = 1;
  for (const TNode& k : n.children)
    c += count_nodes(k);
  return c;
}

int depth_of(const TNode& n) {
  int d = 0;
  for (const TNode& k : n.children)
    d = std::max(d, depth_of(k));
  return d + 1;
}

// The oracle: the semantics as the header states them, on the tree as written.
struct Oracle {
  const std::vector<bool>& outcomes;
  std::vector<int> visits;
  int acted = -1;

  BtStatus eval(const TNode& n) {
    switch (n.kind) {
      case BtNodeKind::sequence:
        for (const TNode& c : n.children) {
          const BtStatus s = eval(c);
          if (s != S) return s;
        }
        return S;
      case BtNodeKind::selector:
        for (const TNode& c : n.children) {
          const BtStatus s = eval(c);
          if (s != F) return s;
        }
        return F;
      case BtNodeKind::inverter: {
        const BtStatus s = eval(n.children[0]);
        return s == A ? A : (s == S ? F : S);
      }
      case BtNodeKind::succeeder: {
        const BtStatus s = eval(n.children[0]);
        return s == A ? A : S;
      }
      case BtNodeKind::failer: {
        const BtStatus s = eval(n.children[0]);
        return s == A ? A : F;
      }
      default: {
        visits.push_back(n.ordinal);
        const bool yes = outcomes[static_cast<std::size_t>(n.ordinal)];
        if (n.kind != BtNodeKind::action) return yes ? S : F;
        if (!yes) return F;
        acted = n.ordinal;
        return A;
      }
    }
  }
};

TEST(BehaviourTreeProperty, RandomTreesTickLikeTheRecursiveInterpreter) {
  Rng rng(2024);
  int acted = 0, failed = 0, succeeded = 0;
  for (int trial = 0; trial < 400; ++trial) {
    TreeMaker maker(rng);
    const TNode root = maker.make(1);
    const BehaviourTree tree = parse_tree(toml_of(root));
    ASSERT_EQ(static_cast<int>(tree.nodes.size()), count_nodes(root));
    ASSERT_EQ(tree_depth(tree), depth_of(root));
    for (int assignment = 0; assignment < 8; ++assignment) {
      std::vector<bool> outcomes;
      for (int i = 0; i < maker.leaves(); ++i)
        outcomes.push_back(rng.chance(0.5));
      Oracle oracle{outcomes, {}, -1};
      const BtStatus expected = oracle.eval(root);
      const Ticked got = run(tree, outcomes);
      ASSERT_EQ(got.status, expected) << toml_of(root);
      ASSERT_EQ(got.acted_leaf, oracle.acted) << toml_of(root);
      ASSERT_EQ(got.visits, oracle.visits) << toml_of(root);
      acted += expected == A;
      failed += expected == F;
      succeeded += expected == S;
    }
  }
  // The generator reaches every outcome often.
  EXPECT_GT(acted, 300);
  EXPECT_GT(failed, 300);
  EXPECT_GT(succeeded, 300);
}

// ---- the world's leaves ----

// An open 5 x 5 field, the monster in the middle, the player (not seen yet) two cells east.
FakeView open_field() {
  FakeView view({".....", ".....", "..m.@", ".....", "....."});
  view.sees = false;
  return view;
}

TEST(WorldLeaves, HoldAndSleepActOtherActionsOnlyWhenTheyDoSomething) {
  FakeView view = open_field();
  Memory memory;
  Rng rng(3);
  WorldLeaves leaves(view, memory, rng);
  auto acts = [&](std::string_view behaviour) {
    BtNode leaf;
    leaf.kind = BtNodeKind::action;
    leaf.behaviour = parse_behaviour(behaviour);
    Decision d;
    const bool a = leaves.act(leaf, d);
    return std::pair{a, d};
  };
  EXPECT_EQ(acts("hold"), std::pair(true, Decision{}));
  EXPECT_EQ(acts("fight"), std::pair(false, Decision{}));  // nobody adjacent: it cannot
  view.sees = true;
  view.move_player({-1, 0});
  EXPECT_EQ(acts("fight"), std::pair(true, Decision{DecisionKind::attack, {1, 0}}));
  EXPECT_EQ(acts("sleep"), std::pair(true, Decision{}));
  EXPECT_FALSE(memory.awake);
}

TEST(WorldLeaves, ConditionsAndTestsReadTheViewAndTheMemory) {
  FakeView view = open_field();
  Memory memory;
  Rng rng(3);
  WorldLeaves leaves(view, memory, rng);
  const BehaviourTree t = parse_tree(R"({ sequence = ["sees_player", "$fear>600"] })");
  EXPECT_FALSE(leaves.holds(t.nodes[1]));
  view.sees = true;
  EXPECT_TRUE(leaves.holds(t.nodes[1]));
  EXPECT_FALSE(leaves.holds(t.nodes[2]));
  memory.emotion[static_cast<std::size_t>(Emotion::fear)] = 601;
  EXPECT_TRUE(leaves.holds(t.nodes[2]));
  memory.personality = {1, 2, 3, 4, 5};
  EXPECT_EQ(leaves.trait(Trait::neuroticism), 5);
}

}  // namespace
}  // namespace yendor::ai
