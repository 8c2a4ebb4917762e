// Reading "[swarm.NAME]" entries: every field optional, every value checked against its
// range, the priority a permutation of the four rules.
#include "yendor/ai/swarm_params.hpp"

#include <array>

#include "yendor/core/toml_read.hpp"

namespace yendor::ai {
namespace {

constexpr std::array<std::string_view, k_swarm_rule_count> k_rule_names{"separation", "alignment",
                                                                        "cohesion", "avoidance"};

std::string rule_list() {
  std::string out;
  for (std::string_view n : k_rule_names)
    out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

int rule_index(std::string_view name) {
  for (std::size_t i = 0; i < k_rule_names.size(); ++i)
    if (k_rule_names[i] == name) return static_cast<int>(i);
  return -1;
}

void read_int(const TomlWhere& w, const toml::table& t, std::string_view key, int lo, int hi,
              int& out) {
  if (const toml::node* n = t.get(key)) out = as_int(w, *n, key, lo, hi);
}

void read_real(const TomlWhere& w, const toml::table& t, std::string_view key, double lo, double hi,
               double& out) {
  if (const toml::node* n = t.get(key)) out = as_real(w, *n, key, lo, hi);
}

void read_weights(const TomlWhere& w, const toml::node& node, SwarmParams& p) {
  const toml::table& t = as_table(w, node, "weights");
  check_known(w, t, {"separation", "alignment", "cohesion", "avoidance"}, "weights.");
  for (auto&& [key, value] : t) {
    const int i = rule_index(key.str());
    p.weights[static_cast<std::size_t>(i)] =
        as_real(w, value, "weights." + std::string(key.str()), 0.0, 10.0);
  }
}

void read_priority(const TomlWhere& w, const toml::node& node, SwarmParams& p) {
  const toml::array& a = as_array(w, node, "priority");
  if (a.size() != static_cast<std::size_t>(k_swarm_rule_count))
    w.fail(node, "priority",
           "all four rules in priority order expected (" + rule_list() + "), got " +
               std::to_string(a.size()) + " names");
  std::array<bool, k_swarm_rule_count> seen{};
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string name = as_text(w, a[i], "priority");
    const int r = rule_index(name);
    if (r < 0) w.fail(a[i], "priority", "unknown rule '" + name + "' (rules: " + rule_list() + ")");
    if (seen[static_cast<std::size_t>(r)]) w.fail(a[i], "priority", "rule '" + name + "' twice");
    seen[static_cast<std::size_t>(r)] = true;
    p.priority[i] = static_cast<SwarmRule>(r);
  }
}

}  // namespace

std::string_view to_string(SwarmRule rule) {
  return k_rule_names.at(static_cast<std::size_t>(rule));
}

SwarmParams parse_swarm_params(const toml::table& table, const TomlWhere& where,
                               const std::string& name) {
  check_known(where, table,
              {"perception", "flockmates", "flock_with", "separation_distance", "crowding",
               "weights", "priority", "budget", "inertia", "wander", "seek", "max_turn", "pace",
               "engage", "attack_adjacent", "flee_below", "ring", "slack", "patience"});
  SwarmParams p;
  p.name = name;
  read_int(where, table, "perception", 1, 30, p.perception);
  read_int(where, table, "flockmates", 1, k_max_flockmates, p.flockmates);
  if (const toml::node* n = table.get("flock_with")) {
    const std::string with = as_text(where, *n, "flock_with");
    if (with != "kin" && with != "any")
      where.fail(*n, "flock_with", "'kin' or 'any' expected, got '" + with + "'");
    p.kin_only = with == "kin";
  }
  read_int(where, table, "separation_distance", 1, 5, p.separation_distance);
  read_int(where, table, "crowding", 0, 8, p.crowding);
  if (const toml::node* n = table.get("weights")) read_weights(where, *n, p);
  if (const toml::node* n = table.get("priority")) read_priority(where, *n, p);
  read_real(where, table, "budget", 0.0, 40.0, p.budget);
  read_real(where, table, "inertia", 0.0, 10.0, p.inertia);
  read_real(where, table, "wander", 0.0, 10.0, p.wander);
  read_real(where, table, "seek", 0.0, 10.0, p.seek);
  read_int(where, table, "max_turn", 0, 4, p.max_turn);
  read_int(where, table, "pace", 1, 20, p.pace);
  read_int(where, table, "engage", 0, 1000, p.engage);
  if (const toml::node* n = table.get("attack_adjacent"))
    p.attack_adjacent = as_bool(where, *n, "attack_adjacent");
  if (const toml::node* n = table.get("flee_below"))
    p.flee_below = as_chance(where, *n, "flee_below");
  read_int(where, table, "ring", 1, 20, p.ring);
  read_int(where, table, "slack", 0, 20, p.slack);
  read_int(where, table, "patience", 1, 1000, p.patience);
  return p;
}

}  // namespace yendor::ai
