#include "yendor/gen/cyclic/graph_grammar.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace yendor::cyclic {
namespace {

using Attrs = std::vector<std::pair<std::string, ParamValue>>;

ParamSet attrs(const Attrs& list) {
  ParamSet p;
  for (const auto& [k, v] : list)
    p.set(k, v);
  return p;
}
ParamValue text(const char* s) {
  return std::string(s);
}
ParamValue num(std::int64_t i) {
  return i;
}

AttrTest is(const std::string& attr, ParamValue v) {
  AttrTest t;
  t.attr = attr;
  t.values = {std::move(v)};
  return t;
}
PatternNode pnode(int number, const char* kind) {
  PatternNode n;
  n.number = number;
  if (kind != nullptr) n.tests.push_back(is("kind", text(kind)));
  return n;
}
PatternEdge pedge(const std::string& alias, int from, int to, const char* kind) {
  PatternEdge e;
  e.alias = alias;
  e.from = from;
  e.to = to;
  if (kind != nullptr) e.tests.push_back(is("kind", text(kind)));
  return e;
}
AttrAssign set_literal(const std::string& attr, ParamValue v) {
  AttrAssign a;
  a.attr = attr;
  a.literal = std::move(v);
  return a;
}
AttrAssign set_expr(const std::string& attr, const char* expr) {
  AttrAssign a;
  a.attr = attr;
  a.mode = AttrAssign::Mode::expression;
  a.expr = Expr::parse(expr);
  return a;
}
ResultNode rnode(int number, std::vector<AttrAssign> assigns = {}) {
  ResultNode n;
  n.number = number;
  n.assigns = std::move(assigns);
  return n;
}
ResultNode rnode_kind(int number, const char* kind) {
  return rnode(number, {set_literal("kind", text(kind))});
}
ResultEdge redge(int from, int to, const char* kind, const std::string& same = "") {
  ResultEdge e;
  e.from = from;
  e.to = to;
  e.same = same;
  if (kind != nullptr) e.assigns.push_back(set_literal("kind", text(kind)));
  return e;
}

// start -> goal becomes start -> r1 -> goal -> r2 -> start.
Rule cycle_rule() {
  Rule r;
  r.name = "make_cycle";
  r.sets = {"cycle"};
  r.lhs_nodes = {pnode(1, "start"), pnode(2, "goal")};
  r.lhs_edges = {pedge("p", 1, 2, "link")};
  r.rhs_nodes = {rnode(1), rnode(2), rnode_kind(3, "room"), rnode_kind(4, "room")};
  r.rhs_edges = {redge(1, 3, "link"), redge(3, 2, "link"), redge(2, 4, "link"),
                 redge(4, 1, "link")};
  return r;
}

TEST(GraphGrammar, StartGoalBecomesACycle) {
  MissionGraph g;
  const int s = g.add_node(attrs({{"kind", text("start")}}));
  const int t = g.add_node(attrs({{"kind", text("goal")}}));
  g.add_edge(s, t, attrs({{"kind", text("link")}}));
  const Rule rule = cycle_rule();
  const auto matches = find_matches(g, rule, {});
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(matches[0].nodes, (std::vector<int>{s, t}));
  Rng rng(1);
  const std::vector<int> added = apply_match(g, matches[0], {}, rng);
  ASSERT_EQ(added.size(), 2u);
  EXPECT_EQ(g.nodes().size(), 4u);
  ASSERT_EQ(g.edges().size(), 4u);
  // Every node has exactly one link in and one out, and walking the links from the start
  // visits all four nodes before coming back: one cycle.
  std::set<int> seen;
  int at = s;
  for (int step = 0; step < 4; ++step) {
    ASSERT_EQ(g.out_edges(at, "link").size(), 1u);
    ASSERT_EQ(g.in_edges(at, "link").size(), 1u);
    seen.insert(at);
    at = g.find_edge(g.out_edges(at, "link")[0])->to;
  }
  EXPECT_EQ(at, s);
  EXPECT_EQ(seen.size(), 4u);
  EXPECT_EQ(kind_of(g.find_node(added[0])->attrs), "room");
  EXPECT_TRUE(find_matches(g, rule, {}).empty());  // the start -> goal link is gone
}

TEST(GraphGrammar, RemovingANodeRemovesItsEdges) {
  MissionGraph g;
  const int hub = g.add_node(attrs({{"kind", text("hub")}}));
  std::vector<int> rooms;
  for (int i = 0; i < 4; ++i)
    rooms.push_back(g.add_node(attrs({{"kind", text("room")}})));
  for (int r : rooms)
    g.add_edge(hub, r, attrs({{"kind", text("link")}}));
  g.add_edge(rooms[1], hub, attrs({{"kind", text("sees")}}));
  const int keep = g.add_edge(rooms[0], rooms[1], attrs({{"kind", text("link")}}));
  Rule r;
  r.name = "drop_hub";
  r.lhs_nodes = {pnode(1, "hub")};
  const auto matches = find_matches(g, r, {});
  ASSERT_EQ(matches.size(), 1u);
  Rng rng(1);
  apply_match(g, matches[0], {}, rng);
  EXPECT_EQ(g.find_node(hub), nullptr);
  ASSERT_EQ(g.edges().size(), 1u);
  EXPECT_EQ(g.edges()[0].id, keep);
  EXPECT_EQ(g.nodes().size(), 4u);
}

TEST(GraphGrammar, SameKeepsAndMovesAnEdge) {
  MissionGraph g;
  const int a = g.add_node(attrs({{"kind", text("room")}}));
  const int b = g.add_node(attrs({{"kind", text("goal")}}));
  const int p = g.add_edge(a, b, attrs({{"kind", text("path")}, {"len", num(3)}}));
  // 1 -p-> 2 becomes 1 -p-> 3 -> 2: p is kept, moved to the new room and shortened.
  Rule r;
  r.name = "step_path";
  r.lhs_nodes = {pnode(1, nullptr), pnode(2, nullptr)};
  r.lhs_edges = {pedge("p", 1, 2, "path")};
  r.where = Expr::parse("p.len > 0");
  r.rhs_nodes = {rnode(1), rnode(2), rnode_kind(3, "room")};
  ResultEdge kept = redge(3, 2, nullptr, "p");
  kept.assigns.push_back(set_expr("len", "p.len - 1"));
  r.rhs_edges = {redge(1, 3, "link"), kept};
  Rng rng(1);
  for (int i = 0; i < 3; ++i) {
    const auto m = find_matches(g, r, {});
    ASSERT_EQ(m.size(), 1u);
    apply_match(g, m[0], {}, rng);
  }
  EXPECT_TRUE(find_matches(g, r, {}).empty());
  const MissionEdge* e = g.find_edge(p);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->to, b);
  EXPECT_NE(e->from, a);
  EXPECT_EQ(int_attr(e->attrs, "len", -1), 0);
  EXPECT_EQ(kind_of(e->attrs), "path");  // attributes not written stay
  EXPECT_EQ(g.nodes().size(), 5u);
  EXPECT_EQ(g.edges().size(), 4u);
}

