#pragma once
// What a screen draws: a grid of cells, each a character and a style, which the terminal
// (tui/terminal.hpp) shows and tests read back as text. Screens never call ncurses; they draw
// on a Canvas, so every screen can be tested without a terminal, and a test can ask whether
// anything fell outside (clipped()) to prove a screen fits 80x24.
//
// Every code point takes one column (the TUI draws ASCII, Latin letters and box and block
// symbols, never double-width scripts).

#include <climits>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::tui {

struct Style {
  Rgb fg{200, 200, 200};
  Rgb bg{0, 0, 0};
  bool bold = false;
  bool reverse = false;
  bool operator==(const Style&) const = default;
};

struct Cell {
  char32_t ch = U' ';
  Style style;
  bool operator==(const Cell&) const = default;
};

class Canvas {
 public:
  // Blank cells; a negative side counts as 0.
  explicit Canvas(Size size);

  Size size() const { return size_; }
  int width() const { return size_.width; }
  int height() const { return size_.height; }
  bool in_bounds(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }

  // Outside the canvas nothing is drawn and clipped() counts it.
  void put(Point p, char32_t ch, Style style = {});
  // UTF-8 text from `p` rightwards, at most `max_width` columns (the rest is cut, silently: the
  // caller chose the width), clipped and counted at the canvas edge. Invalid bytes draw as
  // U+FFFD. Returns the columns it took.
  int text(Point p, std::string_view utf8, Style style = {}, int max_width = INT_MAX);
  // Every cell of `r` (clipped, counted) set to `ch` in `style`.
  void fill(Rect r, char32_t ch, Style style = {});
  // Blank again; clipped() back to 0.
  void clear(Style style = {});

  // The cell at `p` (std::out_of_range outside).
  const Cell& at(Point p) const;
  // Row `y` as UTF-8, every column (std::out_of_range outside).
  std::string row(int y) const;
  // The rows joined by newlines, trailing spaces of each cut.
  std::string to_text() const;
  // Draws asked for outside the canvas since it was made or cleared.
  int clipped() const { return clipped_; }

 private:
  Size size_;
  std::vector<Cell> cells_;
  int clipped_ = 0;
};

}  // namespace yendor::tui
