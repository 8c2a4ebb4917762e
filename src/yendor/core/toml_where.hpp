#pragma once
// Errors of TOML data files that name the file, the line and the field, in one line:
// "data/game/monsters.toml:12: monster 'goblin': field 'speed': an integer expected, got text".
// Shared by every TOML reader (game content, grammars, dungeon plans). Header-only: a module
// that includes it links toml++ itself.

#include <toml++/toml.h>

#include <string>
#include <string_view>
#include <utility>

#include "yendor/core/error.hpp"

namespace yendor {

inline int toml_line(const toml::node& node) {
  return static_cast<int>(node.source().begin.line);
}

// What a value is, for "..., got X" messages.
inline std::string toml_type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string:
      return "text";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a real number";
    case toml::node_type::boolean:
      return "true or false";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    default:
      return "a date or time";
  }
}

// Where a problem is: the file and, once known, what is being read ("monster 'goblin'").
// `ErrorType` is the InputError the reader throws (a grammar throws GrammarError).
template <typename ErrorType>
struct TomlWhereOf {
  std::string file;
  std::string owner;

  [[noreturn]] void fail(int line, std::string_view field, const std::string& problem) const {
    std::string message = file + ":" + std::to_string(line) + ": ";
    if (!owner.empty()) message += owner + ": ";
    if (!field.empty()) message += "field '" + std::string(field) + "': ";
    throw ErrorType(message + problem);
  }
  [[noreturn]] void fail(const toml::node& node, std::string_view field,
                         const std::string& problem) const {
    fail(toml_line(node), field, problem);
  }
  TomlWhereOf about(std::string what) const { return TomlWhereOf{file, std::move(what)}; }
};

using TomlWhere = TomlWhereOf<InputError>;

}  // namespace yendor
