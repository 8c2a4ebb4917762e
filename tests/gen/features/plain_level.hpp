#pragma once
// A generator's level with no feature pass, the baseline the feature-pass tests compare with.

#include <cstdint>

#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::test {

inline Level without_passes(const char* generator, std::uint64_t seed, Size size = {80, 50}) {
  return generate_level(builtin_generators().get(generator), size, seed, {});
}

}  // namespace yendor::test
