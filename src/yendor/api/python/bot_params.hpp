#pragma once
// Keyword arguments as option and bot-parameter text, for both rules' parts of the Python
// module (module.cpp, dd_module.cpp): strings, integers and booleans; None is the default.

#include <pybind11/pybind11.h>

#include <string>

#include "yendor/api/bots/registry.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api {

inline std::string option_text(const pybind11::handle& value, const std::string& key) {
  namespace py = pybind11;
  if (value.is_none()) return key == "max_steps" ? "0" : "";
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::str>(value) || py::isinstance<py::int_>(value)) return py::str(value);
  throw InputError("option " + key + " must be a string, an integer or a boolean");
}

// A bot's parameters from keyword arguments, checked against its schema.
inline ParamSet read_bot_params(const std::string& name, const pybind11::dict& d) {
  RawParams raw;
  for (const auto& [key_object, value] : d) {
    const std::string key = pybind11::str(key_object);
    raw.emplace_back(key, option_text(value, key));
  }
  return bots::builtin_bots().get(name).info().schema.parse(name, raw);
}

}  // namespace yendor::api
