#include "yendor/tui/settings.hpp"

#include <filesystem>
#include <system_error>

#include "yendor/core/file_io.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::tui {

std::string settings_path(const std::string& game_dir) {
  return game_dir + "/options.toml";
}

DisplaySettings load_settings(const std::string& path) {
  DisplaySettings s;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return s;
  const toml::table root = parse_toml(read_file(path), path);
  const TomlWhere where{path, ""};
  check_known(where, root, {"glyphs", "colours", "mouse"});
  if (const toml::node* n = root.get("glyphs")) {
    const std::string v = as_text(where, *n, "glyphs");
    if (v != "unicode" && v != "ascii")
      where.fail(*n, "glyphs", "'" + v + "' is neither \"unicode\" nor \"ascii\"");
    s.ascii = v == "ascii";
  }
  if (const toml::node* n = root.get("colours")) {
    const std::string v = as_text(where, *n, "colours");
    if (v != "auto" && v != "8")
      where.fail(*n, "colours", "'" + v + "' is neither \"auto\" nor \"8\"");
    s.eight_colours = v == "8";
  }
  if (const toml::node* n = root.get("mouse")) s.mouse = as_bool(where, *n, "mouse");
  return s;
}

void save_settings(const std::string& path, const DisplaySettings& s) {
  std::string text = "# Yendor's display options (the options screen writes this file).\n";
  text += std::string("glyphs = \"") + (s.ascii ? "ascii" : "unicode") + "\"\n";
  text += std::string("colours = \"") + (s.eight_colours ? "8" : "auto") + "\"\n";
  text += std::string("mouse = ") + (s.mouse ? "true" : "false") + "\n";
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  write_file_atomic(path, text);
}

}  // namespace yendor::tui
