#pragma once
// The parts of a bot genome file both rulesets' genomes share (docs/bots.md): a table of
// strategies, each `name = { priority = P, on = true }`, and numbers written short.

#include <toml++/toml.h>

#include <array>
#include <cstdio>
#include <string>
#include <string_view>

#include "yendor/core/toml_read.hpp"

namespace yendor::api::bots {

inline std::string genome_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

template <std::size_t N>
std::string int_list(const std::array<int, N>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < N; ++i)
    out += (i > 0 ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

template <std::size_t N>
void write_strategies(std::string& out, std::string_view table,
                      const std::array<std::string_view, N>& names,
                      const std::array<double, N>& priority, const std::array<bool, N>& on) {
  out += "\n[" + std::string(table) + "]\n";
  for (std::size_t i = 0; i < N; ++i)
    out += std::string(names[i]) + " = { priority = " + genome_number(priority[i]) +
           ", on = " + (on[i] ? "true" : "false") + " }\n";
}

template <std::size_t N>
void read_strategies(const TomlWhere& w, const toml::table& root, std::string_view table,
                     const std::array<std::string_view, N>& names, std::array<double, N>& priority,
                     std::array<bool, N>& on) {
  priority.fill(0);
  on.fill(false);
  const toml::node* node = root.get(table);
  if (node == nullptr) return;
  const toml::table& t = as_table(w, *node, table);
  for (auto&& [key, value] : t) {
    const std::string field = std::string(table) + "." + std::string(key.str());
    std::size_t i = 0;
    while (i < N && names[i] != key.str())
      ++i;
    if (i == N) w.fail(value, field, "unknown strategy");
    const toml::table& s = as_table(w, value, field);
    check_known(w, s, {"priority", "on"}, field + ".");
    priority[i] = as_real(w, required(w, s, "priority", field + "."), field + ".priority", 0, 1);
    on[i] = s.get("on") == nullptr || as_bool(w, *s.get("on"), field + ".on");
  }
}

}  // namespace yendor::api::bots
