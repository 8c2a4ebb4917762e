// load_content: the shipped content and the test pack load; every kind of mistake in a file
// is one InputError naming the file, the line and the field; every feature tag the
// generators, passes and vaults emit has a legend entry.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/content_files_test.hpp"
#include "support/game_test_content.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/game/content.hpp"
#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::game {
namespace {

const std::string k_source_dir = YENDOR_SOURCE_DIR;
const std::string k_shipped = k_source_dir + "/data/game";
const std::string k_pack = k_source_dir + "/tests/game/content";

const Content& shipped() {
  static const Content content = load_content(k_shipped);
  return content;
}

// ---- the content that ships, and the test pack ----

TEST(ContentLoader, ShippedContentLoads) {
  const Content& c = shipped();
  EXPECT_EQ(c.source_dir, k_shipped);
  EXPECT_GE(c.races.size(), 6u);
  EXPECT_GE(c.monsters.size(), 25u);
  EXPECT_GE(c.items.size(), 30u);
  EXPECT_EQ(c.dungeon.levels, 10);
  EXPECT_EQ(c.dungeon.size, (Size{80, 50}));
  const int boss = c.monster_index(c.dungeon.boss);
  ASSERT_GE(boss, 0);
  EXPECT_TRUE(c.monsters[static_cast<std::size_t>(boss)].boss);
  EXPECT_TRUE(c.monsters[static_cast<std::size_t>(boss)].unique);
  EXPECT_TRUE(c.monsters[static_cast<std::size_t>(boss)].depth.contains(c.dungeon.levels));
  for (const char* id : {"gold", "corpse", "key"})
    EXPECT_GE(c.item_index(id), 0) << id;
}

// The thesis's example (5.4): goblins are weak and fast, orcs strong and slow.
TEST(ContentLoader, ShippedGoblinsAreFastAndOrcsStrong) {
  const Content& c = shipped();
  const MonsterKind& goblin = c.monsters[static_cast<std::size_t>(c.monster_index("goblin"))];
  const MonsterKind& orc = c.monsters[static_cast<std::size_t>(c.monster_index("orc"))];
  EXPECT_GT(goblin.speed.lo, orc.speed.hi);
  EXPECT_LT(goblin.str.hi, orc.str.lo);
  EXPECT_LT(goblin.con.hi, orc.con.lo);
}

TEST(ContentLoader, ShippedDepthBandsCoverEveryLevelOnce) {
  const DungeonRecipe& d = shipped().dungeon;
  for (int depth = 1; depth <= d.levels; ++depth) {
    int bands = 0;
    for (const DepthBand& band : d.bands)
      bands += band.depths.contains(depth) ? 1 : 0;
    EXPECT_EQ(bands, 1) << "depth " << depth;
  }
}

// Every level the shipped recipe can ask for generates at the recipe's size and depths.
TEST(ContentLoader, ShippedLevelChoicesGenerate) {
  const DungeonRecipe& d = shipped().dungeon;
  for (const DepthBand& band : d.bands)
    for (const LevelChoice& choice : band.levels)
      for (const int depth : {band.depths.lo, band.depths.hi}) {
        SCOPED_TRACE(choice.generator + " at depth " + std::to_string(depth));
        GenerateOptions options;
        options.depth = depth;
        options.motif = choice.motif;
        options.features = choice.features;
        options.difficulty = depth * d.difficulty_per_depth;
        const Level level =
            generate_level(builtin_generators().get(choice.generator), d.size,
                           static_cast<std::uint64_t>(depth) * 7919u, choice.params, options);
        EXPECT_EQ(level.size(), d.size);
      }
}

TEST(ContentLoader, TestPackEqualsTestContent) {
  Content loaded = load_content(k_pack);
  EXPECT_EQ(loaded.source_dir, k_pack);
  loaded.source_dir.clear();
  const Content expected = testing::test_content();
  ASSERT_EQ(loaded.races.size(), expected.races.size());
  for (std::size_t i = 0; i < expected.races.size(); ++i)
    EXPECT_TRUE(loaded.races[i] == expected.races[i]) << "race " << expected.races[i].id;
  ASSERT_EQ(loaded.monsters.size(), expected.monsters.size());
  for (std::size_t i = 0; i < expected.monsters.size(); ++i)
    EXPECT_TRUE(loaded.monsters[i] == expected.monsters[i])
        << "monster " << expected.monsters[i].id;
  ASSERT_EQ(loaded.items.size(), expected.items.size());
  for (std::size_t i = 0; i < expected.items.size(); ++i)
    EXPECT_TRUE(loaded.items[i] == expected.items[i]) << "item " << expected.items[i].id;
  ASSERT_EQ(loaded.dungeon.bands.size(), expected.dungeon.bands.size());
  for (std::size_t i = 0; i < expected.dungeon.bands.size(); ++i)
    EXPECT_TRUE(loaded.dungeon.bands[i] == expected.dungeon.bands[i]) << "band " << i;
  EXPECT_TRUE(loaded.dungeon == expected.dungeon);
  ASSERT_EQ(loaded.legend.size(), expected.legend.size());
  for (std::size_t i = 0; i < expected.legend.size(); ++i)
    EXPECT_TRUE(loaded.legend[i] == expected.legend[i]) << "legend " << expected.legend[i].tag;
  EXPECT_TRUE(loaded == expected);
}

// The test pack's levels (60x30) are within every generator's limits.
TEST(ContentLoader, TestPackLevelChoicesGenerate) {
  const DungeonRecipe& d = testing::test_content().dungeon;
  for (const DepthBand& band : d.bands)
    for (const LevelChoice& choice : band.levels)
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        SCOPED_TRACE(choice.generator + " seed " + std::to_string(seed));
        GenerateOptions options;
        options.depth = band.depths.lo;
        const Level level = generate_level(builtin_generators().get(choice.generator), d.size, seed,
                                           choice.params, options);
        EXPECT_EQ(level.size(), d.size);
      }
}

