#pragma once
// Random parameter sets inside a schema's declared ranges, for "any accepted values give a
// valid level or a clear error" tests. Each parameter is set with probability 0.6; integers
// are mostly small (ranges reach far beyond what a small map can hold), sometimes the maximum.

#include <algorithm>
#include <cstdint>

#include "yendor/core/param_schema.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::test {

inline ParamSet random_params(const ParamSchema& schema, Rng& rng) {
  ParamSet p;
  for (const ParamSpec& spec : schema.specs()) {
    if (!rng.chance(0.6)) continue;
    switch (spec.type) {
      case ParamType::boolean:
        p.set(spec.name, rng.chance(0.5));
        break;
      case ParamType::integer: {
        const auto lo = static_cast<std::int64_t>(*spec.min);
        const auto hi = std::min<std::int64_t>(static_cast<std::int64_t>(*spec.max), lo + 40);
        p.set(spec.name, rng.chance(0.02) ? static_cast<std::int64_t>(*spec.max)
                                          : lo + rng.range(0, static_cast<int>(hi - lo)));
        break;
      }
      case ParamType::real:
        p.set(spec.name, rng.real(*spec.min, *spec.max));
        break;
      case ParamType::choice:
        p.set(spec.name, rng.pick(spec.choices));
        break;
      case ParamType::text:  // free text (a B/S rule...) keeps its default
        break;
    }
  }
  return p;
}

}  // namespace yendor::test
