// `yendor bench gen`: its options (sizes, cases, the plan they make), the CSV of a tiny run
// (a row per run; a summary row per case and size; capped rows), the progress display, and,
// run as a user would, its exit codes and one-line errors. Never a timing.
#include "yendor/cli/bench_gen_command.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "support/text_lines.hpp"
#include "support/yendor_process_test.hpp"
#include "yendor/cli/progress.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::cli {
namespace {

using test::fields;
using test::lines;

BenchGenOptions tiny_run() {
  BenchGenOptions o;
  o.cases = {"maze-dfs,feature-temples"};
  o.sizes = "30x20,40";
  o.reps = 2;
  return o;
}

TEST(BenchGenOptions, SizesAreSidesRangesAndWidthByHeight) {
  EXPECT_EQ(parse_gen_sizes("100"), (std::vector<Size>{{100, 100}}));
  EXPECT_EQ(parse_gen_sizes("100..200:50"),
            (std::vector<Size>{{100, 100}, {150, 150}, {200, 200}}));
  EXPECT_EQ(parse_gen_sizes("80x50,120"), (std::vector<Size>{{80, 50}, {120, 120}}));
  for (const char* bad : {"", "x", "10x", "ax5", "0", "-5", "100..50", "1..5:0", "big"})
    EXPECT_THROW(parse_gen_sizes(bad), InputError) << bad;
}

TEST(BenchGenOptions, CasesExpandGroupsKeepSweepOrderAndDropRepeats) {
  const std::vector<GenBenchCase> all = gen_bench_cases();
  EXPECT_EQ(selected_gen_cases({}).size(), all.size());
  const std::vector<GenBenchCase> thesis = selected_gen_cases({"thesis"});
  ASSERT_EQ(thesis.size(), 4u);
  EXPECT_EQ(thesis[0].name, "rooms-thesis");
  for (const GenBenchCase& c : selected_gen_cases({"features"}))
    EXPECT_EQ(c.group, "feature");
  // Sweep order, whatever order they were asked in, and once each.
  const std::vector<GenBenchCase> two = selected_gen_cases({"digger,rooms-thesis", "digger"});
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].name, "rooms-thesis");
  EXPECT_EQ(two[1].name, "digger");
  try {
    selected_gen_cases({"rooms-thesis", "dungeon-of-doom"});
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown case 'dungeon-of-doom'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("caves-thesis"), std::string::npos) << e.what();
  }
}

TEST(BenchGenOptions, TheDefaultIsTheThesisProtocolAndQuickIsShort) {
  const GenBenchOptions plan = bench_gen_plan({});
  EXPECT_EQ(plan.reps, 20);
  EXPECT_EQ(plan.sizes, thesis_gen_sizes());
  EXPECT_EQ(plan.cases.size(), gen_bench_cases().size());
  EXPECT_EQ(plan.seed, 1u);
  BenchGenOptions quick;
  quick.quick = true;
  const GenBenchOptions q = bench_gen_plan(quick);
  EXPECT_EQ(q.reps, 3);
  EXPECT_EQ(q.sizes, (std::vector<Size>{{100, 100}, {200, 200}}));
  BenchGenOptions bad;
  bad.reps = 0;
  EXPECT_THROW(bench_gen_plan(bad), InputError);
  bad = {};
  bad.cap_ms = 0;
  EXPECT_THROW(bench_gen_plan(bad), InputError);
}

TEST(BenchGenRun, WritesARowPerCaseSizeAndRun) {
  std::ostringstream out, log;
  run_bench_gen(tiny_run(), out, log);
  const std::vector<std::string> rows = lines(out.str());
  ASSERT_EQ(rows.size(), 1u + 2u * 2u * 2u);
  EXPECT_EQ(rows[0], k_bench_gen_header);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string> f = fields(rows[i]);
    ASSERT_EQ(f.size(), 13u) << rows[i];
    const bool maze = i <= 4;
    EXPECT_EQ(f[0], maze ? "thesis" : "feature");
    EXPECT_EQ(f[1], maze ? "maze-dfs" : "feature-temples");
    EXPECT_EQ(f[2], maze ? "maze" : "temples");
    EXPECT_EQ(f[3], maze ? "algorithm=dfs" : "");
    const bool first_size = (i - 1) % 4 < 2;
    EXPECT_EQ(f[4], first_size ? "30" : "40");
    EXPECT_EQ(f[5], first_size ? "20" : "40");
    EXPECT_EQ(f[6], first_size ? "600" : "1600");
    EXPECT_EQ(f[7], std::to_string((i - 1) % 2));
    EXPECT_EQ(f[8], std::to_string(1 + (i - 1) % 2));  // seed 1, then 2
    EXPECT_GE(std::stod(f[9]), 0.0);
    EXPECT_GE(std::stod(f[10]), 0.0);
    // The generator's own share, for generator cases only: a part of the whole.
    if (maze) {
      EXPECT_GE(std::stod(f[11]), 0.0);
      EXPECT_LE(std::stod(f[11]), std::stod(f[9]));
    } else {
      EXPECT_EQ(f[11], "");
    }
    EXPECT_EQ(f[12], "ok");
  }
  EXPECT_EQ(lines(log.str()).size(), 4u);  // a line per case and size
  EXPECT_EQ(log.str().rfind("bench gen: maze-dfs 30x20: median ", 0), 0u) << log.str();
}

