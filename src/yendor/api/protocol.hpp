#pragma once
// Protocol v1 (docs/protocol.md): one JSON request in, one JSON reply out, for one
// connection's environment. Transport-free: the stdio, TCP and WebSocket servers
// (api/server.hpp) only move text, so every rule of the protocol is here and tested without
// a socket. Nothing a client sends can crash it: every problem is an error reply and the
// session stays usable.

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "yendor/api/bots/dd_bot.hpp"
#include "yendor/api/bots/main_bot.hpp"
#include "yendor/api/dd_env.hpp"
#include "yendor/api/env.hpp"
#include "yendor/api/session_bots.hpp"
#include "yendor/dd/content.hpp"
#include "yendor/game/content.hpp"

namespace yendor::api {

inline constexpr int k_protocol_version = 1;
inline constexpr std::size_t k_max_snapshots = 64;

class Session {
 public:
  // `dd_content` is the Desktop Dungeons ruleset's (rules = dd); when none is given it is
  // loaded from data/dd on the first use.
  explicit Session(std::shared_ptr<const game::Content> content,
                   std::shared_ptr<const dd::Content> dd_content = nullptr);

  // The reply to one message (a line or a frame without its end), as one line of JSON.
  std::string handle(std::string_view message);
  // True once the client said `close`: the transport sends the reply, then hangs up.
  bool closed() const { return closed_; }

  // An error reply for problems the transport finds itself (too_large, too_many_connections).
  static std::string error_reply(std::string_view code, std::string_view message);

 private:
  friend struct SessionOps;    // the ops, in protocol.cpp (JSON stays out of this header)
  friend struct DdSessionOps;  // the dd rules' ops, in dd_protocol.cpp

  std::shared_ptr<const game::Content> content_;
  EnvOptions options_;
  Env env_;
  std::map<long long, Env> snapshots_;
  long long next_snapshot_ = 1;
  bool closed_ = false;
  // The dd rules (docs/dd.md): the session plays them from a reset with rules dd until a reset
  // with rules main.
  bool dd_ = false;
  std::shared_ptr<const dd::Content> dd_content_;
  DdEnvOptions dd_options_;
  std::unique_ptr<DdEnv> dd_env_;
  std::map<long long, DdEnv> dd_snapshots_;
  SessionBots<bots::DdBot> dd_bots_;
  SessionBots<bots::MainBot> main_bots_;
};

}  // namespace yendor::api
