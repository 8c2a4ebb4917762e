#pragma once
// `yendor replay FILE --headless`: re-runs a recorded game from its seed and checks every
// state check and the end (game/replay.hpp).

#include <iosfwd>
#include <string>

namespace yendor::cli {

struct ReplayCommandOptions {
  std::string file;
  bool headless = false;
  std::string content;  // content directory; empty = the shipped content
};

// Exit code: 0 when the replay reaches the recorded end ("replay ok: ..." on `out`), 1 when
// it diverges (the divergence line on `log`). A bad file or bad options: InputError / IoError.
int run_replay(const ReplayCommandOptions& options, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
