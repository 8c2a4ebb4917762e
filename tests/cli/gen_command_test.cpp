#include "yendor/cli/gen_command.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/hash.hpp"

namespace yendor::cli {
namespace {

TEST(GenCommand, ParsesSizes) {
  EXPECT_EQ(parse_size("80x50"), (Size{80, 50}));
  EXPECT_EQ(parse_size("8X9"), (Size{8, 9}));
  for (const char* bad : {"80", "x50", "80x", "0x5", "-3x5", "axb", "80x50x2", "", "99999999999x2"})
    EXPECT_THROW(parse_size(bad), InputError) << bad;
}

TEST(GenCommand, ParsesSets) {
  const RawParams p = parse_sets({"a=1", "b=x=y", "c="});
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[1], (std::pair<std::string, std::string>{"b", "x=y"}));
  EXPECT_EQ(p[2].second, "");
  EXPECT_THROW(parse_sets({"novalue"}), InputError);
  EXPECT_THROW(parse_sets({"=1"}), InputError);
}

TEST(GenCommand, FormatFromExtensionOrFlag) {
  GenOptions o;
  EXPECT_EQ(format_for(o), "txt");
  o.output = "dir.v2/map.json";
  EXPECT_EQ(format_for(o), "json");
  o.output = "map.png";
  EXPECT_EQ(format_for(o), "png");
  o.output = "map.dat";
  EXPECT_THROW(format_for(o), InputError);
  o.format = "json";
  EXPECT_EQ(format_for(o), "json");
  o.format = "gif";
  EXPECT_THROW(format_for(o), InputError);
  GenOptions png_to_stdout;
  png_to_stdout.format = "png";
  EXPECT_THROW(format_for(png_to_stdout), InputError);
}

TEST(GenCommand, ListShowsEveryGeneratorAndParameter) {
  std::ostringstream out;
  print_generator_list(builtin_generators(), out);
  for (const Generator* g : builtin_generators().all()) {
    EXPECT_NE(out.str().find(g->info().name + " (version"), std::string::npos);
    for (const ParamSpec& p : g->info().schema.specs())
      EXPECT_NE(out.str().find(p.name), std::string::npos) << p.name;
  }
  EXPECT_NE(out.str().find("choice delaunay {previous|nearest|mst|delaunay}"), std::string::npos);
}

TEST(GenCommand, GeneratorDocsAreUpToDate) {
  std::ostringstream out;
  print_generator_markdown(builtin_generators(), out);
  EXPECT_EQ(read_file(YENDOR_SOURCE_DIR "/docs/generators.md"), out.str())
      << "docs/generators.md is stale: run yendor gen list --markdown > docs/generators.md";
}

TEST(GenCommand, WritesTextAndReportsTheSeed) {
  GenOptions o;
  o.generator = "bsp";
  o.size = "30x20";
  o.seed = "dungeon";
  std::ostringstream out, log;
  run_gen(builtin_generators(), o, out, log);
  std::istringstream rows(out.str());
  std::string row;
  int lines = 0;
  while (std::getline(rows, row)) {
    EXPECT_EQ(row.size(), 30u);
    ++lines;
  }
  EXPECT_EQ(lines, 20);
  EXPECT_NE(
      log.str().find("seed " + std::to_string(fnv1a64("dungeon")) + " (from text \"dungeon\")"),
      std::string::npos)
      << log.str();
  // Without a seed, a fresh one is chosen and reported.
  GenOptions fresh;
  fresh.generator = "rooms";
  std::ostringstream out2, log2;
  run_gen(builtin_generators(), fresh, out2, log2);
  EXPECT_NE(log2.str().find(" seed "), std::string::npos);
}

}  // namespace
}  // namespace yendor::cli
