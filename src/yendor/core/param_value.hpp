#pragma once
// Typed parameter values, as generators declare them and levels record them.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace yendor {

using ParamValue = std::variant<bool, std::int64_t, double, std::string>;

// Canonical text of a value: true/false, decimal integers, shortest round-trip reals.
std::string to_string(const ParamValue& value);

// Named values in a fixed (declaration) order.
class ParamSet {
 public:
  void set(std::string name, ParamValue value);
  // Removes a value; false when there was none.
  bool erase(std::string_view name);
  bool contains(std::string_view name) const { return find(name) != nullptr; }
  const ParamValue* find(std::string_view name) const;

  // Typed access; throws std::logic_error on a missing name or a wrong type (a programming
  // error: validated sets always hold every declared parameter with its declared type).
  bool get_bool(std::string_view name) const { return get<bool>(name); }
  std::int64_t get_int(std::string_view name) const { return get<std::int64_t>(name); }
  double get_real(std::string_view name) const { return get<double>(name); }
  const std::string& get_string(std::string_view name) const { return get<std::string>(name); }

  const std::vector<std::pair<std::string, ParamValue>>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }
  bool operator==(const ParamSet&) const = default;

 private:
  template <typename T>
  const T& get(std::string_view name) const {
    const ParamValue* v = find(name);
    if (v == nullptr) throw std::logic_error("ParamSet: no parameter '" + std::string(name) + "'");
    const T* typed = std::get_if<T>(v);
    if (typed == nullptr)
      throw std::logic_error("ParamSet: parameter '" + std::string(name) + "' has another type");
    return *typed;
  }

  std::vector<std::pair<std::string, ParamValue>> entries_;
};

}  // namespace yendor
