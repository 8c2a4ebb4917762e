#pragma once
// Running another program from a command (the report's peers and plot script): its output to a
// file, its errors to ours, and a wall-clock limit after which it is stopped.

#include <functional>
#include <string>
#include <vector>

namespace yendor::cli {

struct ProcessResult {
  bool started = false;    // false: the program could not be run (`error` says why)
  bool timed_out = false;  // stopped at the limit (SIGTERM, then SIGKILL)
  int exit_code = -1;      // when it exited by itself; -1 after a signal
  std::string error;
};

// Runs argv[0] (searched on PATH) with standard output to `stdout_path` (empty: ours) and
// standard error to ours; waits at most `timeout_s` seconds (0: no limit), calling `waiting`
// (if set) with the seconds elapsed about 20 times a second meanwhile.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdout_path,
                          double timeout_s, const std::function<void(double)>& waiting = nullptr);

// Whether `program` is found on PATH (or is an executable path).
bool program_found(const std::string& program);

}  // namespace yendor::cli
