#pragma once
// Generators by name. builtin_generators() lists every generator Yendor ships, in the order
// `yendor gen list` prints them; a game may build its own registry and add its own.

#include <memory>
#include <string_view>
#include <vector>

#include "yendor/gen/generator.hpp"

namespace yendor {

class GeneratorRegistry {
 public:
  void add(std::unique_ptr<Generator> generator);  // std::logic_error on a duplicate name
  const Generator* find(std::string_view name) const;
  // Throws InputError naming the unknown generator and listing the known ones.
  const Generator& get(std::string_view name) const;
  std::vector<const Generator*> all() const;

 private:
  std::vector<std::unique_ptr<Generator>> generators_;
};

const GeneratorRegistry& builtin_generators();

// Factories, one per generator file.
std::unique_ptr<Generator> make_rooms_generator();
std::unique_ptr<Generator> make_bsp_generator();

}  // namespace yendor
