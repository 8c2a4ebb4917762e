#include "yendor/analysis/metric_report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "yendor/analysis/metric_columns.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::analysis {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out(1);
  for (const char c : text) {
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

const SeedRun& small_run() {
  static const SeedRun run = run_seeds(builtin_generators().get("bsp"), {40, 30}, {}, {3, 14});
  return run;
}

TEST(MetricReport, CsvHasAHeaderAndOneRowPerSeed) {
  const std::string csv = run_csv(small_run());
  ASSERT_FALSE(csv.empty());
  EXPECT_EQ(csv.back(), '\n');
  const auto lines = split(csv.substr(0, csv.size() - 1), '\n');
  ASSERT_EQ(lines.size(), 1u + 12u);
  const auto header = split(lines[0], ',');
  ASSERT_EQ(header.size(), 2 + metric_columns().size());
  EXPECT_EQ(header[0], "seed");
  EXPECT_EQ(header[1], "hash");
  for (std::size_t c = 0; c < metric_columns().size(); ++c)
    EXPECT_EQ(header[2 + c], metric_columns()[c].name);
  for (std::size_t m = 0; m < 12; ++m) {
    const auto fields = split(lines[1 + m], ',');
    ASSERT_EQ(fields.size(), header.size()) << lines[1 + m];
    EXPECT_EQ(fields[0], std::to_string(3 + m));
    EXPECT_EQ(fields[1].size(), 16u);
    EXPECT_EQ(std::stoull(fields[1], nullptr, 16), small_run().hashes[m]);
    EXPECT_EQ(fields[2], "40");  // width
  }
}

TEST(MetricReport, UndefinedValuesAreEmptyFieldsNullsAndDashes) {
  SeedRun run = small_run();
  const std::size_t path = metric_column_index("stairs_path", "test");
  run.values[path] = std::numeric_limits<double>::quiet_NaN();
  const auto first_row = split(split(run_csv(run), '\n')[1], ',');
  EXPECT_EQ(first_row[2 + path], "");
  LevelMetrics m;
  std::ostringstream text, json;
  write_metrics_text(m, "nothing", text);
  EXPECT_NE(text.str().find("stairs_path"), std::string::npos);
  write_metrics_json(m, "nothing", json);
  const auto doc = nlohmann::json::parse(json.str());
  EXPECT_TRUE(doc["metrics"]["stairs_path"].is_null());
  EXPECT_TRUE(doc["metrics"]["chokepoint_x"].is_null());
}

TEST(MetricReport, OneMapAsTextAndJsonNamesEveryMetric) {
  const Level level = generate_level(builtin_generators().get("rooms"), {50, 40}, 8, {});
  const LevelMetrics m = measure_level(level);
  std::ostringstream text, json;
  write_metrics_text(m, "rooms seed 8", text);
  write_metrics_json(m, "rooms \"seed\" 8", json);
  EXPECT_EQ(text.str().rfind("rooms seed 8\n", 0), 0u);
  const auto doc = nlohmann::json::parse(json.str());
  EXPECT_EQ(doc["source"], "rooms \"seed\" 8");
  for (const MetricColumn& c : metric_columns()) {
    EXPECT_NE(text.str().find("\n  " + std::string(c.name) + " "), std::string::npos) << c.name;
    ASSERT_TRUE(doc["metrics"].contains(std::string(c.name))) << c.name;
    const auto v = c.value(m);
    if (v) {
      EXPECT_NEAR(doc["metrics"][std::string(c.name)].get<double>(), *v, 1e-6) << c.name;
    }
  }
}

TEST(MetricReport, SummaryTextAndJsonAreDeterministicAndComplete) {
  std::ostringstream a, b, json;
  write_run_text(small_run(), a);
  write_run_text(run_seeds(builtin_generators().get("bsp"), {40, 30}, {}, {3, 14}), b);
  EXPECT_EQ(a.str(), b.str());
  EXPECT_EQ(a.str().rfind(describe_run(small_run()) + "\n", 0), 0u);
  EXPECT_NE(a.str().find("variability: 12 of 12 maps distinct"), std::string::npos) << a.str();
  for (const MetricColumn& c : metric_columns())
    EXPECT_NE(a.str().find("\n" + std::string(c.name) + " "), std::string::npos) << c.name;

  write_run_json(small_run(), json);
  const auto doc = nlohmann::json::parse(json.str());
  EXPECT_EQ(doc["generator"], "bsp");
  EXPECT_EQ(doc["maps"], 12);
  EXPECT_EQ(doc["first_seed"], 3);
  EXPECT_EQ(doc["summary"]["width"]["mean"], 40);
  EXPECT_EQ(doc["summary"]["width"]["sd"], 0);
  EXPECT_EQ(doc["summary"].size(), metric_columns().size());
  EXPECT_EQ(doc["variability"]["distinct"], 12);
}

TEST(MetricReport, JsonStringsAreEscaped) {
  EXPECT_EQ(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
  EXPECT_EQ(nlohmann::json::parse(json_string("tab\there \x01 é")).get<std::string>(),
            "tab\there \x01 é");
}

}  // namespace
}  // namespace yendor::analysis