// ---- the legend covers every feature tag ----

// Tags before any ':', as Content::legend_for matches them.
std::string base_tag(const std::string& tag) {
  return tag.substr(0, tag.find(':'));
}

// Every generator with the passes that add tagged features (vaults, shops, temples,
// fountains, water crossings), at rates high enough that each appears.
TEST(ContentLoader, ShippedLegendCoversEveryGeneratedTag) {
  const Content& c = shipped();
  std::set<std::string> seen;
  for (const Generator* generator : builtin_generators().all()) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      GenerateOptions options;
      options.depth = static_cast<int>(seed) * 4;
      options.features = {
          FeatureRequest{"water", {{"size", "0.05"}}}, FeatureRequest{"vaults", {{"rate", "4"}}},
          FeatureRequest{"shops", {{"rate", "1"}}}, FeatureRequest{"temples", {{"rate", "1"}}},
          FeatureRequest{"fountains", {{"rate", "1"}}}};
      const Level level = generate_level(*generator, Size{80, 50}, seed, ParamSet{}, options);
      for (const Feature& f : level.meta.features) {
        seen.insert(base_tag(f.tag));
        EXPECT_NE(c.legend_for(f.tag), nullptr)
            << generator->info().name << " seed " << seed << ": tag '" << f.tag
            << "' has no entry in legend.toml";
      }
    }
  }
  // The passes ran: their tags were seen (the check above is not vacuous).
  for (const char* tag : {"vault", "shopkeeper", "shop_item", "temple", "fountain", "key"})
    EXPECT_EQ(seen.count(tag), 1u) << tag;
}

