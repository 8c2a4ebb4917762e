#pragma once
// Metrics as people and programs read them: one map as text or JSON; a seed run as a CSV of
// every map, and as a summary (mean, sd, min, max per metric, then variability) in text or
// JSON. All of it is deterministic: the same maps give the same bytes. Undefined values are
// "-" in text, null in JSON and an empty field in CSV.

#include <iosfwd>
#include <string>
#include <string_view>

#include "yendor/analysis/level_metrics.hpp"
#include "yendor/analysis/seed_run.hpp"
#include "yendor/core/json_string.hpp"

namespace yendor::analysis {

// `source` says where the map came from ("rooms v1 80x50 seed 1", "file cave.json").
void write_metrics_text(const LevelMetrics& metrics, std::string_view source, std::ostream& out);
void write_metrics_json(const LevelMetrics& metrics, std::string_view source, std::ostream& out);

// "rooms v1 80x50, seeds 1..100 (100 maps), room_min=4 room_max=10 ..."
std::string describe_run(const SeedRun& run);

// Header "seed,hash,<metric columns>", then one row per map in seed order; hash is the
// level_hash as 16 hex digits.
std::string run_csv(const SeedRun& run);
void write_run_text(const SeedRun& run, std::ostream& out);
void write_run_json(const SeedRun& run, std::ostream& out);

// A JSON string literal (quoted, escaped): core's, here for the report writers' callers.
using yendor::json_string;

}  // namespace yendor::analysis
