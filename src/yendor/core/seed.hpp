#pragma once
// Run seeds from user text. A string of decimal digits that fits in 64 bits is that number;
// any other text hashes to FNV-1a-64 of its UTF-8 bytes. Both are documented in
// docs/determinism.md and pinned by tests: a seed once shared must mean the same map forever.

#include <cstdint>
#include <string>
#include <string_view>

namespace yendor {

struct Seed {
  std::uint64_t value = 0;
  std::string text;  // the text it came from, when it was not a plain number

  bool from_text() const { return !text.empty(); }
};

Seed parse_seed(std::string_view text);

// A seed from the operating system's entropy, for a front end whose user gave none: the one
// place randomness enters from outside. The front end reports it, so the run can be made
// again; nothing inside a simulation may call it.
std::uint64_t fresh_seed();

}  // namespace yendor
