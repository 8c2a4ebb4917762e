#include "yendor/gen/features/vault_library.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor {
namespace {

const std::string k_shipped_dir = std::string(YENDOR_SOURCE_DIR) + "/data/vaults";

// A valid vault; tests break one line of it at a time.
constexpr std::string_view k_good =
    "# a comment\n"           // 1
    "name: test_vault\n"      // 2
    "depth: 3-12\n"           // 3
    "weight: 7\n"             // 4
    "tags: crypt, undead\n"   // 5
    "rotate: no\n"            // 6
    "entrance: locked\n"      // 7
    "glyph: K = altar key\n"  // 8
    "\n"                      // 9
    "map:\n"                  // 10
    "#######\n"               // 11
    "#M.$.K#\n"               // 12
    "@.^.*.#\n"               // 13
    "#&S.~.#\n"               // 14
    "###@###\n";              // 15

std::string replaced(std::string_view text, std::string_view from, std::string_view to) {
  std::string out(text);
  const std::size_t at = out.find(from);
  if (at == std::string::npos) throw std::logic_error("test text lacks " + std::string(from));
  out.replace(at, from.size(), to);
  return out;
}

std::string error_of(const std::string& text) {
  try {
    parse_vault(text, "vaults/t.txt");
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// The map as text in the vault's own glyphs.
std::string map_text(const Vault& vault, const Grid<std::uint8_t>& cells) {
  std::string out;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x)
      out += vault.glyph(cells[Point{x, y}]).symbol;
    out += '\n';
  }
  return out;
}

std::map<std::uint8_t, int> glyph_counts(const Grid<std::uint8_t>& cells) {
  std::map<std::uint8_t, int> counts;
  for (const std::uint8_t g : cells.cells())
    ++counts[g];
  return counts;
}

// A fresh directory per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("yendor_vaults_" + std::string(test->name()) + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string str() const { return path_.string(); }
  void write(const std::string& name, std::string_view text) const {
    write_file_atomic((path_ / name).string(), text);
  }

 private:
  std::filesystem::path path_;
};

TEST(VaultParser, ReadsEveryField) {
  const Vault v = parse_vault(k_good, "vaults/t.txt");
  EXPECT_EQ(v.name, "test_vault");
  EXPECT_EQ(v.file, "vaults/t.txt");
  EXPECT_EQ(v.depth_min, 3);
  EXPECT_EQ(v.depth_max, 12);
  EXPECT_EQ(v.weight, 7u);
  EXPECT_EQ(v.tags, (std::vector<std::string>{"crypt", "undead"}));
  EXPECT_FALSE(v.rotate);
  EXPECT_TRUE(v.mirror);
  EXPECT_EQ(v.entrance_tile, Tile::door_locked);
  EXPECT_EQ(v.size(), (Size{7, 5}));
  EXPECT_EQ(map_text(v, v.cells), "#######\n#M.$.K#\n@.^.*.#\n#&S.~.#\n###@###\n");

  const auto at = [&](int x, int y) { return v.glyph(v.cells[Point{x, y}]); };
  EXPECT_EQ(at(1, 1).tag, "monster");
  EXPECT_EQ(at(1, 1).tile, Tile::floor);
  EXPECT_EQ(at(3, 1).tag, "item");
  EXPECT_EQ(at(5, 1).tile, Tile::altar);
  EXPECT_EQ(at(5, 1).tag, "key");
  EXPECT_EQ(at(2, 2).tag, "trap");
  EXPECT_EQ(at(4, 2).tag, "treasure");
  EXPECT_EQ(at(1, 3).tag, "boss");
  EXPECT_EQ(at(2, 3).tile, Tile::door_secret);
  EXPECT_EQ(at(4, 3).tile, Tile::water_shallow);
  EXPECT_TRUE(at(0, 2).entrance);
  EXPECT_TRUE(at(3, 4).entrance);
  EXPECT_FALSE(at(0, 0).entrance);
}

TEST(VaultParser, DepthForms) {
  const auto depth_of = [](std::string_view depth) {
    const Vault v = parse_vault(replaced(k_good, "depth: 3-12", depth), "t");
    return std::pair{v.depth_min, v.depth_max};
  };
  EXPECT_EQ(depth_of("depth: 5"), std::pair(5, 5));
  EXPECT_EQ(depth_of("depth: 5+"), std::pair(5, k_vault_max_depth));
  EXPECT_EQ(depth_of("depth:  2 - 4 "), std::pair(2, 4));
  const Vault v = parse_vault(k_good, "t");
  EXPECT_FALSE(v.allows_depth(2));
  EXPECT_TRUE(v.allows_depth(3));
  EXPECT_TRUE(v.allows_depth(12));
  EXPECT_FALSE(v.allows_depth(13));
}

