#pragma once
// A fixture for the tests of content loaders (game, dd): a copy of a content directory to
// break one file at a time, and the check that loading it fails with one line that starts
// "FILE:LINE: " and names what is wrong.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <string>

#include "support/temp_dir_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::test {

class ContentFilesTest : public TempDirTest {
 protected:
  // Copies each of `names` from `from` into the test's directory.
  template <typename Names>
  void copy_files(const std::string& from, const Names& names) {
    for (const auto& name : names)
      std::filesystem::copy_file(from + "/" + std::string(name), path(std::string(name)));
  }

  // Replaces the first occurrence of `from` in `file` by `to`; returns the line (1-based)
  // the replacement starts on.
  int edit(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = read_file(path(file));
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "'" << from << "' is not in " << file;
    if (at == std::string::npos) return 0;
    text.replace(at, from.size(), to);
    std::ofstream(path(file), std::ios::binary) << text;
    return 1 +
           static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  }

  // The line (1-based) where `text` first appears in `file`.
  int line_with(const std::string& file, const std::string& text) {
    const std::string content = read_file(path(file));
    const auto at = content.find(text);
    EXPECT_NE(at, std::string::npos) << "'" << text << "' is not in " << file;
    return 1 + static_cast<int>(
                   std::count(content.begin(), content.begin() + static_cast<long>(at), '\n'));
  }

  // `load` throws InputError whose message starts with FILE:LINE: and contains every one of
  // `parts`, on one line.
  void expect_load_error(const std::function<void()>& load, const std::string& file, int line,
                         std::initializer_list<std::string> parts) {
    try {
      load();
      ADD_FAILURE() << "no error; expected one at " << file << ":" << line;
    } catch (const InputError& e) {
      const std::string message = e.what();
      const std::string where = path(file) + ":" + std::to_string(line) + ": ";
      EXPECT_EQ(message.rfind(where, 0), 0u)
          << message << "\n  expected it to start with " << where;
      for (const std::string& part : parts)
        EXPECT_NE(message.find(part), std::string::npos) << message << "\n  lacks: " << part;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
};

}  // namespace yendor::test
