// `yendor play`, `yendor replay` and `yendor scores` run as a user runs them: exit codes,
// one-line summaries and errors, the files left in the game directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/yendor_process_test.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor {
namespace {

namespace fs = std::filesystem;

const std::string k_content = std::string(YENDOR_SOURCE_DIR) + "/tests/game/content";

using Result = test::ProcessResult;

class YendorPlay : public test::YendorProcessTest {
 protected:
  std::string games() const { return (dir_ / "games").string(); }
};

TEST_F(YendorPlay, PlaysSavesAndVerifiesItsReplay) {
  const Result r = run({"play", "--headless", "--bot", "random", "--seed", "3", "--turns", "200",
                        "--dir", games(), "--content", k_content, "--name", "Proc"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << r.out;
  EXPECT_NE(r.out.find("seed 3"), std::string::npos) << r.out;
  std::string replay;
  if (r.out.find(", playing") != std::string::npos) {
    EXPECT_TRUE(fs::exists(games() + "/save.bin"));
    replay = games() + "/current.replay";
  } else {
    for (const auto& e : fs::directory_iterator(games()))
      if (e.path().extension() == ".replay") replay = e.path().string();
  }
  ASSERT_TRUE(fs::exists(replay)) << r.out;
  const Result v = run({"replay", replay, "--headless", "--content", k_content});
  EXPECT_EQ(v.exit_code, 0) << v.err;
  EXPECT_EQ(v.out.rfind("replay ok: ", 0), 0u) << v.out;

  const Result s = run({"scores", "--dir", games()});
  EXPECT_EQ(s.exit_code, 0) << s.err;
}

TEST_F(YendorPlay, DivergingReplayExitsOne) {
  const Result r = run({"play", "--headless", "--bot", "random", "--seed", "4", "--turns", "150",
                        "--dir", games(), "--content", k_content});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string text = read_file(games() + "/current.replay");
  const std::size_t end = text.rfind("\nend ");
  ASSERT_NE(end, std::string::npos);
  text.replace(end + 1, text.size() - end - 1, "end playing 0123456789abcdef\n");
  write_file_atomic(games() + "/bad.replay", text);
  const Result v = run({"replay", games() + "/bad.replay", "--headless", "--content", k_content});
  EXPECT_EQ(v.exit_code, 1);
  EXPECT_EQ(v.out, "");
  EXPECT_EQ(v.err.find('\n'), v.err.size() - 1) << v.err;
  EXPECT_NE(v.err.find("replay diverges at step"), std::string::npos) << v.err;
}

TEST_F(YendorPlay, BadInputIsOneLineAndExitTwo) {
  expect_input_error({"play", "--bot", "random", "--dir", games()}, "--headless");
  expect_input_error({"play", "--headless", "--bot", "smart", "--dir", games()}, "smart");
  expect_input_error({"play", "--headless", "--bot", "random", "--turns", "x"}, "turns");
  expect_input_error({"play", "--headless", "--bot", "random", "--dir", games(), "--content",
                      (dir_ / "nowhere").string()},
                     "nowhere");
  write_file_atomic((dir_ / "junk.replay").string(), "not a replay\n");
  expect_input_error(
      {"replay", (dir_ / "junk.replay").string(), "--headless", "--content", k_content},
      "junk.replay:1:");
  expect_input_error({"replay", (dir_ / "missing.replay").string(), "--headless"}, "missing");
  expect_input_error({"replay"}, "file");
}

}  // namespace
}  // namespace yendor
