#pragma once
// A test fixture with a fresh directory of its own under the system's temporary directory,
// named after the test and removed afterwards: for tests that write files.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace yendor::test {

class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("yendor_" + std::string(::testing::UnitTest::GetInstance()->current_test_suite()->name()) +
         "_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // A file in the test's directory.
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
};

}  // namespace yendor::test
