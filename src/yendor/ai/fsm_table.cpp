// Reading "[fsm.NAME]" entries: two passes over the states, the first for their names (so a
// transition may name a state written after it), the second for behaviours and transitions.
#include "yendor/ai/fsm_table.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

#include "yendor/core/error.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::ai {
namespace {

constexpr std::array<std::string_view, 3> k_observation_names{"loud_noises", "regular", "extended"};
// Chances are written with a few decimals; this much over 1 is rounding, not a mistake.
constexpr double k_chance_slack = 1e-9;

std::string number_text(double v) {
  return yendor::to_string(ParamValue{v});
}

bool is_state_name(std::string_view s) {
  if (s.empty() || s.size() > 40) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

std::string known_states(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Reads the state names in the order written; fails on a bad or repeated name.
std::vector<std::string> read_names(const toml::array& states, const TomlWhere& where) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < states.size(); ++i) {
    const std::string prefix = "state[" + std::to_string(i + 1) + "].";
    const toml::table& t = as_table(where, states[i], "state[" + std::to_string(i + 1) + "]");
    const toml::node& n = required(where, t, "name", prefix);
    std::string name = as_text(where, n, prefix + "name");
    if (!is_state_name(name))
      where.fail(n, prefix + "name",
                 "a state name is 1 to 40 letters, digits, '_' or '-', got \"" + name + "\"");
    if (std::find(names.begin(), names.end(), name) != names.end())
      where.fail(n, prefix + "name", "state '" + name + "' is defined twice");
    names.push_back(std::move(name));
  }
  return names;
}

std::vector<Condition> read_when(const toml::node& node, const TomlWhere& where,
                                 const std::string& field) {
  std::vector<Condition> when;
  const auto read_one = [&](const toml::node& n) {
    const std::string text = as_text(where, n, field);
    try {
      when.push_back(parse_condition(text));
    } catch (const InputError& e) {
      where.fail(n, field, e.what());
    }
  };
  if (node.is_array()) {
    for (const toml::node& n : *node.as_array())
      read_one(n);
  } else if (node.is_string()) {
    read_one(node);
  } else {
    where.fail(node, field,
               "a condition or an array of conditions expected, got " + toml_type_name(node));
  }
  return when;
}

// "NAME" (certain) or "NAME:chance".
FsmOutcome read_outcome(const toml::node& node, const TomlWhere& where, const std::string& field,
                        const std::vector<std::string>& names,
                        const std::vector<int>& final_index) {
  const std::string text = as_text(where, node, field);
  const std::size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end())
    where.fail(node, field, "no state '" + name + "' (states: " + known_states(names) + ")");
  FsmOutcome outcome;
  outcome.target = final_index[static_cast<std::size_t>(it - names.begin())];
  outcome.probability = 1;
  if (colon == std::string::npos) return outcome;
  const std::string_view chance = std::string_view(text).substr(colon + 1);
  double p = 0;
  const auto [end, ec] = std::from_chars(chance.data(), chance.data() + chance.size(), p);
  if (chance.empty() || ec != std::errc{} || end != chance.data() + chance.size() ||
      !std::isfinite(p))
    where.fail(node, field,
               "a chance after ':' expected (\"" + name + ":0.2\"), got \"" + text + "\"");
  if (p < 0 || p > 1)
    where.fail(
        node, field,
        "a chance from 0 to 1 expected after ':', got " + number_text(p) + " in \"" + text + "\"");
  outcome.probability = p;
  return outcome;
}

std::vector<FsmOutcome> read_outcomes(const toml::node& node, const TomlWhere& where,
                                      const std::string& field,
                                      const std::vector<std::string>& names,
                                      const std::vector<int>& final_index) {
  std::vector<FsmOutcome> outcomes;
  if (node.is_string()) {
    outcomes.push_back(read_outcome(node, where, field, names, final_index));
    return outcomes;
  }
  if (!node.is_array())
    where.fail(node, field,
               "a state (\"NAME\" or \"NAME:chance\") or an array of them expected, got " +
                   toml_type_name(node));
  const toml::array& a = *node.as_array();
  if (a.empty()) where.fail(node, field, "at least one target state expected");
  double sum = 0;
  for (const toml::node& n : a) {
    const FsmOutcome o = read_outcome(n, where, field, names, final_index);
    for (const FsmOutcome& earlier : outcomes)
      if (earlier.target == o.target)
        where.fail(n, field, "a target state is named twice in one transition");
    sum += o.probability;
    outcomes.push_back(o);
  }
  if (sum > 1 + k_chance_slack)
    where.fail(node, field,
               "the chances add up to " + number_text(sum) +
                   ", more than 1 (what is left under 1 is the chance to stay)");
  return outcomes;
}

