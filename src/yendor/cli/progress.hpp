#pragma once
// Progress of a long run on the log: on a terminal, one line redrawn in place with a bar, the
// share done, the time left (from the work done so far) and what is running; otherwise
// plain lines, one per finished step, that a file or a pipe keeps readable.

#include <chrono>
#include <iosfwd>
#include <string>
#include <string_view>

namespace yendor::cli {

class Progress {
 public:
  // `total` is the expected work in any unit (cells times repetitions, runs...).
  Progress(std::ostream& log, bool terminal, std::string title, double total);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // What runs now (the bar's last field; nothing printed otherwise).
  void running(std::string_view what);
  // `work` more done; `line` is the finished step's plain line (kept above the bar).
  void advance(double work, std::string_view line = {});
  // Ends the bar's line (called by the destructor too).
  void finish();

  // "42%", "1:05 left" and so on, for the tests.
  static std::string bar_text(double done, double total, double elapsed_s, std::string_view what,
                              int width);

 private:
  void draw();

  std::ostream& log_;
  bool terminal_;
  std::string title_;
  double total_;
  double done_ = 0;
  std::string what_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_{};
  bool drawn_ = false;
};

// "0:42", "12:05", "1:02:03".
std::string clock_text(double seconds);

}  // namespace yendor::cli