TEST(GraphGrammar, AnyDirectionMatchesBothWaysAndKeepsTheDirection) {
  MissionGraph g;
  const int a = g.add_node(attrs({{"kind", text("room")}, {"tag", num(1)}}));
  const int b = g.add_node(attrs({{"kind", text("room")}, {"tag", num(2)}}));
  const int e = g.add_edge(b, a, attrs({{"kind", text("link")}}));
  Rule r;
  r.name = "touch";
  r.lhs_nodes = {pnode(1, "room"), pnode(2, "room")};
  r.lhs_nodes[0].tests.push_back(is("tag", num(1)));
  r.lhs_edges = {pedge("p", 1, 2, "link")};
  EXPECT_TRUE(find_matches(g, r, {}).empty());  // directed: 1 -> 2 does not exist
  r.lhs_edges[0].any_direction = true;
  ResultEdge kept = redge(1, 2, nullptr, "p");
  kept.assigns.push_back(set_literal("touched", true));
  r.rhs_nodes = {rnode(1), rnode(2)};
  r.rhs_edges = {kept};
  const auto m = find_matches(g, r, {});
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].nodes, (std::vector<int>{a, b}));
  EXPECT_EQ(m[0].edges, (std::vector<int>{e}));
  Rng rng(1);
  apply_match(g, m[0], {}, rng);
  EXPECT_EQ(g.find_edge(e)->from, b);  // still b -> a
  EXPECT_EQ(g.find_edge(e)->to, a);
  EXPECT_TRUE(bool_attr(g.find_edge(e)->attrs, "touched"));
}

