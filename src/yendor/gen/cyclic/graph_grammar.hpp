#pragma once
// Graph rewriting on the mission graph (Dormans, "Using graphs to express cycles" and
// "Implementation"): a rule is a left-hand pattern of numbered nodes and aliased edges with
// attribute tests and a `where` condition, and a right-hand side that keeps, adds, removes
// and re-attributes nodes and edges. A recipe is an ordered list of steps, each applying the
// rules of some rule sets a number of times or until nothing matches, choosing among all
// matches by rule weight with the seeded RNG. Rules and recipes live in data files
// (data/grammars/*.toml, read by grammar_file.hpp); the format is in docs/grammars.md.
//
// Semantics of one application (single-pushout style):
//  * matching is injective on nodes and on edges; pattern edges are directed unless
//    `any_direction`; `absent` pattern edges are negative conditions (no such edge may exist
//    between the matched nodes);
//  * left-hand nodes missing from the right-hand side are removed with all their edges;
//  * left-hand edges are removed unless a right-hand edge names them in `same` (it then may
//    move the edge to other ends and change its attributes);
//  * right-hand nodes with a number not on the left are added, right-hand edges without
//    `same` are added;
//  * every right-hand expression is evaluated against the match *before* any change.
//
// Details the chapter leaves open (docs/grammars.md):
//  * attribute tests compare with values_equal (attribute_expr.hpp); `not_equals` holds when
//    the attribute is missing;
//  * a negative edge fails the match when ANY graph edge between the matched ends passes its
//    tests (edges mapped to positive pattern edges included);
//  * a kept (`same`) edge moves to the result ends in the direction relative to the pattern:
//    an `any_direction` edge matched backwards stays backwards; a result edge with `same` and
//    from = to = 0 keeps its ends; a kept edge whose new end is a removed node goes with it;
//  * an expression on the right-hand side that yields "absent" (1.theme copied from a node
//    without one) leaves the attribute unset (erased on a kept node).

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/core/param_value.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/cyclic/attribute_expr.hpp"
#include "yendor/map/mission_graph.hpp"

namespace yendor::cyclic {

// Where a rule or step came from, for errors: "data/grammars/cycles.toml:12".
struct SourceLocation {
  std::string file;
  int line = 0;
  bool operator==(const SourceLocation&) const = default;
};

// A data error in a grammar (file, line, rule, field) or a rule that failed while running.
class GrammarError : public InputError {
 public:
  using InputError::InputError;
};

// One test of an attribute in a pattern.
struct AttrTest {
  enum class Op { equals, not_equals, one_of, present, absent };
  std::string attr;
  Op op = Op::equals;
  std::vector<ParamValue> values;  // equals / not_equals: one value; one_of: several
};

struct PatternNode {
  int number = 0;  // the rule's name for it: 1, 2, ... (unique within the rule)
  std::vector<AttrTest> tests;
};

struct PatternEdge {
  std::string alias;  // optional; how the right-hand side and expressions name it
  int from = 0;       // pattern node numbers
  int to = 0;
  bool any_direction = false;  // also matches an edge to -> from
  bool absent = false;         // negative condition: no matching edge may exist
  std::vector<AttrTest> tests;
};

// An attribute written on the right-hand side: a literal, an expression, or an erasure.
struct AttrAssign {
  std::string attr;
  enum class Mode { literal, expression, erase };
  Mode mode = Mode::literal;
  ParamValue literal{};
  Expr expr{};
};

struct ResultNode {
  int number = 0;  // on the left: kept (and re-attributed); new: added
  std::vector<AttrAssign> assigns;
};

struct ResultEdge {
  std::string same;  // alias of a left-hand edge to keep; empty: a new edge
  int from = 0;      // result node numbers
  int to = 0;
  std::vector<AttrAssign> assigns;
};

struct Rule {
  std::string name;               // unique in a grammar
  std::vector<std::string> sets;  // rule sets it belongs to (a pattern is a rule set)
  Expr weight = Expr::literal(std::int64_t{1});  // >= 0; 0 disables it for this match
  std::vector<PatternNode> lhs_nodes;
  std::vector<PatternEdge> lhs_edges;
  Expr where{};  // extra condition over the match (default: true)
  std::vector<ResultNode> rhs_nodes;
  std::vector<ResultEdge> rhs_edges;
  std::string description;
  SourceLocation location;
};

struct RecipeStep {
  std::vector<std::string> sets;  // rule sets whose rules compete in this step
  // How many applications: an expression over the variables ("cycles - 1", "rand(1, 3)"),
  // evaluated once when the step starts. Ignored when until_done.
  Expr times = Expr::literal(std::int64_t{1});
  bool until_done = false;  // apply until no rule of the sets matches
  // The step stops early, without error, when nothing matches; when `required`, running out
  // of matches before `times` applications is an error naming the step (for an until_done
  // step: matching nothing at all).
  bool required = false;
  std::string description;
  SourceLocation location;
};

struct Recipe {
  std::string name;
  std::string description;
  std::vector<RecipeStep> steps;
  SourceLocation location;
};

struct Grammar {
  std::vector<Rule> rules;  // in file order, files in name order
  std::vector<Recipe> recipes;
  const Recipe* find_recipe(std::string_view name) const;
  const Rule* find_rule(std::string_view name) const;
  // Names of every rule set some rule belongs to, sorted.
  std::vector<std::string> rule_sets() const;
};

// One way a rule's left-hand side maps onto the graph.
struct Match {
  const Rule* rule = nullptr;
  std::vector<int> nodes;  // graph node id per lhs_nodes entry (same order)
  std::vector<int> edges;  // graph edge id per lhs_edges entry (same order; -1 for absent ones)
};

// Every match of `rule` in `graph`, in a deterministic order (by graph ids of the pattern's
// nodes, lexicographically, then of its edges), whose attribute tests, negative edges and
// `where` hold with `vars` as the variables. At most `limit` matches: the search stops after
// `limit` (which ones is deterministic, not necessarily the lexicographically first).
// GrammarError ("FILE:LINE: rule 'NAME': field 'where': ...") when `where` fails to evaluate
// or the pattern names a node it does not have.
std::vector<Match> find_matches(const MissionGraph& graph, const Rule& rule, const ParamSet& vars,
                                std::size_t limit = 100000);

// The rule's weight for a match (an expression; negative is a GrammarError).
double match_weight(const MissionGraph& graph, const Match& match, const ParamSet& vars);

// Rewrites `graph` by the match. `rng` serves rand() on the right-hand side. Returns the ids
// of nodes added, in right-hand order.
std::vector<int> apply_match(MissionGraph& graph, const Match& match, const ParamSet& vars,
                             Rng& rng);

// What a recipe did, step by step: the rules applied, in order.
struct RecipeTrace {
  struct StepTrace {
    std::string description;
    std::vector<std::string> applied;  // rule names
  };
  std::vector<StepTrace> steps;
};

// Runs the recipe's steps in order. Each application collects the matches of every rule of
// the step's sets, weighs them and picks one with `rng` (rules in grammar order, matches in
// find_matches order, one rng.weighted_index draw, so the choice is deterministic).
// `until_done` steps stop after `max_applications` with a GrammarError (a recipe that never
// ends); a `times` over that budget or negative is a GrammarError too. Step errors name the
// step's (else the recipe's) file and line, the recipe and the step; errors inside a rule
// name the rule's file and line and the rule.
void run_recipe(MissionGraph& graph, const Grammar& grammar, const Recipe& recipe,
                const ParamSet& vars, Rng& rng, RecipeTrace* trace = nullptr,
                int max_applications = 10000);

}  // namespace yendor::cyclic
