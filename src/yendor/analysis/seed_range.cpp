#include "yendor/analysis/seed_range.hpp"

#include <charconv>
#include <optional>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor::analysis {

namespace {

std::optional<std::uint64_t> parse_number(std::string_view s) {
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc{} || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

SeedRange parse_seed_range(std::string_view text, std::string_view option) {
  const auto fail = [&](const std::string& why) {
    return InputError(std::string(option) +
                      " expects A..B with whole numbers A <= B, e.g. 1..1000" + why + "; got '" +
                      std::string(text) + "'");
  };
  const auto dots = text.find("..");
  const auto first = parse_number(text.substr(0, dots));
  const auto last = dots == std::string_view::npos ? first : parse_number(text.substr(dots + 2));
  if (!first || !last) throw fail("");
  if (*first > *last) throw fail(" (A is greater than B)");
  if (*last - *first >= k_max_seed_count)
    throw fail(" (at most " + std::to_string(k_max_seed_count) + " seeds)");
  return {*first, *last};
}

}  // namespace yendor::analysis
