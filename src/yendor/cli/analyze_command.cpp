#include "yendor/cli/analyze_command.hpp"

#include <iomanip>
#include <ostream>
#include <sstream>

#include "yendor/analysis/exploration.hpp"
#include "yendor/analysis/expressive_range.hpp"
#include "yendor/analysis/generator_comparison.hpp"
#include "yendor/analysis/level_metrics.hpp"
#include "yendor/analysis/metric_columns.hpp"
#include "yendor/analysis/metric_report.hpp"
#include "yendor/analysis/seed_run.hpp"
#include "yendor/cli/gen_command.hpp"
#include "yendor/cli/map_source.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor::cli {

namespace {

constexpr const char* k_default_size = "80x50";
constexpr const char* k_default_compare_seeds = "1..100";

// Rejects each option that was given although `what` does not take it.
void reject(bool given, const std::string& option, const std::string& what) {
  if (given) throw InputError(option + " does not apply to " + what);
}

bool has_locks_or_cycles(const analysis::LockKeyCounts& c) {
  return c.cycles > 0 || c.locks > 0 || c.keys > 0;
}

// The small table of a cyclic level's locks and keys by attribute, under its metrics.
void write_lock_key_text(const analysis::LockKeyCounts& c, std::ostream& out) {
  out << "locks and keys: " << c.locks << (c.locks == 1 ? " lock, " : " locks, ") << c.keys
      << (c.keys == 1 ? " key, " : " keys, ") << c.cycles << (c.cycles == 1 ? " cycle" : " cycles");
  if (c.cycles > 0)
    out << " (mean path a " << analysis::format_number(c.mean_a_length, false) << ", b "
        << analysis::format_number(c.mean_b_length, false) << " places)";
  out << "\n";
  for (const auto& [name, n] : c.by_attribute)
    out << "  " << std::left << std::setw(32) << name << " " << n << "\n";
}

// The metrics object with "locks_and_keys" added as its last member.
void write_metrics_json_with_locks(const analysis::LevelMetrics& metrics, const std::string& source,
                                   const analysis::LockKeyCounts& c, std::ostream& out) {
  std::ostringstream base;
  analysis::write_metrics_json(metrics, source, base);
  std::string text = base.str();
  text.erase(text.rfind('}'));  // the document's closing brace; "  }\n" of "metrics" remains
  text.erase(text.find_last_not_of('\n') + 1);
  out << text << ",\n  \"locks_and_keys\": {\"cycles\": " << c.cycles
      << ", \"mean_a_length\": " << analysis::format_number(c.mean_a_length, false)
      << ", \"mean_b_length\": " << analysis::format_number(c.mean_b_length, false)
      << ", \"locks\": " << c.locks << ", \"keys\": " << c.keys << ", \"by_attribute\": {";
  for (std::size_t i = 0; i < c.by_attribute.size(); ++i)
    out << (i == 0 ? "" : ", ") << analysis::json_string(c.by_attribute[i].first) << ": "
        << c.by_attribute[i].second;
  out << "}}\n}\n";
}

}  // namespace

void write_level_metrics(const Level& level, const std::string& source, const std::string& format,
                         std::ostream& out) {
  const analysis::LevelMetrics metrics = analysis::measure_level(level);
  const analysis::LockKeyCounts counts = analysis::count_locks_and_keys(level);
  if (format == "json") {
    if (has_locks_or_cycles(counts))
      write_metrics_json_with_locks(metrics, source, counts, out);
    else
      analysis::write_metrics_json(metrics, source, out);
    return;
  }
  analysis::write_metrics_text(metrics, source, out);
  if (has_locks_or_cycles(counts)) write_lock_key_text(counts, out);
}

