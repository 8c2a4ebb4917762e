#include "yendor/cli/replay_command.hpp"

#include <memory>
#include <ostream>

#include "yendor/core/error.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/replay.hpp"
#include "yendor/tui/play.hpp"

namespace yendor::cli {

int run_replay(const ReplayCommandOptions& options, std::ostream& out, std::ostream& log) {
  if (options.file.empty()) throw InputError("replay needs a replay file");
  game::Replay replay = game::read_replay(options.file);
  auto content = std::make_shared<const game::Content>(
      game::load_content(options.content.empty() ? game::default_content_dir() : options.content));
  if (!options.headless) {
    tui::view_replay_in_terminal(std::move(content), std::move(replay), options.file,
                                 {options.speed, options.paused});
    return 0;
  }
  const game::ReplayResult result = game::verify_replay(replay, std::move(content));
  // Not a divergence: the replay cannot be checked here (other content).
  if (!result.ok && !result.first_divergence)
    throw InputError(options.file + ": " + result.message);
  if (result.ok) {
    out << result.message << "\n";
    return 0;
  }
  log << "yendor: " << options.file << ": " << result.message << "\n";
  return 1;
}

}  // namespace yendor::cli
