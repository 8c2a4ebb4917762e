#include "yendor/core/param_schema.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "yendor/core/error.hpp"

namespace yendor {

namespace {

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += sep;
    out += items[i];
  }
  return out;
}

std::string number_text(double v) {
  return to_string(ParamValue{v});
}

std::string bound_text(const ParamSpec& spec, double v) {
  return spec.type == ParamType::integer ? std::to_string(static_cast<std::int64_t>(v))
                                         : number_text(v);
}

[[noreturn]] void fail(std::string_view owner, const std::string& message) {
  throw InputError(std::string(owner) + ": " + message);
}

std::optional<bool> parse_bool(std::string_view s) {
  if (s == "true" || s == "1" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "0" || s == "no" || s == "off") return false;
  return std::nullopt;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
  std::int64_t v = 0;
  const char* begin = s.data();
  if (!s.empty() && s.front() == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, s.data() + s.size(), v);
  if (s.empty() || ec != std::errc{} || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<double> parse_real(std::string_view s) {
  double v = 0;
  const char* begin = s.data();
  if (!s.empty() && s.front() == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, s.data() + s.size(), v);
  if (s.empty() || ec != std::errc{} || ptr != s.data() + s.size() || !std::isfinite(v))
    return std::nullopt;
  return v;
}

}  // namespace

std::string_view to_string(ParamType type) {
  switch (type) {
    case ParamType::boolean:
      return "bool";
    case ParamType::integer:
      return "integer";
    case ParamType::real:
      return "real";
    case ParamType::choice:
      return "choice";
    case ParamType::text:
      return "text";
  }
  return "?";
}

std::string ParamSpec::describe() const {
  std::string out = std::string(to_string(type)) + " " + to_string(default_value);
  if (type == ParamType::choice) out += " {" + join(choices, "|") + "}";
  if (min && max) out += " [" + bound_text(*this, *min) + ".." + bound_text(*this, *max) + "]";
  return out;
}

ParamSchema& ParamSchema::add(ParamSpec spec) {
  if (find(spec.name) != nullptr)
    throw std::logic_error("ParamSchema: duplicate parameter " + spec.name);
  specs_.push_back(std::move(spec));
  return *this;
}

ParamSchema& ParamSchema::add_bool(std::string name, bool fallback, std::string help) {
  return add({std::move(name), ParamType::boolean, fallback, {}, {}, {}, std::move(help), {}});
}

ParamSchema& ParamSchema::add_int(std::string name, std::int64_t fallback, std::int64_t min,
                                  std::int64_t max, std::string help) {
  return add({std::move(name),
              ParamType::integer,
              fallback,
              static_cast<double>(min),
              static_cast<double>(max),
              {},
              std::move(help),
              {}});
}

ParamSchema& ParamSchema::add_real(std::string name, double fallback, double min, double max,
                                   std::string help) {
  return add({std::move(name), ParamType::real, fallback, min, max, {}, std::move(help), {}});
}

ParamSchema& ParamSchema::add_choice(std::string name, std::string fallback,
                                     std::vector<std::string> choices, std::string help) {
  return add({std::move(name),
              ParamType::choice,
              std::move(fallback),
              {},
              {},
              std::move(choices),
              std::move(help),
              {}});
}

ParamSchema& ParamSchema::add_string(std::string name, std::string fallback, std::string help,
                                     std::function<std::string(std::string_view)> check) {
  if (check) {
    if (const std::string problem = check(fallback); !problem.empty())
      throw std::logic_error("ParamSchema: default of " + name + " " + problem);
  }
  return add({std::move(name),
              ParamType::text,
              std::move(fallback),
              {},
              {},
              {},
              std::move(help),
              std::move(check)});
}

const ParamSpec* ParamSchema::find(std::string_view name) const {
  for (const auto& s : specs_)
    if (s.name == name) return &s;
  return nullptr;
}

ParamSet ParamSchema::defaults() const {
  ParamSet out;
  for (const auto& s : specs_)
    out.set(s.name, s.default_value);
  return out;
}

void ParamSchema::check_value(std::string_view owner, const ParamSpec& spec,
                              const ParamValue& value) const {
  const std::string where = "parameter '" + spec.name + "'";
  double number = 0;
  switch (spec.type) {
    case ParamType::boolean:
      return;
    case ParamType::integer:
      number = static_cast<double>(std::get<std::int64_t>(value));
      break;
    case ParamType::real:
      number = std::get<double>(value);
      break;
    case ParamType::choice: {
      const auto& s = std::get<std::string>(value);
      for (const auto& c : spec.choices)
        if (c == s) return;
      fail(owner, where + " must be one of " + join(spec.choices, ", ") + "; got '" + s + "'");
    }
    case ParamType::text: {
      const auto& s = std::get<std::string>(value);
      if (spec.check_text) {
        if (const std::string problem = spec.check_text(s); !problem.empty())
          fail(owner, where + " " + problem + "; got '" + s + "'");
      }
      return;
    }
  }
  if (spec.min && number < *spec.min)
    fail(owner,
         where + " = " + to_string(value) + " is below the minimum " + bound_text(spec, *spec.min));
  if (spec.max && number > *spec.max)
    fail(owner,
         where + " = " + to_string(value) + " is above the maximum " + bound_text(spec, *spec.max));
}

ParamSet ParamSchema::parse(std::string_view owner, const RawParams& raw) const {
  ParamSet values;
  for (const auto& [name, text] : raw) {
    const ParamSpec* spec = find(name);
    if (spec == nullptr) {
      std::vector<std::string> names;
      for (const auto& s : specs_)
        names.push_back(s.name);
      fail(owner, "unknown parameter '" + name + "' (parameters: " +
                      (names.empty() ? std::string("none") : join(names, ", ")) + ")");
    }
    const std::string where = "parameter '" + name + "'";
    switch (spec->type) {
      case ParamType::boolean:
        if (auto b = parse_bool(text)) {
          values.set(name, *b);
          break;
        }
        fail(owner, where + " must be true or false; got '" + text + "'");
      case ParamType::integer:
        if (auto i = parse_int(text)) {
          values.set(name, *i);
          break;
        }
        fail(owner, where + " must be an integer; got '" + text + "'");
      case ParamType::real:
        if (auto r = parse_real(text)) {
          values.set(name, *r);
          break;
        }
        fail(owner, where + " must be a number; got '" + text + "'");
      case ParamType::choice:
      case ParamType::text:
        values.set(name, text);
        break;
    }
  }
  return validate(owner, values);
}

ParamSet ParamSchema::validate(std::string_view owner, const ParamSet& values) const {
  ParamSet out = defaults();
  for (const auto& [name, value] : values.entries()) {
    const ParamSpec* spec = find(name);
    if (spec == nullptr) fail(owner, "unknown parameter '" + name + "'");
    ParamValue typed = value;
    const bool is_int = std::holds_alternative<std::int64_t>(value);
    if (spec->type == ParamType::real && is_int)
      typed = static_cast<double>(std::get<std::int64_t>(value));
    const bool type_ok =
        (spec->type == ParamType::boolean && std::holds_alternative<bool>(typed)) ||
        (spec->type == ParamType::integer && is_int) ||
        (spec->type == ParamType::real && std::holds_alternative<double>(typed)) ||
        ((spec->type == ParamType::choice || spec->type == ParamType::text) &&
         std::holds_alternative<std::string>(typed));
    if (!type_ok)
      fail(owner, "parameter '" + name + "' must be of type " + std::string(to_string(spec->type)));
    if (spec->type == ParamType::real && !std::isfinite(std::get<double>(typed)))
      fail(owner, "parameter '" + name + "' must be a finite number");
    check_value(owner, *spec, typed);
    out.set(name, std::move(typed));
  }
  return out;
}

}  // namespace yendor
