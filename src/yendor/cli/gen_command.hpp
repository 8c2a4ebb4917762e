#pragma once
// `yendor gen`: list generators, describe one, or generate a map and export it.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::cli {

struct GenOptions {
  std::string generator;
  std::string size = "80x50";
  std::optional<std::string> seed;  // number or text; none = a fresh random seed
  std::vector<std::string> sets;    // key=value
  std::string output;               // empty = stdout
  std::string format;               // txt|json|png; empty = from the extension
  int scale = 4;                    // png pixels per cell
  // The shared parametrization (thesis 3.7) and feature passes.
  int depth = 1;
  std::string motif = "dungeon";
  double unique_rate = 1.0;
  int difficulty = 1;
  std::vector<std::string> features;  // NAME[:key=value,...], applied in order
  // Levels with a mission graph (cyclic): write it as Graphviz DOT, print a walkthrough.
  std::string graph_file;  // empty = none
  bool explain = false;
};

Size parse_size(const std::string& text);                    // "WxH"; InputError otherwise
RawParams parse_sets(const std::vector<std::string>& sets);  // key=value; InputError otherwise
std::string format_for(const GenOptions& options);           // txt|json|png; InputError otherwise

// Generators, then feature passes and motifs.
void print_generator_list(const GeneratorRegistry& registry, std::ostream& out);
void print_generator_help(const Generator& generator, std::ostream& out);
// A schema's parameters, one indented line each (name, type and range, meaning).
void print_schema_lines(const ParamSchema& schema, std::ostream& out);
// A schema as a Markdown table (parameter, type, default, range or choices, meaning).
void print_schema_table(const ParamSchema& schema, std::ostream& out);
// docs/generators.md is this output; a test keeps the file in step with the code.
void print_generator_markdown(const GeneratorRegistry& registry, std::ostream& out);

// The pipeline options of a `gen` command line (motif, passes, ...); InputError on a bad one.
GenerateOptions generate_options(const GenOptions& options);

// Generates and writes the map; reports what it made (and the seed) on `log`.
void run_gen(const GeneratorRegistry& registry, const GenOptions& options, std::ostream& out,
             std::ostream& log);

}  // namespace yendor::cli
