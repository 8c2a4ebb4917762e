#include "yendor/ai/brain.hpp"

namespace yendor::ai {

const BrainRegistry& builtin_brains() {
  static const BrainRegistry registry = [] {
    BrainRegistry r;
    r.add(make_chase_brain());
    return r;
  }();
  return registry;
}

}  // namespace yendor::ai
