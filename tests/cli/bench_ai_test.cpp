// `yendor bench ai`: its options (actor counts, methods, the plan they make), the CSV of a
// tiny run (header, one row per method, count and turn; a summary row per method and count)
// and, run as a user would, its exit codes and one-line errors. Never a timing.
#include "yendor/cli/bench_ai_command.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "support/text_lines.hpp"
#include "support/yendor_process_test.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::cli {
namespace {

using test::fields;
using test::lines;

// A run small enough for a test: two methods (a path one and a brain), two counts, 3 turns.
BenchAiOptions tiny_run() {
  BenchAiOptions o;
  o.quick = true;
  o.size = "24x20";
  o.actors = "4,8";
  o.methods = {"euclid,chase"};
  o.content = std::string(YENDOR_SOURCE_DIR) + "/tests/game/content";
  return o;
}

TEST(BenchAiOptions, ActorCountsAreNumbersRangesAndSteps) {
  EXPECT_EQ(parse_actor_counts("7"), (std::vector<int>{7}));
  EXPECT_EQ(parse_actor_counts("10..50:10"), (std::vector<int>{10, 20, 30, 40, 50}));
  EXPECT_EQ(parse_actor_counts("1..3,7,20..26:5"), (std::vector<int>{1, 2, 3, 7, 20, 25}));
  for (const char* bad : {"", "0", "-3", "x", "5..", "..5", "9..3", "1..5:0", "1..5:x", "1,,2",
                          "1..100000000", "1..5000"})
    EXPECT_THROW(parse_actor_counts(bad), InputError) << bad;
}

TEST(BenchAiOptions, MethodsExpandGroupsAndDropRepeats) {
  const std::vector<std::string> all = game::crowd_methods();
  EXPECT_EQ(selected_methods({}), all);
  EXPECT_EQ(selected_methods({"all"}), all);
  const std::vector<std::string> paths = selected_methods({"paths"});
  ASSERT_EQ(paths.size(), game::crowd_path_methods().size());
  const std::vector<std::string> brains = selected_methods({"brains"});
  EXPECT_EQ(brains.size(), ai::builtin_brains().all().size());
  EXPECT_EQ(paths.size() + brains.size(), all.size());
  EXPECT_EQ(selected_methods({"fsm,euclid", "fsm"}), (std::vector<std::string>{"fsm", "euclid"}));
  try {
    selected_methods({"euclid", "jump"});
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown method 'jump'"), std::string::npos) << e.what();
  }
}

TEST(BenchAiOptions, TheDefaultIsTheThesisProtocolThenTheLargeMaps) {
  const game::CrowdBenchOptions plan = bench_ai_plan({});
  EXPECT_EQ(plan.reps, 20);
  ASSERT_EQ(plan.plans.size(), 2u);
  EXPECT_EQ(plan.plans[0].size, (Size{200, 200}));
  ASSERT_EQ(plan.plans[0].actors.size(), 20u);
  for (std::size_t i = 0; i < 20; ++i)
    EXPECT_EQ(plan.plans[0].actors[i], 10 * static_cast<int>(i + 1));
  EXPECT_EQ(plan.plans[1].size, (Size{1000, 1000}));
  EXPECT_EQ(plan.plans[1].actors, (std::vector<int>{1000, 10000}));
  EXPECT_EQ(plan.methods, game::crowd_methods());

  BenchAiOptions quick;
  quick.quick = true;
  const game::CrowdBenchOptions q = bench_ai_plan(quick);
  EXPECT_EQ(q.reps, 3);
  ASSERT_EQ(q.plans.size(), 1u);
  EXPECT_EQ(q.plans[0].size, (Size{200, 200}));
  EXPECT_EQ(q.plans[0].actors, (std::vector<int>{10, 100, 200}));

  BenchAiOptions sized;
  sized.size = "300x100";
  sized.reps = 5;
  const game::CrowdBenchOptions s = bench_ai_plan(sized);
  EXPECT_EQ(s.reps, 5);
  ASSERT_EQ(s.plans.size(), 1u);
  EXPECT_EQ(s.plans[0].size, (Size{300, 100}));
  EXPECT_EQ(s.plans[0].actors.size(), 20u);

  BenchAiOptions counted;
  counted.actors = "5,6";
  counted.seed = "crowds";
  const game::CrowdBenchOptions c = bench_ai_plan(counted);
  ASSERT_EQ(c.plans.size(), 1u);
  EXPECT_EQ(c.plans[0].size, (Size{200, 200}));
  EXPECT_EQ(c.plans[0].actors, (std::vector<int>{5, 6}));
  EXPECT_NE(c.seed, bench_ai_plan({}).seed);
}

TEST(BenchAiOptions, BadOptionsAreInputErrors) {
  const auto bad = [](BenchAiOptions o) { EXPECT_THROW(bench_ai_plan(o), InputError); };
  BenchAiOptions o;
  o.size = "3x100";
  bad(o);
  o = {};
  o.size = "big";
  bad(o);
  o = {};
  o.sample = -1;
  bad(o);
  o = {};
  o.radius = -2;
  bad(o);
  o = {};
  o.methods = {"dance"};
  bad(o);
  o = tiny_run();
  o.reps = 0;
  std::ostringstream out, log;
  EXPECT_THROW(run_bench_ai(o, out, log), InputError);
  o = tiny_run();
  o.kind = "no_such_kind";
  EXPECT_THROW(run_bench_ai(o, out, log), InputError);
  o = tiny_run();
  o.actors = "4,1000";  // more than 24x20 holds
  EXPECT_THROW(run_bench_ai(o, out, log), InputError);
}

TEST(BenchAiRun, WritesARowPerMethodCountAndTurn) {
  std::ostringstream out, log;
  run_bench_ai(tiny_run(), out, log);
  const std::vector<std::string> rows = lines(out.str());
  ASSERT_EQ(rows.size(), 1u + 2u * 2u * 3u);
  EXPECT_EQ(rows[0], k_bench_ai_header);
  const std::vector<std::string> expected_methods{"euclid", "chase"};
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string> f = fields(rows[i]);
    ASSERT_EQ(f.size(), 8u) << rows[i];
    EXPECT_EQ(f[0], expected_methods[(i - 1) / 6]) << rows[i];
    EXPECT_EQ(f[1], "24x20");
    EXPECT_EQ(f[2], (i - 1) % 6 < 3 ? "4" : "8") << rows[i];
    EXPECT_EQ(f[3], std::to_string((i - 1) % 3 + 1));
    EXPECT_GE(std::stod(f[4]), 0.0);
    EXPECT_EQ(f[5], f[2]);  // every actor's work timed
    EXPECT_LE(std::stoi(f[6]), std::stoi(f[2]));
    EXPECT_GE(std::stod(f[7]), 0.0);  // processor time
  }
  EXPECT_EQ(lines(log.str()).size(), 4u);
}