TEST(GraphGrammar, NegativeEdgesAndInjectivity) {
  MissionGraph g;
  std::vector<int> ids;
  for (int i = 0; i < 4; ++i)
    ids.push_back(g.add_node(attrs({{"kind", text("room")}})));
  g.add_edge(ids[0], ids[1], attrs({{"kind", text("link")}}));
  g.add_edge(ids[2], ids[2], attrs({{"kind", text("link")}}));  // a self loop
  Rule r;
  r.name = "pairs";
  r.lhs_nodes = {pnode(1, "room"), pnode(2, "room")};
  // Without edges: every ordered pair of distinct rooms, never one room twice.
  auto m = find_matches(g, r, {});
  EXPECT_EQ(m.size(), 12u);
  for (const Match& x : m)
    EXPECT_NE(x.nodes[0], x.nodes[1]);
  EXPECT_TRUE(std::is_sorted(m.begin(), m.end(),
                             [](const Match& x, const Match& y) { return x.nodes < y.nodes; }));
  // A positive edge never maps onto the self loop (its ends would be one node).
  r.lhs_edges = {pedge("p", 1, 2, "link")};
  m = find_matches(g, r, {});
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].nodes, (std::vector<int>{ids[0], ids[1]}));
  // Absent: pairs with no link 1 -> 2.
  r.lhs_edges[0].absent = true;
  m = find_matches(g, r, {});
  EXPECT_EQ(m.size(), 11u);
  for (const Match& x : m) {
    EXPECT_FALSE(x.nodes[0] == ids[0] && x.nodes[1] == ids[1]);
    EXPECT_EQ(x.edges, (std::vector<int>{-1}));
  }
  r.lhs_edges[0].any_direction = true;
  EXPECT_EQ(find_matches(g, r, {}).size(), 10u);
  EXPECT_EQ(find_matches(g, r, {}, 3).size(), 3u);  // the limit
}

TEST(GraphGrammar, WhereConditionsReadAttributesVariablesAndCounts) {
  MissionGraph g;
  for (int d = 0; d < 4; ++d)
    g.add_node(attrs({{"kind", text("room")}, {"danger", num(d)}}));
  g.add_node(attrs({{"kind", text("room")}}));  // no danger: the where must not fail
  Rule r;
  r.name = "dangerous";
  r.lhs_nodes = {pnode(1, "room")};
  r.where = Expr::parse("has(1.danger) && 1.danger >= least && count.room == 5");
  ParamSet vars;
  vars.set("least", num(2));
  auto m = find_matches(g, r, vars);
  ASSERT_EQ(m.size(), 2u);
  for (const Match& x : m)
    EXPECT_GE(int_attr(g.find_node(x.nodes[0])->attrs, "danger"), 2);
  g.add_node(attrs({{"kind", text("room")}}));
  EXPECT_TRUE(find_matches(g, r, vars).empty());  // count.room is 6 now
}

TEST(GraphGrammar, ErrorsNameTheRuleFileAndLine) {
  MissionGraph g;
  g.add_node(attrs({{"kind", text("room")}}));
  Rule r;
  r.name = "lock_key";
  r.location = {"data/grammars/x.toml", 12};
  r.lhs_nodes = {pnode(1, "room")};
  r.where = Expr::parse("1.len > 0");
  try {
    (void)find_matches(g, r, {});
    FAIL() << "no error";
  } catch (const GrammarError& e) {
    EXPECT_STREQ(e.what(),
                 "data/grammars/x.toml:12: rule 'lock_key': field 'where': attribute 1.len is "
                 "not set");
  }
  r.where = Expr();
  r.weight = Expr::parse("1.danger");
  const auto m = find_matches(g, r, {});
  ASSERT_EQ(m.size(), 1u);
  EXPECT_THROW((void)match_weight(g, m[0], {}), GrammarError);
  r.weight = Expr::literal(std::int64_t{-1});
  EXPECT_THROW((void)match_weight(g, m[0], {}), GrammarError);
  r.rhs_nodes = {rnode(1, {set_expr("x", "1.nothing + 1")})};
  Rng rng(1);
  try {
    apply_match(g, m[0], {}, rng);
    FAIL() << "no error";
  } catch (const GrammarError& e) {
    EXPECT_NE(std::string(e.what()).find("x.toml:12: rule 'lock_key': result node 1"),
              std::string::npos);
  }
}

