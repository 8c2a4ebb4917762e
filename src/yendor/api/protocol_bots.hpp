#pragma once
// The protocol's bot_action (docs/protocol.md) for both rules' ops: the bot a request names,
// with its parameters, made once per session (reused by name and parameters) and started
// again on each new episode. Internal to the api module.

#include <map>
#include <memory>
#include <string>

#include "yendor/api/bots/registry.hpp"
#include "yendor/api/protocol_json.hpp"
#include "yendor/api/session_bots.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::protocol_json {

// The bot of `request` ('bot', optional 'params'), started on `env`'s episode; `make(name,
// params)` makes a new one. bad_request for a missing or unknown bot or bad parameters.
template <typename Bot, typename Env, typename Make>
Bot& requested_bot(const json& request, SessionBots<Bot>& session, Env& env, Make make) {
  const json* name_value = field(request, "bot");
  if (name_value == nullptr) bad_request("'bot_action' needs 'bot' (a bot's name)");
  const std::string name = string_field(*name_value, "bot");
  ParamSet params;
  std::string key = name;
  if (const json* p = field(request, "params")) {
    if (!p->is_object()) bad_request("'params' must be an object");
    RawParams raw;
    for (const auto& [k, v] : p->items())
      raw.emplace_back(k, v.is_string() ? v.template get<std::string>() : v.dump());
    key += p->dump();
    try {
      params = bots::builtin_bots().get(name).info().schema.parse(name, raw);
    } catch (const InputError& e) {
      bad_request(e.what());
    }
  }
  auto it = session.bots.find(key);
  if (it == session.bots.end()) {
    if (session.bots.size() >= 16) session.bots.clear();  // a bound on what a client can make
    try {
      it = session.bots.emplace(key, make(name, params)).first;
    } catch (const InputError& e) {
      bad_request(e.what());
    }
  }
  if (session.started_in[key] != session.episode) {
    it->second->start(env);
    session.started_in[key] = session.episode;
  }
  return *it->second;
}

}  // namespace yendor::api::protocol_json
