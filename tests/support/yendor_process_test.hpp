#pragma once
// A fixture that runs the `yendor` executable (YENDOR_EXE, set by the test's CMake target) as
// a user would, in a fresh directory of the test's own: exit code, stdout and stderr.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::test {

struct ProcessResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `s` in single quotes for /bin/sh.
inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

class YendorProcessTest : public TempDirTest {
 protected:
  ProcessResult run(const std::vector<std::string>& args) const {
    std::string cmd = shell_quote(YENDOR_EXE);
    for (const auto& a : args)
      cmd += " " + shell_quote(a);
    const std::filesystem::path out = dir_ / "stdout", err = dir_ / "stderr";
    cmd += " >" + shell_quote(out.string()) + " 2>" + shell_quote(err.string()) + " </dev/null";
    const int status = std::system(cmd.c_str());
    ProcessResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = read_file(out.string());
    r.err = read_file(err.string());
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return r;
  }

  // A bad-input run: exit code 2, nothing on stdout, exactly one line on stderr naming `needle`.
  void expect_input_error(const std::vector<std::string>& args, const std::string& needle) const {
    std::string joined;
    for (const auto& a : args)
      joined += a + " ";
    SCOPED_TRACE(joined);
    const ProcessResult r = run(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
    EXPECT_EQ(r.err.rfind("yendor: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  }
};

}  // namespace yendor::test