TEST(GraphGrammar, RightHandSidesReadTheGraphBeforeTheChange) {
  MissionGraph g;
  const int a = g.add_node(attrs({{"kind", text("room")}, {"v", num(1)}}));
  const int b = g.add_node(attrs({{"kind", text("room")}, {"v", num(2)}}));
  g.add_edge(a, b, attrs({{"kind", text("link")}}));
  Rule r;
  r.name = "swap";
  r.lhs_nodes = {pnode(1, "room"), pnode(2, "room")};
  r.lhs_edges = {pedge("p", 1, 2, "link")};
  r.rhs_nodes = {rnode(1, {set_expr("v", "2.v")}), rnode(2, {set_expr("v", "1.v")}),
                 rnode(3, {set_literal("kind", text("room")), set_expr("roll", "rand(1, 6)"),
                           set_expr("theme", "1.theme")})};
  r.rhs_edges = {redge(1, 2, nullptr, "p")};
  const auto m = find_matches(g, r, {});
  ASSERT_EQ(m.size(), 1u);
  Rng rng(9);
  const auto added = apply_match(g, m[0], {}, rng);
  EXPECT_EQ(int_attr(g.find_node(a)->attrs, "v"), 2);
  EXPECT_EQ(int_attr(g.find_node(b)->attrs, "v"), 1);
  ASSERT_EQ(added.size(), 1u);
  const ParamSet& fresh = g.find_node(added[0])->attrs;
  EXPECT_GE(int_attr(fresh, "roll"), 1);
  EXPECT_LE(int_attr(fresh, "roll"), 6);
  EXPECT_FALSE(fresh.contains("theme"));  // copied absent: not set
  // A stale match (its edge is gone) is an error, not UB.
  Match stale = m[0];
  stale.edges = {9999};
  EXPECT_THROW(apply_match(g, stale, {}, rng), GrammarError);
}

// ---------------------------------------------------------------------------------------
// Recipes

// A path edge of length n is expanded into n rooms, one application at a time.
Grammar path_grammar() {
  Grammar gr;
  Rule make;
  make.name = "make_paths";
  make.sets = {"init"};
  make.lhs_nodes = {pnode(1, "level")};
  ResultEdge a = redge(2, 3, "path");
  a.assigns.push_back(set_expr("len", "rand(1, 4)"));
  ResultEdge b = redge(3, 2, "path");
  b.assigns.push_back(set_expr("len", "rand(1, 4)"));
  make.rhs_nodes = {rnode_kind(2, "start"), rnode_kind(3, "goal")};
  make.rhs_edges = {a, b};
  gr.rules.push_back(make);

  Rule grow;
  grow.name = "grow";
  grow.sets = {"expand"};
  grow.lhs_nodes = {pnode(1, nullptr), pnode(2, nullptr)};
  grow.lhs_edges = {pedge("p", 1, 2, "path")};
  grow.where = Expr::parse("p.len > 0");
  ResultEdge kept = redge(3, 2, nullptr, "p");
  kept.assigns.push_back(set_expr("len", "p.len - 1"));
  grow.rhs_nodes = {rnode(1), rnode(2), rnode_kind(3, "room")};
  grow.rhs_edges = {redge(1, 3, "link"), kept};
  gr.rules.push_back(grow);

  Rule close;
  close.name = "close";
  close.sets = {"expand"};
  close.lhs_nodes = {pnode(1, nullptr), pnode(2, nullptr)};
  close.lhs_edges = {pedge("p", 1, 2, "path")};
  close.lhs_edges[0].tests.push_back(is("len", num(0)));
  close.rhs_nodes = {rnode(1), rnode(2)};
  close.rhs_edges = {redge(1, 2, "link")};
  gr.rules.push_back(close);

  Rule decorate;
  decorate.name = "decorate";
  decorate.sets = {"decorate"};
  decorate.weight = Expr::parse("1.id % 3");  // some rooms weigh 0: never chosen
  decorate.lhs_nodes = {pnode(1, "room")};
  AttrTest untouched;
  untouched.attr = "danger";
  untouched.op = AttrTest::Op::absent;
  decorate.lhs_nodes[0].tests.push_back(untouched);
  decorate.rhs_nodes = {rnode(1, {set_expr("danger", "rand(0, 3)")})};
  gr.rules.push_back(decorate);

  Recipe recipe;
  recipe.name = "paths";
  RecipeStep init;
  init.sets = {"init"};
  init.required = true;
  RecipeStep expand;
  expand.sets = {"expand"};
  expand.until_done = true;
  RecipeStep deco;
  deco.sets = {"decorate"};
  deco.times = Expr::parse("rand(1, 3)");
  recipe.steps = {init, expand, deco};
  gr.recipes.push_back(recipe);
  return gr;
}

