#include "yendor/core/param_value.hpp"

#include <charconv>

namespace yendor {

std::string to_string(const ParamValue& value) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const {
      char buf[64];
      auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
      std::string s(buf, ec == std::errc{} ? end : buf);
      // Keep reals recognisable as reals ("1" would read back as an integer).
      if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
      return s;
    }
    std::string operator()(const std::string& s) const { return s; }
  };
  return std::visit(Visitor{}, value);
}

void ParamSet::set(std::string name, ParamValue value) {
  for (auto& [n, v] : entries_) {
    if (n == name) {
      v = std::move(value);
      return;
    }
  }
  entries_.emplace_back(std::move(name), std::move(value));
}

bool ParamSet::erase(std::string_view name) {
  return std::erase_if(entries_, [name](const auto& entry) { return entry.first == name; }) > 0;
}

const ParamValue* ParamSet::find(std::string_view name) const {
  for (const auto& [n, v] : entries_)
    if (n == name) return &v;
  return nullptr;
}

}  // namespace yendor