TEST(BenchGenRun, SummarizesAndReportsCappedSizes) {
  BenchGenOptions o = tiny_run();
  o.summary = true;
  std::ostringstream out, log;
  run_bench_gen(o, out, log);
  const std::vector<std::string> rows = lines(out.str());
  ASSERT_EQ(rows.size(), 1u + 2u * 2u);
  EXPECT_EQ(rows[0], k_bench_gen_summary_header);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string> f = fields(rows[i]);
    ASSERT_EQ(f.size(), 14u) << rows[i];
    EXPECT_EQ(f[7], "2");
    EXPECT_LE(std::stod(f[10]), std::stod(f[9]));  // min <= median <= max
    EXPECT_LE(std::stod(f[9]), std::stod(f[11]));
    const bool maze = i <= 2;
    EXPECT_EQ(f[13].empty(), !maze) << rows[i];  // the generator's own median
  }

  o = tiny_run();
  o.cap_ms = 1e-9;
  std::ostringstream capped_out, capped_log;
  run_bench_gen(o, capped_out, capped_log);
  const std::vector<std::string> capped = lines(capped_out.str());
  ASSERT_EQ(capped.size(), 1u + 2u * (2u + 1u));
  EXPECT_EQ(capped[3].substr(0, 15), "thesis,maze-dfs");
  const std::vector<std::string> f = fields(capped[3]);
  ASSERT_EQ(f.size(), 13u) << capped[3];
  EXPECT_EQ(f[4], "40");
  EXPECT_EQ(f[9], "");
  EXPECT_EQ(f[11], "");
  EXPECT_EQ(f[12], "capped");
  EXPECT_NE(capped_log.str().find("maze-dfs 40x40: capped"), std::string::npos) << capped_log.str();
}

TEST(BenchGenRun, ListNamesEveryCase) {
  BenchGenOptions o;
  o.list = true;
  std::ostringstream out, log;
  run_bench_gen(o, out, log);
  for (const GenBenchCase& c : gen_bench_cases())
    EXPECT_NE(out.str().find(c.name + " (" + c.group + ")"), std::string::npos) << c.name;
}

TEST(Progress, TheBarShowsTheShareTheTimeLeftAndWhatRuns) {
  EXPECT_EQ(Progress::bar_text(0, 10, 0, "rooms", 0), "[........................]   0% 0:00 rooms");
  EXPECT_EQ(Progress::bar_text(5, 10, 10, "caves 500x500", 0),
            "[############............]  50% 0:10 left caves 500x500");
  EXPECT_EQ(Progress::bar_text(1, 4, 30, "x", 0), "[######..................]  25% 1:30 left x");
  EXPECT_EQ(Progress::bar_text(10, 10, 75, "", 0), "[########################] 100% 1:15 ");
  EXPECT_EQ(Progress::bar_text(20, 10, 1, "", 0).substr(0, 31), "[########################] 100%");
  EXPECT_EQ(Progress::bar_text(5, 10, 10, "a long description", 40).size(), 40u);
  EXPECT_EQ(clock_text(0), "0:00");
  EXPECT_EQ(clock_text(59.6), "1:00");
  EXPECT_EQ(clock_text(3723), "1:02:03");
}

TEST(Progress, PlainLinesWithoutATerminalAndABarRedrawnOnOne) {
  std::ostringstream plain;
  {
    Progress p(plain, false, "bench gen", 4);
    p.running("rooms 100x100");
    p.advance(1);
    p.advance(1, "rooms 100x100: done");
  }
  EXPECT_EQ(plain.str(), "bench gen: rooms 100x100: done\n");
  std::ostringstream term;
  {
    Progress p(term, true, "bench gen", 4);
    p.running("rooms 100x100");
    p.advance(2, "rooms 100x100: done");
  }
  const std::string t = term.str();
  EXPECT_NE(t.find("\r\x1b[Kbench gen: ["), std::string::npos) << t;
  EXPECT_NE(t.find("\r\x1b[Kbench gen: rooms 100x100: done\n"), std::string::npos) << t;
  EXPECT_NE(t.find("50%"), std::string::npos) << t;
  EXPECT_EQ(t.substr(t.size() - 4), "\r\x1b[K");  // the bar is cleared at the end
}

class BenchGenProcess : public test::YendorProcessTest {};

TEST_F(BenchGenProcess, BadOptionsAreOneLineErrors) {
  expect_input_error({"bench", "gen", "--case", "nope"}, "unknown case 'nope'");
  expect_input_error({"bench", "gen", "--sizes", "huge"}, "--sizes");
  expect_input_error({"bench", "gen", "--case", "cyclic", "--sizes", "10"}, "below the minimum");
  expect_input_error({"bench", "gen", "--reps", "0"}, "--reps");
  expect_input_error({"bench", "nope"}, "unknown bench command 'nope'");
  expect_input_error({"bench", "report", "--peers", "maybe", "--work", path("w")},
                     "--peers must be auto, on or off");
}

TEST_F(BenchGenProcess, OutWritesTheWholeCsvAndTheLogGoesToStderr) {
  const test::ProcessResult r = run({"bench", "gen", "--case", "bsp-thesis", "--sizes", "60",
                                     "--reps", "2", "--out", path("gen.csv")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  const std::vector<std::string> rows = lines(read_file(path("gen.csv")));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].substr(0, 17), "thesis,bsp-thesis");
}

}  // namespace
}  // namespace yendor::cli
