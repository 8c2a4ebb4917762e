#include "yendor/gen/cyclic/attribute_expr.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "yendor/core/rng.hpp"

namespace yendor::cyclic {
namespace {

// A scope over a plain table: object "" holds variables; `objects` lists the node numbers and
// aliases that exist (an unknown one is an error, as in the engine).
class TableScope final : public ExprScope {
 public:
  std::map<std::pair<std::string, std::string>, ParamValue> values;
  std::set<std::string> objects{"", "count", "1", "2", "p"};
  Rng* rng = nullptr;
  mutable int lookups = 0;

  std::optional<ParamValue> lookup(std::string_view object, std::string_view attr) const override {
    ++lookups;
    if (objects.count(std::string(object)) == 0)
      throw ExprError("unknown object '" + std::string(object) + "'");
    const auto it = values.find({std::string(object), std::string(attr)});
    if (it == values.end()) return std::nullopt;
    return it->second;
  }
  std::int64_t random_int(std::int64_t lo, std::int64_t hi) const override {
    if (rng == nullptr) throw ExprError("no rng");
    return rng->range(static_cast<int>(lo), static_cast<int>(hi));
  }
};

ParamValue eval(std::string_view text, const ExprScope& scope) {
  const std::optional<ParamValue> v = Expr::parse(text).evaluate(scope);
  if (!v) throw std::logic_error("absent");
  return *v;
}
ParamValue eval(std::string_view text) {
  return eval(text, TableScope{});
}

// The message of the ExprError that parsing or evaluating `text` throws ("" when none).
std::string error_of(std::string_view text, const ExprScope& scope) {
  try {
    (void)Expr::parse(text).evaluate(scope);
  } catch (const ExprError& e) {
    return e.what();
  }
  return "";
}
std::string error_of(std::string_view text) {
  return error_of(text, TableScope{});
}

TEST(AttributeExpr, LiteralsAndTypes) {
  EXPECT_EQ(eval("12"), ParamValue{std::int64_t{12}});
  EXPECT_EQ(eval("-3"), ParamValue{std::int64_t{-3}});
  EXPECT_EQ(eval("0.5"), ParamValue{0.5});
  EXPECT_EQ(eval("2e3"), ParamValue{2000.0});
  EXPECT_EQ(eval("true"), ParamValue{true});
  EXPECT_EQ(eval("false"), ParamValue{false});
  EXPECT_EQ(eval("\"a b\""), ParamValue{std::string("a b")});
  EXPECT_EQ(eval("'it\\'s'"), ParamValue{std::string("it's")});
  EXPECT_EQ(Expr().evaluate(TableScope{}), std::optional<ParamValue>(true));
  EXPECT_EQ(Expr::literal(std::string("x")).evaluate(TableScope{}),
            std::optional<ParamValue>(std::string("x")));
}

TEST(AttributeExpr, IntegerArithmeticStaysInteger) {
  EXPECT_EQ(eval("7 / 2"), ParamValue{std::int64_t{7 / 2}});
  EXPECT_EQ(eval("-7 / 2"), ParamValue{std::int64_t{-7 / 2}});  // toward zero
  EXPECT_EQ(eval("-7 % 3"), ParamValue{std::int64_t{-7 % 3}});
  EXPECT_EQ(eval("7 / 2.0"), ParamValue{3.5});  // int op real widens
  EXPECT_EQ(eval("1 + 0.5"), ParamValue{1.5});
  EXPECT_EQ(eval("abs(-4)"), ParamValue{std::int64_t{4}});
  EXPECT_EQ(eval("min(3, 1, 2)"), ParamValue{std::int64_t{1}});
  EXPECT_EQ(eval("max(3, 4.5)"), ParamValue{4.5});
  EXPECT_NE(error_of("1 / 0").find("division by zero at column 3"), std::string::npos);
  EXPECT_NE(error_of("1 % 0").find("modulo by zero"), std::string::npos);
  EXPECT_NE(error_of("1.0 / 0").find("division by zero"), std::string::npos);
  EXPECT_NE(error_of("9223372036854775807 + 1").find("overflow"), std::string::npos);
  EXPECT_NE(error_of("-9223372036854775807 - 2").find("overflow"), std::string::npos);
  EXPECT_NE(error_of("9223372036854775808").find("out of range at column 1"), std::string::npos);
}

TEST(AttributeExpr, TextJoinsAndCompares) {
  EXPECT_EQ(eval("'room' + 3"), ParamValue{std::string("room3")});
  EXPECT_EQ(eval("1.5 + 'x'"), ParamValue{std::string("1.5x")});
  EXPECT_EQ(eval("'abc' < 'abd'"), ParamValue{true});
  EXPECT_EQ(eval("'1' == 1"), ParamValue{false});
  EXPECT_EQ(eval("'1' != 1"), ParamValue{true});
  EXPECT_EQ(eval("1 == 1.0"), ParamValue{true});
  EXPECT_EQ(eval("true == 1"), ParamValue{true});
  EXPECT_EQ(eval("false == 0"), ParamValue{true});
  EXPECT_EQ(eval("true == 2"), ParamValue{false});
  EXPECT_EQ(eval("2 < 2.5"), ParamValue{true});
  EXPECT_NE(error_of("'a' < 1").find("cannot order text and an integer at column 5"),
            std::string::npos);
  EXPECT_NE(error_of("true + 1").find("at column 6"), std::string::npos);
  EXPECT_NE(error_of("-'a'").find("at column 1"), std::string::npos);
}

TEST(AttributeExpr, ConditionsTakeBoolsAndIntegers) {
  TableScope scope;
  scope.values[{"", "allow_lava"}] = std::int64_t{1};
  scope.values[{"", "allow_drop"}] = std::int64_t{0};
  EXPECT_EQ(eval("allow_lava && !allow_drop", scope), ParamValue{true});
  EXPECT_TRUE(Expr::parse("allow_lava * 3").evaluate_bool(scope));
  EXPECT_FALSE(Expr::parse("allow_drop").evaluate_bool(scope));
  EXPECT_THROW((void)Expr::parse("'x'").evaluate_bool(scope), ExprError);
  EXPECT_THROW((void)Expr::parse("0.5 && true").evaluate(scope), ExprError);
  EXPECT_EQ(Expr::parse("2").evaluate_real(scope), 2.0);  // integers widen
  EXPECT_THROW((void)Expr::parse("2.5").evaluate_int(scope), ExprError);
  EXPECT_THROW((void)Expr::parse("true").evaluate_int(scope), ExprError);
}

TEST(AttributeExpr, ReferencesReadTheScope) {
  TableScope scope;
  scope.values[{"", "cycles"}] = std::int64_t{3};
  scope.values[{"1", "len"}] = std::int64_t{4};
  scope.values[{"p", "label"}] = std::string("a");
  scope.values[{"count", "room"}] = std::int64_t{7};
  EXPECT_EQ(eval("cycles - 1", scope), ParamValue{std::int64_t{2}});
  EXPECT_EQ(eval("1.len * 2 + count.room", scope), ParamValue{std::int64_t{15}});
  EXPECT_EQ(eval("p.label == 'a' ? 1.len : 0", scope), ParamValue{std::int64_t{4}});
  EXPECT_NE(error_of("9.len", scope).find("unknown object '9'"), std::string::npos);

  std::vector<std::string> objects;
  Expr::parse("1.len + p.x + count.room + cycles + 1.id + 2.theme").collect_objects(objects);
  EXPECT_EQ(objects, (std::vector<std::string>{"1", "p", "2"}));
}

TEST(AttributeExpr, AbsentSemantics) {
  TableScope scope;
  scope.values[{"1", "len"}] = std::int64_t{2};
  EXPECT_EQ(eval("has(1.theme)", scope), ParamValue{false});
  EXPECT_EQ(eval("has(1.len)", scope), ParamValue{true});
  EXPECT_EQ(eval("1.theme == 'x'", scope), ParamValue{false});
  EXPECT_EQ(eval("1.theme != 'x'", scope), ParamValue{true});
  EXPECT_EQ(eval("1.theme == 2.theme", scope), ParamValue{false});
  EXPECT_FALSE(Expr::parse("1.theme").evaluate(scope).has_value());
  EXPECT_FALSE(Expr::parse("true ? 1.theme : 1").evaluate(scope).has_value());
  EXPECT_EQ(error_of("1.theme + 'x'", scope), "attribute 1.theme is not set");
  EXPECT_EQ(error_of("cycles > 1", scope), "variable 'cycles' is not set");
  EXPECT_THROW((void)Expr::parse("1.theme").evaluate_int(scope), ExprError);
  // && || ?: are lazy: the guarded read never happens.
  EXPECT_EQ(eval("has(2.len) && 2.len > 0", scope), ParamValue{false});
  EXPECT_EQ(eval("!has(2.len) || 2.len > 0", scope), ParamValue{true});
  EXPECT_EQ(eval("has(2.len) ? 2.len : -1", scope), ParamValue{std::int64_t{-1}});
}

TEST(AttributeExpr, SyntaxErrorsCarryTheColumn) {
  EXPECT_EQ(error_of("1 + )"), "unexpected ')' at column 5");
  EXPECT_EQ(error_of("(1 + 2"), "unexpected end of expression at column 7");
  EXPECT_EQ(error_of("(1 + 2))"), "unexpected ')' at column 8");
  EXPECT_EQ(error_of(""), "unexpected end of expression at column 1");
  EXPECT_EQ(error_of("  foo(1)"), "unknown function 'foo' at column 3");
  EXPECT_EQ(error_of("1 2"), "unexpected '2' at column 3");
  EXPECT_NE(error_of("1 = 2").find("unexpected '=' at column 3"), std::string::npos);
  EXPECT_NE(error_of("a & b").find("at column 3"), std::string::npos);
  EXPECT_EQ(error_of("min(1)"), "function 'min' takes 2 or more arguments at column 1");
  EXPECT_EQ(error_of("rand(1)"), "function 'rand' takes 2 arguments at column 1");
  EXPECT_EQ(error_of("has(1 + 2)"), "has() takes an attribute or variable at column 1");
  EXPECT_EQ(error_of("'abc"), "unterminated text at column 1");
  EXPECT_NE(error_of("1 ? 2").find("end of expression"), std::string::npos);
  EXPECT_NE(error_of("3x").find("at column 2"), std::string::npos);
  EXPECT_NE(error_of("1.").find("at column 2"), std::string::npos);
  EXPECT_NE(error_of("#").find("unexpected '#' at column 1"), std::string::npos);
}

TEST(AttributeExpr, NestingIsCappedAt64) {
  const auto nested = [](int depth) {
    return std::string(static_cast<std::size_t>(depth), '(') + "1" +
           std::string(static_cast<std::size_t>(depth), ')');
  };
  EXPECT_EQ(eval(nested(40)), ParamValue{std::int64_t{1}});
  EXPECT_NE(error_of(nested(70)).find("nested too deeply"), std::string::npos);
  EXPECT_NE(error_of(nested(100000)).find("nested too deeply"), std::string::npos);
  EXPECT_NE(error_of(std::string(100000, '!') + "true").find("nested too deeply"),
            std::string::npos);
  std::string sum = "1";
  for (int i = 0; i < 100; ++i)
    sum += " + 1";
  EXPECT_NE(error_of(sum).find("nested too deeply"), std::string::npos);
  std::string short_sum = "1";
  for (int i = 0; i < 40; ++i)
    short_sum += " + 1";
  EXPECT_EQ(eval(short_sum), ParamValue{std::int64_t{41}});
}

TEST(AttributeExpr, RandIsSeededAndInclusive) {
  const Expr e = Expr::parse("rand(1, 3) * 10 + rand(0, 1)");
  TableScope a;
  Rng rng_a(5);
  a.rng = &rng_a;
  TableScope b;
  Rng rng_b(5);
  b.rng = &rng_b;
  std::set<std::int64_t> seen;
  for (int i = 0; i < 200; ++i) {
    const std::int64_t x = e.evaluate_int(a);
    EXPECT_EQ(x, e.evaluate_int(b));
    seen.insert(x);
  }
  EXPECT_EQ(seen, (std::set<std::int64_t>{10, 11, 20, 21, 30, 31}));
  EXPECT_NE(error_of("rand(3, 1)", a).find("needs lo <= hi"), std::string::npos);
  EXPECT_NE(error_of("rand(1, 2.5)", a).find("takes integers"), std::string::npos);
  EXPECT_EQ(error_of("rand(1, 2)"), "no rng");  // the scope decides
}

// Random integer expressions against a plain evaluator. The printer adds parentheses only
// where the usual precedence needs them, so this checks precedence and associativity too.
struct Tree {
  char op = 0;  // 0: a literal; else one of + - * / % < = & | ? (= is ==, & &&, | ||)
  std::int64_t value = 0;
  std::vector<Tree> kids;
};

int precedence(char op) {
  switch (op) {
    case '?':
      return 1;
    case '|':
      return 2;
    case '&':
      return 3;
    case '=':
      return 4;
    case '<':
      return 5;
    case '+':
    case '-':
      return 6;
    case '*':
    case '/':
    case '%':
      return 7;
    default:
      return 9;
  }
}

Tree random_tree(Rng& rng, int depth) {
  Tree t;
  if (depth == 0 || rng.chance(0.25)) {
    t.value = rng.range(-9, 9);
    return t;
  }
  static constexpr char k_ops[] = {'+', '-', '*', '/', '%', '<', '=', '&', '|', '?'};
  t.op = k_ops[rng.below(sizeof k_ops)];
  const int arity = t.op == '?' ? 3 : 2;
  for (int i = 0; i < arity; ++i)
    t.kids.push_back(random_tree(rng, depth - 1));
  return t;
}

std::string print(const Tree& t) {
  if (t.op == 0) return t.value < 0 ? "(" + std::to_string(t.value) + ")" : std::to_string(t.value);
  const int p = precedence(t.op);
  const auto side = [&](const Tree& kid, bool right) {
    const int k = precedence(kid.op);
    const bool parens = t.op == '?' ? (k < p || (k == p && !right)) : (k < p || (k == p && right));
    return parens ? "(" + print(kid) + ")" : print(kid);
  };
  if (t.op == '?')
    return side(t.kids[0], false) + " ? " + side(t.kids[1], false) + " : " + side(t.kids[2], true);
  std::string op(1, t.op);
  if (t.op == '=') op = "==";
  if (t.op == '&') op = "&&";
  if (t.op == '|') op = "||";
  return side(t.kids[0], false) + " " + op + " " + side(t.kids[1], true);
}

// nullopt: the expression must fail (division by zero).
std::optional<std::int64_t> oracle(const Tree& t) {
  if (t.op == 0) return t.value;
  const auto a = oracle(t.kids[0]);
  if (!a) return std::nullopt;
  if (t.op == '&' && *a == 0) return 0;
  if (t.op == '|' && *a != 0) return 1;
  if (t.op == '?') return oracle(t.kids[*a != 0 ? 1 : 2]);
  const auto b = oracle(t.kids[1]);
  if (!b) return std::nullopt;
  switch (t.op) {
    case '+':
      return *a + *b;
    case '-':
      return *a - *b;
    case '*':
      return *a * *b;
    case '/':
      if (*b == 0) return std::nullopt;
      return *a / *b;
    case '%':
      if (*b == 0) return std::nullopt;
      return *a % *b;
    case '<':
      return *a < *b ? 1 : 0;
    case '=':
      return *a == *b ? 1 : 0;
    case '&':
    case '|':
      return *b != 0 ? 1 : 0;
    default:
      return std::nullopt;
  }
}

bool gives_bool(const Tree& t) {
  if (t.op == '?') return gives_bool(t.kids[1]) || gives_bool(t.kids[2]);
  return t.op == '<' || t.op == '=' || t.op == '&' || t.op == '|';
}

std::int64_t as_int(const ParamValue& v) {
  if (const auto* b = std::get_if<bool>(&v)) return *b ? 1 : 0;
  return std::get<std::int64_t>(v);
}

TEST(AttributeExpr, RandomExpressionsMatchAPlainEvaluator) {
  // The oracle mixes bools and integers freely; the language orders bools only by their
  // truth, so comparisons and equality only take integer operands here.
  Rng rng(42);
  int checked = 0;
  for (int i = 0; i < 3000; ++i) {
    Tree t = random_tree(rng, 4);
    bool typed = true;  // every < and == sees integer operands (arithmetic, not a condition)
    std::vector<const Tree*> stack{&t};
    while (!stack.empty()) {
      const Tree* n = stack.back();
      stack.pop_back();
      const bool wants_ints = n->op == '<' || n->op == '=' || n->op == '+' || n->op == '-' ||
                              n->op == '*' || n->op == '/' || n->op == '%';
      for (const Tree& k : n->kids) {
        if (wants_ints && gives_bool(k)) typed = false;
        stack.push_back(&k);
      }
    }
    if (!typed) continue;
    const std::string text = print(t);
    SCOPED_TRACE(text);
    const auto expected = oracle(t);
    if (!expected) {
      EXPECT_THROW((void)eval(text), ExprError);
    } else {
      EXPECT_EQ(as_int(eval(text)), *expected);
    }
    ++checked;
  }
  EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace yendor::cyclic
