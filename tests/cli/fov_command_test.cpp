#include "yendor/cli/fov_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"
#include "support/text_lines.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/fov/opacity_map.hpp"
#include "yendor/fov/visible_set.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/mapio/json_map.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor::cli {
namespace {

class FovCommand : public test::TempDirTest {
 protected:
  std::string run(const FovCommandOptions& o) const {
    std::ostringstream out, log;
    run_fov(fov::builtin_fovs(), o, out, log);
    log_ = log.str();
    return out.str();
  }

  static FovCommandOptions on_generated(const std::string& generator, const std::string& seed) {
    FovCommandOptions o;
    o.source.gen = generator;
    o.source.size = "60x40";
    o.source.seed = seed;
    return o;
  }

  // The message of the InputError `o` raises ("" when none).
  std::string error_of(const FovCommandOptions& o) const {
    try {
      run(o);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }

  mutable std::string log_;
};

// The picture must be the level with exactly the cells the library marks visible drawn (as
// their tile symbol), the viewer as '@', and the count on the log the library's count.
void expect_picture_of_view(const std::string& text, const std::string& log, const Level& level,
                            const fov::FovAlgorithm& algorithm, Point at,
                            const fov::FovOptions& options) {
  fov::VisibleSet visible;
  algorithm.compute(fov::OpacityMap::from_tiles(level.tiles), at, options, visible);
  const std::vector<std::string> lines = test::lines(text);
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(level.height()));
  std::int64_t drawn = 0;
  for (int y = 0; y < level.height(); ++y) {
    const std::string& line = lines[static_cast<std::size_t>(y)];
    ASSERT_EQ(line.size(), static_cast<std::size_t>(level.width()));
    for (int x = 0; x < level.width(); ++x) {
      const Point p{x, y};
      const char c = line[static_cast<std::size_t>(x)];
      if (p == at) {
        EXPECT_EQ(c, '@');
      } else if (visible.visible(p)) {
        EXPECT_EQ(c, tile_info(level.tiles[p]).symbol) << x << "," << y;
      } else {
        EXPECT_EQ(c, ' ') << x << "," << y;
      }
      drawn += c != ' ';
    }
  }
  EXPECT_EQ(drawn, visible.count());
  EXPECT_NE(log.find(": " + std::to_string(visible.count()) + " cells visible"), std::string::npos)
      << log;
  EXPECT_NE(log.find("fov " + algorithm.info().name + " from " + std::to_string(at.x) + "," +
                     std::to_string(at.y)),
            std::string::npos)
      << log;
}

TEST_F(FovCommand, ListShowsEveryAlgorithmAndOption) {
  std::ostringstream out;
  print_fov_list(fov::builtin_fovs(), out);
  for (const fov::FovAlgorithm* a : fov::builtin_fovs().all()) {
    const fov::FovInfo& info = a->info();
    EXPECT_NE(out.str().find(info.name + (info.name == fov::k_default_fov ? " (default, " : " (") +
                             (info.symmetric ? "symmetric)" : "not symmetric)")),
              std::string::npos)
        << info.name;
    EXPECT_NE(out.str().find(info.summary), std::string::npos) << info.name;
    EXPECT_NE(out.str().find("follows " + info.source), std::string::npos) << info.name;
  }
  for (const ParamSpec& p : fov::fov_schema().specs())
    EXPECT_NE(out.str().find(p.describe()), std::string::npos) << p.name;
}

TEST_F(FovCommand, MarkdownDescribesEveryAlgorithm) {
  std::ostringstream out;
  print_fov_markdown(fov::builtin_fovs(), out);
  for (const fov::FovAlgorithm* a : fov::builtin_fovs().all()) {
    EXPECT_NE(out.str().find("\n## " + a->info().name + "\n"), std::string::npos);
    EXPECT_NE(out.str().find(a->info().description), std::string::npos);
  }
  for (const ParamSpec& p : fov::fov_schema().specs())
    EXPECT_NE(out.str().find("| `" + p.name + "` |"), std::string::npos) << p.name;
}

TEST_F(FovCommand, FovDocsAreUpToDate) {
  std::ostringstream out;
  print_fov_markdown(fov::builtin_fovs(), out);
  EXPECT_EQ(read_file(YENDOR_SOURCE_DIR "/docs/fov-algorithms.md"), out.str())
      << "docs/fov-algorithms.md is stale: run yendor fov list --markdown > "
         "docs/fov-algorithms.md";
}

TEST_F(FovCommand, DrawsWhatEachAlgorithmSeesFromTheUpStairs) {
  for (const char* generator : {"caves", "rooms"})
    for (const fov::FovAlgorithm* a : fov::builtin_fovs().all()) {
      FovCommandOptions o = on_generated(generator, "7");
      o.algorithm = a->info().name;
      o.radius = "9";
      const std::string text = run(o);
      const Generator& g = builtin_generators().get(generator);
      const Level level = generate_level(g, {60, 40}, 7, g.info().schema.defaults());
      fov::FovOptions expected;
      expected.radius = 9;
      expect_picture_of_view(text, log_, level, *a, *level.meta.stairs.up, expected);
      EXPECT_NE(log_.find(std::string(generator) + " v"), std::string::npos) << log_;
    }
}

TEST_F(FovCommand, TakesTheViewerShapeAndWallOptions) {
  const Generator& g = builtin_generators().get("caves");
  const Level level = generate_level(g, {60, 40}, 11, g.info().schema.defaults());
  const Point floor = *level.meta.stairs.down;
  FovCommandOptions o = on_generated("caves", "11");
  o.at = std::to_string(floor.x) + "," + std::to_string(floor.y);
  o.radius = "6";
  o.shape = "square";
  o.no_light_walls = true;
  const std::string text = run(o);
  fov::FovOptions expected;
  expected.radius = 6;
  expected.shape = fov::Shape::square;
  expected.light_walls = false;
  expect_picture_of_view(text, log_, level, fov::builtin_fovs().get(fov::k_default_fov), floor,
                         expected);
  EXPECT_EQ(text.find('#'), std::string::npos) << "walls drawn without light_walls";
  EXPECT_NE(log_.find("radius 6 square, walls unlit"), std::string::npos) << log_;

  // Unlimited radius: sees at least as much as radius 6.
  FovCommandOptions wide = on_generated("caves", "11");
  wide.at = o.at;
  const std::string all = run(wide);
  EXPECT_NE(log_.find("radius unlimited"), std::string::npos) << log_;
  expect_picture_of_view(all, log_, level, fov::builtin_fovs().get(fov::k_default_fov), floor, {});
}

TEST_F(FovCommand, ReadsJsonAndTextMaps) {
  const Level level = generate_level(builtin_generators().get("rooms"), {50, 30}, 4, {});
  write_file_atomic(path("map.json"), to_json(level));
  write_file_atomic(path("map.txt"), to_text(level));
  for (const char* file : {"map.json", "map.txt"}) {
    FovCommandOptions o;
    o.source.map = path(file);
    o.radius = "7";
    const std::string text = run(o);
    fov::FovOptions expected;
    expected.radius = 7;
    // A txt map has no metadata: the viewer stands on the first '<' (the same cell here).
    expect_picture_of_view(text, log_, level, fov::builtin_fovs().get(fov::k_default_fov),
                           *level.meta.stairs.up, expected);
    EXPECT_NE(log_.find("(file " + path(file) + ")"), std::string::npos) << log_;
  }
}

TEST_F(FovCommand, WritesPng) {
  FovCommandOptions o = on_generated("caves", "2");
  o.radius = "9";
  o.output = path("view.png");
  o.scale = 3;
  EXPECT_EQ(run(o), "");
  const std::string png = read_file(o.output);
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  const auto be32 = [&](std::size_t i) {
    return (static_cast<unsigned>(static_cast<unsigned char>(png[i])) << 24) |
           (static_cast<unsigned>(static_cast<unsigned char>(png[i + 1])) << 16) |
           (static_cast<unsigned>(static_cast<unsigned char>(png[i + 2])) << 8) |
           static_cast<unsigned>(static_cast<unsigned char>(png[i + 3]));
  };
  EXPECT_EQ(be32(16), 60u * 3);  // IHDR width
  EXPECT_EQ(be32(20), 40u * 3);  // IHDR height
  EXPECT_NE(log_.find("written to " + o.output + " (png)"), std::string::npos) << log_;
}

TEST_F(FovCommand, BadInputIsAnInputErrorNamingTheProblem) {
  const auto with = [&](auto change) {
    FovCommandOptions o = on_generated("caves", "1");
    change(o);
    return error_of(o);
  };
  using O = FovCommandOptions&;
  EXPECT_NE(with([](O o) { o.at = "3;4"; }).find("--at expects X,Y"), std::string::npos);
  EXPECT_NE(with([](O o) { o.at = "a,b"; }).find("--at expects X,Y"), std::string::npos);
  EXPECT_NE(with([](O o) { o.at = "4,"; }).find("--at expects X,Y"), std::string::npos);
  EXPECT_NE(with([](O o) { o.at = "60,0"; }).find("--at 60,0 is outside the 60x40 map"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.at = "-1,5"; }).find("outside"), std::string::npos);
  EXPECT_NE(with([](O o) { o.algorithm = "xray"; }).find("unknown fov algorithm 'xray'"),
            std::string::npos);
  for (const char* radius : {"-1", "abc", "100001", "2.5"})
    EXPECT_NE(with([&](O o) { o.radius = radius; }).find("'radius'"), std::string::npos) << radius;
  EXPECT_NE(with([](O o) { o.shape = "hexagon"; }).find("'shape'"), std::string::npos);
  EXPECT_NE(with([](O o) { o.source.gen = "nope"; }).find("unknown generator 'nope'"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.source.size = "0x3"; }).find("--size"), std::string::npos);
  EXPECT_NE(with([](O o) { o.source.sets = {"bogus=1"}; }).find("bogus"), std::string::npos);
  EXPECT_NE(with([](O o) { o.format = "json"; }).find("--format must be txt or png"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.format = "png"; }).find("needs an output file"), std::string::npos);
  EXPECT_NE(with([&](O o) {
              o.output = path("x.png");
              o.scale = 0;
            }).find("--scale"),
            std::string::npos);
  EXPECT_NE(with([&](O o) { o.output = path("x.bmp"); }).find("cannot tell the format"),
            std::string::npos);
  EXPECT_NE(with([](O o) { o.markdown = true; }).find("--markdown"), std::string::npos);
  EXPECT_NE(with([&](O o) { o.source.map = path("a.json"); }).find("exclude each other"),
            std::string::npos);

  FovCommandOptions no_map;
  EXPECT_NE(error_of(no_map).find("a map is needed"), std::string::npos);
  FovCommandOptions missing;
  missing.source.map = path("missing.json");
  EXPECT_NE(error_of(missing).find("--map: cannot read"), std::string::npos) << error_of(missing);
  missing.source.map = path("missing.png");
  EXPECT_NE(error_of(missing).find("cannot tell the format"), std::string::npos);
  missing.source.map = path("missing.json");
  missing.source.seed = "3";
  EXPECT_NE(error_of(missing).find("--seed applies to generated maps"), std::string::npos);

  // A txt map without stairs needs --at.
  write_file_atomic(path("room.txt"), "#####\n#...#\n#####\n");
  FovCommandOptions stairless;
  stairless.source.map = path("room.txt");
  EXPECT_NE(error_of(stairless).find("no up stairs: give --at X,Y"), std::string::npos);
  stairless.at = "2,1";
  EXPECT_EQ(error_of(stairless), "");
  EXPECT_EQ(run(stairless), "#####\n#.@.#\n#####\n");
}

}  // namespace
}  // namespace yendor::cli
