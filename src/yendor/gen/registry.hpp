#pragma once
// Generators by name. builtin_generators() lists every generator Yendor ships, in the order
// `yendor gen list` prints them; a game may build its own registry and add its own.

#include <memory>
#include <string_view>
#include <vector>

#include "yendor/core/named_registry.hpp"
#include "yendor/gen/generator.hpp"

namespace yendor {

class GeneratorRegistry : public NamedRegistry<Generator> {
 public:
  GeneratorRegistry() : NamedRegistry("generator", "generators") {}
};

const GeneratorRegistry& builtin_generators();

// Factories, one per generator file.
std::unique_ptr<Generator> make_rooms_generator();
std::unique_ptr<Generator> make_bsp_generator();
std::unique_ptr<Generator> make_caves_generator();
std::unique_ptr<Generator> make_maze_generator();
std::unique_ptr<Generator> make_digger_generator();
std::unique_ptr<Generator> make_town_generator();
std::unique_ptr<Generator> make_wilderness_generator();
std::unique_ptr<Generator> make_genetic_generator();
std::unique_ptr<Generator> make_cyclic_generator();
std::unique_ptr<Generator> make_hall_generator();  // "dd"

}  // namespace yendor