FsmTransition read_transition(const toml::node& node, const TomlWhere& where,
                              const std::string& prefix, const std::vector<std::string>& names,
                              const std::vector<int>& final_index) {
  const toml::table& t = as_table(where, node, prefix);
  const std::string dot = prefix + ".";
  check_known(where, t, {"when", "to", "priority", "after"}, dot);
  FsmTransition tr;
  if (const toml::node* n = t.get("when")) tr.when = read_when(*n, where, dot + "when");
  tr.outcomes = read_outcomes(required(where, t, "to", dot), where, dot + "to", names, final_index);
  if (const toml::node* n = t.get("priority"))
    tr.priority = as_int(where, *n, dot + "priority", -1000, 1000);
  if (const toml::node* n = t.get("after")) tr.after = as_int(where, *n, dot + "after", 0, 1000000);
  return tr;
}

FsmState read_state(const toml::table& t, const std::string& name, const TomlWhere& where,
                    const std::vector<std::string>& names, const std::vector<int>& final_index) {
  const std::string prefix = "state." + name + ".";
  check_known(where, t, {"name", "behaviour", "observe", "transitions"}, prefix);
  FsmState s;
  s.name = name;
  {
    const toml::node& n = required(where, t, "behaviour", prefix);
    const std::string text = as_text(where, n, prefix + "behaviour");
    try {
      s.behaviour = parse_behaviour(text);
    } catch (const InputError& e) {
      where.fail(n, prefix + "behaviour", e.what());
    }
  }
  if (const toml::node* n = t.get("observe")) {
    const std::string text = as_text(where, *n, prefix + "observe");
    try {
      s.observe = parse_observation(text);
    } catch (const InputError& e) {
      where.fail(*n, prefix + "observe", e.what());
    }
  }
  if (const toml::node* n = t.get("transitions")) {
    const toml::array& a = as_array(where, *n, prefix + "transitions");
    for (std::size_t i = 0; i < a.size(); ++i)
      s.transitions.push_back(read_transition(
          a[i], where, prefix + "transitions[" + std::to_string(i + 1) + "]", names, final_index));
  }
  std::stable_sort(
      s.transitions.begin(), s.transitions.end(),
      [](const FsmTransition& a, const FsmTransition& b) { return a.priority > b.priority; });
  return s;
}

}  // namespace

std::string_view to_string(Observation o) {
  return k_observation_names.at(static_cast<std::size_t>(o));
}

Observation parse_observation(std::string_view text) {
  for (std::size_t i = 0; i < k_observation_names.size(); ++i)
    if (k_observation_names[i] == text) return static_cast<Observation>(i);
  throw InputError("unknown observation level '" + std::string(text) +
                   "' (levels: loud_noises, regular, extended)");
}

int FsmTable::find_state(std::string_view state_name) const {
  for (std::size_t i = 0; i < states.size(); ++i)
    if (states[i].name == state_name) return static_cast<int>(i);
  return -1;
}

FsmTable parse_fsm_table(const toml::table& table, const TomlWhere& where,
                         const std::string& name) {
  check_known(where, table, {"initial", "loud", "state"});
  FsmTable fsm;
  fsm.name = name;
  if (const toml::node* n = table.get("loud")) fsm.loud = as_int(where, *n, "loud", 1, 1000);
  const toml::node& states_node = required(where, table, "state");
  const toml::array& states = as_array(where, states_node, "state");
  if (states.empty()) where.fail(states_node, "state", "at least one state expected");
  const std::vector<std::string> names = read_names(states, where);

  // The initial state goes first (Memory::state starts at 0); the others keep their order.
  std::size_t initial = 0;
  if (const toml::node* n = table.get("initial")) {
    const std::string text = as_text(where, *n, "initial");
    const auto it = std::find(names.begin(), names.end(), text);
    if (it == names.end())
      where.fail(*n, "initial", "no state '" + text + "' (states: " + known_states(names) + ")");
    initial = static_cast<std::size_t>(it - names.begin());
  }
  std::vector<int> final_index(names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    final_index[i] = i == initial ? 0 : static_cast<int>(i < initial ? i + 1 : i);

  fsm.states.resize(names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    fsm.states[static_cast<std::size_t>(final_index[i])] =
        read_state(*states[i].as_table(), names[i], where, names, final_index);
  return fsm;
}

}  // namespace yendor::ai
