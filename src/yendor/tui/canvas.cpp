#include "yendor/tui/canvas.hpp"

#include <algorithm>
#include <stdexcept>

#include "yendor/tui/utf8.hpp"

namespace yendor::tui {

Canvas::Canvas(Size size)
    : size_{std::max(size.width, 0), std::max(size.height, 0)},
      cells_(static_cast<std::size_t>(size_.width) * static_cast<std::size_t>(size_.height)) {}

void Canvas::put(Point p, char32_t ch, Style style) {
  if (!in_bounds(p)) {
    ++clipped_;
    return;
  }
  cells_[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size_.width) +
         static_cast<std::size_t>(p.x)] = Cell{ch, style};
}

int Canvas::text(Point p, std::string_view utf8, Style style, int max_width) {
  int written = 0;
  bool cut = false;
  for_each_code_point(utf8, [&](char32_t ch) {
    if (cut || written >= max_width) {
      cut = true;
      return;
    }
    put({p.x + written, p.y}, ch, style);
    ++written;
  });
  return written;
}

void Canvas::fill(Rect r, char32_t ch, Style style) {
  for (int y = r.y; y < r.y + r.height; ++y)
    for (int x = r.x; x < r.x + r.width; ++x)
      put({x, y}, ch, style);
}

void Canvas::clear(Style style) {
  std::fill(cells_.begin(), cells_.end(), Cell{U' ', style});
  clipped_ = 0;
}

const Cell& Canvas::at(Point p) const {
  if (!in_bounds(p)) throw std::out_of_range("Canvas::at: outside the canvas");
  return cells_[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size_.width) +
                static_cast<std::size_t>(p.x)];
}

std::string Canvas::row(int y) const {
  if (y < 0 || y >= size_.height) throw std::out_of_range("Canvas::row: outside the canvas");
  std::string out;
  for (int x = 0; x < size_.width; ++x)
    append_utf8(out, at({x, y}).ch);
  return out;
}

std::string Canvas::to_text() const {
  std::string out;
  for (int y = 0; y < size_.height; ++y) {
    std::string line = row(y);
    line.erase(line.find_last_not_of(' ') + 1);
    out += line;
    if (y + 1 < size_.height) out += '\n';
  }
  return out;
}

}  // namespace yendor::tui