TEST(BenchAiRun, SummarizesPerMethodAndCount) {
  BenchAiOptions o = tiny_run();
  o.summary = true;
  std::ostringstream out, log;
  run_bench_ai(o, out, log);
  const std::vector<std::string> rows = lines(out.str());
  ASSERT_EQ(rows.size(), 1u + 2u * 2u);
  EXPECT_EQ(rows[0], k_bench_ai_summary_header);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string> f = fields(rows[i]);
    ASSERT_EQ(f.size(), 11u) << rows[i];
    EXPECT_EQ(f[3], "3");
    const double mean = std::stod(f[4]), median = std::stod(f[5]);
    const double lo = std::stod(f[6]), hi = std::stod(f[7]);
    EXPECT_LE(lo, median);
    EXPECT_LE(median, hi);
    EXPECT_LE(lo, mean);
    EXPECT_LE(mean, hi);
    EXPECT_GE(std::stod(f[9]), 0.0);  // processor time, mean and median
    EXPECT_GE(std::stod(f[10]), 0.0);
  }
}

class BenchAiFile : public test::TempDirTest {};

TEST_F(BenchAiFile, OutWritesTheCsvToAFileAndNothingToStdout) {
  BenchAiOptions o = tiny_run();
  o.methods = {"dijkstra"};
  o.out = path("crowd.csv");
  std::ostringstream out, log;
  run_bench_ai(o, out, log);
  EXPECT_EQ(out.str(), "");
  const std::vector<std::string> rows = lines(read_file(o.out));
  ASSERT_EQ(rows.size(), 1u + 2u * 3u);
  EXPECT_EQ(rows[0], k_bench_ai_header);
}

class BenchAiProcess : public test::YendorProcessTest {};

TEST_F(BenchAiProcess, RunsFromTheCommandLine) {
  const test::ProcessResult r = run({"bench", "ai", "--quick", "--size", "20x20", "--actors", "3",
                                     "--method", "euclid,astar", "--reps", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> rows = lines(r.out);
  ASSERT_EQ(rows.size(), 1u + 2u * 2u);
  EXPECT_EQ(rows[0], k_bench_ai_header);
  EXPECT_EQ(lines(r.err).size(), 2u);  // a progress line per method and count
}

TEST_F(BenchAiProcess, BadOptionsAreOneLineErrors) {
  expect_input_error({"bench", "ai", "--method", "nope"}, "unknown method 'nope'");
  expect_input_error({"bench", "ai", "--actors", "0"}, "--actors");
  expect_input_error({"bench", "ai", "--size", "2x2"}, "--size");
  expect_input_error({"bench", "ai", "--reps", "many"}, "--reps");
  expect_input_error({"bench", "ai", "--quick", "--size", "20x20", "--actors", "3", "--method",
                      "euclid", "--reps", "0"},
                     "--reps");
  expect_input_error({"bench", "ai", "--sample", "-1"}, "--sample");
  expect_input_error({"bench"}, "");
  expect_input_error({"bench", "fly"}, "fly");
}

}  // namespace
}  // namespace yendor::cli
