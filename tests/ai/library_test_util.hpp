#pragma once
// Helpers for the tests that load AI library text: load a text or one shipped file, read back
// the one-line error a text gets, and check many bad texts at once.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "yendor/ai/library.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::ai::testing {

inline Library load_text(std::string_view text, const std::string& file = "t.toml") {
  Library library;
  load_library_text(library, text, file);
  return library;
}

// One file of the shipped library, data/ai/`name`, alone (so that other brains' data cannot
// break the test).
inline Library load_shipped(const std::string& name) {
  const std::string path = default_library_dir() + "/" + name;
  return load_text(read_file(path), path);
}

// The shipped state-machine tables, data/ai/fsm.toml alone, loaded once.
inline const Library& shipped_fsm() {
  static const Library library = load_shipped("fsm.toml");
  return library;
}

// The message of the InputError that loading `text` throws; "(no error)" when it loads.
inline std::string load_error(std::string_view text, const std::string& file = "t.toml") {
  try {
    load_text(text, file);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// Whether `text` holds `part` (the failure shows both).
inline ::testing::AssertionResult has(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' lacks '" << part << "'";
}

// A text the loader refuses, and a part of the message it must give.
struct BadText {
  std::string text;
  std::string part;
};

// Each of `cases`, loaded as `file`, gets an error whose message holds its part.
inline void expect_load_errors(const std::string& file, const std::vector<BadText>& cases) {
  for (const BadText& c : cases)
    EXPECT_TRUE(has(load_error(c.text, file), c.part)) << c.text;
}

}  // namespace yendor::ai::testing
