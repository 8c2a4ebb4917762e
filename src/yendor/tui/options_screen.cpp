#include "yendor/tui/options_screen.hpp"

#include <exception>

#include "yendor/tui/widgets.hpp"

namespace yendor::tui {

OptionsScreen::OptionsScreen(std::shared_ptr<DisplaySettings> settings, std::string path)
    : settings_(std::move(settings)), path_(std::move(path)) {
  form_.fields = {
      {"Glyphs",
       "",
       {"Unicode", "ASCII"},
       settings_->ascii ? 1 : 0,
       0,
       "ASCII: plain stand-ins for lines and blocks, for fonts that lack them"},
      {"Colours",
       "",
       {"as many as the terminal has", "the basic 8"},
       settings_->eight_colours ? 1 : 0,
       0,
       "the basic 8 suit some colour schemes better"},
      {"Mouse",
       "",
       {"on", "off"},
       settings_->mouse ? 0 : 1,
       0,
       "on: pointing at a cell of the map describes it"},
  };
}

void OptionsScreen::update() {
  settings_->ascii = form_[0].chosen == 1;
  settings_->eight_colours = form_[1].chosen == 1;
  settings_->mouse = form_[2].chosen == 0;
}

void OptionsScreen::save() {
  try {
    save_settings(path_, *settings_);
    error_.clear();
  } catch (const std::exception& e) {
    error_ = std::string("The options could not be saved: ") + e.what();
  }
}

void OptionsScreen::draw(Canvas& canvas) const {
  draw_frame(canvas, {0, 0, canvas.width(), canvas.height()}, "Options");
  form_.draw(canvas, {4, 3}, 14);
  if (!error_.empty()) canvas.text({4, 11}, error_, warning_style(), canvas.width() - 8);
  canvas.text({4, canvas.height() - 3}, "Kept in " + path_, dim_style(), canvas.width() - 8);
  canvas.text({4, canvas.height() - 2},
              "Up/Down: option · Left/Right: change (shown at once) · Esc: back", dim_style(),
              canvas.width() - 8);
}

Transition OptionsScreen::handle(const Input& input) {
  if (input.is(Key::escape) || input.is(Key::enter) || input.is(U'q')) {
    const bool told = !error_.empty();  // a second Esc leaves even when saving failed
    save();
    return error_.empty() || told ? Transition::pop() : Transition::stay();
  }
  if (form_.handle(input)) update();
  return Transition::stay();
}

}  // namespace yendor::tui
