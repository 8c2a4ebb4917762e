#pragma once
// `yendor gen plan --depth N [--seed S] [--format text|json] [-o FILE]`: the dungeon plan
// (gen/cyclic/dungeon_plan.hpp: themes, locks, keys, patterns, cycles and monsters for each
// depth 1..N, from data/plans/dungeon.toml) as a table for people or JSON for programs.

#include <iosfwd>
#include <optional>
#include <string>

#include "yendor/cli/gen_command.hpp"

namespace yendor::cli {

struct PlanOptions {
  int depth = 1;                    // plan depths 1..depth (at most 100)
  std::optional<std::string> seed;  // a number or any text; none = seed 1
  std::string format = "text";      // text (or txt) or json
  std::string output;               // empty: stdout
  std::string data_dir;             // empty: default_data_dir()
};

// The plan options of a `gen plan` command line. InputError, one line naming the option, for
// `gen` options a plan does not take (--size, --set, --feature, --motif, ...) and for a
// format other than text, txt or json.
PlanOptions plan_options(const GenOptions& gen);

// Makes the plan and writes it to `out` (or to options.output, saying so on `log`).
// InputError for a bad depth or plan file, IoError when a file cannot be read or written.
void run_plan(const PlanOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
