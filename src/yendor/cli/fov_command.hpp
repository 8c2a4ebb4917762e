#pragma once
// `yendor fov`: list the field-of-view algorithms, or show what one sees from a cell of a
// generated or loaded map (cli/map_source.hpp).

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "yendor/cli/map_source.hpp"
#include "yendor/fov/fov.hpp"

namespace yendor::cli {

struct FovCommandOptions {
  std::string algorithm{fov::k_default_fov};  // or "list"
  bool markdown = false;                      // with "list"
  MapSource source;
  std::optional<std::string> at;      // X,Y; default the up stairs
  std::optional<std::string> radius;  // validated through fov_schema()
  std::optional<std::string> shape;
  bool no_light_walls = false;
  std::string output;  // empty = txt on stdout
  std::string format;  // txt|png; empty = from the extension
  int scale = 4;       // png pixels per cell
};

// The algorithms (name, summary, symmetric, source) and the options schema.
void print_fov_list(const fov::FovRegistry& registry, std::ostream& out);
// docs/fov-algorithms.md is this output; a test keeps the file in step with the code.
void print_fov_markdown(const fov::FovRegistry& registry, std::ostream& out);

// The FOV options of a command line, validated through fov_schema() (InputError).
fov::FovOptions fov_command_options(const FovCommandOptions& options);

// Computes the view and draws it: the viewer '@', cells in view as their tile symbol, the
// rest ' ' (png: darkened). The count of visible cells and the algorithm go to `log`.
void run_fov(const fov::FovRegistry& registry, const FovCommandOptions& options, std::ostream& out,
             std::ostream& log);

}  // namespace yendor::cli
