#pragma once
// The JSON side of protocol v1 (docs/protocol.md), shared by the main rules' ops
// (protocol.cpp) and the dd rules' (dd_protocol.cpp): the error a request gets, and readers
// whose errors name the field. Internal to the api module.

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yendor/core/geometry.hpp"

namespace yendor::api::protocol_json {

using json = nlohmann::ordered_json;  // replies keep "ok" and "id" first

// A problem with the request: its error code and one line saying what.
struct ProtocolError : std::runtime_error {
  std::string code;
  ProtocolError(std::string c, const std::string& message)
      : std::runtime_error(message), code(std::move(c)) {}
};

[[noreturn]] inline void bad_request(const std::string& message) {
  throw ProtocolError("bad_request", message);
}

inline std::string known_list(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

// ---- reading requests ----

inline const json* field(const json& request, const char* name) {
  const auto it = request.find(name);
  return it == request.end() ? nullptr : &*it;
}

inline long long integer_field(const json& value, const std::string& name, long long lo,
                               long long hi) {
  if (!value.is_number_integer()) bad_request("'" + name + "' must be an integer");
  const long long v =
      value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)
          ? hi + 1
          : value.get<long long>();
  if (v < lo || v > hi)
    bad_request("'" + name + "' " + value.dump() + " outside " + std::to_string(lo) + ".." +
                std::to_string(hi));
  return v;
}

inline std::string string_field(const json& value, const std::string& name) {
  if (!value.is_string()) bad_request("'" + name + "' must be a string");
  return value.get<std::string>();
}

inline Point point_field(const json& value, const std::string& name) {
  if (!value.is_array() || value.size() != 2 || !value[0].is_number_integer() ||
      !value[1].is_number_integer())
    bad_request("'" + name + "' must be [x, y] (two integers)");
  const auto x = integer_field(value[0], name, -100000, 100000);
  const auto y = integer_field(value[1], name, -100000, 100000);
  return {static_cast<int>(x), static_cast<int>(y)};
}

// Which of `names` the request's optional `fields` list asks for (all when it is absent).
inline std::vector<bool> fields_wanted(const json& request,
                                       std::span<const std::string_view> names) {
  std::vector<bool> wanted(names.size(), true);
  const json* fields = field(request, "fields");
  if (fields == nullptr) return wanted;
  if (!fields->is_array()) bad_request("'fields' must be a list of observation field names");
  std::fill(wanted.begin(), wanted.end(), false);
  for (const json& f : *fields) {
    if (!f.is_string()) bad_request("'fields' must be a list of observation field names");
    const auto it = std::find(names.begin(), names.end(), f.get<std::string>());
    if (it == names.end())
      bad_request("unknown observation field " + f.dump() + " (known: " + known_list(names) + ")");
    wanted[static_cast<std::size_t>(it - names.begin())] = true;
  }
  return wanted;
}

template <typename StepResult>
void write_step(const StepResult& r, json& reply) {
  reply["reward"] = r.reward;
  reply["terminated"] = r.terminated;
  reply["truncated"] = r.truncated;
  reply["refused"] = r.refused;
}

// The request's `seed` (an unsigned integer), 0 when absent.
inline std::uint64_t seed_field(const json& request) {
  const json* v = field(request, "seed");
  if (v == nullptr) return 0;
  if (!v->is_number_unsigned() && !(v->is_number_integer() && v->get<long long>() >= 0))
    bad_request("'seed' must be an unsigned integer");
  return v->get<std::uint64_t>();
}

// The request's `snapshot` id.
inline long long snapshot_field(const json& request) {
  const json* id = field(request, "snapshot");
  if (id == nullptr) bad_request("'snapshot' is missing");
  return integer_field(*id, "snapshot", 0, 1LL << 53);
}

// legal_actions' reply fields from a mask: the legal indices and the mask as 0/1 text.
template <typename Mask>
void write_mask(const Mask& mask, json& reply) {
  json actions = json::array();
  std::string bits(mask.size(), '0');
  for (std::size_t i = 0; i < mask.size(); ++i)
    if (mask[i] != 0) {
      actions.push_back(i);
      bits[i] = '1';
    }
  reply["actions"] = std::move(actions);
  reply["mask"] = std::move(bits);
}

// Steps `env` with a request's `action`: an index below `count`, a name (`index_of`: -1 when
// unknown) or an object (`read_object`: the rules' action); writes the step's reward,
// terminated, truncated and refused into `reply`.
template <typename Env, typename IndexOf, typename ReadObject>
void step_with(Env& env, const json& action, int count, IndexOf index_of, ReadObject read_object,
               json& reply) {
  if (action.is_number_integer()) {
    write_step(env.step(static_cast<int>(integer_field(action, "action", 0, count - 1))), reply);
  } else if (action.is_string()) {
    const int index = index_of(action.template get<std::string>());
    if (index < 0) bad_request("unknown action name " + action.dump());
    write_step(env.step(index), reply);
  } else if (action.is_object()) {
    write_step(env.step(read_object(action)), reply);
  } else {
    bad_request("'action' must be an index, a name or an object");
  }
}

inline std::string hex64(std::uint64_t v) {
  std::array<char, 17> text{};
  std::snprintf(text.data(), text.size(), "%016llx", static_cast<unsigned long long>(v));
  return std::string(text.data(), 16);
}

}  // namespace yendor::api::protocol_json
