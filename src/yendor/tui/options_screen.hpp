#pragma once
// The options screen: the display settings (glyphs, colours, mouse). A change shows at once
// (App gives the display the new settings before the next frame) and is saved to the game
// directory's options.toml when the screen closes.

#include <memory>
#include <string>

#include "yendor/tui/form.hpp"
#include "yendor/tui/screen.hpp"
#include "yendor/tui/settings.hpp"

namespace yendor::tui {

class OptionsScreen final : public Screen {
 public:
  OptionsScreen(std::shared_ptr<DisplaySettings> settings, std::string path);
  std::string_view name() const override { return "options"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;
  void on_stop() override { save(); }

 private:
  void update();  // the form's choices into *settings_
  void save();

  std::shared_ptr<DisplaySettings> settings_;
  std::string path_;
  Form form_;
  std::string error_;
};

}  // namespace yendor::tui
