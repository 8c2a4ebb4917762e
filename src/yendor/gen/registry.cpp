#include "yendor/gen/registry.hpp"

#include <stdexcept>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor {

void GeneratorRegistry::add(std::unique_ptr<Generator> generator) {
  if (find(generator->info().name) != nullptr)
    throw std::logic_error("GeneratorRegistry: duplicate generator " + generator->info().name);
  generators_.push_back(std::move(generator));
}

const Generator* GeneratorRegistry::find(std::string_view name) const {
  for (const auto& g : generators_)
    if (g->info().name == name) return g.get();
  return nullptr;
}

const Generator& GeneratorRegistry::get(std::string_view name) const {
  if (const Generator* g = find(name)) return *g;
  std::string known;
  for (const auto& g : generators_)
    known += (known.empty() ? "" : ", ") + g->info().name;
  throw InputError("unknown generator '" + std::string(name) + "' (generators: " + known + ")");
}

std::vector<const Generator*> GeneratorRegistry::all() const {
  std::vector<const Generator*> out;
  for (const auto& g : generators_)
    out.push_back(g.get());
  return out;
}

const GeneratorRegistry& builtin_generators() {
  static const GeneratorRegistry registry = [] {
    GeneratorRegistry r;
    r.add(make_rooms_generator());
    r.add(make_bsp_generator());
    return r;
  }();
  return registry;
}

}  // namespace yendor
