#include "yendor/mapio/text_map.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor {
namespace {

// The message of the InputError that tiles_from_text throws, or "" (a test failure) if none.
std::string error_of(std::string_view text) {
  try {
    tiles_from_text(text);
  } catch (const InputError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InputError: " << e.what();
    return "";
  }
  ADD_FAILURE() << "accepted: " << text;
  return "";
}

Level every_tile_level() {
  Level level(Size{static_cast<int>(k_tile_count), 2}, Tile::floor);
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    level.tiles[Point{static_cast<int>(i), 0}] = static_cast<Tile>(i);
    level.tiles[Point{static_cast<int>(k_tile_count - 1 - i), 1}] = static_cast<Tile>(i);
  }
  return level;
}

TEST(TextMap, LayoutIsOneLineOfSymbolsPerRow) {
  Level level(Size{4, 3}, Tile::wall);
  level.tiles[Point{1, 1}] = Tile::floor;
  level.tiles[Point{2, 1}] = Tile::door_closed;
  level.tiles[Point{3, 2}] = Tile::stairs_down;
  EXPECT_EQ(to_text(level), "####\n#.+#\n###>\n");
}

TEST(TextMap, EverySymbolComesFromTheTileTable) {
  const Level level = every_tile_level();
  const std::string text = to_text(level);
  ASSERT_EQ(text.size(), 2 * (k_tile_count + 1));
  for (std::size_t i = 0; i < k_tile_count; ++i)
    EXPECT_EQ(text[i], tile_info(static_cast<Tile>(i)).symbol) << i;
  EXPECT_EQ(text[k_tile_count], '\n');
  EXPECT_EQ(text.back(), '\n');
}

TEST(TextMap, EmptyLevels) {
  EXPECT_EQ(to_text(Level()), "");
  EXPECT_EQ(to_text(Level(Size{0, 2})), "\n\n");
  EXPECT_EQ(tiles_from_text(""), Grid<Tile>());
  EXPECT_EQ(tiles_from_text("\n\n"), Grid<Tile>(0, 2));
}

TEST(TextMap, RoundTrip) {
  const Level level = every_tile_level();
  EXPECT_EQ(tiles_from_text(to_text(level)), level.tiles);
  const Level one(Size{1, 1}, Tile::lava);
  EXPECT_EQ(tiles_from_text(to_text(one)), one.tiles);
}

TEST(TextMap, ToleratesAMissingLastNewlineAndCrLf) {
  Grid<Tile> expected(2, 2, Tile::wall);
  expected[Point{1, 1}] = Tile::floor;
  EXPECT_EQ(tiles_from_text("##\n#."), expected);
  EXPECT_EQ(tiles_from_text("##\r\n#.\r\n"), expected);
}

TEST(TextMap, UnknownSymbolNamesLineAndColumn) {
  EXPECT_EQ(error_of("####\n#..#\n#.?#\n"), "map text line 3, column 3: unknown symbol '?'");
  EXPECT_EQ(error_of("#\x07#\n"), "map text line 1, column 2: unknown symbol byte 0x07");
  EXPECT_EQ(error_of("##\n#\xc3\xa9\n"), "map text line 2, column 2: unknown symbol byte 0xC3");
  EXPECT_EQ(error_of("#\r#\n"), "map text line 1, column 2: unknown symbol byte 0x0D");
  EXPECT_EQ(error_of("##\r"), "map text line 1, column 3: unknown symbol byte 0x0D");
  EXPECT_EQ(error_of(std::string_view("#\0#\n", 4)),
            "map text line 1, column 2: unknown symbol byte 0x00");
}

TEST(TextMap, RaggedRowsAreRejected) {
  EXPECT_EQ(error_of("####\n###\n####\n"),
            "map text line 2: has length 3, expected 4 (the length of line 1)");
  EXPECT_EQ(error_of("###\n###\n####\n"),
            "map text line 3: has length 4, expected 3 (the length of line 1)");
  EXPECT_EQ(error_of("###\n\n###\n"),
            "map text line 2: has length 0, expected 3 (the length of line 1)");
}

TEST(TextMap, SizeIsCapped) {
  std::string tall;
  for (int i = 0; i <= k_map_max_side; ++i)
    tall += "#\n";
  EXPECT_EQ(error_of(tall), "map text line 10001: more than 10000 lines");
  tall.resize(tall.size() - 2);
  EXPECT_EQ(tiles_from_text(tall).size(), (Size{1, k_map_max_side}));

  const std::string wide(static_cast<std::size_t>(k_map_max_side) + 1, '.');
  EXPECT_EQ(error_of(wide + "\n"), "map text line 1: longer than 10000 symbols");
  EXPECT_EQ(tiles_from_text(wide.substr(1)).size(), (Size{k_map_max_side, 1}));
}

TEST(TextMap, MessagesAreOneLine) {
  for (std::string_view text : {"?", "#\n##\n", "\n#\n", "#\n\x1b"}) {
    const std::string message = error_of(text);
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.rfind("map text line ", 0), 0u) << message;
  }
}

// docs/formats.md lists every tile; its table must match tile_info() exactly.
TEST(TextMap, FormatsDocumentMatchesTheTileTable) {
  const auto path =
      std::filesystem::path(__FILE__).parent_path() / ".." / ".." / "docs" / "formats.md";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "no " << path;
  std::stringstream doc;
  doc << in.rdbuf();
  const auto yes_no = [](bool b) { return b ? "yes" : "no"; };
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const TileInfo& t = tile_info(static_cast<Tile>(i));
    char colour[8];
    std::snprintf(colour, sizeof colour, "#%02X%02X%02X", t.color.r, t.color.g, t.color.b);
    const std::string symbol = t.symbol == '|' ? "\\|" : std::string(1, t.symbol);
    const std::string row = "| `" + symbol + "` | `" + std::string(t.name) + "` | " +
                            yes_no(t.passable) + " | " + yes_no(t.transparent) + " | " +
                            yes_no(t.door) + " | " + yes_no(t.locked) + " | `" + colour + "` |";
    EXPECT_NE(doc.str().find(row), std::string::npos) << "missing from formats.md: " << row;
  }
}

}  // namespace
}  // namespace yendor
