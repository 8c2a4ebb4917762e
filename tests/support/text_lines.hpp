#pragma once
// Splitting command output in tests: lines of text, and the comma-separated fields of a CSV
// line (no quoting: the benchmark CSVs never quote).

#include <sstream>
#include <string>
#include <vector>

namespace yendor::test {

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// A trailing comma gives a trailing empty field, as CSV means.
inline std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string f; std::getline(in, f, ',');)
    out.push_back(f);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

}  // namespace yendor::test
