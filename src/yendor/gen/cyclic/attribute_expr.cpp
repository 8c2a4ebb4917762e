#include "yendor/gen/cyclic/attribute_expr.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

namespace yendor::cyclic {

namespace {

constexpr int k_max_depth = 64;

enum class Op {
  none,
  neg,
  logical_not,
  mul,
  div,
  mod,
  add,
  sub,
  lt,
  le,
  gt,
  ge,
  eq,
  ne,
  and_,
  or_
};
enum class Fn { has, min, max, abs, rand };

std::string at_column(int column) {
  return " at column " + std::to_string(column);
}

}  // namespace

// One node of the immutable syntax tree. Children are shared so copies of an
// Expr are cheap.
struct Expr::Node {
  enum class Kind { literal, reference, unary, binary, conditional, call };
  Kind kind = Kind::literal;
  int column = 1;  // 1-based column of the token the node starts at (operators:
                   // the operator)
  int depth = 1;   // height of the subtree, capped at k_max_depth
  ParamValue value{};
  std::string object;  // reference: "" (a variable), a node number, an edge
                       // alias, "count"
  std::string attr;    // reference: the attribute; call: the function's name
  Op op = Op::none;
  Fn fn = Fn::has;
  std::vector<NodePtr> args;
};

namespace {

using Node = Expr::Node;
using NodePtr = Expr::NodePtr;
using Value = std::optional<ParamValue>;

// ---------------------------------------------------------------------------------------
// Lexer

struct Token {
  enum class Type { integer, real, text, ident, reference, punct, end };
  Type type = Type::end;
  int column = 1;
  std::string text;          // how it is spelled in the source (for messages)
  std::string string_value;  // text: the unescaped string
  std::int64_t int_value = 0;
  double real_value = 0;
  std::string object, attr;  // reference
};

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_ident_char(char c) {
  return is_ident_start(c) || is_digit(c);
}

std::string describe(const Token& t) {
  if (t.type == Token::Type::end) return "end of expression";
  return "'" + t.text + "'";
}

class Lexer {
 public:
  explicit Lexer(std::string_view src) : src_(src) {}

