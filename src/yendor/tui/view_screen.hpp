#pragma once
// `yendor view GENERATOR`: a full-screen browser for the generators. The map fills the screen
// (arrows or hjkl scroll a map larger than it), a status line names generator, seed, size and
// overlay. Keys: n / p next and previous seed, Tab / Shift-Tab (or g / G) the next and previous
// generator, e edits the parameters from the generator's schema, o cycles the overlays (rooms
// and regions, distance from the up stairs, chokepoints), s saves the shown map (text, JSON
// and PNG beside each other), ? help, q or Esc quits. A parameter the generator rejects shows
// its error instead of a map; nothing crashes.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "yendor/core/param_value.hpp"
#include "yendor/map/level.hpp"
#include "yendor/path/dijkstra_map.hpp"
#include "yendor/tui/screen.hpp"

namespace yendor::tui {

enum class Overlay : std::uint8_t { none, rooms, distance, chokepoints, count };
std::string_view to_string(Overlay o);

struct ViewerOptions {
  std::string generator = "rooms";
  std::uint64_t seed = 1;
  Size size{80, 50};
  ParamSet params;             // validated against the generator's schema (defaults filled in)
  std::string save_dir = ".";  // where s writes
};

class ViewerScreen final : public Screen {
 public:
  // InputError for an unknown generator, bad parameters or size.
  explicit ViewerScreen(ViewerOptions options);
  std::string_view name() const override { return "view"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

  const ViewerOptions& options() const { return options_; }
  Overlay overlay() const { return overlay_; }
  const std::optional<Level>& level() const { return level_; }
  const std::string& notice() const { return notice_; }
  // Generates the level of the current options (the error replaces the map when it fails).
  void regenerate();
  // Sets one parameter from text as a user typed it; false (and the notice) when rejected.
  bool set_param(const std::string& name, const std::string& text);

 private:
  void switch_generator(int step);
  void save();
  void compute_overlay();

  ViewerOptions options_;
  std::optional<Level> level_;
  std::string error_;   // why level_ is empty
  std::string notice_;  // the last thing done ("saved map-rooms-7.txt ...")
  Overlay overlay_ = Overlay::none;
  path::DijkstraMap distance_;
  std::vector<std::uint8_t> choke_;  // per cell, 1 for a chokepoint
  Point scroll_{};
};

// The parameter editor the viewer opens with e: one line per parameter of the schema;
// Up/Down choose, Left/Right step numbers and cycle choices and booleans, Enter types a
// value, Esc goes back to the (regenerated) map.
class ParamEditor final : public Screen {
 public:
  explicit ParamEditor(ViewerScreen& viewer);
  std::string_view name() const override { return "params"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  ViewerScreen& viewer_;
  int selected_ = 0;
  bool typing_ = false;
  std::string typed_;
};

}  // namespace yendor::tui
