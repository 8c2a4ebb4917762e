#include "yendor/core/seed.hpp"

#include <charconv>
#include <random>

#include "yendor/core/hash.hpp"

namespace yendor {

Seed parse_seed(std::string_view text) {
  std::uint64_t number = 0;
  const char* end = text.data() + text.size();
  if (!text.empty() && text.front() != '+' && text.front() != '-') {
    auto [ptr, ec] = std::from_chars(text.data(), end, number);
    if (ec == std::errc{} && ptr == end) return {number, {}};
  }
  return {fnv1a64(text), std::string(text)};
}

std::uint64_t fresh_seed() {
  std::random_device device;
  return (std::uint64_t{device()} << 32) ^ device();
}

}  // namespace yendor