TEST(VaultParser, DefaultsAndCrLf) {
  std::string text = replaced(k_good, "rotate: no\n", "");
  text = replaced(text, "entrance: locked\n", "");
  text = replaced(text, "tags: crypt, undead\n", "");
  std::string crlf;
  for (const char c : text)
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const Vault v = parse_vault(crlf + "\r\n\r\n", "t");
  EXPECT_TRUE(v.rotate);
  EXPECT_TRUE(v.mirror);
  EXPECT_TRUE(v.tags.empty());
  EXPECT_EQ(v.entrance_tile, Tile::door_closed);
  EXPECT_EQ(v.size(), (Size{7, 5}));
}

struct BadCase {
  std::string_view from;  // a piece of k_good ...
  std::string_view to;    // ... replaced by this
  int line;               // the line the error names
  std::string_view field;
  std::string_view says;  // a piece of the message
};

TEST(VaultParser, ErrorsNameFileLineAndField) {
  const std::vector<BadCase> cases = {
      {"weight: 7", "weight: x", 4, "weight", "must be a positive integer"},
      {"weight: 7", "weight: 0", 4, "weight", "not '0'"},
      {"weight: 7", "weight: -3", 4, "weight", "positive integer"},
      {"depth: 3-12", "depth: 12-3", 3, "depth", "not '12-3'"},
      {"depth: 3-12", "depth: 0-5", 3, "depth", "range"},
      {"depth: 3-12", "depth: deep", 3, "depth", "range"},
      {"name: test_vault", "name: Test Vault!", 2, "name", "lower-case"},
      {"weight: 7", "wieght: 7", 4, "wieght", "unknown"},
      {"rotate: no", "rotate: no\nrotate: yes", 7, "rotate", "twice (first on line 6)"},
      {"rotate: no", "rotate: maybe", 6, "rotate", "'yes' or 'no'"},
      {"tags: crypt, undead", "tags: crypt,,undead", 5, "tags", "comma-separated"},
      {"entrance: locked", "entrance: portal", 7, "entrance", "door, open"},
      {"glyph: K = altar key", "glyph: M = floor", 8, "glyph", "already defined"},
      {"glyph: K = altar key", "glyph: K = marble", 8, "glyph", "unknown tile"},
      {"glyph: K = altar key", "glyph: K = wall key", 8, "glyph", "passable"},
      {"glyph: K = altar key", "glyph: K = stairs_down", 8, "glyph", "stairs"},
      {"glyph: K = altar key", "glyph: K altar", 8, "glyph", "X = TILE"},
      {"# a comment", "just words", 1, "header", "key: value"},
      {"name: test_vault\n", "", 9, "name", "missing"},
      {"map:", "map: now", 10, "map", "line after"},
      {"map:", "mop:", 10, "mop", "unknown"},
      {"#M.$.K#", "#M.?.K#", 12, "map", "unknown glyph '?' in column 4"},
      {"#M.$.K#", "#M.<.K#", 12, "map", "stairs"},
      {"#M.$.K#", "#M.$.K", 12, "map", "row has 6 cells, expected 7"},
      {"#M.$.K#", "#M.$.K##", 12, "map", "row has 8 cells"},
      {"#M.$.K#\n", "\n#M.$.K#\n", 12, "map", "row has 0 cells"},
      {"#######\n", ".######\n", 11, "map", "outer ring"},
      {"#&S.~.#", "#&S.~.$", 14, "map", "outer ring"},
      {"#M.$.K#", "#M.@.K#", 12, "map", "entrance '@' in column 4"},
      {"#######\n", "@######\n", 11, "map", "corner"},
      {"@.^.*.#", "@#^.*.#", 13, "map", "not traversable"},
  };
  for (const BadCase& c : cases) {
    const std::string message = error_of(replaced(k_good, c.from, c.to));
    const std::string expected_start =
        "vaults/t.txt:" + std::to_string(c.line) + ": field '" + std::string(c.field) + "': ";
    EXPECT_TRUE(message.starts_with(expected_start))
        << "'" << c.to << "' gives: " << message << "\nexpected the start: " << expected_start;
    EXPECT_NE(message.find(c.says), std::string::npos)
        << "'" << c.to << "' gives: " << message << "\nexpected: " << c.says;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(VaultParser, ErrorsAboutTheWholeMap) {
  const auto expect_error = [](const std::string& text, std::string_view start,
                               std::string_view says) {
    const std::string message = error_of(text);
    EXPECT_TRUE(message.starts_with(start)) << message;
    EXPECT_NE(message.find(says), std::string::npos) << message;
  };
  const std::string header(k_good.substr(0, k_good.find("map:")));
  expect_error(header, "vaults/t.txt:9: field 'map': ", "missing");
  expect_error(header + "map:\n\n\n", "vaults/t.txt:10: field 'map': ", "empty");
  expect_error(header + "map:\n#@#\n#.#\n", "vaults/t.txt:11: field 'map': ", "is 3x2");
  expect_error(header + "map:\n" + std::string(65, '#') + "\n#.#\n#@#\n",
               "vaults/t.txt:11: field 'map': ", "3 to 64");
  expect_error(header + "map:\n#####\n#...#\n#####\n",
               "vaults/t.txt:11: field 'map': ", "no entrance");
  expect_error(header + "map:\n#####\n#.#.#\n#.###\n#@###\n",
               "vaults/t.txt:12: field 'map': ", "the cell '.' in column 4 is cut off");
  expect_error(header + "map:\n#####\n#.W.#\n#.###\n#@###\n",
               "vaults/t.txt:12: field 'map': ", "column 4 is cut off");
  // A map that never opens: the missing fields are named before any map problem.
  expect_error("name: x\nmap:\n#@#\n", "vaults/t.txt:2: field 'depth': ", "missing");
  EXPECT_NO_THROW(parse_vault(header + "map:\n#@#\n#.#\n###\n", "t"));
}

TEST(VaultOrientation, EightOrientationsKeepEveryVaultValid) {
  const VaultLibrary library = VaultLibrary::load(k_shipped_dir);
  for (const Vault& v : library.vaults()) {
    const auto counts = glyph_counts(v.cells);
    for (int turns = 0; turns < 4; ++turns)
      for (const bool mirror : {false, true}) {
        const Grid<std::uint8_t> cells = orient_vault_cells(v.cells, {turns, mirror});
        const Size expected = turns % 2 == 0 ? v.size() : Size{v.size().height, v.size().width};
        ASSERT_EQ(cells.size(), expected) << v.name;
        EXPECT_EQ(glyph_counts(cells), counts) << v.name;  // every marker and tile kept
        // Laid down any way, it is still a vault: ring closed, entrances on it, all reachable.
        std::string text(k_good.substr(0, k_good.find("glyph:")));
        for (std::size_t g = builtin_vault_glyphs().size(); g < v.legend.size(); ++g)
          text += "glyph: " + std::string(1, v.legend[g].symbol) + " = " +
                  std::string(tile_info(v.legend[g].tile).name) + " " + v.legend[g].tag + "\n";
        const Vault again = parse_vault(text + "map:\n" + map_text(v, cells), v.name);
        EXPECT_EQ(again.cells, cells) << v.name;
      }
  }
}

TEST(VaultOrientation, TurnsAndMirrorsCompose) {
  const VaultLibrary library = VaultLibrary::load(k_shipped_dir);
  for (const Vault& v : library.vaults()) {
    const Grid<std::uint8_t>& c = v.cells;
    Grid<std::uint8_t> turned = c;
    for (int i = 0; i < 4; ++i)
      turned = orient_vault_cells(turned, {1, false});
    EXPECT_EQ(turned, c) << v.name << ": four quarter turns";
    EXPECT_EQ(orient_vault_cells(orient_vault_cells(c, {0, true}), {0, true}), c) << v.name;
    EXPECT_EQ(orient_vault_cells(c, {0, false}), c);
    for (int a = 0; a < 4; ++a) {
      for (int b = 0; b < 4; ++b)
        EXPECT_EQ(orient_vault_cells(orient_vault_cells(c, {a, false}), {b, false}),
                  orient_vault_cells(c, {(a + b) % 4, false}))
            << v.name;
      // A mirror after a turn is the mirror before the opposite turn.
      EXPECT_EQ(orient_vault_cells(orient_vault_cells(c, {a, false}), {0, true}),
                orient_vault_cells(c, {(4 - a) % 4, true}))
          << v.name;
    }
    // Turning moves the left column to the top row, read from the bottom up.
    const Grid<std::uint8_t> once = orient_vault_cells(c, {1, false});
    for (int y = 0; y < c.height(); ++y) {
      const Point top{c.height() - 1 - y, 0}, left{0, y};
      EXPECT_EQ(once[top], c[left]) << v.name;
    }
  }
}

TEST(VaultLibraryShipped, HoldsAtLeastTwentyValidVaults) {
  const VaultLibrary library = VaultLibrary::load(k_shipped_dir);
  ASSERT_GE(library.vaults().size(), 20u);
  std::vector<std::string> names;
  std::map<std::string, int> tags;
  int at_depth_one = 0;
  for (const Vault& v : library.vaults()) {
    names.push_back(v.name);
    // The stem of the file is the vault's name, so a message about one finds the other.
    EXPECT_EQ(std::filesystem::path(v.file).stem().string(), v.name);
    EXPECT_GE(v.size().width, 5) << v.name;
    EXPECT_GE(v.size().height, 5) << v.name;
    EXPECT_LE(std::max(v.size().width, v.size().height), 20) << v.name;
    EXPECT_LE(std::min(v.size().width, v.size().height), 12) << v.name;
    EXPECT_LE(v.depth_min, v.depth_max);
    EXPECT_GT(v.weight, 0u);
    bool reward = false;
    for (const std::uint8_t g : v.cells.cells()) {
      ++tags[v.glyph(g).tag];
      reward = reward || v.glyph(g).tag == "item" || v.glyph(g).tag == "treasure" ||
               v.glyph(g).tag == "book";
    }
    EXPECT_TRUE(reward) << v.name << " offers nothing";
    if (v.allows_depth(1)) ++at_depth_one;
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end())) << "loaded in file-name order";
  EXPECT_GE(at_depth_one, 4);
  for (const char* tag : {"monster", "boss", "item", "treasure", "trap"})
    EXPECT_GT(tags[tag], 0) << "no vault uses the marker " << tag;
}

TEST(VaultLibraryShipped, DocsListEveryVault) {
  const std::string docs = read_file(std::string(YENDOR_SOURCE_DIR) + "/docs/vaults.md");
  const VaultLibrary library = VaultLibrary::load(k_shipped_dir);
  for (const Vault& v : library.vaults())
    EXPECT_NE(docs.find("`" + v.name + "`"), std::string::npos)
        << "docs/vaults.md does not list " << v.name;
  // The example file in the docs is a valid vault.
  const std::size_t start = docs.find("```\n# The crypt");
  ASSERT_NE(start, std::string::npos);
  const std::size_t end = docs.find("```", start + 3);
  const Vault example = parse_vault(docs.substr(start + 4, end - start - 4), "docs/vaults.md");
  EXPECT_EQ(example.name, "crypt");
  EXPECT_EQ(example.legend.back().tag, "key");
}

std::string vault_text(std::string_view name) {
  return replaced(k_good, "name: test_vault", "name: " + std::string(name));
}

TEST(VaultLibraryLoad, ReadsTxtFilesInNameOrder) {
  const TempDir dir;
  dir.write("b.txt", vault_text("second"));
  dir.write("a.txt", vault_text("first"));
  dir.write("c.txt", vault_text("third"));
  dir.write("README.md", "not a vault");
  dir.write("notes.txt~", "not a vault either");
  const VaultLibrary library = VaultLibrary::load(dir.str());
  ASSERT_EQ(library.vaults().size(), 3u);
  EXPECT_EQ(library.vaults()[0].name, "first");
  EXPECT_EQ(library.vaults()[1].name, "second");
  EXPECT_EQ(library.vaults()[2].name, "third");
  EXPECT_EQ(library.vaults()[0].file, dir.str() + "/a.txt");
  ASSERT_NE(library.find("third"), nullptr);
  EXPECT_EQ(library.find("third")->name, "third");
  EXPECT_EQ(library.find("fourth"), nullptr);
}

TEST(VaultLibraryLoad, AnEmptyDirectoryIsAnEmptyLibrary) {
  const TempDir dir;
  EXPECT_TRUE(VaultLibrary::load(dir.str()).vaults().empty());
}

TEST(VaultLibraryLoad, ErrorsNameTheFile) {
  const TempDir dir;
  dir.write("a.txt", vault_text("same"));
  dir.write("b.txt", vault_text("same"));
  try {
    VaultLibrary::load(dir.str());
    FAIL() << "duplicate names accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), dir.str() +
                                         "/b.txt:2: field 'name': vault 'same' is also "
                                         "defined in " +
                                         dir.str() + "/a.txt");
  }
  dir.write("b.txt", replaced(vault_text("other"), "weight: 7", "weight: x"));
  try {
    VaultLibrary::load(dir.str());
    FAIL() << "bad weight accepted";
  } catch (const InputError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with(dir.str() + "/b.txt:4: field 'weight': "))
        << e.what();
  }
  try {
    VaultLibrary::load(dir.str() + "/missing");
    FAIL() << "a missing directory accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(dir.str() + "/missing"), std::string::npos) << e.what();
  }
}

TEST(VaultLibraryCache, LoadsOncePerDirectoryAndNeverKeepsAFailure) {
  const TempDir dir;
  std::filesystem::create_directories(dir.str() + "/vaults");
  dir.write("vaults/a.txt", replaced(vault_text("a"), "weight: 7", "weight: x"));
  EXPECT_THROW(cached_vault_library(dir.str()), InputError);
  dir.write("vaults/a.txt", vault_text("a"));
  const auto first = cached_vault_library(dir.str());
  ASSERT_EQ(first->vaults().size(), 1u);
  dir.write("vaults/b.txt", vault_text("b"));
  const auto second = cached_vault_library(dir.str());
  EXPECT_EQ(first.get(), second.get());  // kept, not read again
  EXPECT_EQ(second->vaults().size(), 1u);
}

}  // namespace
}  // namespace yendor