MissionGraph axiom() {
  MissionGraph g;
  g.add_node(attrs({{"kind", text("level")}}));
  return g;
}

TEST(GraphGrammar, RecipeRunsToADeterministicEnd) {
  const Grammar gr = path_grammar();
  std::set<std::size_t> sizes;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    MissionGraph g1 = axiom();
    MissionGraph g2 = axiom();
    Rng r1(seed);
    Rng r2(seed);
    RecipeTrace trace;
    run_recipe(g1, gr, gr.recipes[0], {}, r1, &trace);
    run_recipe(g2, gr, gr.recipes[0], {}, r2);
    EXPECT_EQ(g1, g2);
    sizes.insert(g1.nodes().size());
    // No abstract paths are left; every room hangs on links; the trace adds up.
    EXPECT_TRUE(g1.nodes_of_kind("level").empty());
    for (const MissionEdge& e : g1.edges())
      EXPECT_EQ(kind_of(e.attrs), "link");
    ASSERT_EQ(trace.steps.size(), 3u);
    EXPECT_EQ(trace.steps[0].applied, (std::vector<std::string>{"make_paths"}));
    const std::size_t rooms = g1.nodes_of_kind("room").size();
    EXPECT_EQ(trace.steps[1].applied.size(), rooms + 2);  // one grow per room, two closes
    for (const std::string& name : trace.steps[2].applied)
      EXPECT_EQ(name, "decorate");
    for (const MissionNode& n : g1.nodes()) {
      if (n.attrs.contains("danger")) {
        EXPECT_NE(n.id % 3, 0);
      }
    }
  }
  EXPECT_GT(sizes.size(), 3u);  // different seeds make different graphs
}

TEST(GraphGrammar, RecipeBudgetsAndRequiredSteps) {
  Grammar gr;
  Rule forever;
  forever.name = "forever";
  forever.sets = {"grow"};
  forever.lhs_nodes = {pnode(1, "level")};
  forever.rhs_nodes = {rnode(1), rnode_kind(2, "room")};
  gr.rules.push_back(forever);
  Recipe recipe;
  recipe.name = "endless";
  recipe.location = {"data/grammars/r.toml", 3};
  RecipeStep step;
  step.sets = {"grow"};
  step.until_done = true;
  recipe.steps = {step};
  MissionGraph g = axiom();
  Rng rng(1);
  try {
    run_recipe(g, gr, recipe, {}, rng, nullptr, 50);
    FAIL() << "no error";
  } catch (const GrammarError& e) {
    EXPECT_NE(std::string(e.what()).find("data/grammars/r.toml:3: recipe 'endless': step 1"),
              std::string::npos);
  }
  EXPECT_EQ(g.nodes().size(), 51u);

  // times: applied exactly that often; negative or above the budget is an error.
  recipe.steps[0].until_done = false;
  recipe.steps[0].times = Expr::parse("n * 2");
  ParamSet vars;
  vars.set("n", num(4));
  g = axiom();
  run_recipe(g, gr, recipe, vars, rng);
  EXPECT_EQ(g.nodes_of_kind("room").size(), 8u);
  vars.set("n", num(-1));
  EXPECT_THROW(run_recipe(g, gr, recipe, vars, rng), GrammarError);
  vars.set("n", num(100000));
  EXPECT_THROW(run_recipe(g, gr, recipe, vars, rng), GrammarError);

  // required: running out of matches is an error; otherwise the step just stops.
  recipe.steps[0].sets = {"nothing"};
  vars.set("n", num(1));
  EXPECT_NO_THROW(run_recipe(g, gr, recipe, vars, rng));
  recipe.steps[0].required = true;
  EXPECT_THROW(run_recipe(g, gr, recipe, vars, rng), GrammarError);
}

