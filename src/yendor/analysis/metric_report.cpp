#include "yendor/analysis/metric_report.hpp"

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <ostream>

#include "yendor/analysis/metric_columns.hpp"
#include "yendor/analysis/metric_summary.hpp"

namespace yendor::analysis {

namespace {

std::string text_or(const std::optional<double>& v, bool integer, const char* missing) {
  return v ? format_number(*v, integer) : std::string(missing);
}

std::string hex16(std::uint64_t v) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(v));
  return buffer;
}

std::string share_text(double v) {
  return format_number(v, false);
}

}  // namespace

void write_metrics_text(const LevelMetrics& metrics, std::string_view source, std::ostream& out) {
  out << source << "\n";
  for (const MetricColumn& c : metric_columns())
    out << "  " << std::left << std::setw(22) << c.name << " " << std::setw(10)
        << text_or(c.value(metrics), c.integer, "-") << " " << c.meaning << "\n";
}

void write_metrics_json(const LevelMetrics& metrics, std::string_view source, std::ostream& out) {
  out << "{\n  \"source\": " << json_string(source) << ",\n  \"metrics\": {\n";
  const auto columns = metric_columns();
  for (std::size_t i = 0; i < columns.size(); ++i)
    out << "    \"" << columns[i].name
        << "\": " << text_or(columns[i].value(metrics), columns[i].integer, "null")
        << (i + 1 < columns.size() ? ",\n" : "\n");
  out << "  }\n}\n";
}

std::string describe_run(const SeedRun& run) {
  std::string text = run.generator + " v" + std::to_string(run.generator_version) + " " +
                     std::to_string(run.size.width) + "x" + std::to_string(run.size.height) +
                     ", seeds " + std::to_string(run.seeds.first) + ".." +
                     std::to_string(run.seeds.last) + " (" + std::to_string(run.maps()) +
                     (run.maps() == 1 ? " map)" : " maps)");
  for (const auto& [name, value] : run.params.entries())
    text += " " + name + "=" + to_string(value);
  return text;
}

std::string run_csv(const SeedRun& run) {
  const auto columns = metric_columns();
  std::string csv = "seed,hash";
  for (const MetricColumn& c : columns)
    csv += "," + std::string(c.name);
  csv += "\n";
  for (std::size_t m = 0; m < run.maps(); ++m) {
    csv += std::to_string(run.seeds.first + m) + "," + hex16(run.hashes[m]);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const double v = run.value(m, c);
      csv += ",";
      if (!std::isnan(v)) csv += format_number(v, columns[c].integer);
    }
    csv += "\n";
  }
  return csv;
}

void write_run_text(const SeedRun& run, std::ostream& out) {
  const auto columns = metric_columns();
  const std::vector<MetricSummary> summary = summarize_run(run);
  out << describe_run(run) << "\n"
      << std::left << std::setw(22) << "metric" << std::right << std::setw(9) << "n"
      << std::setw(13) << "mean" << std::setw(13) << "sd" << std::setw(13) << "min" << std::setw(13)
      << "max"
      << "\n";
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const MetricSummary& s = summary[c];
    const auto cell = [&](double v, bool integer) {
      return s.n > 0 ? format_number(v, integer) : std::string("-");
    };
    out << std::left << std::setw(22) << columns[c].name << std::right << std::setw(9) << s.n
        << std::setw(13) << cell(s.mean, false) << std::setw(13) << cell(s.sd, false)
        << std::setw(13) << cell(s.min, columns[c].integer) << std::setw(13)
        << cell(s.max, columns[c].integer) << "\n";
  }
  const Variability& v = run.variability;
  out << "variability: " << v.distinct << " of " << v.maps << " maps distinct (share "
      << share_text(v.distinct_share) << "); mean pairwise Hamming distance "
      << share_text(v.mean_hamming) << " of the cells over " << v.sampled << " sampled maps\n";
}

void write_run_json(const SeedRun& run, std::ostream& out) {
  const auto columns = metric_columns();
  const std::vector<MetricSummary> summary = summarize_run(run);
  out << "{\n  \"generator\": " << json_string(run.generator)
      << ",\n  \"version\": " << run.generator_version << ",\n  \"width\": " << run.size.width
      << ",\n  \"height\": " << run.size.height << ",\n  \"params\": {";
  const auto& params = run.params.entries();
  for (std::size_t i = 0; i < params.size(); ++i)
    out << (i == 0 ? "" : ", ") << json_string(params[i].first) << ": "
        << json_string(to_string(params[i].second));
  out << "},\n  \"first_seed\": " << run.seeds.first << ",\n  \"last_seed\": " << run.seeds.last
      << ",\n  \"maps\": " << run.maps() << ",\n  \"summary\": {\n";
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const MetricSummary& s = summary[c];
    const auto field = [&](double v, bool integer) {
      return s.n > 0 ? format_number(v, integer) : std::string("null");
    };
    out << "    \"" << columns[c].name << "\": {\"n\": " << s.n
        << ", \"mean\": " << field(s.mean, false) << ", \"sd\": " << field(s.sd, false)
        << ", \"min\": " << field(s.min, columns[c].integer)
        << ", \"max\": " << field(s.max, columns[c].integer) << "}"
        << (c + 1 < columns.size() ? ",\n" : "\n");
  }
  const Variability& v = run.variability;
  out << "  },\n  \"variability\": {\"distinct\": " << v.distinct
      << ", \"distinct_share\": " << share_text(v.distinct_share) << ", \"sampled\": " << v.sampled
      << ", \"mean_hamming\": " << share_text(v.mean_hamming) << "}\n}\n";
}

}  // namespace yendor::analysis
