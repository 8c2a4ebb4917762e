#include "yendor/cli/subprocess.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

extern char** environ;

namespace yendor::cli {
namespace {

constexpr auto k_poll = std::chrono::milliseconds(50);
constexpr auto k_grace = std::chrono::seconds(3);  // between SIGTERM and SIGKILL

// Waits for `pid` until `deadline` (none when `limited` is false); true when it ended.
bool wait_until(pid_t pid, int& status, bool limited,
                std::chrono::steady_clock::time_point deadline,
                const std::function<void(double)>& waiting = nullptr) {
  const auto start = std::chrono::steady_clock::now();
  const bool poll = limited || waiting;
  while (true) {
    const pid_t done = waitpid(pid, &status, poll ? WNOHANG : 0);
    if (done == pid) return true;
    if (done < 0 && errno != EINTR) return true;
    const auto now = std::chrono::steady_clock::now();
    if (limited && now >= deadline) return false;
    if (waiting) waiting(std::chrono::duration<double>(now - start).count());
    if (poll) std::this_thread::sleep_for(k_poll);
  }
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& stdout_path,
                          double timeout_s, const std::function<void(double)>& waiting) {
  ProcessResult result;
  if (argv.empty()) {
    result.error = "no program to run";
    return result;
  }
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!stdout_path.empty())
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_path.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    result.error = "cannot run " + argv[0] + ": " + std::strerror(rc);
    return result;
  }
  result.started = true;
  const bool limited = timeout_s > 0;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<long long>(timeout_s * 1000));
  int status = 0;
  if (!wait_until(pid, status, limited, deadline, waiting)) {
    result.timed_out = true;
    kill(pid, SIGTERM);
    if (!wait_until(pid, status, true, std::chrono::steady_clock::now() + k_grace)) {
      kill(pid, SIGKILL);
      wait_until(pid, status, false, {});
    }
    return result;
  }
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.error = argv[0] + " was stopped by signal " + std::to_string(WTERMSIG(status));
  }
  return result;
}

bool program_found(const std::string& program) {
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && access((dir + "/" + program).c_str(), X_OK) == 0) return true;
  return false;
}

}  // namespace yendor::cli