  // The next token, read on demand (so a deep-nesting error stops reading early).
  Token next_token() {
    while (pos_ < src_.size() &&
           (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\n' || src_[pos_] == '\r'))
      ++pos_;
    if (pos_ >= src_.size()) {
      Token end;
      end.column = column();
      return end;
    }
    return next();
  }

 private:
  int column() const { return static_cast<int>(pos_) + 1; }
  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0';
  }

  Token next() {
    const char c = src_[pos_];
    if (is_digit(c)) return number();
    if (is_ident_start(c)) return identifier();
    if (c == '"' || c == '\'') return text();
    return punct();
  }

  std::string_view take_ident() {
    const std::size_t start = pos_;
    while (pos_ < src_.size() && is_ident_char(src_[pos_]))
      ++pos_;
    return src_.substr(start, pos_ - start);
  }

  // `object.attr` when an identifier start follows the dot.
  bool reference_follows() const { return peek() == '.' && is_ident_start(peek(1)); }

  Token reference(std::string_view object, int col) {
    ++pos_;  // the dot
    Token t;
    t.type = Token::Type::reference;
    t.column = col;
    t.object = std::string(object);
    t.attr = std::string(take_ident());
    t.text = t.object + "." + t.attr;
    return t;
  }

  Token number() {
    const int col = column();
    const std::size_t start = pos_;
    while (is_digit(peek()))
      ++pos_;
    if (reference_follows()) return reference(src_.substr(start, pos_ - start), col);
    bool real = false;
    if (peek() == '.' && is_digit(peek(1))) {
      real = true;
      ++pos_;
      while (is_digit(peek()))
        ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      std::size_t ahead = 1;
      if (peek(1) == '+' || peek(1) == '-') ahead = 2;
      if (is_digit(peek(ahead))) {
        real = true;
        pos_ += ahead;
        while (is_digit(peek()))
          ++pos_;
      }
    }
    if (is_ident_char(peek()) || peek() == '.')
      throw ExprError("unexpected '" + std::string(1, peek()) + "'" + at_column(column()));
    Token t;
    t.column = col;
    t.text = std::string(src_.substr(start, pos_ - start));
    const char* first = t.text.data();
    const char* last = first + t.text.size();
    if (real) {
      t.type = Token::Type::real;
      const auto [ptr, ec] = std::from_chars(first, last, t.real_value);
      if (ec != std::errc{} || ptr != last || !std::isfinite(t.real_value))
        throw ExprError("number '" + t.text + "' is out of range" + at_column(col));
    } else {
      t.type = Token::Type::integer;
      const auto [ptr, ec] = std::from_chars(first, last, t.int_value);
      if (ec != std::errc{} || ptr != last)
        throw ExprError("number '" + t.text + "' is out of range" + at_column(col));
    }
    return t;
  }

  Token identifier() {
    const int col = column();
    const std::string_view name = take_ident();
    if (reference_follows()) return reference(name, col);
    Token t;
    t.type = Token::Type::ident;
    t.column = col;
    t.text = std::string(name);
    return t;
  }

  Token text() {
    const int col = column();
    const char quote = src_[pos_++];
    Token t;
    t.type = Token::Type::text;
    t.column = col;
    std::string value;
    for (;;) {
      if (pos_ >= src_.size()) throw ExprError("unterminated text" + at_column(col));
      const char c = src_[pos_++];
      if (c == quote) break;
      if (c != '\\') {
        value += c;
        continue;
      }
      if (pos_ >= src_.size()) throw ExprError("unterminated text" + at_column(col));
      const char e = src_[pos_++];
      switch (e) {
        case 'n':
          value += '\n';
          break;
        case 't':
          value += '\t';
          break;
        case '\\':
        case '"':
        case '\'':
          value += e;
          break;
        default:
          throw ExprError("unknown escape '\\" + std::string(1, e) + "'" +
                          at_column(static_cast<int>(pos_) - 1));
      }
    }
    t.text = std::string(
        src_.substr(static_cast<std::size_t>(col - 1), pos_ - static_cast<std::size_t>(col - 1)));
    t.string_value = std::move(value);
    return t;
  }

  Token punct() {
    static constexpr std::string_view k_two[] = {"&&", "||", "==", "!=", "<=", ">="};
    static constexpr std::string_view k_one = "!+-*/%<>?:(),";
    Token t;
    t.type = Token::Type::punct;
    t.column = column();
    const std::string_view rest = src_.substr(pos_);
    for (std::string_view op : k_two) {
      if (rest.starts_with(op)) {
        t.text = std::string(op);
        pos_ += 2;
        return t;
      }
    }
    if (k_one.find(rest[0]) != std::string_view::npos) {
      t.text = std::string(1, rest[0]);
      ++pos_;
      return t;
    }
    std::string msg = "unexpected '" + std::string(1, rest[0]) + "'" + at_column(t.column);
    if (rest[0] == '=') msg += " (did you mean '=='?)";
    if (rest[0] == '&') msg += " (did you mean '&&'?)";
    if (rest[0] == '|') msg += " (did you mean '||'?)";
    throw ExprError(msg);
  }

  std::string_view src_;
  std::size_t pos_ = 0;
};

// ---------------------------------------------------------------------------------------
// Parser: recursive descent, one function per precedence level.

class Parser {
 public:
  explicit Parser(std::string_view text) : lexer_(text), current_(lexer_.next_token()) {}

  NodePtr parse_all() {
    NodePtr root = conditional();
    if (peek().type != Token::Type::end) unexpected(peek());
    return root;
  }

 private:
  // Guards the parser's own recursion (parentheses, unary chains, nested ?:).
  struct DepthGuard {
    DepthGuard(int& depth, int column) : depth_(depth) {
      if (++depth_ > k_max_depth)
        throw ExprError("expression nested too deeply" + at_column(column));
    }
    ~DepthGuard() { --depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;
    int& depth_;
  };

