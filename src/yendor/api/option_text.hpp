#pragma once
// Environment options given as text (the protocol's and Python's option values): the shared
// number parser, whose error names the option.

#include <charconv>
#include <string>
#include <string_view>

#include "yendor/core/error.hpp"

namespace yendor::api {

template <typename T>
T option_number(std::string_view key, std::string_view value, T lo, T hi) {
  T v{};
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc{} || end != value.data() + value.size() || v < lo || v > hi)
    throw InputError("env: option " + std::string(key) + " must be an integer from " +
                     std::to_string(lo) + " to " + std::to_string(hi) + ", not '" +
                     std::string(value) + "'");
  return v;
}

}  // namespace yendor::api
