#pragma once
// `yendor view GENERATOR`: the generators' map browser in the terminal (tui/view_screen.hpp).

#include <optional>
#include <string>
#include <vector>

#include "yendor/tui/view_screen.hpp"

namespace yendor::cli {

struct ViewCommandOptions {
  std::string generator;
  std::optional<std::string> seed;  // a number or any text; none: a random one
  std::string size = "80x50";
  std::vector<std::string> sets;  // key=value
  std::string save_dir = ".";     // where the s key writes
};

// The viewer's options, checked (InputError): generator, seed, size, parameters.
tui::ViewerOptions view_options(const ViewCommandOptions& options);

// Checks the options, then browses in the terminal until the user quits.
void run_view(const ViewCommandOptions& options);

}  // namespace yendor::cli
