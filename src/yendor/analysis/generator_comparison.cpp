#include "yendor/analysis/generator_comparison.hpp"

#include <cstdio>
#include <ostream>

#include "yendor/analysis/metric_columns.hpp"
#include "yendor/analysis/metric_summary.hpp"
#include "yendor/analysis/seed_run.hpp"
#include "yendor/gen/generate.hpp"

namespace yendor::analysis {

namespace {

double mean_of(const SeedRun& run, std::string_view metric) {
  return summarize(run.column(metric_column_index(metric, "compare"))).mean;
}

std::string fixed(double v, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

}  // namespace

std::vector<ComparisonRow> compare_generators(const GeneratorRegistry& registry, SeedRange seeds,
                                              Size size) {
  std::vector<ComparisonRow> rows;
  for (const Generator* g : registry.all()) {
    ComparisonRow row;
    row.generator = g->info().name;
    try {
      const SeedRun run = run_seeds(*g, size, ParamSet{}, seeds);
      row.maps = run.maps();
      row.connected_share = mean_of(run, "connected");
      row.mean_hamming = run.variability.mean_hamming;
      row.distinct_share = run.variability.distinct_share;
      row.loops = mean_of(run, "loops");
      row.dead_end_cells = mean_of(run, "dead_end_cells");
      row.dead_end_rooms = mean_of(run, "dead_end_rooms");
      row.ms_per_map = run.generation_ms / static_cast<double>(run.maps());
    } catch (const InputError& e) {
      row.note = std::string("skipped: ") + e.what();
    } catch (const GenerationError& e) {
      row.note = std::string("failed: ") + e.what();
      row.failed = true;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

void write_comparison_markdown(const std::vector<ComparisonRow>& rows, SeedRange seeds, Size size,
                               std::ostream& out, bool timing) {
  out << "Measured over seeds " << seeds.first << ".." << seeds.last << " at " << size.width << "x"
      << size.height << " with default parameters (thesis Table 3.1, section 3.8).\n\n"
      << "| generator | maps | connected | variability (Hamming) | distinct | loops | dead ends "
         "| dead-end rooms |"
      << (timing ? " ms per map |" : "") << "\n"
      << "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" << (timing ? " ---: |" : "")
      << "\n";
  for (const ComparisonRow& r : rows) {
    if (!r.measured()) {
      out << "| " << r.generator << " | - | - | - | - | - | - | - |" << (timing ? " - |" : "")
          << "\n";
      continue;
    }
    out << "| " << r.generator << " | " << r.maps << " | " << fixed(r.connected_share, 3) << " | "
        << fixed(r.mean_hamming, 3) << " | " << fixed(r.distinct_share, 3) << " | "
        << fixed(r.loops, 2) << " | " << fixed(r.dead_end_cells, 2) << " | "
        << fixed(r.dead_end_rooms, 2) << " |";
    if (timing) out << " " << fixed(r.ms_per_map, 3) << " |";
    out << "\n";
  }
  bool first_note = true;
  for (const ComparisonRow& r : rows)
    if (!r.measured()) {
      out << (first_note ? "\n" : "") << "- " << r.generator << ": " << r.note << "\n";
      first_note = false;
    }
}

}  // namespace yendor::analysis
