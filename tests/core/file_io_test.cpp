#include "yendor/core/file_io.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "yendor/core/error.hpp"

namespace yendor {
namespace {

namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("yendor_file_io_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileIo, WritesReadsAndReplacesLeavingNoTemporaries) {
  const std::string path = (dir_ / "map.txt").string();
  write_file_atomic(path, std::string_view("first"));
  EXPECT_EQ(read_file(path), "first");
  write_file_atomic(path, std::string_view("second, longer"));
  EXPECT_EQ(read_file(path), "second, longer");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_))
    ++entries;
  EXPECT_EQ(entries, 1);
}

TEST_F(FileIo, UnwritablePathThrowsIoErrorAndKeepsTheOldFile) {
  EXPECT_THROW(write_file_atomic((dir_ / "missing" / "x.txt").string(), std::string_view("x")),
               IoError);
  const std::string path = (dir_ / "keep.txt").string();
  write_file_atomic(path, std::string_view("precious"));
  // A directory in the way of the rename: the write fails, the other file is untouched.
  fs::create_directories(dir_ / "adir");
  EXPECT_THROW(write_file_atomic((dir_ / "adir").string(), std::string_view("x")), IoError);
  EXPECT_EQ(read_file(path), "precious");
  EXPECT_THROW(read_file((dir_ / "nope").string()), IoError);
  EXPECT_THROW(write_file_atomic("", std::string_view("x")), IoError);
}

}  // namespace
}  // namespace yendor
