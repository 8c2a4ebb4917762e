#include "yendor/tui/widgets.hpp"

#include <algorithm>

#include "yendor/tui/colour.hpp"
#include "yendor/tui/utf8.hpp"

namespace yendor::tui {

Style text_style() {
  return {};
}
Style dim_style() {
  Style s;
  s.fg = {120, 120, 120};
  return s;
}
Style title_style() {
  Style s;
  s.fg = {255, 215, 95};
  s.bold = true;
  return s;
}
Style highlight_style() {
  Style s;
  s.reverse = true;
  return s;
}
Style warning_style() {
  Style s;
  s.fg = {255, 95, 95};
  s.bold = true;
  return s;
}

int text_width(std::string_view text) {
  int n = 0;
  for_each_code_point(text, [&n](char32_t) { ++n; });
  return n;
}

void draw_frame(Canvas& canvas, Rect r, std::string_view title) {
  if (r.width < 2 || r.height < 2) return;
  const Style s = dim_style();
  const int right = r.x + r.width - 1, bottom = r.y + r.height - 1;
  for (int x = r.x + 1; x < right; ++x) {
    canvas.put({x, r.y}, U'─', s);
    canvas.put({x, bottom}, U'─', s);
  }
  for (int y = r.y + 1; y < bottom; ++y) {
    canvas.put({r.x, y}, U'│', s);
    canvas.put({right, y}, U'│', s);
  }
  canvas.put({r.x, r.y}, U'┌', s);
  canvas.put({right, r.y}, U'┐', s);
  canvas.put({r.x, bottom}, U'└', s);
  canvas.put({right, bottom}, U'┘', s);
  if (!title.empty())
    canvas.text({r.x + 2, r.y}, " " + std::string(title) + " ", title_style(), r.width - 4);
}

std::vector<std::string> wrap(std::string_view text, int width) {
  std::vector<std::string> lines;
  if (width <= 0) return lines;
  std::string line;
  int line_width = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ')
      ++i;
    std::size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    if (end == i) break;
    std::string word(text.substr(i, end - i));
    int w = text_width(word);
    if (w > width) {  // cut a word that cannot fit any line
      std::string cut;
      int n = 0;
      for_each_code_point(word, [&](char32_t c) {
        if (n++ < width) append_utf8(cut, c);
      });
      word = cut;
      w = width;
    }
    if (line_width > 0 && line_width + 1 + w > width) {
      lines.push_back(line);
      line.clear();
      line_width = 0;
    }
    if (line_width > 0) {
      line += ' ';
      ++line_width;
    }
    line += word;
    line_width += w;
    i = end;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

void draw_bar(Canvas& canvas, Point at, int width, int value, int max, Rgb fill) {
  const int filled =
      max <= 0 ? 0 : std::clamp((std::max(value, 0) * width + max - 1) / max, 0, width);
  Style on;
  on.fg = fill;
  for (int i = 0; i < width; ++i)
    canvas.put(at + Point{i, 0}, i < filled ? U'█' : U'░', i < filled ? on : dim_style());
}

void draw_centred(Canvas& canvas, int y, std::string_view text, Style style) {
  const int w = text_width(text);
  canvas.text({std::max(0, (canvas.width() - w) / 2), y}, text, style, canvas.width());
}

}  // namespace yendor::tui
