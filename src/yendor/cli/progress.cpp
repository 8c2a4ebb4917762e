#include "yendor/cli/progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace yendor::cli {
namespace {

constexpr int k_bar_cells = 24;
constexpr int k_line_width = 79;  // the widest line the bar draws, so it never wraps at 80
constexpr auto k_redraw = std::chrono::milliseconds(100);

}  // namespace

std::string clock_text(double seconds) {
  const long total = std::lround(std::max(0.0, seconds));
  char text[32];
  if (total >= 3600)
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
  return text;
}

std::string Progress::bar_text(double done, double total, double elapsed_s, std::string_view what,
                               int width) {
  const double share = total > 0 ? std::clamp(done / total, 0.0, 1.0) : 0.0;
  const int filled = static_cast<int>(share * k_bar_cells);
  std::string line = "[" + std::string(static_cast<std::size_t>(filled), '#') +
                     std::string(static_cast<std::size_t>(k_bar_cells - filled), '.') + "] ";
  char percent[16];
  std::snprintf(percent, sizeof percent, "%3d%% ", static_cast<int>(share * 100));
  line += percent;
  // The time left once there is something to go on: the rate so far, over the work left.
  if (share > 0 && share < 1)
    line += clock_text(elapsed_s / share * (1 - share)) + " left ";
  else
    line += clock_text(elapsed_s) + " ";
  line += what;
  if (width > 0 && static_cast<int>(line.size()) > width)
    line.resize(static_cast<std::size_t>(width));
  return line;
}

Progress::Progress(std::ostream& log, bool terminal, std::string title, double total)
    : log_(log),
      terminal_(terminal),
      title_(std::move(title)),
      total_(total),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() {
  finish();
}

void Progress::running(std::string_view what) {
  what_ = std::string(what);
  if (terminal_) draw();
}

void Progress::advance(double work, std::string_view line) {
  done_ += work;
  if (!terminal_) {
    if (!line.empty()) log_ << title_ << ": " << line << "\n" << std::flush;
    return;
  }
  if (!line.empty()) {
    // The finished step's line replaces the bar, which is drawn again below it.
    log_ << "\r\x1b[K" << title_ << ": " << line << "\n";
    drawn_ = false;
  }
  draw();
}

void Progress::draw() {
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < k_redraw) return;
  last_draw_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const int room = k_line_width - static_cast<int>(title_.size()) - 2;
  log_ << "\r\x1b[K" << title_ << ": " << bar_text(done_, total_, elapsed, what_, room)
       << std::flush;
  drawn_ = true;
}

void Progress::finish() {
  if (terminal_ && drawn_) log_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace yendor::cli