  const Token& peek() const { return current_; }
  void advance() { current_ = lexer_.next_token(); }
  bool at_punct(std::string_view op) const {
    return peek().type == Token::Type::punct && peek().text == op;
  }
  [[noreturn]] static void unexpected(const Token& t) {
    throw ExprError("unexpected " + describe(t) + at_column(t.column));
  }
  void expect(std::string_view op) {
    if (!at_punct(op)) unexpected(peek());
    advance();
  }

  static NodePtr finish(Node node) {
    for (const NodePtr& arg : node.args)
      node.depth = std::max(node.depth, arg->depth + 1);
    if (node.depth > k_max_depth)
      throw ExprError("expression nested too deeply" + at_column(node.column));
    return std::make_shared<const Node>(std::move(node));
  }
  static NodePtr make_op(Node::Kind kind, Op op, int column, std::vector<NodePtr> args) {
    Node n;
    n.kind = kind;
    n.op = op;
    n.column = column;
    n.args = std::move(args);
    return finish(std::move(n));
  }

  NodePtr conditional() {
    const DepthGuard guard(depth_, peek().column);
    NodePtr cond = logical_or();
    if (!at_punct("?")) return cond;
    const int col = peek().column;
    advance();
    NodePtr then = conditional();
    expect(":");
    NodePtr otherwise = conditional();
    return make_op(Node::Kind::conditional, Op::none, col,
                   {std::move(cond), std::move(then), std::move(otherwise)});
  }

  // One left-associative binary level: `next` parses the operands.
  template <typename Next>
  NodePtr binary_level(std::initializer_list<std::pair<std::string_view, Op>> ops, Next next) {
    NodePtr left = (this->*next)();
    for (;;) {
      Op found = Op::none;
      for (const auto& [spelling, op] : ops)
        if (at_punct(spelling)) found = op;
      if (found == Op::none) return left;
      const int col = peek().column;
      advance();
      NodePtr right = (this->*next)();
      left = make_op(Node::Kind::binary, found, col, {std::move(left), std::move(right)});
    }
  }

  NodePtr logical_or() { return binary_level({{"||", Op::or_}}, &Parser::logical_and); }
  NodePtr logical_and() { return binary_level({{"&&", Op::and_}}, &Parser::equality); }
  NodePtr equality() { return binary_level({{"==", Op::eq}, {"!=", Op::ne}}, &Parser::comparison); }
  NodePtr comparison() {
    return binary_level({{"<", Op::lt}, {"<=", Op::le}, {">", Op::gt}, {">=", Op::ge}},
                        &Parser::additive);
  }
  NodePtr additive() {
    return binary_level({{"+", Op::add}, {"-", Op::sub}}, &Parser::multiplicative);
  }
  NodePtr multiplicative() {
    return binary_level({{"*", Op::mul}, {"/", Op::div}, {"%", Op::mod}}, &Parser::unary);
  }

  NodePtr unary() {
    if (at_punct("!") || at_punct("-")) {
      const int col = peek().column;
      const Op op = peek().text == "!" ? Op::logical_not : Op::neg;
      advance();
      const DepthGuard guard(depth_, col);
      return make_op(Node::Kind::unary, op, col, {unary()});
    }
    return primary();
  }

