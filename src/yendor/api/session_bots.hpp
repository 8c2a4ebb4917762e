#pragma once
// The bots a protocol session made for bot_action (api/protocol_bots.hpp), per ruleset.

#include <map>
#include <memory>
#include <string>

namespace yendor::api {

template <typename Bot>
struct SessionBots {
  std::map<std::string, std::unique_ptr<Bot>> bots;  // by name and parameters
  std::map<std::string, long long> started_in;       // the episode each bot last started
  long long episode = 0;                             // counts the rules' resets
};

}  // namespace yendor::api
