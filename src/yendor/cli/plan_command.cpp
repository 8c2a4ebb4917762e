#include "yendor/cli/plan_command.hpp"

#include <ostream>

#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/gen/cyclic/dungeon_plan.hpp"

namespace yendor::cli {

namespace {

void reject(bool given, const std::string& option) {
  if (given)
    throw InputError(option +
                     " does not apply to 'gen plan' (it takes --depth, --seed, "
                     "--format and -o)");
}

}  // namespace

PlanOptions plan_options(const GenOptions& gen) {
  const GenOptions defaults;
  reject(gen.size != defaults.size, "--size");
  reject(!gen.sets.empty(), "--set");
  reject(gen.scale != defaults.scale, "--scale");
  reject(!gen.features.empty(), "--feature");
  reject(gen.motif != defaults.motif, "--motif");
  reject(gen.difficulty != defaults.difficulty, "--difficulty");
  reject(gen.unique_rate != defaults.unique_rate, "--unique-rate");
  PlanOptions o;
  o.depth = gen.depth;
  o.seed = gen.seed;
  o.output = gen.output;
  if (gen.format.empty() || gen.format == "text" || gen.format == "txt")
    o.format = "text";
  else if (gen.format == "json")
    o.format = "json";
  else
    throw InputError("--format for 'gen plan' must be text or json; got '" + gen.format + "'");
  return o;
}

void run_plan(const PlanOptions& options, std::ostream& out, std::ostream& log) {
  if (options.format != "text" && options.format != "json")
    throw InputError("--format for 'gen plan' must be text or json; got '" + options.format + "'");
  if (options.depth < 1 || options.depth > 100)
    throw InputError("--depth for 'gen plan' must be 1..100; got " + std::to_string(options.depth));
  const Seed seed = parse_seed(options.seed.value_or("1"));
  const std::string data_dir = options.data_dir.empty() ? default_data_dir() : options.data_dir;
  const cyclic::DungeonPlan plan = cyclic::make_dungeon_plan(seed.value, options.depth, data_dir);
  const std::string text =
      options.format == "json" ? cyclic::plan_to_json(plan) : cyclic::plan_to_text(plan);
  if (options.output.empty()) {
    out << text;
    return;
  }
  write_file_atomic(options.output, text);
  log << "yendor: plan of depths 1.." << options.depth << " (seed " << seed.value << ") written to "
      << options.output << " (" << options.format << ")\n";
}

}  // namespace yendor::cli
