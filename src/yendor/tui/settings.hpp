#pragma once
// The player's display settings, chosen on the options screen and kept in the game directory
// as options.toml (docs/tui.md, "Options"):
//   glyphs  = "unicode" | "ascii"     -- ascii: plain ASCII stand-ins even in a UTF-8 locale
//   colours = "auto" | "8"            -- 8: the basic eight even on a 256-colour terminal
//   mouse   = true | false            -- hover and click to look
// A missing file is the defaults; a bad one is an InputError naming file, line and field.

#include <string>

namespace yendor::tui {

struct DisplaySettings {
  bool ascii = false;
  bool eight_colours = false;
  bool mouse = true;
  bool operator==(const DisplaySettings&) const = default;
};

std::string settings_path(const std::string& game_dir);
DisplaySettings load_settings(const std::string& path);
// Written to a temporary file, then renamed.
void save_settings(const std::string& path, const DisplaySettings& settings);

}  // namespace yendor::tui
