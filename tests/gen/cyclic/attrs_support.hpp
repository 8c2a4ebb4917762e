#pragma once
// Attribute sets for hand-built mission graphs in the cyclic tests.

#include <initializer_list>
#include <string>
#include <utility>

#include "yendor/core/param_value.hpp"

namespace yendor::cyclic::test {

inline ParamSet attrs(std::initializer_list<std::pair<const char*, ParamValue>> list) {
  ParamSet set;
  for (const auto& [name, value] : list)
    set.set(name, value);
  return set;
}

// The attributes of a node that has only a kind.
inline ParamSet kind(const char* k) {
  return attrs({{"kind", std::string(k)}});
}

}  // namespace yendor::cyclic::test
