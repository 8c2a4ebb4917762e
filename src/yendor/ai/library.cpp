// Loading the AI library: one TOML parse per file, each top-level table a section, each of
// its tables one entry handed to the section's own reader (one per brain's data file).
#include "yendor/ai/library.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "yendor/core/data_dir.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::ai {
namespace {

constexpr std::uintmax_t k_max_file_bytes = 1 << 20;

template <typename Entry, typename Reader>
void read_section(std::vector<Entry>& entries, const toml::table& section, const TomlWhere& where,
                  std::string_view section_name, Reader&& read) {
  for (auto&& [key, node] : section) {
    const std::string name(key.str());
    const std::string label = "[" + std::string(section_name) + "." + name + "]";
    const TomlWhere w = where.about(label);
    const toml::table& table = as_table(w, node, "");
    for (const Entry& e : entries)
      if (e.name == name) w.fail(node, "", "defined twice");
    entries.push_back(read(table, w, name));
  }
}

}  // namespace

void load_library_text(Library& library, std::string_view text, const std::string& file) {
  const toml::table root = parse_toml(text, file);
  const TomlWhere where{file, ""};
  for (auto&& [key, node] : root) {
    const std::string_view section = key.str();
    const toml::table& t = as_table(where, node, section);
    if (section == "tree")
      read_section(library.trees, t, where, section, parse_decision_tree);
    else if (section == "evolved")
      read_section(library.evolved, t, where, section, parse_evolved_population);
    else if (section == "fsm")
      read_section(library.fsm, t, where, section, parse_fsm_table);
    else if (section == "bt")
      read_section(library.behaviour_trees, t, where, section, parse_behaviour_tree);
    else if (section == "emotion")
      read_section(library.emotions, t, where, section, parse_emotion_profile);
    else if (section == "swarm")
      read_section(library.swarms, t, where, section, parse_swarm_params);
    else
      where.fail(node, "",
                 "unknown section [" + std::string(section) +
                     "] (sections: tree, evolved, fsm, bt, emotion, swarm)");
  }
  library.files.push_back(file);
  // The text, not the path: the same tables read from elsewhere make the same games.
  library.text_hash = fnv1a64(text, fnv1a64(std::to_string(text.size()), library.text_hash));
}

Library load_library(const std::string& dir) {
  std::error_code error;
  std::vector<std::string> paths;
  for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end;
       it.increment(error))
    if (it->path().extension() == ".toml") paths.push_back(it->path().string());
  if (error) throw InputError(dir + ": cannot read the AI library: " + error.message());
  std::sort(paths.begin(), paths.end());
  Library library;
  for (const std::string& path : paths) {
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    if (error) throw InputError(path + ": cannot read it: " + error.message());
    if (bytes > k_max_file_bytes)
      throw InputError(path + ": larger than 1 MiB, which no AI file is");
    load_library_text(library, read_file(path), path);
  }
  // Profiles name trees that may stand in a later file: linked once everything is read.
  link_emotion_profiles(library);
  return library;
}

std::string default_library_dir() {
  return default_data_dir() + "/ai";
}

const Library& shipped_library() {
  static const Library library = load_library(default_library_dir());
  return library;
}

const Library& empty_library() {
  static const Library library;
  return library;
}

}  // namespace yendor::ai
