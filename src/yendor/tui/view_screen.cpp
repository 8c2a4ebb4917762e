#include "yendor/tui/view_screen.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>

#include "yendor/analysis/articulation.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/png_map.hpp"
#include "yendor/mapio/text_map.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/tui/colour.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {
namespace {

constexpr int k_status_rows = 2;

const Generator& generator_named(const std::string& name) {
  return builtin_generators().get(name);
}

// A colour of its own for each id, well apart for neighbouring ids (golden-angle hues).
Rgb hue_colour(int id) {
  const double h = static_cast<double>((id * 137) % 360) / 60.0;
  const double x = 1.0 - std::abs(std::fmod(h, 2.0) - 1.0);
  // The hue circle in six sectors: one channel full, one rising or falling, one off.
  double r = 0, g = 0, b = 0;
  const int sector = static_cast<int>(h);
  const double full = 1.0;
  if (sector == 0 || sector == 5) r = full;
  if (sector == 1 || sector == 4) r = x;
  if (sector == 1 || sector == 2) g = full;
  if (sector == 0 || sector == 3) g = x;
  if (sector == 3 || sector == 4) b = full;
  if (sector == 2 || sector == 5) b = x;
  const auto level = [](double v) { return static_cast<std::uint8_t>(80 + v * 175); };
  return {level(r), level(g), level(b)};
}

// Near blue to red as `t` goes from 0 to 1.
Rgb gradient(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return {static_cast<std::uint8_t>(40 + 215 * t), static_cast<std::uint8_t>(80 + 80 * (1 - t)),
          static_cast<std::uint8_t>(255 * (1 - t))};
}

std::string help_line() {
  return "n/p seed  Tab/g generator  e params  o overlay  s save  arrows scroll  q quit";
}

}  // namespace

std::string_view to_string(Overlay o) {
  switch (o) {
    case Overlay::none:
      return "none";
    case Overlay::rooms:
      return "rooms and regions";
    case Overlay::distance:
      return "distance from the up stairs";
    case Overlay::chokepoints:
      return "chokepoints";
    case Overlay::count:
      break;
  }
  return "?";
}

ViewerScreen::ViewerScreen(ViewerOptions options) : options_(std::move(options)) {
  const Generator& g = generator_named(options_.generator);  // InputError when unknown
  check_level_size(g.info(), options_.size);
  options_.params = g.info().schema.validate(g.info().name, options_.params);
  regenerate();
}

void ViewerScreen::regenerate() {
  level_.reset();
  error_.clear();
  scroll_ = {};
  try {
    const Generator& g = generator_named(options_.generator);
    level_ = generate_level(g, options_.size, options_.seed, options_.params);
  } catch (const std::exception& e) {
    error_ = e.what();
  }
  compute_overlay();
}

void ViewerScreen::compute_overlay() {
  choke_.clear();
  if (!level_) return;
  if (overlay_ == Overlay::distance && level_->meta.stairs.up) {
    const path::CostMap costs = path::CostMap::from_tiles(level_->tiles);
    distance_.compute(costs, *level_->meta.stairs.up, path::Movement{});
  }
  if (overlay_ == Overlay::chokepoints) {
    choke_.assign(level_->tiles.cells().size(), 0);
    for (const analysis::ArticulationPoint& a :
         analysis::find_articulation_points(level_->tiles, level_->meta.stairs.up))
      choke_[static_cast<std::size_t>(a.cell.y) * static_cast<std::size_t>(level_->width()) +
             static_cast<std::size_t>(a.cell.x)] = 1;
  }
}

bool ViewerScreen::set_param(const std::string& name, const std::string& text) {
  const Generator& g = generator_named(options_.generator);
  try {
    RawParams raw;
    for (const auto& [k, v] : options_.params.entries())
      if (k != name) raw.emplace_back(k, yendor::to_string(v));
    raw.emplace_back(name, text);
    options_.params = g.info().schema.parse(g.info().name, raw);
  } catch (const std::exception& e) {
    notice_ = e.what();
    return false;
  }
  notice_.clear();
  return true;
}

void ViewerScreen::switch_generator(int step) {
  const std::vector<const Generator*> all = builtin_generators().all();
  const auto n = static_cast<int>(all.size());
  int i = 0;
  while (i < n && all[static_cast<std::size_t>(i)]->info().name != options_.generator)
    ++i;
  const Generator& next = *all[static_cast<std::size_t>(((i + step) % n + n) % n)];
  options_.generator = next.info().name;
  options_.params = next.info().schema.defaults();
  try {
    check_level_size(next.info(), options_.size);
  } catch (const InputError&) {
    options_.size = {std::max(options_.size.width, next.info().min_size.width),
                     std::max(options_.size.height, next.info().min_size.height)};
  }
  notice_.clear();
  regenerate();
}

