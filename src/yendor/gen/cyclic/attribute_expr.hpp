#pragma once
// The expression language of graph-grammar rules (docs/grammars.md): conditions in `where`,
// computed attribute values on the right-hand side ("= 1.len - 1"), rule weights and recipe
// step counts. Parsed once when a grammar file loads, evaluated per match.
//
//   literals     12  -3  0.5  true  false  "text"  'text'
//   references   cycles          a variable (a generator parameter or recipe variable)
//                1.len           attribute `len` of the node matched as number 1
//                p.len           attribute `len` of the edge matched under the alias p
//                1.id            the matched node's id (edges too)
//                count.room      how many nodes of kind `room` the graph has now (the object
//                                `count` is reserved: count.KIND for any kind)
//   functions    has(1.theme)  min(a, b)  max(a, b)  abs(x)  rand(lo, hi) (inclusive, seeded)
//   operators    ! -x   * / %   + -   < <= > >=   == !=   &&   ||   c ? a : b
//                (usual precedence; `+` joins text when either side is text)
//
// A reference to a missing attribute is "absent": has() is false, == with absent is false,
// != is true, and any other use is an error naming the reference.
//
// Types: integer arithmetic stays integer (division truncates toward zero; overflow and
// division or modulo by zero are errors); an integer meeting a real widens to real. Numbers
// compare numerically, text compares to text only (== between text and a number is false,
// ordering them is an error); a bool equals a number when the number is 1 (true) or 0
// (false). Conditions (!, &&, ||, ?:, `where`) take a bool or an integer (nonzero is true),
// so the 0/1 variables `allow_lava` read as conditions. && || and ?: evaluate lazily, so
// `has(1.len) && 1.len > 0` never reads an absent value. Expressions nest at most 64 deep.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/param_value.hpp"

namespace yendor::cyclic {

// What an expression reads: matched nodes and edges, variables, and the rule's RNG.
class ExprScope {
 public:
  virtual ~ExprScope() = default;
  // `object` is "" for a plain variable, a node number ("1") or an edge alias ("p").
  // nullopt: absent. Throws ExprError for an unknown object (a node number or alias the
  // rule does not define).
  virtual std::optional<ParamValue> lookup(std::string_view object,
                                           std::string_view attr) const = 0;
  // A uniform integer in [lo, hi]; throws ExprError when no RNG is available.
  virtual std::int64_t random_int(std::int64_t lo, std::int64_t hi) const = 0;
};

// A parse or evaluation error; the message has no location (callers add file, line, rule).
class ExprError : public InputError {
 public:
  using InputError::InputError;
};

class Expr {
 public:
  Expr();  // the literal `true`
  // Throws ExprError ("unexpected ')' at column 7").
  static Expr parse(std::string_view text);
  static Expr literal(ParamValue value);

  // nullopt when the result is absent (a bare reference to a missing attribute).
  std::optional<ParamValue> evaluate(const ExprScope& scope) const;
  // Conveniences; throw ExprError when the result has another type or is absent
  // (evaluate_bool takes an integer as a condition: nonzero is true).
  bool evaluate_bool(const ExprScope& scope) const;
  std::int64_t evaluate_int(const ExprScope& scope) const;
  double evaluate_real(const ExprScope& scope) const;  // integers widen

  const std::string& text() const { return text_; }
  // Node numbers and edge aliases the expression refers to (for validation at load time).
  void collect_objects(std::vector<std::string>& out) const;

  struct Node;  // the syntax tree (attribute_expr.cpp)
  using NodePtr = std::shared_ptr<const Node>;

 private:
  Expr(NodePtr root, std::string text);
  NodePtr root_;
  std::string text_;
};

// The `==` of expressions (and of pattern attribute tests): numbers numerically (a bool as
// 1 / 0 against a number), text to text, bool to bool; values of other types are unequal.
bool values_equal(const ParamValue& a, const ParamValue& b);

}  // namespace yendor::cyclic
