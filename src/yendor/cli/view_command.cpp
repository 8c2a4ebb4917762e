#include "yendor/cli/view_command.hpp"

#include "yendor/cli/gen_command.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/tui/app.hpp"
#include "yendor/tui/terminal.hpp"

namespace yendor::cli {

tui::ViewerOptions view_options(const ViewCommandOptions& options) {
  const Generator& g = builtin_generators().get(options.generator);
  tui::ViewerOptions v;
  v.generator = g.info().name;
  v.seed = options.seed ? parse_seed(*options.seed).value : fresh_seed();
  v.size = parse_size(options.size);
  check_level_size(g.info(), v.size);
  v.params = g.info().schema.parse(g.info().name, parse_sets(options.sets));
  v.save_dir = options.save_dir;
  return v;
}

void run_view(const ViewCommandOptions& options) {
  tui::App app(std::make_unique<tui::ViewerScreen>(view_options(options)));
  tui::Terminal terminal;
  app.run(terminal);
}

}  // namespace yendor::cli