void ViewerScreen::save() {
  if (!level_) return;
  const std::string stem = (std::filesystem::path(options_.save_dir) /
                            ("map-" + options_.generator + "-" + std::to_string(options_.seed)))
                               .string();
  try {
    write_file_atomic(stem + ".txt", to_text(*level_));
    write_file_atomic(stem + ".json", to_json(*level_));
    write_file_atomic(stem + ".png", to_png(*level_, 4));
    notice_ = "saved " + stem + ".txt, .json and .png";
  } catch (const std::exception& e) {
    notice_ = std::string("could not save: ") + e.what();
  }
}

void ViewerScreen::draw(Canvas& canvas) const {
  const Rect area{0, 0, canvas.width(), std::max(1, canvas.height() - k_status_rows)};
  if (level_) {
    const Level& level = *level_;
    path::Distance far = 1;
    if (overlay_ == Overlay::distance)
      for (const path::Distance d : distance_.values().cells())
        if (d != path::k_unreachable) far = std::max<path::Distance>(far, d);
    for (int y = 0; y < area.height; ++y)
      for (int x = 0; x < area.width; ++x) {
        const Point p = scroll_ + Point{x, y};
        if (!level.in_bounds(p)) continue;
        const TileInfo& info = tile_info(level.tiles[p]);
        Style s;
        s.fg = info.color;
        char32_t ch = info.glyph;
        if (overlay_ == Overlay::rooms) {
          for (const Region& r : level.meta.regions)
            if (info.passable && p.x >= r.bounds.x && p.y >= r.bounds.y &&
                p.x < r.bounds.x + r.bounds.width && p.y < r.bounds.y + r.bounds.height)
              s.fg = dimmed(hue_colour(r.id + 50), 70);
          for (const Room& r : level.meta.rooms)
            if (info.passable && p.x >= r.rect.x && p.y >= r.rect.y &&
                p.x < r.rect.x + r.rect.width && p.y < r.rect.y + r.rect.height)
              s.fg = hue_colour(r.id);
        } else if (overlay_ == Overlay::distance && info.passable) {
          const path::Distance d = distance_.at(p);
          s.fg =
              d == path::k_unreachable ? Rgb{90, 90, 90} : gradient(static_cast<double>(d) / far);
        } else if (overlay_ == Overlay::chokepoints && !choke_.empty() &&
                   choke_[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(level.width()) +
                          static_cast<std::size_t>(p.x)]) {
          s.fg = {255, 60, 60};
          s.bold = true;
          ch = U'×';
        }
        canvas.put({area.x + x, area.y + y}, ch, s);
      }
  } else {
    int y = 1;
    for (const std::string& l : wrap("This map cannot be made: " + error_, canvas.width() - 4))
      if (y < area.height) canvas.text({2, y++}, l, warning_style());
  }
  const int status = canvas.height() - k_status_rows;
  const std::string line = options_.generator + "  seed " + std::to_string(options_.seed) + "  " +
                           std::to_string(options_.size.width) + "x" +
                           std::to_string(options_.size.height) +
                           "  overlay: " + std::string(to_string(overlay_));
  canvas.text({0, status}, line, title_style(), canvas.width());
  canvas.text({0, status + 1}, notice_.empty() ? help_line() : notice_,
              notice_.empty() ? dim_style() : text_style(), canvas.width());
}

Transition ViewerScreen::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  const char32_t k = input.key;
  if (input.is(Key::escape) || k == U'q' || k == ctrl('c')) return Transition::quit();
  if (k == U'n' || k == U']') {
    ++options_.seed;
    notice_.clear();
    regenerate();
  } else if (k == U'p' || k == U'[') {
    --options_.seed;
    notice_.clear();
    regenerate();
  } else if (input.is(Key::tab) || k == U'g') {
    switch_generator(1);
  } else if (k == U'G') {
    switch_generator(-1);
  } else if (k == U'o') {
    overlay_ =
        static_cast<Overlay>((static_cast<int>(overlay_) + 1) % static_cast<int>(Overlay::count));
    compute_overlay();
  } else if (k == U's') {
    save();
  } else if (k == U'e') {
    return Transition::push(std::make_unique<ParamEditor>(*this));
  } else if (input.is(Key::left) || k == U'h') {
    scroll_.x = std::max(0, scroll_.x - 8);
  } else if (input.is(Key::right) || k == U'l') {
    scroll_.x = std::min(std::max(0, options_.size.width - 10), scroll_.x + 8);
  } else if (input.is(Key::up) || k == U'k') {
    scroll_.y = std::max(0, scroll_.y - 4);
  } else if (input.is(Key::down) || k == U'j') {
    scroll_.y = std::min(std::max(0, options_.size.height - 5), scroll_.y + 4);
  }
  return Transition::stay();
}