TEST(GraphGrammar, ChoicesFollowTheWeights) {
  Grammar gr;
  for (const auto& [name, weight] :
       std::vector<std::pair<std::string, std::int64_t>>{{"never", 0}, {"often", 3}, {"rare", 1}}) {
    Rule r;
    r.name = name;
    r.sets = {"pick"};
    r.weight = Expr::literal(weight);
    r.lhs_nodes = {pnode(1, "level")};
    r.rhs_nodes = {rnode(1, {set_literal("chosen", text(name.c_str()))})};
    gr.rules.push_back(r);
  }
  Recipe recipe;
  recipe.name = "once";
  recipe.steps.resize(1);
  recipe.steps[0].sets = {"pick"};
  std::map<std::string, int> counts;
  const int runs = 2000;
  for (int seed = 0; seed < runs; ++seed) {
    MissionGraph g = axiom();
    Rng rng(static_cast<std::uint64_t>(seed));
    run_recipe(g, gr, recipe, {}, rng);
    ++counts[std::string(text_attr(g.nodes()[0].attrs, "chosen"))];
  }
  EXPECT_EQ(counts["never"], 0);
  const double often = static_cast<double>(counts["often"]) / runs;
  EXPECT_GT(often, 0.70);  // expected 0.75; the standard deviation is under 0.01
  EXPECT_LT(often, 0.80);
}

// ---------------------------------------------------------------------------------------
// find_matches against a brute-force enumeration of every injective map.

struct Case {
  MissionGraph graph;
  Rule rule;
  int where_min = -1;  // where = "1.w >= where_min" when >= 0
};

bool plain_test(const AttrTest& t, const ParamSet& a) {
  const ParamValue* v = a.find(t.attr);
  switch (t.op) {
    case AttrTest::Op::equals:
      return v != nullptr && *v == t.values[0];
    case AttrTest::Op::not_equals:
      return v == nullptr || *v != t.values[0];
    case AttrTest::Op::one_of:
      return v != nullptr && std::find(t.values.begin(), t.values.end(), *v) != t.values.end();
    case AttrTest::Op::present:
      return v != nullptr;
    case AttrTest::Op::absent:
      return v == nullptr;
  }
  return false;
}
bool plain_tests(const std::vector<AttrTest>& ts, const ParamSet& a) {
  for (const AttrTest& t : ts)
    if (!plain_test(t, a)) return false;
  return true;
}

std::vector<AttrTest> random_tests(Rng& rng, bool node) {
  static const char* k_kinds_node[] = {"room", "lock", "key"};
  static const char* k_kinds_edge[] = {"link", "path"};
  std::vector<AttrTest> tests;
  const int n = rng.range(0, 2);
  for (int i = 0; i < n; ++i) {
    AttrTest t;
    switch (rng.range(0, 4)) {
      case 0:
        t.attr = "kind";
        t.values = {text(node ? k_kinds_node[rng.below(3)] : k_kinds_edge[rng.below(2)])};
        break;
      case 1:
        t.attr = "kind";
        t.op = AttrTest::Op::one_of;
        t.values = {text(node ? k_kinds_node[rng.below(3)] : k_kinds_edge[rng.below(2)]),
                    text(node ? k_kinds_node[rng.below(3)] : k_kinds_edge[rng.below(2)])};
        break;
      case 2:
        t.attr = "w";
        t.op = AttrTest::Op::not_equals;
        t.values = {num(rng.range(0, 2))};
        break;
      case 3:
        t.attr = "tag";
        t.op = rng.chance(0.5) ? AttrTest::Op::present : AttrTest::Op::absent;
        break;
      default:
        t.attr = "w";
        t.values = {num(rng.range(0, 2))};
        break;
    }
    tests.push_back(t);
  }
  return tests;
}

