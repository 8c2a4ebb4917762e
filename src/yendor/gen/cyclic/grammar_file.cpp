#include "yendor/gen/cyclic/grammar_file.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/toml_where.hpp"

namespace yendor::cyclic {

namespace {

constexpr std::uintmax_t k_max_file_bytes = 1 << 20;
constexpr int k_max_node_number = 99;

// Where an error is: the file, a line, and "rule 'x'" / "recipe 'x'" (or nothing).
using Context = TomlWhereOf<GrammarError>;

// Rule, recipe and set names: lower-case letters, digits, '_' and '-'.
bool is_name(std::string_view s) {
  return !s.empty() && s.size() <= 60 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// Attribute names and edge aliases: an identifier (letter or '_', then letters, digits, '_').
bool is_identifier(std::string_view s) {
  if (s.empty() || s.size() > 60) return false;
  const auto letter = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  };
  if (!letter(s.front())) return false;
  return std::all_of(s.begin(), s.end(),
                     [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

// Rejects every key of `table` not in `known` ("field 'wieght' is unknown").
void check_known(const Context& ctx, const toml::table& table,
                 std::initializer_list<std::string_view> known, std::string_view where) {
  for (auto&& [key, node] : table) {
    if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
    std::string list;
    for (std::string_view k : known)
      list += (list.empty() ? "" : ", ") + std::string(k);
    ctx.fail(node, key.str(),
             "unknown field" + std::string(where) + " (known fields: " + list + ")");
  }
}

std::string get_text(const Context& ctx, const toml::node& node, std::string_view field) {
  if (!node.is_string()) ctx.fail(node, field, "expected text, found " + toml_type_name(node));
  return node.as_string()->get();
}

bool get_bool(const Context& ctx, const toml::node& node, std::string_view field) {
  if (!node.is_boolean())
    ctx.fail(node, field, "expected true or false, found " + toml_type_name(node));
  return node.as_boolean()->get();
}

int get_number(const Context& ctx, const toml::node& node, std::string_view field) {
  if (!node.is_integer())
    ctx.fail(node, field, "expected a node number, found " + toml_type_name(node));
  const std::int64_t n = node.as_integer()->get();
  if (n < 1 || n > k_max_node_number)
    ctx.fail(
        node, field,
        "node number " + std::to_string(n) + " is outside 1.." + std::to_string(k_max_node_number));
  return static_cast<int>(n);
}

const toml::table& get_table(const Context& ctx, const toml::node& node, std::string_view field) {
  if (!node.is_table()) ctx.fail(node, field, "expected a table, found " + toml_type_name(node));
  return *node.as_table();
}

const toml::array& get_array(const Context& ctx, const toml::node& node, std::string_view field) {
  if (!node.is_array()) ctx.fail(node, field, "expected an array, found " + toml_type_name(node));
  return *node.as_array();
}

std::vector<std::string> get_names(const Context& ctx, const toml::node& node,
                                   std::string_view field) {
  std::vector<std::string> names;
  for (const toml::node& item : get_array(ctx, node, field)) {
    std::string name = get_text(ctx, item, field);
    if (!is_name(name))
      ctx.fail(item, field,
               "'" + name + "' is not a name (lower-case letters, digits, '_' and '-')");
    if (std::find(names.begin(), names.end(), name) != names.end())
      ctx.fail(item, field, "'" + name + "' is listed twice");
    names.push_back(std::move(name));
  }
  if (names.empty()) ctx.fail(node, field, "the list is empty");
  return names;
}

// A bool, integer or real literal (text is handled by the callers: it has a syntax).
std::optional<ParamValue> literal_of(const toml::node& node) {
  if (node.is_boolean()) return ParamValue{node.as_boolean()->get()};
  if (node.is_integer()) return ParamValue{std::int64_t{node.as_integer()->get()}};
  if (node.is_floating_point()) return ParamValue{node.as_floating_point()->get()};
  return std::nullopt;
}

// What an expression may refer to: node numbers and aliases of the rule (none in recipes).
struct Scope {
  std::set<std::string> objects;
};

Expr parse_expr(const Context& ctx, const toml::node& node, std::string_view field,
                std::string_view text, const Scope& scope) {
  Expr expr;
  try {
    expr = Expr::parse(text);
  } catch (const ExprError& e) {
    ctx.fail(node, field, e.what());
  }
  std::vector<std::string> objects;
  expr.collect_objects(objects);
  for (const std::string& object : objects) {
    if (object.empty() || object == "count" || scope.objects.count(object) > 0) continue;
    const bool number =
        std::all_of(object.begin(), object.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (scope.objects.empty())
      ctx.fail(node, field, "'" + object + ".' refers to a match, and there is none here");
    ctx.fail(node, field,
             std::string(number ? "node " : "edge alias '") + object + (number ? "" : "'") +
                 " is not on the left-hand side");
  }
  return expr;
}

// A weight or a count: a non-negative literal number or an expression in text.
Expr get_amount(const Context& ctx, const toml::node& node, std::string_view field,
                const Scope& scope) {
  if (node.is_string()) return parse_expr(ctx, node, field, node.as_string()->get(), scope);
  if (node.is_integer() || node.is_floating_point()) {
    const double v = node.is_integer() ? static_cast<double>(node.as_integer()->get())
                                       : node.as_floating_point()->get();
    if (!(v >= 0)) ctx.fail(node, field, "must not be negative");
    return Expr::literal(*literal_of(node));
  }
  ctx.fail(node, field,
           "expected a number or an expression in text, found " + toml_type_name(node));
}

// Text in a pattern: "*" present, "-" absent, "!x" not x, "a|b" one of, "\..." literal.
AttrTest parse_test(const Context& ctx, const std::string& attr, const toml::node& node) {
  AttrTest test;
  test.attr = attr;
  if (const auto literal = literal_of(node)) {
    test.values.push_back(*literal);
    return test;
  }
  if (node.is_array()) {
    test.op = AttrTest::Op::one_of;
    for (const toml::node& item : *node.as_array()) {
      if (auto literal = literal_of(item))
        test.values.push_back(*literal);
      else if (item.is_string())
        test.values.push_back(std::string(item.as_string()->get()));
      else
        ctx.fail(item, attr, "a one-of list holds literals, found " + toml_type_name(item));
    }
    if (test.values.empty()) ctx.fail(node, attr, "the one-of list is empty");
    return test;
  }
  if (!node.is_string())
    ctx.fail(node, attr, "expected a literal, text or a list, found " + toml_type_name(node));
  std::string_view text = node.as_string()->get();
  if (text.starts_with('\\')) {
    test.values.push_back(std::string(text.substr(1)));
    return test;
  }
  if (text == "*") {
    test.op = AttrTest::Op::present;
    return test;
  }
  if (text == "-") {
    test.op = AttrTest::Op::absent;
    return test;
  }
  if (text.starts_with('!')) {
    test.op = AttrTest::Op::not_equals;
    text.remove_prefix(1);
    if (text.empty()) ctx.fail(node, attr, "'!' needs a value after it");
    test.values.push_back(std::string(text));
    return test;
  }
  if (text.find('|') != std::string_view::npos) {
    test.op = AttrTest::Op::one_of;
    while (true) {
      const std::size_t bar = text.find('|');
      const std::string_view part = text.substr(0, bar);
      if (part.empty())
        ctx.fail(node, attr, "empty alternative in '" + std::string(node.as_string()->get()) + "'");
      test.values.push_back(std::string(part));
      if (bar == std::string_view::npos) break;
      text.remove_prefix(bar + 1);
    }
    return test;
  }
  test.values.push_back(std::string(text));
  return test;
}

// Text on the right-hand side: "= expr" computes, "\..." is literal, anything else literal.
AttrAssign parse_assign(const Context& ctx, const std::string& attr, const toml::node& node,
                        const Scope& scope) {
  AttrAssign assign;
  assign.attr = attr;
  if (const auto literal = literal_of(node)) {
    assign.literal = *literal;
    return assign;
  }
  if (!node.is_string())
    ctx.fail(node, attr, "expected a literal or text, found " + toml_type_name(node));
  std::string_view text = node.as_string()->get();
  if (text.starts_with('=')) {
    assign.mode = AttrAssign::Mode::expression;
    assign.expr = parse_expr(ctx, node, attr, text.substr(1), scope);
    return assign;
  }
  if (text.starts_with('\\')) text.remove_prefix(1);
  assign.literal = std::string(text);
  return assign;
}

void check_attr_name(const Context& ctx, const toml::node& node, std::string_view attr) {
  if (!is_identifier(attr))
    ctx.fail(node, attr, "not an attribute name (a letter or '_', then letters, digits, '_')");
}

// The assignments of a right-hand node or edge: every key but the reserved ones, the `set`
// table, and the `erase` list.
std::vector<AttrAssign> parse_assigns(const Context& ctx, const toml::table& table,
                                      std::initializer_list<std::string_view> reserved,
                                      const Scope& scope) {
  std::vector<AttrAssign> assigns;
  std::set<std::string> named;
  const auto add = [&](const toml::node& node, const std::string& attr, AttrAssign assign) {
    check_attr_name(ctx, node, attr);
    if (!named.insert(attr).second) ctx.fail(node, attr, "the attribute is written twice");
    assigns.push_back(std::move(assign));
  };
  for (auto&& [key, node] : table) {
    const std::string attr(key.str());
    if (std::find(reserved.begin(), reserved.end(), attr) != reserved.end()) continue;
    if (attr == "set") {
      for (auto&& [k, v] : get_table(ctx, node, "set"))
        add(v, std::string(k.str()), parse_assign(ctx, std::string(k.str()), v, scope));
    } else if (attr == "erase") {
      for (const toml::node& item : get_array(ctx, node, "erase")) {
        const std::string name = get_text(ctx, item, "erase");
        AttrAssign erase;
        erase.attr = name;
        erase.mode = AttrAssign::Mode::erase;
        add(item, name, std::move(erase));
      }
    } else {
      add(node, attr, parse_assign(ctx, attr, node, scope));
    }
  }
  return assigns;
}

bool assigns_kind(const std::vector<AttrAssign>& assigns) {
  return std::any_of(assigns.begin(), assigns.end(), [](const AttrAssign& a) {
    return a.attr == "kind" && a.mode != AttrAssign::Mode::erase;
  });
}

const toml::node* find(const toml::table& table, std::string_view key) {
  return table.get(key);
}

const toml::node& require(const Context& ctx, const toml::table& table, int line,
                          std::string_view key) {
  const toml::node* node = table.get(key);
  if (node == nullptr) ctx.fail(line, key, "missing (it is required)");
  return *node;
}

void parse_lhs(const Context& ctx, const toml::node& lhs_node, Rule& rule, Scope& scope) {
  const toml::table& lhs = get_table(ctx, lhs_node, "lhs");
  check_known(ctx, lhs, {"nodes", "edges"}, " in 'lhs'");
  const toml::node* nodes = find(lhs, "nodes");
  if (nodes == nullptr) ctx.fail(lhs_node, "lhs.nodes", "missing (a pattern needs a node)");
  for (const toml::node& item : get_array(ctx, *nodes, "lhs.nodes")) {
    const toml::table& t = get_table(ctx, item, "lhs.nodes");
    PatternNode node;
    node.number = get_number(ctx, require(ctx, t, toml_line(item), "n"), "n");
    if (!scope.objects.insert(std::to_string(node.number)).second)
      ctx.fail(item, "n", "node " + std::to_string(node.number) + " is defined twice");
    for (auto&& [key, value] : t) {
      if (key.str() == "n") continue;
      check_attr_name(ctx, value, key.str());
      node.tests.push_back(parse_test(ctx, std::string(key.str()), value));
    }
    rule.lhs_nodes.push_back(std::move(node));
  }
  if (rule.lhs_nodes.empty()) ctx.fail(*nodes, "lhs.nodes", "a pattern needs a node");
  const toml::node* edges = find(lhs, "edges");
  if (edges == nullptr) return;
  for (const toml::node& item : get_array(ctx, *edges, "lhs.edges")) {
    const toml::table& t = get_table(ctx, item, "lhs.edges");
    const int line = toml_line(item);
    PatternEdge edge;
    for (const char* end : {"from", "to"}) {
      const toml::node& n = require(ctx, t, line, end);
      const int number = get_number(ctx, n, end);
      if (scope.objects.count(std::to_string(number)) == 0)
        ctx.fail(n, end, "node " + std::to_string(number) + " is not in lhs.nodes");
      (std::string_view(end) == "from" ? edge.from : edge.to) = number;
    }
    if (const toml::node* n = find(t, "any_direction"))
      edge.any_direction = get_bool(ctx, *n, "any_direction");
    if (const toml::node* n = find(t, "absent")) edge.absent = get_bool(ctx, *n, "absent");
    if (const toml::node* n = find(t, "as")) {
      edge.alias = get_text(ctx, *n, "as");
      if (!is_identifier(edge.alias) || edge.alias == "count")
        ctx.fail(*n, "as",
                 "'" + edge.alias + "' is not an alias (an identifier other than 'count')");
      if (edge.absent) ctx.fail(*n, "as", "an absent edge matches nothing to name");
      if (!scope.objects.insert(edge.alias).second)
        ctx.fail(*n, "as", "alias '" + edge.alias + "' is defined twice");
    }
    for (auto&& [key, value] : t) {
      const std::string_view k = key.str();
      if (k == "from" || k == "to" || k == "as" || k == "absent" || k == "any_direction") continue;
      check_attr_name(ctx, value, k);
      edge.tests.push_back(parse_test(ctx, std::string(k), value));
    }
    rule.lhs_edges.push_back(std::move(edge));
  }
}

void parse_rhs(const Context& ctx, const toml::node& rhs_node, Rule& rule, const Scope& scope) {
  const toml::table& rhs = get_table(ctx, rhs_node, "rhs");
  check_known(ctx, rhs, {"nodes", "edges"}, " in 'rhs'");
  std::set<int> numbers;
  std::set<int> lhs_numbers;
  for (const PatternNode& n : rule.lhs_nodes)
    lhs_numbers.insert(n.number);
  if (const toml::node* nodes = find(rhs, "nodes")) {
    for (const toml::node& item : get_array(ctx, *nodes, "rhs.nodes")) {
      const toml::table& t = get_table(ctx, item, "rhs.nodes");
      ResultNode node;
      node.number = get_number(ctx, require(ctx, t, toml_line(item), "n"), "n");
      if (!numbers.insert(node.number).second)
        ctx.fail(item, "n", "node " + std::to_string(node.number) + " is defined twice");
      node.assigns = parse_assigns(ctx, t, {"n"}, scope);
      if (lhs_numbers.count(node.number) == 0 && !assigns_kind(node.assigns))
        ctx.fail(item, "kind", "new node " + std::to_string(node.number) + " needs a kind");
      rule.rhs_nodes.push_back(std::move(node));
    }
  }
  std::set<std::string> kept;
  if (const toml::node* edges = find(rhs, "edges")) {
    for (const toml::node& item : get_array(ctx, *edges, "rhs.edges")) {
      const toml::table& t = get_table(ctx, item, "rhs.edges");
      const int line = toml_line(item);
      ResultEdge edge;
      const PatternEdge* source = nullptr;
      if (const toml::node* n = find(t, "same")) {
        edge.same = get_text(ctx, *n, "same");
        for (const PatternEdge& e : rule.lhs_edges)
          if (!e.absent && e.alias == edge.same) source = &e;
        if (source == nullptr)
          ctx.fail(*n, "same", "'" + edge.same + "' is not an alias of a left-hand edge");
        if (!kept.insert(edge.same).second)
          ctx.fail(*n, "same", "edge '" + edge.same + "' is kept twice");
      }
      for (const char* end : {"from", "to"}) {
        int& slot = std::string_view(end) == "from" ? edge.from : edge.to;
        const toml::node* n = find(t, end);
        if (n == nullptr && source == nullptr) ctx.fail(line, end, "missing (it is required)");
        slot = n != nullptr ? get_number(ctx, *n, end)
                            : (std::string_view(end) == "from" ? source->from : source->to);
        if (numbers.count(slot) == 0)
          ctx.fail(n != nullptr ? toml_line(*n) : line, end,
                   "node " + std::to_string(slot) + " is not in rhs.nodes");
      }
      edge.assigns = parse_assigns(ctx, t, {"same", "from", "to"}, scope);
      if (source == nullptr && !assigns_kind(edge.assigns))
        ctx.fail(line, "kind", "a new edge needs a kind");
      rule.rhs_edges.push_back(std::move(edge));
    }
  }
}

void parse_rule(Grammar& grammar, const toml::node& item, const std::string& file) {
  const Context bare{file, ""};
  const toml::table& t = get_table(bare, item, "rule");
  const int line = toml_line(item);
  const std::string name = get_text(bare, require(bare, t, line, "name"), "name");
  if (!is_name(name))
    bare.fail(*t.get("name"), "name",
              "'" + name + "' is not a name (lower-case letters, digits, '_' and '-')");
  const Context ctx{file, "rule '" + name + "'"};
  check_known(ctx, t, {"name", "sets", "weight", "description", "lhs", "where", "rhs"}, "");
  Rule rule;
  rule.name = name;
  rule.location = {file, line};
  rule.sets = get_names(ctx, require(ctx, t, line, "sets"), "sets");
  if (const toml::node* n = find(t, "description"))
    rule.description = get_text(ctx, *n, "description");
  Scope scope;
  parse_lhs(ctx, require(ctx, t, line, "lhs"), rule, scope);
  if (const toml::node* n = find(t, "weight")) rule.weight = get_amount(ctx, *n, "weight", scope);
  if (const toml::node* n = find(t, "where"))
    rule.where = parse_expr(ctx, *n, "where", get_text(ctx, *n, "where"), scope);
  parse_rhs(ctx, require(ctx, t, line, "rhs"), rule, scope);
  grammar.rules.push_back(std::move(rule));
}

void parse_recipe(Grammar& grammar, const toml::node& item, const std::string& file) {
  const Context bare{file, ""};
  const toml::table& t = get_table(bare, item, "recipe");
  const int line = toml_line(item);
  const std::string name = get_text(bare, require(bare, t, line, "name"), "name");
  if (!is_name(name))
    bare.fail(*t.get("name"), "name",
              "'" + name + "' is not a name (lower-case letters, digits, '_' and '-')");
  const Context ctx{file, "recipe '" + name + "'"};
  check_known(ctx, t, {"name", "description", "steps"}, "");
  Recipe recipe;
  recipe.name = name;
  recipe.location = {file, line};
  if (const toml::node* n = find(t, "description"))
    recipe.description = get_text(ctx, *n, "description");
  const toml::node& steps = require(ctx, t, line, "steps");
  const Scope no_match;
  for (const toml::node& s : get_array(ctx, steps, "steps")) {
    const toml::table& st = get_table(ctx, s, "steps");
    check_known(ctx, st, {"sets", "times", "until_done", "required", "description"}, " in a step");
    RecipeStep step;
    step.location = {file, toml_line(s)};
    step.sets = get_names(ctx, require(ctx, st, step.location.line, "sets"), "sets");
    if (const toml::node* n = find(st, "until_done"))
      step.until_done = get_bool(ctx, *n, "until_done");
    if (const toml::node* n = find(st, "times")) {
      if (step.until_done) ctx.fail(*n, "times", "a step that runs until done has no count");
      step.times = get_amount(ctx, *n, "times", no_match);
    }
    if (const toml::node* n = find(st, "required")) step.required = get_bool(ctx, *n, "required");
    if (const toml::node* n = find(st, "description"))
      step.description = get_text(ctx, *n, "description");
    recipe.steps.push_back(std::move(step));
  }
  if (recipe.steps.empty()) ctx.fail(steps, "steps", "a recipe needs a step");
  grammar.recipes.push_back(std::move(recipe));
}

}  // namespace

void parse_grammar_text(Grammar& grammar, std::string_view text, const std::string& file) {
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw GrammarError(file + ":" + std::to_string(e.source().begin.line) + ": " +
                       std::string(e.description()));
  }
  const Context ctx{file, ""};
  check_known(ctx, root, {"rule", "recipe"}, " (a grammar file holds [[rule]] and [[recipe]])");
  Grammar local;
  if (const toml::node* rules = root.get("rule"))
    for (const toml::node& item : get_array(ctx, *rules, "rule"))
      parse_rule(local, item, file);
  if (const toml::node* recipes = root.get("recipe"))
    for (const toml::node& item : get_array(ctx, *recipes, "recipe"))
      parse_recipe(local, item, file);
  // Names unique, checked against what the grammar already holds (earlier files).
  for (std::size_t i = 0; i < local.rules.size(); ++i) {
    const Rule& r = local.rules[i];
    const Rule* other = grammar.find_rule(r.name);
    for (std::size_t j = 0; other == nullptr && j < i; ++j)
      if (local.rules[j].name == r.name) other = &local.rules[j];
    if (other != nullptr)
      Context{file, "rule '" + r.name + "'"}.fail(
          r.location.line, "name",
          "also defined at " + other->location.file + ":" + std::to_string(other->location.line));
  }
  for (std::size_t i = 0; i < local.recipes.size(); ++i) {
    const Recipe& r = local.recipes[i];
    const Recipe* other = grammar.find_recipe(r.name);
    for (std::size_t j = 0; other == nullptr && j < i; ++j)
      if (local.recipes[j].name == r.name) other = &local.recipes[j];
    if (other != nullptr)
      Context{file, "recipe '" + r.name + "'"}.fail(
          r.location.line, "name",
          "also defined at " + other->location.file + ":" + std::to_string(other->location.line));
  }
  for (Rule& r : local.rules)
    grammar.rules.push_back(std::move(r));
  for (Recipe& r : local.recipes)
    grammar.recipes.push_back(std::move(r));
}

void check_grammar(const Grammar& grammar) {
  std::map<std::string, const SourceLocation*> rules;
  for (const Rule& r : grammar.rules)
    if (const auto [at, fresh] = rules.emplace(r.name, &r.location); !fresh)
      Context{r.location.file, "rule '" + r.name + "'"}.fail(
          r.location.line, "name",
          "also defined at " + at->second->file + ":" + std::to_string(at->second->line));
  std::set<std::string> recipes;
  for (const Recipe& r : grammar.recipes)
    if (!recipes.insert(r.name).second)
      Context{r.location.file, "recipe '" + r.name + "'"}.fail(r.location.line, "name",
                                                               "defined twice");
  const std::vector<std::string> sets = grammar.rule_sets();
  for (const Recipe& r : grammar.recipes)
    for (const RecipeStep& step : r.steps)
      for (const std::string& set : step.sets)
        if (!std::binary_search(sets.begin(), sets.end(), set))
          Context{step.location.file, "recipe '" + r.name + "'"}.fail(
              step.location.line, "sets", "no rule belongs to set '" + set + "'");
}

Grammar load_grammar(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(dir, error))
    throw IoError("grammars: '" + dir +
                  "' is not a directory (grammar files live in DATA_DIR/grammars; the "
                  "environment variable YENDOR_DATA_DIR sets DATA_DIR)");
  std::vector<std::string> names;
  fs::directory_iterator it(dir, error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    const fs::path& path = it->path();
    if (path.extension() == ".toml" && it->is_regular_file(error))
      names.push_back(path.filename().string());
  }
  if (error) throw IoError("grammars: cannot list '" + dir + "': " + error.message());
  std::sort(names.begin(), names.end());
  Grammar grammar;
  for (const std::string& name : names) {
    const std::string file = dir + "/" + name;
    const std::uintmax_t bytes = fs::file_size(file, error);
    if (!error && bytes > k_max_file_bytes)
      throw GrammarError(file + ": larger than 1 MiB, which no grammar file is");
    parse_grammar_text(grammar, read_file(file), file);
  }
  check_grammar(grammar);
  return grammar;
}

std::shared_ptr<const Grammar> cached_grammar(const std::string& data_dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Grammar>> cache;
  const std::lock_guard lock(mutex);
  if (const auto it = cache.find(data_dir); it != cache.end()) return it->second;
  auto grammar = std::make_shared<const Grammar>(load_grammar(data_dir + "/grammars"));
  cache.emplace(data_dir, grammar);
  return grammar;
}

}  // namespace yendor::cyclic
