#pragma once
// The `cyclic` generator's parameters, checked and resolved for one level: the text
// parameters (`cycles` ranges, `locks` and `patterns` lists), the automatic room count, and
// the variables the grammar recipe reads (docs/cyclic.md lists them).

#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/gen/generator.hpp"

namespace yendor::cyclic {

// The cycle patterns the grammar knows, in a fixed order.
const std::vector<std::string_view>& cycle_patterns();

// ParamSpec text checks: "" when fine, else the problem (follows "parameter 'NAME' ").
std::string check_cycles_text(std::string_view text);    // "N" or "A-B", 1 <= A <= B <= 12
std::string check_locks_text(std::string_view text);     // all | none | a,b,... realizations
std::string check_patterns_text(std::string_view text);  // all | none | a,b,... patterns

struct CyclicOptions {
  int cycles_min = 2;
  int cycles_max = 5;
  int rooms = 0;  // resolved: never 0
  int cell = 7;
  Size grid;  // grid_size_for(level size, cell)
  std::string theme = "dungeon";
  std::vector<std::string> locks;     // allowed realizations
  std::vector<std::string> patterns;  // allowed patterns
  double branches = 0.3;
  double secrets = 0.3;
  std::string recipe = "cyclic";
  int attempts = 20;
  int depth = 1;
  int difficulty = 1;
};

// From validated parameters. rooms = 0 becomes one place per 3 grid cells (6..40); any
// target is capped at 45% of the grid's cells (layout needs free cells for passages), and the
// cycle range at one cycle per 4 places.
CyclicOptions read_options(const ParamSet& params, Size level_size,
                           const GeneratorContext& context);

// The recipe's variables for a level with `cycles` cycles and `rooms` places.
ParamSet recipe_variables(const CyclicOptions& options, int cycles, int rooms);

}  // namespace yendor::cyclic
