#include "yendor/gen/generator_toml.hpp"

#include <string>
#include <vector>

#include "yendor/core/toml_read.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& s : names)
    out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

ParamValue toml_param_value(const TomlWhere& where, const toml::node& node,
                            std::string_view field) {
  if (node.is_boolean()) return node.as_boolean()->get();
  if (node.is_integer()) return std::int64_t{node.as_integer()->get()};
  if (node.is_floating_point()) return node.as_floating_point()->get();
  if (node.is_string()) return std::string(node.as_string()->get());
  where.fail(node, field, "true/false, a number or text expected, got " + toml_type_name(node));
}

GeneratorChoice read_generator_choice(const TomlWhere& w, const toml::table& t, Size size,
                                      std::string_view size_note) {
  GeneratorChoice choice;
  const toml::node& gen_node = required(w, t, "generator");
  const std::string name = as_text(w, gen_node, "generator");
  choice.generator = builtin_generators().find(name);
  if (choice.generator == nullptr) {
    std::vector<std::string> names;
    for (const Generator* g : builtin_generators().all())
      names.push_back(g->info().name);
    w.fail(gen_node, "generator",
           "unknown generator \"" + name + "\" (generators: " + join(names) + ")");
  }
  const GeneratorInfo& info = choice.generator->info();
  try {
    check_level_size(info, size);
  } catch (const InputError& e) {
    w.fail(gen_node, "generator", std::string(e.what()) + " (" + std::string(size_note) + ")");
  }
  // Each parameter is validated alone against the generator's schema, so an error names its
  // line; values are stored as written, except integers where a real is declared.
  if (const toml::node* n = t.get("params")) {
    const toml::table& params = as_table(w, *n, "params");
    for (auto&& [key, value] : params) {
      const std::string field = "params." + std::string(key.str());
      if (info.schema.find(key.str()) == nullptr) {
        std::vector<std::string> names;
        for (const ParamSpec& spec : info.schema.specs())
          names.push_back(spec.name);
        w.fail(value, field,
               "generator '" + info.name + "' has no parameter '" + std::string(key.str()) +
                   "' (parameters: " + join(names) + ")");
      }
      ParamSet one;
      one.set(std::string(key.str()), toml_param_value(w, value, field));
      try {
        const ParamSet checked = info.schema.validate(info.name, one);
        choice.params.set(std::string(key.str()), *checked.find(key.str()));
      } catch (const InputError& e) {
        w.fail(value, field, e.what());
      }
    }
  }
  // Checks across parameters and the size (cyclic's cell against the map).
  try {
    choice.generator->check(info.schema.validate(info.name, choice.params), size);
  } catch (const InputError& e) {
    w.fail(t.get("params") != nullptr ? *t.get("params") : gen_node, "params", e.what());
  }
  return choice;
}

}  // namespace yendor
