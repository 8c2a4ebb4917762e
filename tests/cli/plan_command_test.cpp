#include "yendor/cli/plan_command.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "support/temp_dir_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/gen/cyclic/dungeon_plan.hpp"

namespace yendor::cli {
namespace {

const std::string k_data_dir = YENDOR_SOURCE_DIR "/data";

class PlanCommand : public test::TempDirTest {
 protected:
  std::string run(PlanOptions o) {
    if (o.data_dir.empty()) o.data_dir = k_data_dir;
    std::ostringstream out, log;
    run_plan(o, out, log);
    log_ = log.str();
    return out.str();
  }
  std::string log_;
};

PlanOptions depth_seed(int depth, const std::string& seed, const std::string& format = "text") {
  PlanOptions o;
  o.depth = depth;
  o.seed = seed;
  o.format = format;
  return o;
}

TEST_F(PlanCommand, TextIsThePlansTable) {
  const std::string text = run(depth_seed(7, "42"));
  EXPECT_EQ(text, cyclic::plan_to_text(cyclic::make_dungeon_plan(42, 7, k_data_dir)));
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2 + 7);
  EXPECT_TRUE(log_.empty());
}

TEST_F(PlanCommand, JsonAndTheSeedFromText) {
  const std::string json = run(depth_seed(3, "dragon", "json"));
  // A seed given as text hashes like `gen`'s (core/seed.hpp), never as seed 1.
  EXPECT_EQ(json.find("\"seed\": 1,"), std::string::npos);
  EXPECT_EQ(json, run(depth_seed(3, "dragon", "json")));
  EXPECT_NE(json.find("\"levels\": ["), std::string::npos);
  EXPECT_EQ(std::count(json.begin(), json.end(), '{'), std::count(json.begin(), json.end(), '}'));
  EXPECT_EQ(std::count(json.begin(), json.end(), '['), std::count(json.begin(), json.end(), ']'));
}

TEST_F(PlanCommand, DefaultSeedIsOne) {
  PlanOptions o;
  o.depth = 4;
  EXPECT_EQ(run(o), run(depth_seed(4, "1")));
}

TEST_F(PlanCommand, WritesTheFileWhenAsked) {
  PlanOptions o = depth_seed(5, "3", "json");
  o.output = path("plan.json");
  EXPECT_TRUE(run(o).empty());
  EXPECT_NE(log_.find("plan.json"), std::string::npos) << log_;
  EXPECT_EQ(read_file(o.output), run(depth_seed(5, "3", "json")));
}

TEST_F(PlanCommand, BadOptionsAreOneLineErrors) {
  for (const int depth : {0, 101}) {
    PlanOptions o = depth_seed(depth, "1");
    EXPECT_THROW(run(o), InputError);
  }
  EXPECT_THROW(run(depth_seed(3, "1", "png")), InputError);
  PlanOptions missing = depth_seed(3, "1");
  missing.data_dir = path("nowhere");
  EXPECT_THROW(run(missing), IoError);
  // A broken plan file names itself.
  std::filesystem::create_directories(path("data/plans"));
  write_file_atomic(path("data/plans/dungeon.toml"), "[rules]\nmax_lock_kinds = 99\n");
  PlanOptions broken = depth_seed(3, "1");
  broken.data_dir = path("data");
  try {
    run(broken);
    ADD_FAILURE() << "accepted a broken plan file";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("dungeon.toml:2: rules: field 'max_lock_kinds'"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(PlanCommand, GenOptionsThatDoNotApplyAreRejected) {
  GenOptions gen;
  gen.generator = "plan";
  gen.depth = 9;
  gen.seed = "5";
  gen.format = "json";
  const PlanOptions o = plan_options(gen);
  EXPECT_EQ(o.depth, 9);
  EXPECT_EQ(o.seed, "5");
  EXPECT_EQ(o.format, "json");
  gen.format = "txt";
  EXPECT_EQ(plan_options(gen).format, "text");
  gen.format = "png";
  EXPECT_THROW(plan_options(gen), InputError);
  gen.format = "";
  EXPECT_EQ(plan_options(gen).format, "text");
  GenOptions sized = gen;
  sized.size = "40x30";
  EXPECT_THROW(plan_options(sized), InputError);
  GenOptions with_set = gen;
  with_set.sets = {"cycles=3"};
  EXPECT_THROW(plan_options(with_set), InputError);
  GenOptions with_motif = gen;
  with_motif.motif = "cavern";
  EXPECT_THROW(plan_options(with_motif), InputError);
  GenOptions with_feature = gen;
  with_feature.features = {"water"};
  EXPECT_THROW(plan_options(with_feature), InputError);
}

}  // namespace
}  // namespace yendor::cli
