#pragma once
// Text shared by the benchmark commands: comma lists as users type them, and milliseconds as
// the CSV files write them.

#include <cstdio>
#include <string>
#include <vector>

namespace yendor::cli {

// Every item between separators, empty ones included (so "1,,2" can be refused).
inline std::vector<std::string> split_text(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(sep, start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

// Four decimals: "0.0123".
inline std::string format_ms(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", ms);
  return text;
}

}  // namespace yendor::cli
