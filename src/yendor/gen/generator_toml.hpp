#pragma once
// A generator and its parameters as data files name them (data/game/dungeon.toml's levels,
// data/dd/dungeon.toml): `generator = "rooms"` and `params = { ... }`, each parameter
// validated alone against the generator's schema so that an error names its own line.
// A module that includes this header links toml++ itself (as with core/toml_read.hpp).

#include <toml++/toml.h>

#include <string_view>

#include "yendor/core/geometry.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/core/toml_where.hpp"
#include "yendor/gen/generator.hpp"

namespace yendor {

// A parameter value as written: true/false, an integer, a real or text.
ParamValue toml_param_value(const TomlWhere& where, const toml::node& node, std::string_view field);

struct GeneratorChoice {
  const Generator* generator = nullptr;
  ParamSet params;  // the ones written (values as written, integers where a real is declared)
};

// Reads the required `generator` and the optional `params` of `table` for a level of `size`:
// an unknown generator or parameter, a value the schema rejects, a size the generator cannot
// make (the error ends with `size_note`) or parameters its cross-checks reject all fail
// through `where`.
GeneratorChoice read_generator_choice(const TomlWhere& where, const toml::table& table, Size size,
                                      std::string_view size_note);

}  // namespace yendor