ParamEditor::ParamEditor(ViewerScreen& viewer) : viewer_(viewer) {}

void ParamEditor::draw(Canvas& canvas) const {
  const Generator& g = generator_named(viewer_.options().generator);
  draw_frame(canvas, {0, 0, canvas.width(), canvas.height()}, "Parameters of " + g.info().name);
  const std::vector<ParamSpec>& specs = g.info().schema.specs();
  const int rows = canvas.height() - 5;
  const int first = std::max(0, selected_ - rows + 1);
  for (int i = 0; i < rows && first + i < static_cast<int>(specs.size()); ++i) {
    const ParamSpec& spec = specs[static_cast<std::size_t>(first + i)];
    const ParamValue* v = viewer_.options().params.find(spec.name);
    const bool chosen = first + i == selected_;
    std::string value = v ? yendor::to_string(*v) : "?";
    if (chosen && typing_) value = typed_ + "_";
    canvas.text({2, 1 + i}, spec.name, chosen ? highlight_style() : text_style(), 22);
    canvas.text({25, 1 + i}, value, chosen ? title_style() : text_style(), 20);
    canvas.text({46, 1 + i}, spec.describe(), dim_style(), canvas.width() - 48);
  }
  const std::string& notice = viewer_.notice();
  canvas.text({2, canvas.height() - 3}, notice, warning_style(), canvas.width() - 4);
  canvas.text({2, canvas.height() - 2},
              "Up/Down choose · Left/Right change · Enter type a value · Esc back to the map",
              dim_style(), canvas.width() - 4);
}

Transition ParamEditor::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  const Generator& g = generator_named(viewer_.options().generator);
  const std::vector<ParamSpec>& specs = g.info().schema.specs();
  if (specs.empty()) return input.is(Key::escape) ? Transition::pop() : Transition::stay();
  const ParamSpec& spec = specs[static_cast<std::size_t>(selected_)];
  if (typing_) {
    if (input.is(Key::enter)) {
      typing_ = false;
      viewer_.set_param(spec.name, typed_);
    } else if (input.is(Key::escape)) {
      typing_ = false;
    } else if (input.is(Key::backspace)) {
      if (!typed_.empty()) typed_.pop_back();
    } else if (input.key >= 0x20 && input.key < 0x7F) {
      typed_ += static_cast<char>(input.key);
    }
    return Transition::stay();
  }
  const int n = static_cast<int>(specs.size());
  if (input.is(Key::escape) || input.is(U'q')) {
    viewer_.regenerate();
    return Transition::pop();
  }
  if (input.is(Key::up) || input.is(U'k')) selected_ = (selected_ + n - 1) % n;
  if (input.is(Key::down) || input.is(U'j')) selected_ = (selected_ + 1) % n;
  if (input.is(Key::enter)) {
    typing_ = true;
    typed_.clear();
  }
  const int step = input.is(Key::left) || input.is(U'h')    ? -1
                   : input.is(Key::right) || input.is(U'l') ? 1
                                                            : 0;
  if (step != 0) {
    const ParamValue* v = viewer_.options().params.find(spec.name);
    if (v == nullptr) return Transition::stay();
    std::string next;
    switch (spec.type) {
      case ParamType::boolean:
        next = std::get<bool>(*v) ? "false" : "true";
        break;
      case ParamType::integer:
        next = std::to_string(std::get<std::int64_t>(*v) + step);
        break;
      case ParamType::real: {
        const double span = spec.min && spec.max ? (*spec.max - *spec.min) / 20.0 : 0.1;
        next = std::to_string(std::get<double>(*v) + step * span);
        break;
      }
      case ParamType::choice: {
        const auto& c = spec.choices;
        auto it = std::find(c.begin(), c.end(), std::get<std::string>(*v));
        const auto i = it == c.end() ? 0 : static_cast<int>(it - c.begin());
        const int m = static_cast<int>(c.size());
        next = c[static_cast<std::size_t>(((i + step) % m + m) % m)];
        break;
      }
      case ParamType::text:
        return Transition::stay();
    }
    viewer_.set_param(spec.name, next);
  }
  return Transition::stay();
}

}  // namespace yendor::tui
