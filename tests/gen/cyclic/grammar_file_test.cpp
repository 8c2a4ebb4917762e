// The grammar file loader: what a good file turns into, and one clear line naming file, line,
// rule or recipe and field for every kind of mistake.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "yendor/gen/cyclic/grammar_file.hpp"

namespace yendor::cyclic {
namespace {

const char* const k_good = R"toml(
[[rule]]
name = "make_cycle"
sets = ["start", "extra"]
weight = "allow_x * 3"
description = "two paths"
lhs.nodes = [ { n = 1, kind = "start", theme = "fire|ice", size = "!large", mark = "*", gone = "-", depth = 2, odd = "\\*" } ]
lhs.edges = [ { as = "p", from = 1, to = 2, kind = "path", any_direction = true }, { from = 2, to = 1, kind = "sees", absent = true } ]
where = "p.len >= 2 && 1.depth < 5"
rhs.nodes = [ { n = 1, set = { pattern = "plain" }, erase = ["mark"] }, { n = 3, kind = "room", len = "= p.len - 1", note = "\\= not an expression" } ]
rhs.edges = [ { same = "p", to = 3 }, { from = 3, to = 1, kind = "link", oneway = true } ]

[[recipe]]
name = "main"
steps = [ { sets = ["start"], times = "rand(1, 2)", required = true },
  { sets = ["extra"], until_done = true } ]
)toml";

TEST(GrammarFile, ParsesEveryPart) {
  // The good text needs node 2 on the left: add it.
  std::string text = k_good;
  text.replace(text.find("{ n = 1, kind = \"start\""), 0, "{ n = 2 }, ");
  Grammar g;
  parse_grammar_text(g, text, "good.toml");
  check_grammar(g);
  ASSERT_EQ(g.rules.size(), 1U);
  const Rule& r = g.rules[0];
  EXPECT_EQ(r.name, "make_cycle");
  EXPECT_EQ(r.sets, (std::vector<std::string>{"start", "extra"}));
  EXPECT_EQ(r.location, (SourceLocation{"good.toml", 2}));
  EXPECT_EQ(r.weight.text(), "allow_x * 3");
  ASSERT_EQ(r.lhs_nodes.size(), 2U);
  const PatternNode& n1 = r.lhs_nodes[1];
  EXPECT_EQ(n1.number, 1);
  const auto test_of = [&](const std::string& attr) -> const AttrTest& {
    for (const AttrTest& t : n1.tests)
      if (t.attr == attr) return t;
    throw std::runtime_error("no test of " + attr);
  };
  EXPECT_EQ(test_of("kind").op, AttrTest::Op::equals);
  EXPECT_EQ(test_of("kind").values, (std::vector<ParamValue>{std::string("start")}));
  EXPECT_EQ(test_of("theme").op, AttrTest::Op::one_of);
  EXPECT_EQ(test_of("theme").values,
            (std::vector<ParamValue>{std::string("fire"), std::string("ice")}));
  EXPECT_EQ(test_of("size").op, AttrTest::Op::not_equals);
  EXPECT_EQ(test_of("size").values, (std::vector<ParamValue>{std::string("large")}));
  EXPECT_EQ(test_of("mark").op, AttrTest::Op::present);
  EXPECT_EQ(test_of("gone").op, AttrTest::Op::absent);
  EXPECT_EQ(test_of("depth").values, (std::vector<ParamValue>{std::int64_t{2}}));
  EXPECT_EQ(test_of("odd").op, AttrTest::Op::equals);
  EXPECT_EQ(test_of("odd").values, (std::vector<ParamValue>{std::string("*")}));
  ASSERT_EQ(r.lhs_edges.size(), 2U);
  EXPECT_EQ(r.lhs_edges[0].alias, "p");
  EXPECT_TRUE(r.lhs_edges[0].any_direction);
  EXPECT_FALSE(r.lhs_edges[0].absent);
  EXPECT_TRUE(r.lhs_edges[1].absent);
  EXPECT_EQ(r.where.text(), "p.len >= 2 && 1.depth < 5");
  ASSERT_EQ(r.rhs_nodes.size(), 2U);
  ASSERT_EQ(r.rhs_nodes[0].assigns.size(), 2U);
  for (const AttrAssign& a : r.rhs_nodes[0].assigns) {
    if (a.attr == "pattern") {
      EXPECT_EQ(a.mode, AttrAssign::Mode::literal);
      EXPECT_EQ(a.literal, ParamValue{std::string("plain")});
    } else {
      EXPECT_EQ(a.attr, "mark");
      EXPECT_EQ(a.mode, AttrAssign::Mode::erase);
    }
  }
  for (const AttrAssign& a : r.rhs_nodes[1].assigns) {
    if (a.attr == "len") {
      EXPECT_EQ(a.mode, AttrAssign::Mode::expression);
    }
    if (a.attr == "note") {
      EXPECT_EQ(a.literal, ParamValue{std::string("= not an expression")});
    }
  }
  ASSERT_EQ(r.rhs_edges.size(), 2U);
  EXPECT_EQ(r.rhs_edges[0].same, "p");
  EXPECT_EQ(r.rhs_edges[0].from, 1);  // from the left-hand edge
  EXPECT_EQ(r.rhs_edges[0].to, 3);
  ASSERT_EQ(g.recipes.size(), 1U);
  const Recipe& recipe = g.recipes[0];
  EXPECT_EQ(recipe.name, "main");
  ASSERT_EQ(recipe.steps.size(), 2U);
  EXPECT_TRUE(recipe.steps[0].required);
  EXPECT_EQ(recipe.steps[0].times.text(), "rand(1, 2)");
  EXPECT_TRUE(recipe.steps[1].until_done);
  EXPECT_EQ(recipe.steps[1].location.line, 16);
}

// A minimal rule; `extra` is added inside the [[rule]] table, after the name.
std::string rule_with(const std::string& extra, const std::string& lhs = "",
                      const std::string& rhs = "") {
  return "[[rule]]\nname = \"r\"\nsets = [\"s\"]\n" + extra +
         (lhs.empty() ? "lhs.nodes = [ { n = 1 }, { n = 2 } ]\n" : lhs) +
         (rhs.empty() ? "rhs.nodes = [ { n = 1 } ]\n" : rhs);
}

struct BadCase {
  std::string text;
  std::string message;  // the whole expected error
};

TEST(GrammarFile, EveryMistakeNamesFileLineAndField) {
  const std::string rule_s = "rule 'r': ";
  const std::vector<BadCase> cases{
      {"[[rule]\nname = 1", "bad.toml:1: "},  // TOML syntax: prefix checked below
      {"wieght = 3\n", "bad.toml:1: field 'wieght': unknown field"},
      {"[[rule]]\nsets = [\"s\"]\n", "bad.toml:1: field 'name': missing (it is required)"},
      {"[[rule]]\nname = \"Bad Name\"\n", "bad.toml:2: field 'name': 'Bad Name' is not a name"},
      {rule_with("wieght = 2\n"), "bad.toml:4: " + rule_s + "field 'wieght': unknown field"},
      {rule_with("weight = -1\n"),
       "bad.toml:4: " + rule_s + "field 'weight': must not be negative"},
      {rule_with("weight = true\n"),
       "bad.toml:4: " + rule_s + "field 'weight': expected a number or an expression"},
      {rule_with("weight = \"3 * (\"\n"), "bad.toml:4: " + rule_s + "field 'weight': "},
      {rule_with("where = \"1.len > )\"\n"), "bad.toml:4: " + rule_s + "field 'where': "},
      {rule_with("where = \"7.len > 1\"\n"),
       "bad.toml:4: " + rule_s + "field 'where': node 7 is not on the left-hand side"},
      {rule_with("where = \"q.len > 1\"\n"),
       "bad.toml:4: " + rule_s + "field 'where': edge alias 'q' is not on the left-hand side"},
      {rule_with("sets = []\n").replace(0, 0, ""),  // `sets` twice is a TOML error
       "bad.toml:4: "},
      {"[[rule]]\nname = \"r\"\nsets = []\nlhs.nodes = [ { n = 1 } ]\nrhs = {}\n",
       "bad.toml:3: " + rule_s + "field 'sets': the list is empty"},
      {"[[rule]]\nname = \"r\"\nsets = [\"s\", \"s\"]\nlhs.nodes = [ { n = 1 } ]\nrhs = {}\n",
       "bad.toml:3: " + rule_s + "field 'sets': 's' is listed twice"},
      {"[[rule]]\nname = \"r\"\nsets = [\"s\"]\nrhs = {}\n",
       "bad.toml:1: " + rule_s + "field 'lhs': missing (it is required)"},
      {"[[rule]]\nname = \"r\"\nsets = [\"s\"]\nlhs.nodes = [ { n = 1 } ]\n",
       "bad.toml:1: " + rule_s + "field 'rhs': missing (it is required)"},
      {rule_with("", "lhs.nodes = [ { n = 1 }, { n = 1 } ]\n"),
       "bad.toml:4: " + rule_s + "field 'n': node 1 is defined twice"},
      {rule_with("", "lhs.nodes = [ { n = 0 } ]\n"),
       "bad.toml:4: " + rule_s + "field 'n': node number 0 is outside 1..99"},
      {rule_with("", "lhs.nodes = [ { n = \"1\" } ]\n"),
       "bad.toml:4: " + rule_s + "field 'n': expected a node number, found text"},
      {rule_with("", "lhs.nodes = [ { kind = \"room\" } ]\n"),
       "bad.toml:4: " + rule_s + "field 'n': missing (it is required)"},
      {rule_with("", "lhs.nodes = [ { n = 1, \"bad-attr\" = 2 } ]\n"),
       "bad.toml:4: " + rule_s + "field 'bad-attr': not an attribute name"},
      {rule_with("", "lhs.nodes = [ { n = 1, kind = \"!\" } ]\n"),
       "bad.toml:4: " + rule_s + "field 'kind': '!' needs a value after it"},
      {rule_with("", "lhs.nodes = [ { n = 1, kind = \"a||b\" } ]\n"),
       "bad.toml:4: " + rule_s + "field 'kind': empty alternative in 'a||b'"},
      {rule_with("", "lhs.nodes = [ { n = 1, kind = [] } ]\n"),
       "bad.toml:4: " + rule_s + "field 'kind': the one-of list is empty"},
      {rule_with("", "lhs.nodes = [ { n = 1, kind = { a = 1 } } ]\n"),
       "bad.toml:4: " + rule_s + "field 'kind': expected a literal, text or a list, found a table"},
      {rule_with("", "lhs.nodes = [ { n = 1 } ]\nlhs.edges = [ { from = 1, to = 3 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'to': node 3 is not in lhs.nodes"},
      {rule_with("", "lhs.nodes = [ { n = 1 } ]\nlhs.edges = [ { to = 1 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'from': missing (it is required)"},
      {rule_with("",
                 "lhs.nodes = [ { n = 1 } ]\nlhs.edges = [ { from = 1, to = 1, absent = 1 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'absent': expected true or false, found an integer"},
      {rule_with("",
                 "lhs.nodes = [ { n = 1 } ]\nlhs.edges = [ { as = \"x\", from = 1, to = 1, "
                 "absent = true } ]\n"),
       "bad.toml:5: " + rule_s + "field 'as': an absent edge matches nothing to name"},
      {rule_with("",
                 "lhs.nodes = [ { n = 1 } ]\nlhs.edges = [ { as = \"x\", from = 1, to = 1 }, "
                 "{ as = \"x\", from = 1, to = 1 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'as': alias 'x' is defined twice"},
      {rule_with(
           "", "lhs.nodes = [ { n = 1 } ]\nlhs.edges = [ { as = \"count\", from = 1, to = 1 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'as': 'count' is not an alias"},
      {rule_with("", "lhs.nodes = []\n"),
       "bad.toml:4: " + rule_s + "field 'lhs.nodes': a pattern needs a node"},
      {rule_with("", "lhs.nodes = [ { n = 1 } ]\nlhs.wrong = 1\n"),
       "bad.toml:5: " + rule_s + "field 'wrong': unknown field in 'lhs'"},
      {rule_with("", "", "rhs.nodes = [ { n = 1 }, { n = 1 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'n': node 1 is defined twice"},
      {rule_with("", "", "rhs.nodes = [ { n = 5 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'kind': new node 5 needs a kind"},
      {rule_with("", "", "rhs.nodes = [ { n = 1, len = \"= 1 +\" } ]\n"),
       "bad.toml:5: " + rule_s + "field 'len': "},
      {rule_with("", "", "rhs.nodes = [ { n = 1, len = \"= 4.len\" } ]\n"),
       "bad.toml:5: " + rule_s + "field 'len': node 4 is not on the left-hand side"},
      {rule_with("", "", "rhs.nodes = [ { n = 1, len = [1] } ]\n"),
       "bad.toml:5: " + rule_s + "field 'len': expected a literal or text, found an array"},
      {rule_with("", "", "rhs.nodes = [ { n = 1, set = { a = 1 }, a = 2 } ]\n"),
       "bad.toml:5: " + rule_s + "field 'a': the attribute is written twice"},
      {rule_with("", "", "rhs.nodes = [ { n = 1, erase = [1] } ]\n"),
       "bad.toml:5: " + rule_s + "field 'erase': expected text, found an integer"},
      {rule_with(
           "", "",
           "rhs.nodes = [ { n = 1 } ]\nrhs.edges = [ { from = 1, to = 2, kind = \"link\" } ]\n"),
       "bad.toml:6: " + rule_s + "field 'to': node 2 is not in rhs.nodes"},
      {rule_with("", "", "rhs.nodes = [ { n = 1 } ]\nrhs.edges = [ { from = 1, to = 1 } ]\n"),
       "bad.toml:6: " + rule_s + "field 'kind': a new edge needs a kind"},
      {rule_with("", "",
                 "rhs.nodes = [ { n = 1 } ]\nrhs.edges = [ { same = \"p\", from = 1, to = 1 } ]\n"),
       "bad.toml:6: " + rule_s + "field 'same': 'p' is not an alias of a left-hand edge"},
      {rule_with("",
                 "lhs.nodes = [ { n = 1 } ]\nlhs.edges = [ { as = \"p\", from = 1, to = 1 } ]\n",
                 "rhs.nodes = [ { n = 1 } ]\nrhs.edges = [ { same = \"p\" }, { same = \"p\" } ]\n"),
       "bad.toml:7: " + rule_s + "field 'same': edge 'p' is kept twice"},
      {rule_with("",
                 "lhs.nodes = [ { n = 1 }, { n = 2 } ]\nlhs.edges = [ { as = \"p\", from = 1, "
                 "to = 2 } ]\n",
                 "rhs.nodes = [ { n = 1 } ]\nrhs.edges = [ { same = \"p\" } ]\n"),
       "bad.toml:7: " + rule_s + "field 'to': node 2 is not in rhs.nodes"},
      {rule_with("") + rule_with(""),
       "bad.toml:6: " + rule_s + "field 'name': also defined at bad.toml:1"},
      {"[[recipe]]\nname = \"m\"\nsteps = []\n",
       "bad.toml:3: recipe 'm': field 'steps': a recipe needs a step"},
      {"[[recipe]]\nname = \"m\"\nsteps = [ { sets = [\"s\"], tims = 2 } ]\n",
       "bad.toml:3: recipe 'm': field 'tims': unknown field in a step"},
      {"[[recipe]]\nname = \"m\"\nsteps = [ { sets = [\"s\"], times = \"1.len\" } ]\n",
       "bad.toml:3: recipe 'm': field 'times': '1.' refers to a match, and there is none here"},
      {"[[recipe]]\nname = \"m\"\nsteps = [ { sets = [\"s\"], until_done = true, times = 2 } ]\n",
       "bad.toml:3: recipe 'm': field 'times': a step that runs until done has no count"},
      {"[[recipe]]\nname = \"m\"\nsteps = [ { times = 2 } ]\n",
       "bad.toml:3: recipe 'm': field 'sets': missing (it is required)"},
      {"[[recipe]]\nname = \"m\"\nsteps = [ { sets = [\"s\"] } ]\ncolour = 1\n",
       "bad.toml:4: recipe 'm': field 'colour': unknown field"},
      {"[[recipe]]\nname = \"m\"\nsteps = [ { sets = [\"s\"] } ]\n[[recipe]]\nname = \"m\"\n"
       "steps = [ { sets = [\"s\"] } ]\n",
       "bad.toml:4: recipe 'm': field 'name': also defined at bad.toml:1"},
  };
  for (const BadCase& c : cases) {
    Grammar g;
    try {
      parse_grammar_text(g, c.text, "bad.toml");
      ADD_FAILURE() << "no error for:\n" << c.text;
    } catch (const GrammarError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.substr(0, c.message.size()), c.message) << "for:\n" << c.text;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
}

TEST(GrammarFile, RecipeStepsMustNameExistingSets) {
  Grammar g;
  parse_grammar_text(g, rule_with(""), "a.toml");
  parse_grammar_text(
      g, "[[recipe]]\nname = \"m\"\nsteps = [ { sets = [\"s\"] },\n  { sets = [\"t\"] } ]\n",
      "b.toml");
  try {
    check_grammar(g);
    ADD_FAILURE() << "no error";
  } catch (const GrammarError& e) {
    EXPECT_EQ(std::string(e.what()),
              "b.toml:4: recipe 'm': field 'sets': no rule belongs to set 't'");
  }
}

TEST(GrammarFile, NamesAreUniqueAcrossFiles) {
  Grammar g;
  parse_grammar_text(g, rule_with(""), "a.toml");
  EXPECT_THROW(parse_grammar_text(g, "\n" + rule_with(""), "b.toml"), GrammarError);
  try {
    parse_grammar_text(g, "\n" + rule_with(""), "b.toml");
  } catch (const GrammarError& e) {
    EXPECT_EQ(std::string(e.what()), "b.toml:2: rule 'r': field 'name': also defined at a.toml:1");
  }
  EXPECT_EQ(g.rules.size(), 1U);  // a failed file adds nothing
}

TEST(GrammarFile, LoadsADirectoryInNameOrderAndCaches) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "yendor_grammar_file_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "grammars");
  std::ofstream(dir / "grammars" / "b.toml")
      << "[[recipe]]\nname = \"m\"\nsteps = [ { sets = [\"s\"] } ]\n";
  std::ofstream(dir / "grammars" / "a.toml") << rule_with("");
  std::ofstream(dir / "grammars" / "notes.txt") << "not a grammar";
  const Grammar g = load_grammar((dir / "grammars").string());
  ASSERT_EQ(g.rules.size(), 1U);
  EXPECT_EQ(g.rules[0].location.file, (dir / "grammars" / "a.toml").string());
  ASSERT_EQ(g.recipes.size(), 1U);
  const auto first = cached_grammar(dir.string());
  EXPECT_EQ(first, cached_grammar(dir.string()));
  EXPECT_EQ(first->rules.size(), 1U);
  EXPECT_THROW(load_grammar((dir / "missing").string()), IoError);
  std::ofstream(dir / "grammars" / "c.toml")
      << "[[recipe]]\nname = \"n\"\nsteps = [ { sets = [\"zz\"] } ]\n";
  EXPECT_THROW(load_grammar((dir / "grammars").string()), GrammarError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace yendor::cyclic
