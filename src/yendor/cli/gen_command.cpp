#include "yendor/cli/gen_command.hpp"

#include <charconv>
#include <iomanip>
#include <ostream>

#include "yendor/cli/map_source.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/gen/cyclic/solver.hpp"
#include "yendor/gen/cyclic/walkthrough.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/motif.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/png_map.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor::cli {

Size parse_size(const std::string& text) {
  if (const std::optional<Size> size = parse_size_text(text)) return *size;
  throw InputError("--size expects WIDTHxHEIGHT with positive whole numbers, e.g. 80x50; got '" +
                   text + "'");
}

RawParams parse_sets(const std::vector<std::string>& sets) {
  RawParams out;
  for (const auto& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("--set expects key=value; got '" + s + "'");
    out.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  return out;
}

std::string format_for(const GenOptions& options) {
  std::string format = options.format;
  if (format.empty()) {
    if (options.output.empty()) return "txt";
    format = extension_of(options.output);
    if (format != "txt" && format != "json" && format != "png")
      throw InputError("cannot tell the format of '" + options.output +
                       "' from its extension; add --format txt|json|png");
  }
  if (format != "txt" && format != "json" && format != "png")
    throw InputError("--format must be txt, json or png; got '" + format + "'");
  if (format == "png" && options.output.empty())
    throw InputError("--format png needs an output file (-o FILE.png)");
  return format;
}

void print_schema_lines(const ParamSchema& schema, std::ostream& out) {
  for (const ParamSpec& p : schema.specs())
    out << "    " << std::left << std::setw(12) << p.name << " " << std::setw(46) << p.describe()
        << " " << p.help << "\n";
}

namespace {

std::string describe_request(const FeatureRequest& request) {
  std::string text = request.name;
  for (std::size_t i = 0; i < request.params.size(); ++i)
    text += (i == 0 ? ":" : ",") + request.params[i].first + "=" + request.params[i].second;
  return text;
}

std::string describe_passes(const MotifInfo& motif) {
  std::string text;
  for (const FeatureRequest& request : motif.passes)
    text += (text.empty() ? "" : " ") + ("--feature " + describe_request(request));
  return text.empty() ? "(none)" : text;
}

}  // namespace

void print_schema_table(const ParamSchema& schema, std::ostream& out) {
  if (schema.specs().empty()) {
    out << "No parameters.\n";
    return;
  }
  out << "| parameter | type | default | range or choices | meaning |\n"
      << "| --- | --- | --- | --- | --- |\n";
  for (const ParamSpec& p : schema.specs()) {
    std::string range;
    if (p.type == ParamType::choice) {
      for (const auto& c : p.choices)
        range += (range.empty() ? "" : ", ") + ("`" + c + "`");
    } else if (p.type == ParamType::text) {
      range = "text, checked when given";
    } else if (p.min && p.max) {
      range = to_string(p.type == ParamType::integer ? ParamValue{static_cast<std::int64_t>(*p.min)}
                                                     : ParamValue{*p.min}) +
              " to " +
              to_string(p.type == ParamType::integer ? ParamValue{static_cast<std::int64_t>(*p.max)}
                                                     : ParamValue{*p.max});
    }
    out << "| `" << p.name << "` | " << to_string(p.type) << " | `" << to_string(p.default_value)
        << "` | " << range << " | " << p.help << " |\n";
  }
}

void print_generator_list(const GeneratorRegistry& registry, std::ostream& out) {
  for (const Generator* g : registry.all()) {
    const GeneratorInfo& info = g->info();
    out << info.name << " (version " << info.version << ", minimum size " << info.min_size.width
        << "x" << info.min_size.height << ")\n  " << info.summary << "\n";
    print_schema_lines(info.schema, out);
  }
  out << "\nfeature passes (--feature NAME[:key=value,...], repeatable, applied in order):\n";
  for (const FeaturePass* pass : builtin_feature_passes().all()) {
    const FeaturePassInfo& info = pass->info();
    out << info.name << " (version " << info.version << ")\n  " << info.summary << "\n";
    print_schema_lines(info.schema, out);
  }
  out << "\nmotifs (--motif NAME; their passes run before any --feature):\n";
  for (const MotifInfo& motif : builtin_motifs())
    out << "  " << std::left << std::setw(10) << motif.name << " " << motif.summary << ": "
        << describe_passes(motif) << "\n";
}

void print_generator_help(const Generator& generator, std::ostream& out) {
  const GeneratorInfo& info = generator.info();
  out << "yendor gen " << info.name << " [--size WxH] [--seed N|TEXT] [--set key=value]... "
      << "[--feature NAME[:k=v,...]]... [--motif NAME] [--depth N] [--difficulty N] "
      << "[--unique-rate R] [-o FILE] [--format txt|json|png] [--scale N]\n\n"
      << info.summary << "\nversion " << info.version << "; follows " << info.source
      << "; minimum size " << info.min_size.width << "x" << info.min_size.height << "\n\n"
      << info.description << "\n\nparameters (--set name=value):\n";
  for (const ParamSpec& p : info.schema.specs())
    out << "  " << std::left << std::setw(12) << p.name << " " << p.describe() << "\n      "
        << p.help << "\n";
}

void print_generator_markdown(const GeneratorRegistry& registry, std::ostream& out) {
  out << "# Generators\n\n"
      << "Generated from the code by `yendor gen list --markdown`; do not edit by hand (a test\n"
      << "compares this file with the command's output). Every generator runs the shared\n"
      << "post-passes afterwards: stairs (up stairs on a random floor cell, down stairs at least\n"
      << "90% as far from them, in walking steps, as the farthest floor cell; corridors are their\n"
      << "own tile, so in room levels that means room floor) and the connectivity check (every\n"
      << "traversable cell reachable from the up stairs by orthogonal steps, doors counting as\n"
      << "passable). See architecture.md for how to add one.\n";
  for (const Generator* g : registry.all()) {
    const GeneratorInfo& info = g->info();
    out << "\n## " << info.name << "\n\n"
        << info.summary << "\n\n"
        << "Version " << info.version << ". Follows " << info.source << ". Minimum size "
        << info.min_size.width << "x" << info.min_size.height << ".\n\n"
        << info.description << "\n\n";
    print_schema_table(info.schema, out);
  }
  out << "\n# Feature passes\n\n"
      << "Any generator's level can be changed by feature passes, run after the generator and\n"
      << "before the stairs post-pass, each on its own random stream, in the order given:\n"
      << "`yendor gen caves --feature water:size=0.1 --feature vaults`. A pass keeps the level\n"
      << "connected. See features.md.\n";
  for (const FeaturePass* pass : builtin_feature_passes().all()) {
    const FeaturePassInfo& info = pass->info();
    out << "\n## " << info.name << "\n\n"
        << info.summary << "\n\n"
        << "Version " << info.version << ". Follows " << info.source << ".\n\n"
        << info.description << "\n\n";
    print_schema_table(info.schema, out);
  }
  out << "\n# Motifs\n\n"
      << "`--motif NAME` (thesis 3.7) runs these passes before any `--feature`:\n\n"
      << "| motif | what it makes | passes |\n| --- | --- | --- |\n";
  for (const MotifInfo& motif : builtin_motifs())
    out << "| `" << motif.name << "` | " << motif.summary << " | `" << describe_passes(motif)
        << "` |\n";
}

GenerateOptions generate_options(const GenOptions& options) {
  GenerateOptions out;
  out.depth = options.depth;
  if (options.depth < 1 || options.depth > 1000)
    throw InputError("--depth must be between 1 and 1000; got " + std::to_string(options.depth));
  out.motif = get_motif(options.motif).name;  // InputError on an unknown motif
  out.unique_rate = options.unique_rate;
  out.difficulty = options.difficulty;
  for (const std::string& text : options.features)
    out.features.push_back(parse_feature_request(text));
  return out;
}

void run_gen(const GeneratorRegistry& registry, const GenOptions& options, std::ostream& out,
             std::ostream& log) {
  const Generator& generator = registry.get(options.generator);
  const Size size = parse_size(options.size);
  const std::string format = format_for(options);
  if (format == "png" && (options.scale < 1 || options.scale > 32))
    throw InputError("--scale must be between 1 and 32; got " + std::to_string(options.scale));
  const GeneratorInfo& info = generator.info();
  const ParamSet params = info.schema.parse(info.name, parse_sets(options.sets));
  const Seed seed = options.seed ? parse_seed(*options.seed) : Seed{fresh_seed(), {}};

  if (options.explain && format == "png" && options.output.empty())
    throw InputError("--explain prints text: with png output, write the map with -o FILE");
  const Level level =
      generate_level(generator, size, seed.value, params, generate_options(options));
  if ((options.explain || !options.graph_file.empty()) && level.meta.mission.empty())
    throw InputError(std::string(options.explain ? "--explain" : "--graph") + " needs a level " +
                     "built from a mission graph; " + info.name + " makes none (try cyclic)");
  // The DOT file first: a failure to write it leaves the map unwritten too.
  if (!options.graph_file.empty())
    write_file_atomic(options.graph_file, cyclic::mission_to_dot(level.meta.mission));

  std::string bytes;
  if (format == "txt") bytes = to_text(level);
  if (format == "json") bytes = to_json(level);
  if (format == "png") bytes = to_png(level, options.scale);
  if (options.output.empty()) {
    out << bytes;
  } else {
    write_file_atomic(options.output, bytes);
  }
  if (options.explain) {
    if (options.output.empty()) out << "\n";
    out << cyclic::explain_level(level, cyclic::solve_level(level));
  }
  out.flush();

  log << "yendor: " << info.name << " v" << info.version << " " << size.width << "x" << size.height
      << " seed " << seed.value;
  if (seed.from_text()) log << " (from text \"" << seed.text << "\")";
  if (level.meta.motif != "dungeon") log << " motif " << level.meta.motif;
  for (const AppliedPass& pass : level.meta.passes)
    log << " +" << pass.name;
  log << ": " << level.meta.rooms.size() << " rooms, stairs " << level.meta.stairs.up->x << ","
      << level.meta.stairs.up->y << " -> " << level.meta.stairs.down->x << ","
      << level.meta.stairs.down->y;
  if (!options.output.empty()) log << ", written to " << options.output << " (" << format << ")";
  log << "\n";
}

}  // namespace yendor::cli