// The vault files' own glyph tags ("glyph: X = TILE TAG"), read straight from the files, so a
// vault that was not placed above is covered too.
TEST(ContentLoader, ShippedLegendCoversEveryVaultGlyphTag) {
  const Content& c = shipped();
  int tags = 0;
  for (const auto& entry : std::filesystem::directory_iterator(k_source_dir + "/data/vaults")) {
    if (entry.path().extension() != ".txt") continue;
    std::istringstream in(read_file(entry.path().string()));
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("glyph:", 0) != 0) continue;
      std::istringstream words(line.substr(6));
      std::string glyph, equals, tile, tag;
      words >> glyph >> equals >> tile >> tag;
      if (tag.empty()) continue;
      ++tags;
      EXPECT_NE(c.legend_for(tag), nullptr) << entry.path().filename() << ": " << line;
    }
  }
  EXPECT_GT(tags, 0);
}

// ---- broken files ----

// The test pack copied into a temporary directory, for editing one file.
class BrokenContent : public test::ContentFilesTest {
 protected:
  void SetUp() override {
    ContentFilesTest::SetUp();
    copy_files(k_pack,
               std::initializer_list<const char*>{"races.toml", "monsters.toml", "items.toml",
                                                  "dungeon.toml", "legend.toml"});
  }

  void expect_error(const std::string& file, int line, std::initializer_list<std::string> parts) {
    expect_load_error([&] { load_content(dir_.string()); }, file, line, parts);
  }
};

TEST_F(BrokenContent, UnchangedCopyLoads) {
  EXPECT_TRUE(load_content(dir_.string()).monsters == testing::test_content().monsters);
}

// A monster without a colour of its own takes its race's.
TEST_F(BrokenContent, MonsterColourDefaultsToItsRaces) {
  edit("monsters.toml", "glyph = \"r\"\ncolor = [200, 200, 200]\n", "glyph = \"r\"\n");
  const Content c = load_content(dir_.string());
  const MonsterKind& rat = c.monsters[static_cast<std::size_t>(c.monster_index("rat"))];
  EXPECT_EQ(rat.color, c.races[static_cast<std::size_t>(rat.race)].color);
  EXPECT_NE(rat.color, testing::test_content().monsters[0].color);
}

TEST_F(BrokenContent, UnknownFieldIsNamed) {
  const int line = edit("monsters.toml", "base_xp = 6", "base_xp = 6\nsped = 100");
  expect_error("monsters.toml", line + 1, {"monster 'goblin'", "field 'sped'", "unknown field"});
}

TEST_F(BrokenContent, UnknownFieldInNestedTable) {
  const int line = edit("monsters.toml", "chance = 0.3,", "chanse = 0.3,");
  expect_error("monsters.toml", line, {"monster 'goblin'", "field 'drops.chanse'"});
}

TEST_F(BrokenContent, UnknownTopLevelTable) {
  const int line = edit("items.toml", "[[item]]", "[[itme]]");
  expect_error("items.toml", line, {"field 'itme'", "unknown field"});
}

TEST_F(BrokenContent, WrongTypeIsNamed) {
  const int line = edit("monsters.toml", "base_xp = 6", "base_xp = \"six\"");
  expect_error("monsters.toml", line,
               {"monster 'goblin'", "field 'base_xp'", "an integer expected, got text"});
}

TEST_F(BrokenContent, OutOfRangeValueIsNamed) {
  const int line = edit("monsters.toml", "speed = \"120-140\"", "speed = 500");
  expect_error("monsters.toml", line, {"monster 'goblin'", "field 'speed'", "got 500"});
}

TEST_F(BrokenContent, BackwardsRangeIsNamed) {
  const int line = edit("items.toml", "damage = \"2-8\"", "damage = \"8-2\"");
  expect_error("items.toml", line, {"item 'sword'", "field 'damage'", "backwards"});
}

TEST_F(BrokenContent, BadColourIsNamed) {
  const int line = edit("races.toml", "\"#dcdcdc\"", "\"#dcdcdx\"");
  expect_error("races.toml", line, {"race 'undead'", "field 'color'", "#rrggbb"});
}

