#pragma once
// Typed reads of TOML values whose errors name the file, line and field (core/toml_where.hpp):
// every reader of our data files (game content, AI tables) uses these, so the same mistake
// gets the same message everywhere. Header-only: a module that includes it links toml++.

#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "yendor/core/error.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/core/toml_where.hpp"

namespace yendor {

// Parses `text` read from `file`; a syntax error is an InputError "FILE:LINE: problem".
inline toml::table parse_toml(std::string_view text, const std::string& file) {
  try {
    return toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw InputError(file + ":" + std::to_string(e.source().begin.line) + ": " +
                     std::string(e.description()));
  }
}

inline std::string toml_join(std::initializer_list<std::string_view> names) {
  std::string out;
  for (std::string_view s : names)
    out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

inline std::string toml_range_text(std::int64_t lo, std::int64_t hi) {
  return std::to_string(lo) + "-" + std::to_string(hi);
}

// Every key must be known: a typo is an error, never silently ignored.
// `prefix` names the table in messages ("drops." for a drop's fields).
inline void check_known(const TomlWhere& where, const toml::table& table,
                        std::initializer_list<std::string_view> known,
                        std::string_view prefix = "") {
  for (auto&& [key, node] : table)
    if (std::find(known.begin(), known.end(), key.str()) == known.end())
      where.fail(node, std::string(prefix) + std::string(key.str()),
                 "unknown field (known fields: " + toml_join(known) + ")");
}

inline const toml::node& required(const TomlWhere& where, const toml::table& table,
                                  std::string_view key, std::string_view prefix = "") {
  const toml::node* node = table.get(key);
  if (node == nullptr)
    where.fail(toml_line(table), std::string(prefix) + std::string(key),
               "missing (it is required)");
  return *node;
}

inline const toml::table& as_table(const TomlWhere& where, const toml::node& node,
                                   std::string_view field) {
  if (!node.is_table()) where.fail(node, field, "a table expected, got " + toml_type_name(node));
  return *node.as_table();
}

inline const toml::array& as_array(const TomlWhere& where, const toml::node& node,
                                   std::string_view field) {
  if (!node.is_array()) where.fail(node, field, "an array expected, got " + toml_type_name(node));
  return *node.as_array();
}

inline std::string as_text(const TomlWhere& where, const toml::node& node, std::string_view field) {
  if (!node.is_string()) where.fail(node, field, "text expected, got " + toml_type_name(node));
  return std::string(node.as_string()->get());
}

inline bool as_bool(const TomlWhere& where, const toml::node& node, std::string_view field) {
  if (!node.is_boolean())
    where.fail(node, field, "true or false expected, got " + toml_type_name(node));
  return node.as_boolean()->get();
}

inline int as_int(const TomlWhere& where, const toml::node& node, std::string_view field, int lo,
                  int hi) {
  if (!node.is_integer())
    where.fail(node, field, "an integer expected, got " + toml_type_name(node));
  const std::int64_t v = node.as_integer()->get();
  if (v < lo || v > hi)
    where.fail(node, field,
               "range " + toml_range_text(lo, hi) + " expected, got " + std::to_string(v));
  return static_cast<int>(v);
}

// A number (an integer is accepted) in [lo, hi].
inline double as_real(const TomlWhere& where, const toml::node& node, std::string_view field,
                      double lo, double hi) {
  double v = 0;
  if (node.is_integer())
    v = static_cast<double>(node.as_integer()->get());
  else if (node.is_floating_point())
    v = node.as_floating_point()->get();
  else
    where.fail(node, field, "a number expected, got " + toml_type_name(node));
  if (!(v >= lo && v <= hi))
    where.fail(node, field,
               "a number from " + yendor::to_string(ParamValue{lo}) + " to " +
                   yendor::to_string(ParamValue{hi}) + " expected, got " +
                   yendor::to_string(ParamValue{v}));
  return v;
}

// A probability: 0 to 1 (an integer 0 or 1 is accepted).
inline double as_chance(const TomlWhere& where, const toml::node& node, std::string_view field) {
  double v = 0;
  if (node.is_integer())
    v = static_cast<double>(node.as_integer()->get());
  else if (node.is_floating_point())
    v = node.as_floating_point()->get();
  else
    where.fail(node, field, "a number expected, got " + toml_type_name(node));
  if (!(v >= 0.0 && v <= 1.0))
    where.fail(node, field,
               "a chance from 0 to 1 expected, got " + yendor::to_string(ParamValue{v}));
  return v;
}

}  // namespace yendor
