#include "yendor/tui/form.hpp"

#include "yendor/tui/utf8.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {

void pop_code_point(std::string& s) {
  while (!s.empty()) {
    const auto b = static_cast<unsigned char>(s.back());
    s.pop_back();
    if ((b & 0xC0) != 0x80) break;
  }
}

bool Form::handle(const Input& input) {
  if (input.kind != InputKind::key || fields.empty()) return false;
  const int n = static_cast<int>(fields.size());
  if (input.is(Key::tab) || input.is(Key::down)) {
    focus = (focus + 1) % n;
    return true;
  }
  if (input.is(Key::up)) {
    focus = (focus + n - 1) % n;
    return true;
  }
  FormField& f = fields[static_cast<std::size_t>(focus)];
  if (f.is_choice()) {
    const int m = static_cast<int>(f.choices.size());
    if (input.is(Key::right) || input.is(U' ') || input.is(U'l')) {
      f.chosen = (f.chosen + 1) % m;
      return true;
    }
    if (input.is(Key::left) || input.is(U'h')) {
      f.chosen = (f.chosen + m - 1) % m;
      return true;
    }
    return false;
  }
  if (input.is(Key::backspace)) {
    pop_code_point(f.text);
    return true;
  }
  const char32_t k = input.key;
  if (k >= 0x20 && k < 0x110000 && k != 0x7F) {
    if (text_width(f.text) < f.max_width) append_utf8(f.text, k);
    return true;
  }
  return false;
}

void Form::draw(Canvas& canvas, Point at, int value_x) const {
  const int width = std::max(1, canvas.width() - at.x - value_x - 2);
  for (int i = 0; i < static_cast<int>(fields.size()); ++i) {
    const FormField& f = fields[static_cast<std::size_t>(i)];
    const bool here = i == focus;
    const int y = at.y + 2 * i;
    canvas.text({at.x, y}, f.label, here ? title_style() : text_style(), value_x - 1);
    const Style s = here ? highlight_style() : text_style();
    std::string shown = f.value();
    if (f.is_choice())
      shown = "< " + shown + " >";
    else if (here)
      shown += "_";
    canvas.text({at.x + value_x, y}, shown, s, width);
    if (!f.hint.empty()) canvas.text({at.x + value_x, y + 1}, f.hint, dim_style(), width);
  }
}

}  // namespace yendor::tui