TEST_F(BrokenContent, ColourComponentOutOfRange) {
  const int line = edit("races.toml", "[150, 120, 90]", "[150, 256, 90]");
  expect_error("races.toml", line, {"race 'animal'", "field 'color'", "got 256"});
}

TEST_F(BrokenContent, RaceBonusMayNotTakeAnAttributeBelowOne) {
  edit("races.toml", "attribute_bonus = { str = 1 }", "attribute_bonus = { str = -12 }");
  const int line = edit("monsters.toml", "str = \"12-16\"", "str = \"12-16\"");
  expect_error("monsters.toml", line, {"monster 'orc'", "field 'str'", "lowest roll is 0"});
}

TEST_F(BrokenContent, MissingRequiredFieldIsNamed) {
  const int line = edit("monsters.toml", "[[monster]]\nid = \"orc\"\nname = \"orc\"\nglyph = \"o\"",
                        "[[monster]]\nid = \"orc\"\nname = \"orc\"");
  expect_error("monsters.toml", line, {"monster 'orc'", "field 'glyph'", "missing"});
}

TEST_F(BrokenContent, DuplicateIdIsNamed) {
  const int line = edit("items.toml", "id = \"sword\"", "id = \"dagger\"");
  expect_error("items.toml", line, {"field 'id'", "'dagger' is defined twice"});
}

TEST_F(BrokenContent, IdMustBeSnakeCase) {
  const int line = edit("races.toml", "id = \"orc\"", "id = \"Orc\"");
  expect_error("races.toml", line, {"field 'id'", "snake_case"});
}

TEST_F(BrokenContent, DanglingRaceIsNamed) {
  const int line = edit("monsters.toml", "race = \"orc\"", "race = \"ork\"");
  expect_error("monsters.toml", line, {"monster 'orc'", "field 'race'", "no race 'ork'"});
}

TEST_F(BrokenContent, DanglingDropIsNamed) {
  const int line = edit("monsters.toml", "item = \"dart\"", "item = \"darts\"");
  expect_error("monsters.toml", line,
               {"monster 'goblin'", "field 'drops.item'", "no item 'darts'"});
}

TEST_F(BrokenContent, DanglingBossIsNamed) {
  const int line = edit("dungeon.toml", "boss = \"orc_warlord\"", "boss = \"orc_warlard\"");
  expect_error("dungeon.toml", line, {"field 'boss'", "no monster 'orc_warlard'"});
}

TEST_F(BrokenContent, BossMustBeABossKind) {
  const int line = edit("dungeon.toml", "boss = \"orc_warlord\"", "boss = \"orc\"");
  expect_error("dungeon.toml", line, {"field 'boss'", "not a boss"});
}

TEST_F(BrokenContent, DanglingStartItemIsNamed) {
  const int line = edit("dungeon.toml", "\"leather_armour\"", "\"leather_armor\"");
  expect_error("dungeon.toml", line, {"field 'start_items'", "no item 'leather_armor'"});
}

TEST_F(BrokenContent, BandGapIsNamed) {
  edit("dungeon.toml", "depths = \"3-4\"", "depths = \"4\"");
  const int line = edit("dungeon.toml", "levels = 4", "levels = 4");
  expect_error("dungeon.toml", line, {"field 'band'", "depth 3 is in no band"});
}

TEST_F(BrokenContent, BandOverlapIsNamed) {
  const int line = edit("dungeon.toml", "[[band]]\ndepths = \"3-4\"", "[[band]]\ndepths = \"2-4\"");
  const std::string first_band = std::to_string(line_with("dungeon.toml", "[[band]]"));
  expect_error("dungeon.toml", line + 1,
               {"band 2-4", "depth 2 is also in the band at line " + first_band});
}

