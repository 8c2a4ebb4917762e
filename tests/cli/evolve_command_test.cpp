// `yendor evolve`: the report, the files it writes, an interrupted run resumed to the same
// result, and bad options as one-line errors. Never a timing.
#include "yendor/cli/evolve_command.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "support/text_lines.hpp"
#include "support/yendor_process_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::cli {
namespace {

using test::lines;

class EvolveCommand : public test::TempDirTest {
 protected:
  EvolveCommandOptions small() const {
    EvolveCommandOptions o;
    o.population = 8;
    o.generations = 3;
    o.runs = 1;
    o.validate_games = 5;
    o.seed = "9";
    o.output = path("best.toml");
    o.checkpoint = path("cp.json");
    o.content = std::string(YENDOR_SOURCE_DIR) + "/data/dd";
    return o;
  }
  std::string run(const EvolveCommandOptions& o) const {
    std::ostringstream out, log;
    EXPECT_EQ(run_evolve(o, out, log), 0);
    return out.str();
  }
};

TEST_F(EvolveCommand, ReportsEveryGenerationAndWritesTheGenome) {
  const auto text = lines(run(small()));
  ASSERT_EQ(text.size(), 6u);
  EXPECT_EQ(text[0],
            "evolve: rules dd, human fighter, population 8, 3 generations, 1 game each, seed 9, 1 "
            "rank x 1 thread");
  EXPECT_EQ(text[1].rfind("generation 1/3: best ", 0), 0u);
  EXPECT_EQ(text[3].rfind("generation 3/3: best ", 0), 0u);
  EXPECT_EQ(text[4].rfind("chosen: ", 0), 0u);
  EXPECT_NE(text[4].find("of 5 new games"), std::string::npos);
  EXPECT_NE(read_file(path("best.toml")).find("[main]"), std::string::npos);
  EXPECT_NE(read_file(path("cp.json")).find("\"generation\": 3"), std::string::npos);
}

TEST_F(EvolveCommand, AnInterruptedRunResumesToTheSameResult) {
  EvolveCommandOptions whole = small();
  whole.output = path("whole.toml");
  whole.checkpoint = path("whole.json");
  run(whole);
  EvolveCommandOptions part = small();
  part.stop_after = 1;
  EXPECT_NE(run(part).find("stopped after 1 generations"), std::string::npos);
  EvolveCommandOptions rest = small();
  rest.resume = path("cp.json");
  rest.threads = 2;
  const std::string out = run(rest);
  EXPECT_NE(out.find("resumed at generation 2"), std::string::npos) << out;
  EXPECT_EQ(read_file(path("best.toml")), read_file(path("whole.toml")));
  EXPECT_EQ(read_file(path("cp.json")), read_file(path("whole.json")));
}

TEST_F(EvolveCommand, MainRulesWriteAGenomeTheEvolvedBotPlays) {
  EvolveCommandOptions o = small();
  o.rules = "main";
  o.population = 4;
  o.generations = 2;
  o.validate_games = 2;
  o.action_limit = 300;
  o.content = std::string(YENDOR_SOURCE_DIR) + "/data/game";
  const auto text = lines(run(o));
  ASSERT_EQ(text.size(), 5u);
  EXPECT_EQ(text[0],
            "evolve: rules main, population 4, 2 generations, 1 game each, seed 9, 1 rank x 1 "
            "thread");
  EXPECT_NE(text[4].find("yendor bot evolved --rules main --genome"), std::string::npos);
  EXPECT_NE(read_file(path("best.toml")).find("[strategies]"), std::string::npos);
  // A dd checkpoint does not resume a main run.
  EvolveCommandOptions dd = small();
  dd.generations = 1;
  dd.checkpoint = path("dd.json");
  run(dd);
  o.resume = path("dd.json");
  std::ostringstream out, log;
  EXPECT_THROW(run_evolve(o, out, log), InputError);
  o.resume.clear();
  o.rules = "chess";
  EXPECT_THROW(run_evolve(o, out, log), InputError);
}

TEST_F(EvolveCommand, BadOptionsAndCheckpoints) {
  std::ostringstream out, log;
  EvolveCommandOptions o = small();
  o.population = 1;
  EXPECT_THROW(run_evolve(o, out, log), InputError);
  o = small();
  o.hero_class = "bard";
  EXPECT_THROW(run_evolve(o, out, log), InputError);
  o = small();
  o.resume = path("missing.json");
  EXPECT_THROW(run_evolve(o, out, log), InputError);
  write_file_atomic(path("junk.json"), "not json");
  o.resume = path("junk.json");
  EXPECT_THROW(run_evolve(o, out, log), InputError);
}

class EvolveProcess : public test::YendorProcessTest {};

TEST_F(EvolveProcess, RunsFromTheCommandLine) {
  const test::ProcessResult r =
      run({"evolve", "--population", "6", "--generations", "2", "--runs", "1", "--validate", "3",
           "-o", path("g.toml"), "--checkpoint", path("c.json")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("generation 2/2"), std::string::npos) << r.out;
  const test::ProcessResult played =
      run({"bot", "evolved", "--genome", path("g.toml"), "--games", "3"});
  EXPECT_EQ(played.exit_code, 0) << played.err;
  expect_input_error({"evolve", "--race", "troll"}, "unknown race");
  expect_input_error({"evolve", "--resume", path("nothing.json")}, "cannot read the checkpoint");
}

}  // namespace
}  // namespace yendor::cli