Case random_case(Rng& rng) {
  static const char* k_kinds_node[] = {"room", "lock", "key"};
  static const char* k_kinds_edge[] = {"link", "path"};
  Case c;
  const int nodes = rng.range(1, 6);
  for (int i = 0; i < nodes; ++i) {
    ParamSet a = attrs({{"kind", text(k_kinds_node[rng.below(3)])}, {"w", num(rng.range(0, 2))}});
    if (rng.chance(0.3)) a.set("tag", true);
    c.graph.add_node(std::move(a));
  }
  // Ids with gaps, as after removals.
  if (nodes > 1 && rng.chance(0.3)) c.graph.remove_node(c.graph.nodes()[0].id);
  const auto& ns = c.graph.nodes();
  const int edges = rng.range(0, 8);
  for (int i = 0; i < edges; ++i) {
    const int from = ns[rng.below(static_cast<std::uint32_t>(ns.size()))].id;
    const int to = ns[rng.below(static_cast<std::uint32_t>(ns.size()))].id;
    c.graph.add_edge(from, to, attrs({{"kind", text(k_kinds_edge[rng.below(2)])}}));
  }
  Rule& r = c.rule;
  r.name = "random";
  const int pn = rng.range(1, 3);
  for (int i = 0; i < pn; ++i) {
    PatternNode p;
    p.number = i + 1;
    p.tests = random_tests(rng, true);
    r.lhs_nodes.push_back(p);
  }
  const int pe = rng.range(0, 3);
  for (int i = 0; i < pe; ++i) {
    PatternEdge e;
    e.alias = "e" + std::to_string(i);
    e.from = rng.range(1, pn);
    e.to = rng.range(1, pn);
    e.any_direction = rng.chance(0.3);
    e.absent = rng.chance(0.25);
    e.tests = random_tests(rng, false);
    r.lhs_edges.push_back(e);
  }
  if (rng.chance(0.3)) {
    c.where_min = rng.range(0, 2);
    r.where = Expr::parse("1.w >= " + std::to_string(c.where_min));
  }
  return c;
}

std::vector<std::pair<std::vector<int>, std::vector<int>>> brute_force(const Case& c) {
  const Rule& r = c.rule;
  const MissionGraph& g = c.graph;
  std::vector<std::pair<std::vector<int>, std::vector<int>>> out;
  std::vector<int> map(r.lhs_nodes.size());
  const auto node_of = [&](int number) { return map[static_cast<std::size_t>(number - 1)]; };
  const auto fits = [&](const PatternEdge& pe, const MissionEdge& e) {
    const bool fwd = e.from == node_of(pe.from) && e.to == node_of(pe.to);
    const bool back = pe.any_direction && e.from == node_of(pe.to) && e.to == node_of(pe.from);
    return (fwd || back) && plain_tests(pe.tests, e.attrs);
  };
  std::function<void(std::size_t)> place = [&](std::size_t i) {
    if (i == map.size()) {
      for (const PatternEdge& pe : r.lhs_edges) {
        if (!pe.absent) continue;
        for (const MissionEdge& e : g.edges())
          if (fits(pe, e)) return;
      }
      if (c.where_min >= 0 && int_attr(g.find_node(map[0])->attrs, "w") < c.where_min) return;
      // Every injective assignment of graph edges to the positive pattern edges.
      std::vector<int> edges(r.lhs_edges.size(), -1);
      std::function<void(std::size_t)> assign = [&](std::size_t k) {
        if (k == edges.size()) {
          out.emplace_back(map, edges);
          return;
        }
        if (r.lhs_edges[k].absent) return assign(k + 1);
        for (const MissionEdge& e : g.edges()) {
          if (!fits(r.lhs_edges[k], e)) continue;
          if (std::find(edges.begin(), edges.end(), e.id) != edges.end()) continue;
          edges[k] = e.id;
          assign(k + 1);
          edges[k] = -1;
        }
      };
      assign(0);
      return;
    }
    for (const MissionNode& n : g.nodes()) {
      if (std::find(map.begin(), map.begin() + static_cast<std::ptrdiff_t>(i), n.id) !=
          map.begin() + static_cast<std::ptrdiff_t>(i))
        continue;
      if (!plain_tests(r.lhs_nodes[i].tests, n.attrs)) continue;
      map[i] = n.id;
      place(i + 1);
    }
  };
  place(0);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(GraphGrammar, FindMatchesAgreesWithBruteForce) {
  Rng rng(2024);
  std::size_t total = 0;
  for (int i = 0; i < 600; ++i) {
    const Case c = random_case(rng);
    const auto expected = brute_force(c);
    const auto got = find_matches(c.graph, c.rule, {});
    std::vector<std::pair<std::vector<int>, std::vector<int>>> pairs;
    for (const Match& m : got) {
      EXPECT_EQ(m.rule, &c.rule);
      pairs.emplace_back(m.nodes, m.edges);
    }
    // Same set, and already in the documented (sorted) order.
    ASSERT_EQ(pairs, expected) << "case " << i;
    total += expected.size();
  }
  EXPECT_GT(total, 600u);  // the cases are not all empty
}

}  // namespace
}  // namespace yendor::cyclic
