#pragma once
// A program run in a detached tmux session of a fixed size, driven as a person would: keys in
// (send-keys), the screen out (capture-pane). For the terminal game's end-to-end tests. Each
// session gets a server of its own (-L), killed when the object goes.

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "support/yendor_process_test.hpp"
#include "yendor/core/geometry.hpp"

namespace yendor::test {

inline bool have_tmux() {
  return std::system("tmux -V >/dev/null 2>&1") == 0;
}

class TmuxSession {
 public:
  // Starts `command` (a shell command line) in a `size` terminal. `name` keeps servers of
  // tests running at once apart.
  TmuxSession(const std::string& name, const std::string& command, Size size)
      : socket_("yendor_" + name + "_" + std::to_string(::getpid())) {
    run("kill-server >/dev/null 2>&1");
    ok_ = run("new-session -d -s main -x " + std::to_string(size.width) + " -y " +
              std::to_string(size.height) + " " + shell_quote(command)) == 0;
  }
  ~TmuxSession() { run("kill-server >/dev/null 2>&1"); }
  TmuxSession(const TmuxSession&) = delete;
  TmuxSession& operator=(const TmuxSession&) = delete;

  bool started() const { return ok_; }

  // tmux key names ("Enter", "Escape", "C-c", "Up") or literal text (literal = true).
  void keys(const std::string& keys, bool literal = false) {
    run(std::string("send-keys -t main ") + (literal ? "-l " : "") + shell_quote(keys));
  }
  void text(const std::string& t) { keys(t, true); }
  // The terminal changes size, as when the user drags the window.
  void resize(Size size) {
    run("resize-window -t main -x " + std::to_string(size.width) + " -y " +
        std::to_string(size.height));
  }

  // The visible screen, one line per row.
  std::string screen() const {
    std::string out;
    const std::string cmd = base() + " capture-pane -p -t main 2>/dev/null";
    if (FILE* pipe = ::popen(cmd.c_str(), "r")) {
      char buffer[4096];
      std::size_t n;
      while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
        out.append(buffer, n);
      ::pclose(pipe);
    }
    return out;
  }

  // Waits until the screen shows `needle` (true) or `limit` passes (false). A wait for the
  // program to get there, not a measure of its speed: the limit is generous.
  bool wait_for(const std::string& needle, std::chrono::seconds limit = std::chrono::seconds(20)) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
      if (screen().find(needle) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }
  // Whether the session's program has ended (its pane is gone).
  bool ended() const { return run("has-session -t main >/dev/null 2>&1") != 0; }
  // Waits until it has (true) or `limit` passes (false).
  bool wait_ended(std::chrono::seconds limit = std::chrono::seconds(20)) const {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
      if (ended()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

 private:
  std::string base() const { return "tmux -u -f /dev/null -L " + socket_; }
  int run(const std::string& args) const { return std::system((base() + " " + args).c_str()); }

  std::string socket_;
  bool ok_ = false;
};

}  // namespace yendor::test
