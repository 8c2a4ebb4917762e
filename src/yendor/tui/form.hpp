#pragma once
// A form of labelled fields, one per row: text fields (typed, Backspace erases) and choice
// fields (Left/Right or Space step through the choices). Tab and Down go to the next field,
// Up to the one before. The new-game setup and the options screen are forms.

#include <string>
#include <vector>

#include "yendor/tui/canvas.hpp"
#include "yendor/tui/input.hpp"

namespace yendor::tui {

struct FormField {
  std::string label;
  std::string text;                  // a text field's value
  std::vector<std::string> choices;  // empty: a text field
  int chosen = 0;                    // a choice field's value: an index into choices
  int max_width = 24;                // a text field takes at most this many code points
  std::string hint;                  // shown dim under the value

  bool is_choice() const { return !choices.empty(); }
  const std::string& value() const {
    return is_choice() ? choices[static_cast<std::size_t>(chosen)] : text;
  }
};

class Form {
 public:
  std::vector<FormField> fields;
  int focus = 0;

  // Moves, types or chooses; false when the input is not the form's (Enter, Esc, ...).
  bool handle(const Input& input);
  // Each field on two rows from `at`: the label, the value `value_x` columns further on, and
  // the hint under the value.
  void draw(Canvas& canvas, Point at, int value_x) const;
  FormField& operator[](std::size_t i) { return fields[i]; }
  const FormField& operator[](std::size_t i) const { return fields[i]; }
};

// Drops the last code point of `s` (Backspace in a text field).
void pop_code_point(std::string& s);

}  // namespace yendor::tui
