#pragma once
// `yendor replay FILE`: a recorded game (game/replay.hpp) played back in the terminal at a
// chosen speed (tui/replay_screen.hpp), or with --headless re-run from its seed with every
// state check and the end verified.

#include <iosfwd>
#include <string>

namespace yendor::cli {

struct ReplayCommandOptions {
  std::string file;
  bool headless = false;
  std::string content;  // content directory; empty = the shipped content
  double speed = 10;    // actions per second in the viewer
  bool paused = false;  // the viewer starts paused
};

// Headless: exit code 0 when the replay reaches the recorded end ("replay ok: ..." on `out`),
// 1 when it diverges (the divergence line on `log`). The viewer: 0 when it is closed. A bad
// file, bad options or no terminal: InputError / IoError.
int run_replay(const ReplayCommandOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
