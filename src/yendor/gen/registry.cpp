#include "yendor/gen/registry.hpp"

#include <stdexcept>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor {

const GeneratorRegistry& builtin_generators() {
  static const GeneratorRegistry registry = [] {
    GeneratorRegistry r;
    r.add(make_rooms_generator());
    r.add(make_bsp_generator());
    r.add(make_caves_generator());
    r.add(make_maze_generator());
    r.add(make_digger_generator());
    r.add(make_town_generator());
    r.add(make_wilderness_generator());
    r.add(make_genetic_generator());
    r.add(make_cyclic_generator());
    r.add(make_hall_generator());
    return r;
  }();
  return registry;
}

}  // namespace yendor
