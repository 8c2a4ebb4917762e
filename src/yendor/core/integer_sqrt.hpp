#pragma once
// The integer square root, exact where a double's square root may be off by one (large v).

#include <cmath>
#include <cstdint>

namespace yendor {

// Largest r >= 0 with r * r <= v (v >= 0).
inline std::int64_t integer_sqrt(std::int64_t v) {
  auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(v)));
  while (r * r > v)
    --r;
  while ((r + 1) * (r + 1) <= v)
    ++r;
  return r;
}

}  // namespace yendor
