#pragma once
// The dd rules' side of protocol v1 (docs/protocol.md, "The dd rules"): the ops a session
// runs while it plays the Desktop Dungeons ruleset, and bot_action. Internal to the api module.

#include <string>

#include "yendor/api/protocol.hpp"
#include "yendor/api/protocol_json.hpp"

namespace yendor::api {

struct DdSessionOps {
  // Whether `op` of `request` is for the dd rules: a reset asking for them (or keeping them),
  // any other op while the session plays them, and bot_action.
  static bool wants(const Session& s, const std::string& op, const protocol_json::json& request);
  static void dispatch(Session& s, const std::string& op, const protocol_json::json& request,
                       protocol_json::json& reply);
  // What hello adds for the dd rules.
  static void hello(Session& s, protocol_json::json& reply);
};

}  // namespace yendor::api