namespace {

// The pipeline options of a generated map (feature passes, motif, ...), checked as `gen` checks
// them; and whether any was given, for the targets that take none.
GenerateOptions pipeline_options(const AnalyzeOptions& o) {
  GenOptions gen;
  gen.depth = o.depth;
  gen.motif = o.motif;
  gen.difficulty = o.difficulty;
  gen.unique_rate = o.unique_rate;
  gen.features = o.features;
  return generate_options(gen);
}

void reject_pipeline_options(const AnalyzeOptions& o, const std::string& what) {
  reject(!o.features.empty(), "--feature", what);
  reject(o.motif != "dungeon", "--motif", what);
  reject(o.depth != 1, "--depth", what);
  reject(o.difficulty != 1, "--difficulty", what);
  reject(o.unique_rate != 1.0, "--unique-rate", what);
}

void analyze_file(const AnalyzeOptions& o, std::ostream& out) {
  const std::string what = "a map file";
  reject(o.seed.has_value(), "--seed", what);
  reject(o.seeds.has_value(), "--seeds", what);
  reject(o.size.has_value(), "--size", what);
  reject(!o.sets.empty(), "--set", what);
  reject(!o.csv.empty(), "--csv", what + " (it is for --seeds)");
  reject(!o.heatmap.empty(), "--heatmap", what + " (it is for --seeds)");
  reject(!o.output.empty(), "-o", what + " (it is for --heatmap)");
  reject_pipeline_options(o, what);
  const Level level = read_map_file(o.target, "analyze");
  write_level_metrics(level, "file " + o.target, o.format, out);
}

void analyze_one_map(const Generator& generator, const ParamSet& params, Size size,
                     const AnalyzeOptions& o, std::ostream& out) {
  const std::string what = "one map (add --seeds A..B)";
  reject(!o.csv.empty(), "--csv", what);
  reject(!o.heatmap.empty(), "--heatmap", what);
  reject(!o.output.empty(), "-o", what);
  const Seed seed = parse_seed(o.seed.value_or("1"));
  const Level level = generate_level(generator, size, seed.value, params, pipeline_options(o));
  const GeneratorInfo& info = generator.info();
  std::string source = info.name + " v" + std::to_string(info.version) + " " +
                       std::to_string(size.width) + "x" + std::to_string(size.height) + " seed " +
                       std::to_string(seed.value);
  if (seed.from_text()) source += " (from text \"" + seed.text + "\")";
  for (const auto& [name, value] : level.meta.params.entries())
    source += " " + name + "=" + to_string(value);
  if (level.meta.motif != "dungeon") source += " motif " + level.meta.motif;
  for (const AppliedPass& pass : level.meta.passes)
    source += " +" + pass.name;
  write_level_metrics(level, source, o.format, out);
}

void analyze_seed_run(const Generator& generator, const ParamSet& params, Size size,
                      const AnalyzeOptions& o, std::ostream& out, std::ostream& log) {
  reject(o.seed.has_value(), "--seed", "a seed run (--seeds already names the seeds)");
  const analysis::SeedRange seeds = analysis::parse_seed_range(*o.seeds);
  if (!o.heatmap.empty()) {
    analysis::parse_heat_map_spec(o.heatmap);  // fail before the run, not after it
    analysis::check_bins(o.bins);
    if (o.output.empty()) throw InputError("--heatmap needs an output file: -o FILE.png");
  } else if (!o.output.empty()) {
    throw InputError("-o names the heat map's file; add --heatmap X,Y");
  }

  const analysis::SeedRun run =
      analysis::run_seeds(generator, size, params, seeds, pipeline_options(o));
  if (o.format == "json")
    analysis::write_run_json(run, out);
  else
    analysis::write_run_text(run, out);
  log << "yendor: " << run.maps() << (run.maps() == 1 ? " map" : " maps") << " generated in "
      << analysis::format_number(run.generation_ms, false) << " ms ("
      << analysis::format_number(run.generation_ms / static_cast<double>(run.maps()), false)
      << " ms per map)\n";
  if (!o.csv.empty()) {
    write_file_atomic(o.csv, analysis::run_csv(run));
    log << "yendor: metrics of every map written to " << o.csv << " (csv)\n";
  }
  if (!o.heatmap.empty()) {
    const analysis::HeatMap map = analysis::run_heat_map(run, o.heatmap, o.bins);
    write_file_atomic(o.output, analysis::heat_map_png(map));
    const auto axis = [](const analysis::HeatAxis& a) {
      return a.metric + " " + analysis::format_number(a.low, false) + " to " +
             analysis::format_number(a.high, false);
    };
    log << "yendor: heat map " << o.bins << "x" << o.bins << " bins, x = " << axis(map.x)
        << ", y = " << axis(map.y) << ", " << map.plotted << " maps plotted";
    if (map.skipped > 0) log << " (" << map.skipped << " without both metrics)";
    log << ", fullest bin " << map.max_count() << ", written to " << o.output << " (png)\n";
  }
}

void analyze_compare(const GeneratorRegistry& registry, const AnalyzeOptions& o,
                     std::ostream& out) {
  const std::string what = "--compare (it runs every generator with its defaults)";
  reject(!o.target.empty(), "a generator or file name ('" + o.target + "')", what);
  reject(o.seed.has_value(), "--seed", what + "; use --seeds A..B");
  reject(!o.sets.empty(), "--set", what);
  reject(!o.csv.empty(), "--csv", what);
  reject(!o.heatmap.empty(), "--heatmap", what);
  reject(!o.output.empty(), "-o", what);
  reject_pipeline_options(o, what);
  reject(o.format != "text", "--format " + o.format, what + "; it prints a Markdown table");
  const analysis::SeedRange seeds =
      analysis::parse_seed_range(o.seeds.value_or(k_default_compare_seeds));
  const Size size = parse_size(o.size.value_or(k_default_size));
  const auto rows = analysis::compare_generators(registry, seeds, size);
  analysis::write_comparison_markdown(rows, seeds, size, out);
  out.flush();
  for (const auto& row : rows)
    if (row.failed) throw GenerationError("compare: " + row.generator + " " + row.note);
}

}  // namespace

bool is_map_file(const std::string& target) {
  return target.find_first_of("/.") != std::string::npos;
}

void run_analyze(const GeneratorRegistry& registry, const AnalyzeOptions& options,
                 std::ostream& out, std::ostream& log) {
  if (options.format != "text" && options.format != "json")
    throw InputError("--format must be text or json; got '" + options.format + "'");
  if (options.compare) return analyze_compare(registry, options, out);
  if (options.target.empty())
    throw InputError("analyze needs a generator name or a map file, or --compare");
  if (is_map_file(options.target)) return analyze_file(options, out);

  const Generator& generator = registry.get(options.target);
  const GeneratorInfo& info = generator.info();
  const Size size = parse_size(options.size.value_or(k_default_size));
  const ParamSet params = info.schema.parse(info.name, parse_sets(options.sets));
  if (options.seeds) return analyze_seed_run(generator, params, size, options, out, log);
  analyze_one_map(generator, params, size, options, out);
}

}  // namespace yendor::cli