TEST_F(BrokenContent, BandBeyondLastLevelIsNamed) {
  const int line = edit("dungeon.toml", "depths = \"3-4\"", "depths = \"3-5\"");
  expect_error("dungeon.toml", line, {"band 3-5", "field 'depths'", "levels = 4"});
}

TEST_F(BrokenContent, UnknownGeneratorIsNamed) {
  const int line = edit("dungeon.toml", "generator = \"caves\"", "generator = \"cavez\"");
  expect_error("dungeon.toml", line,
               {"band 3-4", "field 'generator'", "unknown generator \"cavez\"", "caves"});
}

TEST_F(BrokenContent, GeneratorParameterOutOfRangeIsNamed) {
  const int line = edit("dungeon.toml", "generator = \"caves\"",
                        "generator = \"caves\"\nparams = { fill = 2.5 }");
  expect_error("dungeon.toml", line + 1, {"band 3-4", "field 'params.fill'", "maximum"});
}

TEST_F(BrokenContent, UnknownGeneratorParameterIsNamed) {
  const int line = edit("dungeon.toml", "generator = \"rooms\"",
                        "generator = \"rooms\"\nparams = { rooms_max = 8 }");
  expect_error("dungeon.toml", line + 1,
               {"field 'params.rooms_max'", "generator 'rooms' has no parameter 'rooms_max'"});
}

TEST_F(BrokenContent, GeneratorParameterOfWrongTypeIsNamed) {
  const int line = edit("dungeon.toml", "generator = \"rooms\"",
                        "generator = \"rooms\"\nparams = { connect = 3 }");
  expect_error("dungeon.toml", line + 1, {"field 'params.connect'", "choice"});
}

TEST_F(BrokenContent, GeneratorTextParameterIsChecked) {
  const int line = edit("dungeon.toml", "generator = \"cyclic\"",
                        "generator = \"cyclic\"\nparams = { cycles = \"many\" }");
  expect_error("dungeon.toml", line + 1, {"field 'params.cycles'"});
}

TEST_F(BrokenContent, GeneratorSizeLimitIsChecked) {
  edit("dungeon.toml", "size = [60, 30]", "size = [60, 20]");
  expect_error("dungeon.toml", line_with("dungeon.toml", "generator = \"cyclic\""),
               {"band 3-4", "field 'generator'", "cyclic: size 60x20 is below the minimum"});
}

TEST_F(BrokenContent, UnknownMotifIsNamed) {
  const int line =
      edit("dungeon.toml", "generator = \"caves\"", "generator = \"caves\"\nmotif = \"swampy\"");
  expect_error("dungeon.toml", line + 1, {"field 'motif'", "unknown motif \"swampy\""});
}

TEST_F(BrokenContent, UnknownFeaturePassIsNamed) {
  const int line = edit("dungeon.toml", "generator = \"caves\"",
                        "generator = \"caves\"\nfeatures = [\"vaults\", \"moats\"]");
  expect_error("dungeon.toml", line + 1, {"field 'features'", "unknown feature pass \"moats\""});
}

TEST_F(BrokenContent, FeaturePassParameterIsChecked) {
  const int line = edit("dungeon.toml", "generator = \"caves\"",
                        "generator = \"caves\"\nfeatures = [\"fountains:rate=7\"]");
  expect_error("dungeon.toml", line + 1, {"field 'features'", "rate"});
}

TEST_F(BrokenContent, FeatureRequestMustBeText) {
  const int line =
      edit("dungeon.toml", "generator = \"caves\"", "generator = \"caves\"\nfeatures = [3]");
  expect_error("dungeon.toml", line + 1, {"field 'features'"});
}

TEST_F(BrokenContent, UnknownBrainIsNamed) {
  const int line = edit("monsters.toml", "brain = \"chase\"", "brain = \"chaser\"");
  expect_error("monsters.toml", line,
               {"monster 'shopkeeper'", "field 'brain'", "unknown brain \"chaser\"", "chase"});
}

