#pragma once
// Reading graph grammars from TOML files (data/grammars/*.toml; format in docs/grammars.md).
// Every error is a GrammarError of one line: "FILE:LINE: rule 'NAME': field 'F': problem"
// (or "recipe 'NAME'", or just "FILE:LINE: problem" for TOML syntax errors).

#include <memory>
#include <string>
#include <string_view>

#include "yendor/gen/cyclic/graph_grammar.hpp"

namespace yendor::cyclic {

// Parses one file's text into `grammar` (appending its rules and recipes). `file` names the
// file in errors. Checks everything that can be checked without running: unknown fields,
// types, node numbers unique, edges naming defined numbers, `same` naming a left-hand alias
// used once, expressions parsing and naming only defined numbers and aliases, rule and
// recipe names unique across the grammar, recipe steps naming existing rule sets.
void parse_grammar_text(Grammar& grammar, std::string_view text, const std::string& file);

// The checks that span files: recipe steps name existing rule sets, names unique.
void check_grammar(const Grammar& grammar);

// Loads every *.toml in `dir`, in file-name order, then checks cross-file references.
// IoError when the directory cannot be read.
Grammar load_grammar(const std::string& dir);

// load_grammar(data_dir + "/grammars"), loaded once per data directory (thread-safe).
std::shared_ptr<const Grammar> cached_grammar(const std::string& data_dir);

}  // namespace yendor::cyclic
