#include "yendor/cli/fov_command.hpp"

#include <charconv>
#include <cstdint>
#include <iomanip>
#include <ostream>
#include <string_view>

#include "yendor/cli/gen_command.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/fov/opacity_map.hpp"
#include "yendor/fov/visible_set.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/png_image.hpp"
#include "yendor/mapio/png_map.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor::cli {

namespace {

constexpr Rgb k_viewer_color{255, 255, 255};

}  // namespace

void print_fov_list(const fov::FovRegistry& registry, std::ostream& out) {
  for (const fov::FovAlgorithm* a : registry.all()) {
    const fov::FovInfo& info = a->info();
    out << info.name << (info.name == fov::k_default_fov ? " (default, " : " (")
        << (info.symmetric ? "symmetric" : "not symmetric") << ")\n  " << info.summary
        << "\n  follows " << info.source << "\n";
  }
  out << "\noptions (--radius N, --shape circle|square, --no-light-walls):\n";
  for (const ParamSpec& p : fov::fov_schema().specs())
    out << "    " << std::left << std::setw(12) << p.name << " " << std::setw(34) << p.describe()
        << " " << p.help << "\n";
}

void print_fov_markdown(const fov::FovRegistry& registry, std::ostream& out) {
  out << "# Field-of-view algorithms\n\n"
      << "Generated from the code by `yendor fov list --markdown`; do not edit by hand (a test\n"
      << "compares this file with the command's output). Each algorithm marks the cells seen\n"
      << "from an origin, the origin included, on a map of opaque and transparent cells;\n"
      << "`yendor fov NAME --gen caves --radius 9` shows what one sees. The default is `"
      << fov::k_default_fov << "`.\n";
  for (const fov::FovAlgorithm* a : registry.all()) {
    const fov::FovInfo& info = a->info();
    out << "\n## " << info.name << "\n\n"
        << info.summary << "\n\n"
        << "Symmetric: " << (info.symmetric ? "yes" : "no") << ". Follows " << info.source
        << ".\n\n"
        << info.description << "\n";
  }
  out << "\n# Options\n\n"
      << "Every algorithm takes the same options (`--radius`, `--shape`, `--no-light-walls` on\n"
      << "the command line):\n\n";
  print_schema_table(fov::fov_schema(), out);
}

fov::FovOptions fov_command_options(const FovCommandOptions& options) {
  RawParams raw;
  if (options.radius) raw.emplace_back("radius", *options.radius);
  if (options.shape) raw.emplace_back("shape", *options.shape);
  if (options.no_light_walls) raw.emplace_back("light_walls", "false");
  return fov::fov_options(fov::fov_schema().parse("fov", raw));
}

void run_fov(const fov::FovRegistry& registry, const FovCommandOptions& options, std::ostream& out,
             std::ostream& log) {
  // Every option is checked before the map is made.
  if (options.markdown) throw InputError("--markdown applies to 'yendor fov list'");
  const fov::FovAlgorithm& algorithm = registry.get(options.algorithm);
  const fov::FovOptions fov_options = fov_command_options(options);
  const std::string format = picture_format(options.output, options.format);
  if (format == "png") check_scale(options.scale);

  const LoadedMap loaded = load_map(options.source);
  const Level& level = loaded.level;
  const Point at = options.at ? parse_point(*options.at, "--at", level) : up_stairs(level, "--at");

  fov::VisibleSet visible;
  algorithm.compute(fov::OpacityMap::from_tiles(level.tiles), at, fov_options, visible);

  std::string bytes;
  if (format == "txt") {
    bytes.reserve(static_cast<std::size_t>(level.size().area() + level.height()));
    for (int y = 0; y < level.height(); ++y) {
      for (int x = 0; x < level.width(); ++x) {
        const Point p{x, y};
        bytes += p == at ? '@' : visible.visible(p) ? tile_info(level.tiles[p]).symbol : ' ';
      }
      bytes += '\n';
    }
  } else {
    Grid<Rgb> colors(level.size());
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        const Point p{x, y};
        const Rgb tile = tile_info(level.tiles[p]).color;
        colors[p] = p == at ? k_viewer_color : visible.visible(p) ? tile : darkened(tile);
      }
    bytes = picture_png(colors, options.scale);
  }
  write_picture(bytes, options.output, out);

  log << "yendor: fov " << algorithm.info().name << " from " << at.x << "," << at.y << " radius ";
  if (fov_options.radius == 0)
    log << "unlimited";
  else
    log << fov_options.radius << (fov_options.shape == fov::Shape::square ? " square" : " circle");
  log << (fov_options.light_walls ? "" : ", walls unlit") << ": " << visible.count()
      << " cells visible (" << loaded.description << ")";
  if (!options.output.empty()) log << ", written to " << options.output << " (" << format << ")";
  log << "\n";
}

}  // namespace yendor::cli