TEST_F(BrokenContent, BadEffectIsNamed) {
  const int line = edit("items.toml", "effect = \"haste\"", "effect = \"hast\"");
  expect_error("items.toml", line,
               {"item 'potion_haste'", "field 'effect'", "unknown effect \"hast\"", "haste"});
}

TEST_F(BrokenContent, PotionWithoutEffectIsNamed) {
  const int line =
      edit("items.toml", "[[item]]\nid = \"potion_haste\"", "[[item]]\nid = \"potion_haste\"");
  edit("items.toml", "effect = \"haste\"\n", "");
  expect_error("items.toml", line, {"item 'potion_haste'", "field 'effect'", "needs an effect"});
}

TEST_F(BrokenContent, UnknownItemClassIsNamed) {
  const int line = edit("items.toml", "class = \"missile\"", "class = \"missle\"");
  expect_error("items.toml", line, {"item 'dart'", "field 'class'", "unknown item class"});
}

TEST_F(BrokenContent, ItemTheRulesNeedIsRequired) {
  edit("items.toml", "id = \"corpse\"", "id = \"body\"");
  expect_error("items.toml", 1, {"item 'corpse' is missing"});
}

TEST_F(BrokenContent, EveryDepthNeedsAMonster) {
  edit("monsters.toml", "depth = \"1-4\"", "depth = \"2-4\"");
  edit("monsters.toml", "depth = \"1-6\"", "depth = \"2-6\"");
  const int line = edit("dungeon.toml", "levels = 4", "levels = 4");
  expect_error("dungeon.toml", line, {"field 'levels'", "no monster", "depth 1"});
}

TEST_F(BrokenContent, UnknownSpawnIsNamed) {
  const int line = edit("legend.toml", "spawn = \"shop_item\"", "spawn = \"shop_items\"");
  expect_error("legend.toml", line, {"tag 'shop_item'", "field 'spawn'", "unknown spawn"});
}

TEST_F(BrokenContent, ShopkeeperSpawnNeedsAShopkeeperKind) {
  edit("monsters.toml", "shopkeeper = true", "shopkeeper = false");
  const int line = edit("legend.toml", "spawn = \"shopkeeper\"", "spawn = \"shopkeeper\"");
  expect_error("legend.toml", line, {"tag 'shopkeeper'", "shopkeeper = true"});
}

TEST_F(BrokenContent, DuplicateLegendTagIsNamed) {
  const int line = edit("legend.toml", "tag = \"book\"", "tag = \"item\"");
  expect_error("legend.toml", line, {"field 'tag'", "'item' has two entries"});
}

TEST_F(BrokenContent, LegendItemClassOnlyForItems) {
  const int line = edit("legend.toml", "tag = \"trap\"\nspawn = \"trap\"",
                        "tag = \"trap\"\nspawn = \"trap\"\nitem_class = \"scroll\"");
  expect_error("legend.toml", line + 2, {"tag 'trap'", "field 'item_class'"});
}

TEST_F(BrokenContent, TomlSyntaxErrorHasItsLine) {
  const int line = edit("items.toml", "price = 40", "price = = 40");
  expect_error("items.toml", line, {});
}

TEST_F(BrokenContent, MissingFileIsNamed) {
  std::filesystem::remove(path("legend.toml"));
  try {
    load_content(dir_.string());
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path("legend.toml")), std::string::npos) << e.what();
  }
}

TEST(ContentLoader, MissingDirectoryIsAClearError) {
  const std::string dir = k_source_dir + "/no/such/content";
  try {
    load_content(dir);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(dir), std::string::npos) << message;
    EXPECT_NE(message.find("not a directory"), std::string::npos) << message;
  }
}

TEST(ContentLoader, DefaultContentDirIsTheDataDirsGameFolder) {
  const std::string dir = default_content_dir();
  EXPECT_EQ(std::filesystem::path(dir).filename(), "game");
}

}  // namespace
}  // namespace yendor::game
