#pragma once
// A uniformly random cell of a map, for property tests over random maps.

#include "yendor/core/geometry.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::test {

inline Point random_cell(Rng& rng, Size size) {
  return {rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
}

}  // namespace yendor::test