  NodePtr primary() {
    const Token t = peek();  // a copy: advance() replaces the current token
    Node n;
    n.column = t.column;
    switch (t.type) {
      case Token::Type::integer:
        n.value = t.int_value;
        advance();
        return finish(std::move(n));
      case Token::Type::real:
        n.value = t.real_value;
        advance();
        return finish(std::move(n));
      case Token::Type::text:
        n.value = t.string_value;
        advance();
        return finish(std::move(n));
      case Token::Type::reference:
        n.kind = Node::Kind::reference;
        n.object = t.object;
        n.attr = t.attr;
        advance();
        return finish(std::move(n));
      case Token::Type::ident:
        if (t.text == "true" || t.text == "false") {
          n.value = t.text == "true";
          advance();
          return finish(std::move(n));
        }
        advance();
        if (at_punct("(")) return call(t);
        n.kind = Node::Kind::reference;
        n.attr = t.text;
        return finish(std::move(n));
      case Token::Type::punct:
        if (t.text == "(") {
          advance();
          NodePtr inner = conditional();
          expect(")");
          return inner;
        }
        break;
      case Token::Type::end:
        break;
    }
    unexpected(t);
  }

  NodePtr call(const Token& name) {
    struct Signature {
      std::string_view name;
      Fn fn;
      std::size_t min_args, max_args;
      std::string_view arity;
    };
    static constexpr Signature k_functions[] = {
        {"has", Fn::has, 1, 1, "1 argument"},
        {"min", Fn::min, 2, 64, "2 or more arguments"},
        {"max", Fn::max, 2, 64, "2 or more arguments"},
        {"abs", Fn::abs, 1, 1, "1 argument"},
        {"rand", Fn::rand, 2, 2, "2 arguments"},
    };
    const Signature* sig = nullptr;
    for (const Signature& s : k_functions)
      if (s.name == name.text) sig = &s;
    if (sig == nullptr)
      throw ExprError("unknown function '" + name.text + "'" + at_column(name.column));
    const DepthGuard guard(depth_, name.column);
    expect("(");
    Node n;
    n.kind = Node::Kind::call;
    n.fn = sig->fn;
    n.attr = name.text;
    n.column = name.column;
    if (!at_punct(")")) {
      n.args.push_back(conditional());
      while (at_punct(",")) {
        advance();
        n.args.push_back(conditional());
      }
    }
    expect(")");
    if (n.args.size() < sig->min_args || n.args.size() > sig->max_args)
      throw ExprError("function '" + name.text + "' takes " + std::string(sig->arity) +
                      at_column(name.column));
    if (sig->fn == Fn::has && n.args[0]->kind != Node::Kind::reference)
      throw ExprError("has() takes an attribute or variable" + at_column(name.column));
    return finish(std::move(n));
  }

