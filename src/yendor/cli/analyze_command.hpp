#pragma once
// `yendor analyze`: the metrics of one map (a generator's or a file's), the summary and
// variability of a generator over a range of seeds (with a CSV of every map and an
// expressive-range heat map), or every generator side by side (the thesis's Table 3.1).
// docs/analysis.md defines the metrics. For one map with locks, keys or cycles (the cyclic
// generator's metadata), their counts by attribute and the mean cycle path lengths follow
// the metrics: a small table in text, a "locks_and_keys" member in JSON.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "yendor/gen/registry.hpp"

namespace yendor::cli {

struct AnalyzeOptions {
  std::string target;                // a generator name, or a map file (.json or .txt)
  std::optional<std::string> seed;   // one generated map: a number or any text (default 1)
  std::optional<std::string> seeds;  // A..B: a seed run (--compare: default 1..100)
  std::optional<std::string> size;   // WxH (default 80x50)
  std::vector<std::string> sets;     // generator parameters key=value
  std::string format = "text";       // text or json (one map, or a run's summary)
  std::string csv;                   // seed run: every map's metrics to this file
  std::string heatmap;               // seed run: "X,Y", two metrics for the heat map
  int bins = 40;                     // heat-map bins per axis
  std::string output;                // the heat map's PNG file
  bool compare = false;              // every generator, as a Markdown table
  // Feature passes and the shared parametrization, as for `gen` (generated maps only).
  std::vector<std::string> features;
  std::string motif = "dungeon";
  int depth = 1;
  int difficulty = 1;
  double unique_rate = 1.0;
};

// A target naming a file rather than a generator: it holds a '/' or a '.' (generator names
// never do; write ./NAME for a file called like a generator).
bool is_map_file(const std::string& target);

// One map's metrics in `format` (text or json), and its locks and keys when it has any.
void write_level_metrics(const Level& level, const std::string& source, const std::string& format,
                         std::ostream& out);

// Runs the analysis; results on `out`, what was written and how long it took on `log`.
// Throws InputError for bad options (one line, naming the option), IoError for files, and
// GenerationError when a generator broke its guarantee (with --compare: after the table).
void run_analyze(const GeneratorRegistry& registry, const AnalyzeOptions& options,
                 std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
