// dd::load_content: the shipped ruleset loads with what docs/dd.md says, and each kind of
// mistake in a file is one line naming the file, the line and the field.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "dd/dd_support.hpp"
#include "support/content_files_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::dd {
namespace {

using testing::k_shipped_dir;
using testing::shipped;

TEST(DdContent, ShippedRulesetLoads) {
  const Content& c = shipped();
  EXPECT_GE(c.races.size(), 4u);
  EXPECT_GE(c.classes.size(), 4u);
  EXPECT_GE(c.spells.size(), 2u);
  EXPECT_GE(c.spell_index("fireball"), 0);
  EXPECT_GE(c.spell_index("kill_protect"), 0);
  EXPECT_EQ(c.spells[static_cast<std::size_t>(c.spell_index("fireball"))].effect,
            SpellEffect::fireball);
  EXPECT_EQ(c.dungeon.generator, "dd");
  EXPECT_FALSE(c.dungeon.boss_kinds.empty());
  for (int k : c.dungeon.boss_kinds)
    EXPECT_TRUE(c.monsters[static_cast<std::size_t>(k)].boss);
  EXPECT_NE(c.hash, 0u);
  EXPECT_EQ(c.hash, load_content(k_shipped_dir).hash);
  // Races differ in their bonus, classes in at least one field each.
  std::set<RaceBonus> bonuses;
  for (const Race& r : c.races)
    bonuses.insert(r.bonus);
  EXPECT_EQ(bonuses.size(), c.races.size());
}

class BrokenDdContent : public yendor::test::ContentFilesTest {
 protected:
  void SetUp() override {
    ContentFilesTest::SetUp();
    copy_files(k_shipped_dir, k_content_files);
  }

  void expect_error(const std::string& file, int line, std::initializer_list<std::string> parts) {
    expect_load_error([&] { load_content(dir_.string()); }, file, line, parts);
  }
};

TEST_F(BrokenDdContent, UnchangedCopyLoads) {
  EXPECT_EQ(load_content(dir_.string()).hash, shipped().hash);
}

TEST_F(BrokenDdContent, UnknownMonsterField) {
  const int line = edit("monsters.toml", "glyph = \"g\"", "glyph = \"g\"\nsped = 3");
  expect_error("monsters.toml", line + 1, {"monster 'goblin'", "field 'sped'", "unknown field"});
}

TEST_F(BrokenDdContent, PercentOutOfRange) {
  const int line = edit("monsters.toml", "attack_percent = 70", "attack_percent = 0");
  expect_error("monsters.toml", line, {"monster 'bandit'", "field 'attack_percent'", "range"});
}

TEST_F(BrokenDdContent, UnknownSpellEffect) {
  const int line = edit("spells.toml", "effect = \"heal\"", "effect = \"hael\"");
  expect_error("spells.toml", line, {"spell 'heal'", "field 'effect'", "unknown effect"});
}

TEST_F(BrokenDdContent, SpellWithoutItsAmount) {
  edit("spells.toml", "mana = 6\namount = 4", "mana = 6");
  try {
    load_content(dir_.string());
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("field 'amount'"), std::string::npos) << e.what();
  }
}

TEST_F(BrokenDdContent, ClassStartingWithAnUnknownSpell) {
  const int line = edit("heroes.toml", "spells = [\"fireball\"]", "spells = [\"firebal\"]");
  expect_error("heroes.toml", line, {"class 'wizard'", "field 'spells'", "unknown spell"});
}

TEST_F(BrokenDdContent, TooManyGlyphSlots) {
  const int line = edit("heroes.toml", "glyph_slots = 4", "glyph_slots = 5");
  expect_error("heroes.toml", line, {"class 'wizard'", "field 'glyph_slots'", "range 1-4"});
}

TEST_F(BrokenDdContent, UnknownRaceBonus) {
  const int line = edit("heroes.toml", "bonus = \"max_mana\"", "bonus = \"mana\"");
  expect_error("heroes.toml", line, {"race 'elf'", "field 'bonus'", "unknown bonus"});
}

TEST_F(BrokenDdContent, DuplicateId) {
  edit("heroes.toml", "id = \"gnome\"", "id = \"elf\"");
  try {
    load_content(dir_.string());
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("defined twice"), std::string::npos) << e.what();
  }
}

TEST_F(BrokenDdContent, WrongNumberOfMonsterLevels) {
  const int line = edit("dungeon.toml", "[10, 5, 4, 3, 3, 2, 2, 2, 1]", "[10, 5, 4]");
  expect_error("dungeon.toml", line, {"field 'monsters_per_level'", "nine counts"});
}

TEST_F(BrokenDdContent, BossListedAsAMonsterKind) {
  const int line = edit("dungeon.toml", "\"serpent\", \"wraith\"]", "\"serpent\", \"dragon\"]");
  expect_error("dungeon.toml", line, {"field 'monster_kinds'", "is a boss"});
}

TEST_F(BrokenDdContent, UnknownGeneratorAndParameter) {
  int line = edit("dungeon.toml", "generator = \"dd\"", "generator = \"dungeon\"");
  expect_error("dungeon.toml", line, {"field 'generator'", "unknown generator"});
  edit("dungeon.toml", "generator = \"dungeon\"", "generator = \"dd\"");
  line = edit("dungeon.toml", "params = {}", "params = { clunps = 3 }");
  expect_error("dungeon.toml", line, {"field 'params.clunps'", "no parameter"});
}

TEST_F(BrokenDdContent, UnknownItemKind) {
  const int line = edit("dungeon.toml", "spell = { count = 5, amount = 1 }",
                        "spell = { count = 5, amount = 1 }\nscroll = { count = 1, amount = 1 }");
  expect_error("dungeon.toml", line + 1, {"field 'items.scroll'", "unknown field"});
}

TEST_F(BrokenDdContent, SyntaxErrorAndMissingFile) {
  const int line = edit("spells.toml", "mana = 10", "mana = = 10");
  expect_error("spells.toml", line, {});
  std::filesystem::remove(path("heroes.toml"));
  EXPECT_THROW(load_content(dir_.string()), InputError);
}

}  // namespace
}  // namespace yendor::dd
