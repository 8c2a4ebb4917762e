#pragma once
// A JSON string literal for text (quotes, backslashes and control characters escaped), for
// the few places that write small JSON documents by hand (reports, the dungeon plan).

#include <string>
#include <string_view>

namespace yendor {

std::string json_string(std::string_view text);

}  // namespace yendor
