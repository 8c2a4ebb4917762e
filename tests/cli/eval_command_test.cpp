// `yendor eval`: the table (a row per generator), the CSV (every metric column), winnable
// levels, and as a user runs it: exit codes and one-line errors. Never a timing.
#include "yendor/cli/eval_command.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "support/text_lines.hpp"
#include "support/yendor_process_test.hpp"
#include "yendor/analysis/metric_columns.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::cli {
namespace {

using test::lines;

class EvalCommand : public test::TempDirTest {
 protected:
  EvalCommandOptions small() const {
    EvalCommandOptions o;
    o.bot = "evolved";
    o.generators = "dd,rooms";
    o.seeds = "3..8";
    o.content = std::string(YENDOR_SOURCE_DIR) + "/data/dd";
    return o;
  }
};

TEST_F(EvalCommand, TableAndCsv) {
  EvalCommandOptions o = small();
  o.csv = path("eval.csv");
  std::ostringstream out, log;
  EXPECT_EQ(run_eval(o, out, log), 0);
  const auto text = lines(out.str());
  ASSERT_EQ(text.size(), 4u) << out.str();
  EXPECT_EQ(text[0], "eval: bot evolved, human fighter, seeds 3..8");
  EXPECT_EQ(text[1].rfind("generator  wins  win %", 0), 0u) << text[1];
  EXPECT_EQ(text[2].rfind("dd ", 0), 0u);
  EXPECT_EQ(text[3].rfind("rooms ", 0), 0u);
  const auto rows = lines(read_file(o.csv));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].rfind("generator,games,wins,win_rate,", 0), 0u);
  for (const analysis::MetricColumn& c : analysis::metric_columns())
    EXPECT_NE(rows[0].find("," + std::string(c.name)), std::string::npos) << c.name;
  EXPECT_EQ(rows[1].rfind("dd,6,", 0), 0u);
}

TEST_F(EvalCommand, WinnableLevelsShowWhatWasReplaced) {
  EvalCommandOptions o = small();
  o.generators = "maze";
  o.seeds = "1..3";
  o.require_winnable = true;
  std::ostringstream out, log;
  run_eval(o, out, log);
  EXPECT_NE(out.str().find("winnable levels"), std::string::npos);
  EXPECT_NE(out.str().find("replaced"), std::string::npos);
}

TEST_F(EvalCommand, BadOptions) {
  std::ostringstream out, log;
  EvalCommandOptions o = small();
  o.seeds = "9..3";
  EXPECT_THROW(run_eval(o, out, log), InputError);
  o = small();
  o.generators = ",";
  EXPECT_THROW(run_eval(o, out, log), InputError);
  o = small();
  o.sets = {"samples=0"};
  o.bot = "search";
  EXPECT_THROW(run_eval(o, out, log), InputError);
}

class EvalProcess : public test::YendorProcessTest {};

TEST_F(EvalProcess, RunsFromTheCommandLine) {
  const test::ProcessResult r =
      run({"eval", "--bot", "greedy", "--generators", "dd,caves", "--seeds", "1..4"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("caves "), std::string::npos) << r.out;
  expect_input_error({"eval", "--generators", "dd,nowhere", "--seeds", "1..2"},
                     "unknown generator");
  expect_input_error({"eval", "--bot", "oracle"}, "unknown bot 'oracle'");
}

}  // namespace
}  // namespace yendor::cli
