#include "yendor/cli/map_source.hpp"

#include <charconv>
#include <cstdint>
#include <ostream>
#include <string_view>

#include "yendor/cli/gen_command.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/png_image.hpp"
#include "yendor/mapio/png_map.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor::cli {

namespace {

constexpr const char* k_default_size = "80x50";
constexpr const char* k_default_seed = "1";
// The largest picture written: 1 GiB of RGB.
constexpr std::int64_t k_max_picture_bytes = std::int64_t{1} << 30;

std::optional<int> parse_int(std::string_view s) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc{} || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<Point> find_tile(const Level& level, Tile tile) {
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      if (level.tiles[Point{x, y}] == tile) return Point{x, y};
  return std::nullopt;
}

}  // namespace

std::string extension_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  return path.substr(dot + 1);
}

Level read_map_file(const std::string& path, const std::string& what) {
  const std::string extension = extension_of(path);
  if (extension != "json" && extension != "txt")
    throw InputError(what + ": cannot tell the format of '" + path +
                     "' from its extension; give a .json or .txt map");
  std::string text;
  try {
    text = read_file(path);
  } catch (const IoError& e) {
    throw InputError(what + ": " + e.what());
  }
  if (extension == "json") return level_from_json(text);
  Level level;
  level.tiles = tiles_from_text(text);
  level.flags = Grid<std::uint16_t>(level.tiles.size(), 0);
  return level;
}

LoadedMap load_map(const MapSource& source) {
  if (source.gen.empty() && source.map.empty())
    throw InputError("a map is needed: --gen GENERATOR or --map FILE.json");
  if (!source.gen.empty() && !source.map.empty())
    throw InputError("--gen and --map exclude each other: give one");
  if (!source.map.empty()) {
    for (const auto& [given, option] :
         {std::pair{source.size.has_value(), "--size"},
          std::pair{source.seed.has_value(), "--seed"}, std::pair{!source.sets.empty(), "--set"}})
      if (given) throw InputError(std::string(option) + " applies to generated maps (--gen)");
    return {read_map_file(source.map, "--map"), "file " + source.map};
  }
  const Generator& generator = builtin_generators().get(source.gen);
  const GeneratorInfo& info = generator.info();
  const Size size = parse_size(source.size.value_or(k_default_size));
  const ParamSet params = info.schema.parse(info.name, parse_sets(source.sets));
  const Seed seed = parse_seed(source.seed.value_or(k_default_seed));
  LoadedMap loaded{generate_level(generator, size, seed.value, params), {}};
  loaded.description = info.name + " v" + std::to_string(info.version) + " " + size_text(size) +
                       " seed " + std::to_string(seed.value);
  if (seed.from_text()) loaded.description += " (from text \"" + seed.text + "\")";
  return loaded;
}

Point parse_point(const std::string& text, const std::string& option, const Level& level) {
  const auto comma = text.find(',');
  std::optional<int> x, y;
  if (comma != std::string::npos) {
    x = parse_int(std::string_view(text).substr(0, comma));
    y = parse_int(std::string_view(text).substr(comma + 1));
  }
  if (!x || !y)
    throw InputError(option + " expects X,Y with whole numbers, e.g. 12,7; got '" + text + "'");
  const Point p{*x, *y};
  if (!level.in_bounds(p))
    throw InputError(option + " " + text + " is outside the " + size_text(level.size()) + " map");
  return p;
}

Point up_stairs(const Level& level, const std::string& option) {
  if (level.meta.stairs.up) return *level.meta.stairs.up;
  if (const auto p = find_tile(level, Tile::stairs_up)) return *p;
  throw InputError("the map has no up stairs: give " + option + " X,Y");
}

Point down_stairs(const Level& level, const std::string& option) {
  if (level.meta.stairs.down) return *level.meta.stairs.down;
  if (const auto p = find_tile(level, Tile::stairs_down)) return *p;
  throw InputError("the map has no down stairs: give " + option + " X,Y");
}

std::string picture_format(const std::string& output, const std::string& format) {
  std::string f = format;
  if (f.empty()) {
    if (output.empty()) return "txt";
    f = extension_of(output);
    if (f != "txt" && f != "png")
      throw InputError("cannot tell the format of '" + output +
                       "' from its extension; add --format txt|png");
  }
  if (f != "txt" && f != "png") throw InputError("--format must be txt or png; got '" + f + "'");
  if (f == "png" && output.empty())
    throw InputError("--format png needs an output file (-o FILE.png)");
  return f;
}

void check_scale(int scale) {
  if (scale < k_png_min_scale || scale > k_png_max_scale)
    throw InputError("--scale must be between " + std::to_string(k_png_min_scale) + " and " +
                     std::to_string(k_png_max_scale) + "; got " + std::to_string(scale));
}

std::string picture_png(const Grid<Rgb>& colors, int scale) {
  check_scale(scale);
  const std::int64_t width = std::int64_t{colors.width()} * scale;
  const std::int64_t height = std::int64_t{colors.height()} * scale;
  if (width * height * 3 > k_max_picture_bytes)
    throw InputError("a " + size_text(colors.size()) + " map at --scale " + std::to_string(scale) +
                     " makes a picture over 1 GiB; lower --scale");
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(width * height * 3));
  std::size_t i = 0;
  for (int y = 0; y < colors.height(); ++y)
    for (int sy = 0; sy < scale; ++sy)
      for (int x = 0; x < colors.width(); ++x) {
        const Rgb c = colors[Point{x, y}];
        for (int sx = 0; sx < scale; ++sx) {
          rgb[i++] = c.r;
          rgb[i++] = c.g;
          rgb[i++] = c.b;
        }
      }
  return write_png_rgb(static_cast<int>(width), static_cast<int>(height), rgb);
}

Rgb darkened(Rgb color) {
  return {static_cast<std::uint8_t>(color.r / 4), static_cast<std::uint8_t>(color.g / 4),
          static_cast<std::uint8_t>(color.b / 4)};
}

void write_picture(const std::string& bytes, const std::string& output, std::ostream& out) {
  if (output.empty()) {
    out << bytes;
    out.flush();
  } else {
    write_file_atomic(output, bytes);
  }
}

}  // namespace yendor::cli
