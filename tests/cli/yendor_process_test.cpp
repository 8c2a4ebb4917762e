// Runs the `yendor` executable as a user would and checks exit codes, output and that every
// error is one line on stderr with nothing half-written.

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/yendor_process_test.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor {
namespace {

namespace fs = std::filesystem;

using Result = test::ProcessResult;

class Yendor : public test::YendorProcessTest {};

TEST_F(Yendor, ListsGenerators) {
  const Result r = run({"gen", "list"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("rooms (version"), std::string::npos);
  EXPECT_NE(r.out.find("bsp (version"), std::string::npos);
  EXPECT_NE(r.out.find("hv_ratio"), std::string::npos);
}

TEST_F(Yendor, DescribesAGenerator) {
  const Result r = run({"gen", "bsp", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("binary space partition"), std::string::npos);
  EXPECT_NE(r.out.find("min_leaf"), std::string::npos);
  EXPECT_EQ(run({"gen", "--help"}).exit_code, 0);
  EXPECT_EQ(run({"--help"}).exit_code, 0);
  EXPECT_EQ(run({"--version"}).out, "yendor 0.1.0\n");
}

TEST_F(Yendor, GeneratesTheSameMapForTheSameSeed) {
  const Result a = run({"gen", "rooms", "--seed", "5", "--size", "60x30"});
  const Result b = run({"gen", "rooms", "--seed", "5", "--size", "60x30"});
  const Result c = run({"gen", "rooms", "--seed", "6", "--size", "60x30"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  EXPECT_EQ(tiles_from_text(a.out).size(), (Size{60, 30}));
  EXPECT_NE(a.err.find("seed 5"), std::string::npos) << a.err;
}

TEST_F(Yendor, TextSeedsAreHashedAndReported) {
  const Result r = run({"gen", "bsp", "--seed", "hello world"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.err.find("seed " + std::to_string(fnv1a64("hello world")) + " (from text \"hello world\")"),
      std::string::npos)
      << r.err;
  const Result n = run({"gen", "bsp", "--seed", std::to_string(fnv1a64("hello world"))});
  EXPECT_EQ(n.out, r.out);
}

TEST_F(Yendor, WritesEveryFormat) {
  const Result t = run({"gen", "rooms", "--seed", "9", "-o", path("m.txt"), "--set", "loops=0.5"});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(t.out, "");
  const Result j = run({"gen", "rooms", "--seed", "9", "-o", path("m.json"), "--set", "loops=0.5"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const Level level = level_from_json(read_file(path("m.json")));
  EXPECT_EQ(level.meta.generator, "rooms");
  EXPECT_EQ(level.meta.seed, 9u);
  EXPECT_EQ(level.meta.params.get_real("loops"), 0.5);
  EXPECT_EQ(to_text(level), read_file(path("m.txt")));
  const Result p = run({"gen", "rooms", "--seed", "9", "-o", path("m.png"), "--scale", "2"});
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(read_file(path("m.png")).substr(1, 3), "PNG");
  const Result f = run({"gen", "rooms", "--seed", "9", "-o", path("m.map"), "--format", "json",
                        "--set", "loops=0.5"});
  ASSERT_EQ(f.exit_code, 0) << f.err;
  EXPECT_EQ(read_file(path("m.map")), read_file(path("m.json")));
}

TEST_F(Yendor, TextAndJsonAgree) {
  ASSERT_EQ(run({"gen", "bsp", "--seed", "3", "-o", path("a.txt")}).exit_code, 0);
  ASSERT_EQ(run({"gen", "bsp", "--seed", "3", "-o", path("a.json")}).exit_code, 0);
  EXPECT_EQ(to_text(level_from_json(read_file(path("a.json")))), read_file(path("a.txt")));
}

TEST_F(Yendor, BadInputIsOneLineAndExitCodeTwo) {
  expect_input_error({"gen", "grotto"}, "unknown generator 'grotto' (generators: rooms, bsp");
  expect_input_error({"gen", "rooms", "--feature", "lava_lamps"}, "unknown feature pass");
  expect_input_error({"gen", "rooms", "--feature", "water:size"}, "is not key=value");
  expect_input_error({"gen", "rooms", "--feature", "water:size=9"}, "size");
  expect_input_error({"gen", "rooms", "--motif", "lunar"}, "unknown motif 'lunar'");
  expect_input_error({"gen", "rooms", "--difficulty", "0"}, "difficulty");
  expect_input_error({"gen", "rooms", "--unique-rate", "-1"}, "unique_rate");
  expect_input_error({"gen", "rooms", "--depth", "0"}, "--depth");
  expect_input_error({"gen", "rooms", "--set", "foo=1"}, "unknown parameter 'foo'");
  expect_input_error({"gen", "rooms", "--set", "room_min=abc"}, "must be an integer");
  expect_input_error({"gen", "rooms", "--set", "room_min=1"}, "below the minimum 2");
  expect_input_error({"gen", "rooms", "--set", "loops=2"}, "above the maximum 1.0");
  expect_input_error({"gen", "rooms", "--set", "connect=x"}, "must be one of");
  expect_input_error({"gen", "rooms", "--set", "room_min"}, "--set expects key=value");
  expect_input_error({"gen", "rooms", "--set", "room_min=9", "--set", "room_max=5"},
                     "room_min (9) is greater than room_max (5)");
  expect_input_error({"gen", "rooms", "--size", "5x5"}, "below the minimum 8x8");
  expect_input_error({"gen", "rooms", "--size", "10001x10"}, "above the maximum 10000");
  expect_input_error({"gen", "rooms", "--size", "80"}, "--size expects WIDTHxHEIGHT");
  expect_input_error({"gen", "rooms", "-o", "/nonexistent-dir/x/map.txt"}, "cannot write");
  expect_input_error({"gen", "rooms", "-o", path("map.xyz")}, "cannot tell the format");
  expect_input_error({"gen", "rooms", "--format", "gif"}, "--format must be txt, json or png");
  expect_input_error({"gen", "rooms", "--format", "png"}, "needs an output file");
  expect_input_error({"gen", "rooms", "-o", path("m.png"), "--scale", "0"}, "--scale");
  expect_input_error({"gen", "rooms", "--scale", "x"}, "scale");
  expect_input_error({"gen", "rooms", "--bogus"}, "--bogus");
  expect_input_error({"gen"}, "gen needs a generator name");
  expect_input_error({}, "subcommand");
  expect_input_error({"fly"}, "unknown command 'fly' (commands: gen");
}

TEST_F(Yendor, FeaturePassesAndMotifsAreAppliedAndRecorded) {
  const std::string file = path("map.json");
  const Result r = run({"gen", "rooms", "--seed", "4", "--motif", "aquatic", "--difficulty", "9",
                        "--unique-rate", "2", "--feature", "temples", "--feature",
                        "fountains:max=2", "-o", file});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("motif aquatic +water +temples +fountains"), std::string::npos) << r.err;
  const Level level = level_from_json(read_file(file));
  EXPECT_EQ(level.meta.motif, "aquatic");
  EXPECT_EQ(level.meta.difficulty, 9);
  EXPECT_EQ(level.meta.unique_rate, 2.0);
  ASSERT_EQ(level.meta.passes.size(), 3u);
  EXPECT_EQ(level.meta.passes[2].name, "fountains");
  EXPECT_EQ(level.meta.passes[2].params.get_int("max"), 2);
  // The same command gives the same map.
  const Result again = run({"gen", "rooms", "--seed", "4", "--motif", "aquatic", "--difficulty",
                            "9", "--unique-rate", "2", "--feature", "temples", "--feature",
                            "fountains:max=2", "--format", "json"});
  EXPECT_EQ(again.out, read_file(file));
}

TEST_F(Yendor, ShowsAFieldOfViewAndAPath) {
  const Result list = run({"fov", "list"});
  EXPECT_EQ(list.exit_code, 0);
  for (const char* name : {"symmetric", "recursive", "permissive", "raycast"})
    EXPECT_NE(list.out.find(name), std::string::npos) << name;

  const Result fov = run({"fov", "--gen", "caves", "--seed", "4", "--radius", "6"});
  EXPECT_EQ(fov.exit_code, 0) << fov.err;
  EXPECT_EQ(std::count(fov.out.begin(), fov.out.end(), '@'), 1);
  EXPECT_NE(fov.err.find("cells visible"), std::string::npos) << fov.err;

  const Result route = run({"path", "--gen", "rooms", "--seed", "2", "--algorithm", "astar"});
  EXPECT_EQ(route.exit_code, 0) << route.err;
  EXPECT_NE(route.out.find('*'), std::string::npos);
  EXPECT_NE(route.err.find("steps"), std::string::npos) << route.err;

  const Result png =
      run({"path", "--gen", "caves", "--algorithm", "hierarchical", "-o", path("route.png")});
  EXPECT_EQ(png.exit_code, 0) << png.err;
  EXPECT_TRUE(fs::exists(path("route.png")));
}

TEST_F(Yendor, BadFovAndPathInputIsOneLineAndExitCodeTwo) {
  expect_input_error({"fov", "nosuch", "--gen", "caves"}, "nosuch");
  expect_input_error({"fov", "--gen", "caves", "--radius", "-3"}, "radius");
  expect_input_error({"fov", "--gen", "caves", "--at", "500,500"}, "--at");
  expect_input_error({"fov", "--map", path("missing.json")}, "--map");
  expect_input_error({"path", "--gen", "rooms", "--algorithm", "teleport"}, "teleport");
  expect_input_error({"path", "--gen", "rooms", "--from", "0,0"}, "--from");
  expect_input_error({"path", "--gen", "rooms", "--connectivity", "6"}, "connectivity");
}

TEST_F(Yendor, AFailedRunLeavesTheOldFileAndNoTemporaries) {
  const std::string target = path("keep.txt");
  ASSERT_EQ(run({"gen", "rooms", "--seed", "1", "-o", target}).exit_code, 0);
  const std::string before = read_file(target);
  EXPECT_EQ(run({"gen", "rooms", "--seed", "2", "-o", target, "--set", "room_min=1"}).exit_code, 2);
  EXPECT_EQ(read_file(target), before);
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_))
    ++entries;
  EXPECT_EQ(entries, 1);
}

// Minor page faults of the waited-for children so far (the shell and the command it ran).
long children_page_faults() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return usage.ru_minflt;
}

// The command keeps the memory one level frees for the next (core/freed_memory.hpp): eight
// more 1000x1000 depth-first mazes cost almost no fresh pages. Under glibc's own thresholds
// each costs about 1,000. The sanitizers' allocator ignores the setting.
TEST_F(Yendor, LevelAfterLevelReusesFreedMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "the sanitizers replace the allocator";
#endif
  const auto faults_of = [&](const std::string& reps) {
    const long before = children_page_faults();
    const Result r = run({"bench", "gen", "--case", "maze-dfs", "--sizes", "1000x1000", "--reps",
                          reps, "--out", path("gen.csv")});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return children_page_faults() - before;
  };
  const long two = faults_of("2"), ten = faults_of("10");
  EXPECT_LT(ten - two, 8 * 100) << two << " page faults for 2 levels, " << ten << " for 10";
}

}  // namespace
}  // namespace yendor