  Lexer lexer_;
  Token current_;
  int depth_ = 0;
};

// ---------------------------------------------------------------------------------------
// Evaluation

std::string type_name(const ParamValue& v) {
  switch (v.index()) {
    case 0:
      return "a bool";
    case 1:
      return "an integer";
    case 2:
      return "a real number";
    default:
      return "text";
  }
}

std::string op_spelling(Op op) {
  switch (op) {
    case Op::neg:
      return "-";
    case Op::logical_not:
      return "!";
    case Op::mul:
      return "*";
    case Op::div:
      return "/";
    case Op::mod:
      return "%";
    case Op::add:
      return "+";
    case Op::sub:
      return "-";
    case Op::lt:
      return "<";
    case Op::le:
      return "<=";
    case Op::gt:
      return ">";
    case Op::ge:
      return ">=";
    case Op::eq:
      return "==";
    case Op::ne:
      return "!=";
    case Op::and_:
      return "&&";
    case Op::or_:
      return "||";
    case Op::none:
      break;
  }
  return "?:";
}

std::string reference_text(const Node& n) {
  return n.object.empty() ? "variable '" + n.attr + "'" : "attribute " + n.object + "." + n.attr;
}

bool is_number(const ParamValue& v) {
  return std::holds_alternative<std::int64_t>(v) || std::holds_alternative<double>(v);
}
double as_real(const ParamValue& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  return std::get<double>(v);
}

// A condition's value; `op` names the operator in the error (Op::none: ?:).
bool truth(const ParamValue& v, Op op, int column) {
  if (const auto* b = std::get_if<bool>(&v)) return *b;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i != 0;
  throw ExprError("'" + op_spelling(op) + "' needs a bool or an integer, got " + type_name(v) +
                  at_column(column));
}

[[noreturn]] void overflow(int column) {
  throw ExprError("integer overflow" + at_column(column));
}

ParamValue checked_real(double r, int column) {
  if (!std::isfinite(r)) throw ExprError("result is not a finite number" + at_column(column));
  return r;
}

ParamValue arithmetic(Op op, const ParamValue& a, const ParamValue& b, int column) {
  if (op == Op::add &&
      (std::holds_alternative<std::string>(a) || std::holds_alternative<std::string>(b)))
    return to_string(a) + to_string(b);
  if (!is_number(a) || !is_number(b))
    throw ExprError("'" + op_spelling(op) + "' cannot take " + type_name(is_number(a) ? b : a) +
                    at_column(column));
  const auto* ia = std::get_if<std::int64_t>(&a);
  const auto* ib = std::get_if<std::int64_t>(&b);
  if (ia != nullptr && ib != nullptr) {
    std::int64_t r = 0;
    switch (op) {
      case Op::add:
        if (__builtin_add_overflow(*ia, *ib, &r)) overflow(column);
        return r;
      case Op::sub:
        if (__builtin_sub_overflow(*ia, *ib, &r)) overflow(column);
        return r;
      case Op::mul:
        if (__builtin_mul_overflow(*ia, *ib, &r)) overflow(column);
        return r;
      case Op::div:
        if (*ib == 0) throw ExprError("division by zero" + at_column(column));
        if (*ia == std::numeric_limits<std::int64_t>::min() && *ib == -1) overflow(column);
        return *ia / *ib;  // truncates toward zero
      default:             // Op::mod
        if (*ib == 0) throw ExprError("modulo by zero" + at_column(column));
        if (*ib == -1) return std::int64_t{0};
        return *ia % *ib;  // the sign of the dividend
    }
  }
  const double x = as_real(a);
  const double y = as_real(b);
  switch (op) {
    case Op::add:
      return checked_real(x + y, column);
    case Op::sub:
      return checked_real(x - y, column);
    case Op::mul:
      return checked_real(x * y, column);
    case Op::div:
      if (y == 0) throw ExprError("division by zero" + at_column(column));
      return checked_real(x / y, column);
    default:
      if (y == 0) throw ExprError("modulo by zero" + at_column(column));
      return checked_real(std::fmod(x, y), column);
  }
}

bool ordered(Op op, const ParamValue& a, const ParamValue& b, int column) {
  int cmp = 0;
  if (is_number(a) && is_number(b)) {
    const auto* ia = std::get_if<std::int64_t>(&a);
    const auto* ib = std::get_if<std::int64_t>(&b);
    if (ia != nullptr && ib != nullptr) {
      cmp = *ia < *ib ? -1 : (*ia > *ib ? 1 : 0);
    } else {
      const double x = as_real(a);
      const double y = as_real(b);
      cmp = x < y ? -1 : (x > y ? 1 : 0);
    }
  } else if (std::holds_alternative<std::string>(a) && std::holds_alternative<std::string>(b)) {
    const int c = std::get<std::string>(a).compare(std::get<std::string>(b));
    cmp = c < 0 ? -1 : (c > 0 ? 1 : 0);
  } else {
    throw ExprError("'" + op_spelling(op) + "' cannot order " + type_name(a) + " and " +
                    type_name(b) + at_column(column));
  }
  switch (op) {
    case Op::lt:
      return cmp < 0;
    case Op::le:
      return cmp <= 0;
    case Op::gt:
      return cmp > 0;
    default:
      return cmp >= 0;
  }
}

Value eval(const Node& n, const ExprScope& scope, bool allow_absent);

ParamValue eval_present(const Node& n, const ExprScope& scope) {
  return *eval(n, scope, false);  // never absent: eval throws first
}

ParamValue number_arg(const Node& n, const ExprScope& scope, std::string_view fn) {
  ParamValue v = eval_present(n, scope);
  if (!is_number(v))
    throw ExprError(std::string(fn) + "() takes numbers, got " + type_name(v) +
                    at_column(n.column));
  return v;
}

ParamValue call(const Node& n, const ExprScope& scope) {
  switch (n.fn) {
    case Fn::has:
      return eval(*n.args[0], scope, true).has_value();
    case Fn::min:
    case Fn::max: {
      ParamValue best = number_arg(*n.args[0], scope, n.attr);
      for (std::size_t i = 1; i < n.args.size(); ++i) {
        const ParamValue v = number_arg(*n.args[i], scope, n.attr);
        const bool all_int =
            std::holds_alternative<std::int64_t>(best) && std::holds_alternative<std::int64_t>(v);
        if (all_int) {
          const std::int64_t x = std::get<std::int64_t>(best);
          const std::int64_t y = std::get<std::int64_t>(v);
          best = n.fn == Fn::min ? std::min(x, y) : std::max(x, y);
        } else {
          const double x = as_real(best);
          const double y = as_real(v);
          best = n.fn == Fn::min ? std::min(x, y) : std::max(x, y);
        }
      }
      return best;
    }
    case Fn::abs: {
      const ParamValue v = number_arg(*n.args[0], scope, n.attr);
      if (const auto* i = std::get_if<std::int64_t>(&v)) {
        if (*i == std::numeric_limits<std::int64_t>::min()) overflow(n.column);
        return *i < 0 ? -*i : *i;
      }
      return std::fabs(std::get<double>(v));
    }
    case Fn::rand: {
      const ParamValue lo = eval_present(*n.args[0], scope);
      const ParamValue hi = eval_present(*n.args[1], scope);
      const auto* ilo = std::get_if<std::int64_t>(&lo);
      const auto* ihi = std::get_if<std::int64_t>(&hi);
      if (ilo == nullptr || ihi == nullptr)
        throw ExprError("rand() takes integers, got " + type_name(ilo == nullptr ? lo : hi) +
                        at_column(n.column));
      if (*ilo > *ihi)
        throw ExprError("rand(" + std::to_string(*ilo) + ", " + std::to_string(*ihi) +
                        ") needs lo <= hi" + at_column(n.column));
      return scope.random_int(*ilo, *ihi);
    }
  }
  return false;  // unreachable
}

Value eval(const Node& n, const ExprScope& scope, bool allow_absent) {
  switch (n.kind) {
    case Node::Kind::literal:
      return n.value;
    case Node::Kind::reference: {
      Value v = scope.lookup(n.object, n.attr);
      if (!v && !allow_absent) throw ExprError(reference_text(n) + " is not set");
      return v;
    }
    case Node::Kind::conditional: {
      const bool c = truth(eval_present(*n.args[0], scope), Op::none, n.column);
      return eval(*n.args[c ? 1 : 2], scope, allow_absent);
    }
    case Node::Kind::call:
      return call(n, scope);
    case Node::Kind::unary: {
      const ParamValue v = eval_present(*n.args[0], scope);
      if (n.op == Op::logical_not) return !truth(v, Op::logical_not, n.column);
      if (const auto* i = std::get_if<std::int64_t>(&v)) {
        if (*i == std::numeric_limits<std::int64_t>::min()) overflow(n.column);
        return -*i;
      }
      if (const auto* r = std::get_if<double>(&v)) return -*r;
      throw ExprError("'-' cannot take " + type_name(v) + at_column(n.column));
    }
    case Node::Kind::binary:
      break;
  }
  switch (n.op) {
    case Op::and_:
      if (!truth(eval_present(*n.args[0], scope), n.op, n.column)) return false;
      return truth(eval_present(*n.args[1], scope), n.op, n.column);
    case Op::or_:
      if (truth(eval_present(*n.args[0], scope), n.op, n.column)) return true;
      return truth(eval_present(*n.args[1], scope), n.op, n.column);
    case Op::eq:
    case Op::ne: {
      const Value a = eval(*n.args[0], scope, true);
      const Value b = eval(*n.args[1], scope, true);
      const bool equal = a && b && values_equal(*a, *b);
      return n.op == Op::eq ? equal : !equal;
    }
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge:
      return ordered(n.op, eval_present(*n.args[0], scope), eval_present(*n.args[1], scope),
                     n.column);
    default:
      return arithmetic(n.op, eval_present(*n.args[0], scope), eval_present(*n.args[1], scope),
                        n.column);
  }
}

void collect(const Node& n, std::vector<std::string>& out) {
  if (n.kind == Node::Kind::reference && !n.object.empty() && n.object != "count" &&
      std::find(out.begin(), out.end(), n.object) == out.end())
    out.push_back(n.object);
  for (const NodePtr& arg : n.args)
    collect(*arg, out);
}

std::string literal_text(const ParamValue& v) {
  const auto* s = std::get_if<std::string>(&v);
  if (s == nullptr) return to_string(v);
  std::string out = "\"";
  for (char c : *s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

NodePtr literal_node(ParamValue value) {
  Node n;
  n.value = std::move(value);
  return std::make_shared<const Node>(std::move(n));
}

}  // namespace

bool values_equal(const ParamValue& a, const ParamValue& b) {
  const auto* sa = std::get_if<std::string>(&a);
  const auto* sb = std::get_if<std::string>(&b);
  if (sa != nullptr || sb != nullptr) return sa != nullptr && sb != nullptr && *sa == *sb;
  const auto* ba = std::get_if<bool>(&a);
  const auto* bb = std::get_if<bool>(&b);
  if (ba != nullptr && bb != nullptr) return *ba == *bb;
  const ParamValue na = ba != nullptr ? ParamValue{std::int64_t{*ba ? 1 : 0}} : a;
  const ParamValue nb = bb != nullptr ? ParamValue{std::int64_t{*bb ? 1 : 0}} : b;
  const auto* ia = std::get_if<std::int64_t>(&na);
  const auto* ib = std::get_if<std::int64_t>(&nb);
  if (ia != nullptr && ib != nullptr) return *ia == *ib;
  return as_real(na) == as_real(nb);
}

Expr::Expr(NodePtr root, std::string text) : root_(std::move(root)), text_(std::move(text)) {}

Expr::Expr() {
  // One shared immutable node: default expressions (every rule's `where`)
  // allocate nothing.
  static const NodePtr k_true = literal_node(true);
  root_ = k_true;
  text_ = "true";
}

Expr Expr::parse(std::string_view text) {
  Parser parser(text);
  return Expr(parser.parse_all(), std::string(text));
}

Expr Expr::literal(ParamValue value) {
  std::string text = literal_text(value);
  return Expr(literal_node(std::move(value)), std::move(text));
}

std::optional<ParamValue> Expr::evaluate(const ExprScope& scope) const {
  return eval(*root_, scope, true);
}

bool Expr::evaluate_bool(const ExprScope& scope) const {
  const ParamValue v = eval_present(*root_, scope);
  if (!std::holds_alternative<bool>(v) && !std::holds_alternative<std::int64_t>(v))
    throw ExprError("'" + text_ + "' gives " + type_name(v) + ", expected a condition");
  return truth(v, Op::none, 1);
}

std::int64_t Expr::evaluate_int(const ExprScope& scope) const {
  const ParamValue v = eval_present(*root_, scope);
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  throw ExprError("'" + text_ + "' gives " + type_name(v) + ", expected an integer");
}

double Expr::evaluate_real(const ExprScope& scope) const {
  const ParamValue v = eval_present(*root_, scope);
  if (!is_number(v))
    throw ExprError("'" + text_ + "' gives " + type_name(v) + ", expected a number");
  return as_real(v);
}

void Expr::collect_objects(std::vector<std::string>& out) const {
  collect(*root_, out);
}

}  // namespace yendor::cyclic
