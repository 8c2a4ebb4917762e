#pragma once
// `yendor bot NAME --rules main`: games of the main rules played by a bot through api::Env
// (docs/bots.md), summed up like the dd games; `--watch` shows one game as the player's
// screen, frame by frame.

#include <iosfwd>
#include <string>

#include "yendor/cli/bot_command.hpp"

namespace yendor::cli {

// "12.50 %": `part` of `whole` (0 % of nothing), for both rules' summaries.
std::string percent_text(int part, int whole);

// Returns the exit code; InputError for options the main rules do not take.
int run_main_bot(const BotCommandOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
