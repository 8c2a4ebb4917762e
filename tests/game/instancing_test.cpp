// Instancing under constraints and cross-exclusions (thesis 4.7; game/instancing): the shipped
// rules never let a forbidden combination through over 100,000 rolls — checked against the
// rules as this file writes them again, not against the engine's evaluation — while without
// them the combinations do come up; rolls stay within their kind's ranges and repeat from a
// seed; enforcement falls back when re-rolls do not help, genes counted; and every mistake in
// instancing.toml (or in a kind's personality ranges) is one InputError naming file, line and
// field.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <vector>

#include "support/game_test_content.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/instancing.hpp"
#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/spawn.hpp"

namespace yendor::game {
namespace {

const std::string k_source_dir = YENDOR_SOURCE_DIR;
const std::string k_shipped_dir = k_source_dir + "/data/game";
const std::string k_pack_dir = k_source_dir + "/tests/game/content";

const Content& shipped() {
  static const Content content = load_content(k_shipped_dir);
  return content;
}

Attributes bonus_of(const Content& c, const MonsterKind& k) {
  return k.race >= 0 ? c.races[static_cast<std::size_t>(k.race)].attribute_bonus
                     : Attributes{0, 0, 0};
}

// Where `v` lies in `r`: 0 at the low end, 1 at the high end, 0.5 for a range of one value.
double rank(int v, IntRange r) {
  return r.hi > r.lo ? static_cast<double>(v - r.lo) / (r.hi - r.lo) : 0.5;
}

// An individual as rolled, as the oracle reads it.
struct Rolled {
  const MonsterKind* kind = nullptr;
  int str = 0, dex = 0, con = 0;  // before the race's bonus
  int speed = 0;                  // before the speed gene
  std::array<std::int32_t, ai::k_trait_count> traits{};
  double trait(ai::Trait t) const { return traits[static_cast<std::size_t>(t)] / 1000.0; }
};

Rolled from_actor(const Content& c, const Actor& m) {
  const MonsterKind& k = c.monsters[static_cast<std::size_t>(m.kind)];
  const Attributes b = bonus_of(c, k);
  Rolled r;
  r.kind = &k;
  r.str = m.attr.str - b.str;
  r.dex = m.attr.dex - b.dex;
  r.con = m.attr.con - b.con;
  r.speed = m.speed;  // neutral genes: as rolled
  r.traits = m.memory.personality;
  return r;
}

Rolled from_instance(const MonsterKind& k, const RolledInstance& roll) {
  Rolled r;
  r.kind = &k;
  r.str = roll.rolled.str;
  r.dex = roll.rolled.dex;
  r.con = roll.rolled.con;
  r.speed = roll.speed;
  r.traits = roll.personality;
  return r;
}

// data/game/instancing.toml's rules, written again from their comments. `forbidden`: the
// combination is there; `context`: all of it but the condition on the part it re-rolls (the
// rule has work to do). Hit points are 6 + CON, so hp_rank is CON's place in its range.
struct OracleRule {
  const char* id;
  bool (*forbidden)(const Rolled&);
  bool (*context)(const Rolled&);
};

double n_of(const Rolled& r) {
  return r.trait(ai::Trait::neuroticism);
}

const std::array<OracleRule, 6> k_oracle{
    OracleRule{"frail_archers_do_not_charge",
               [](const Rolled& r) {
                 return r.kind->ranged.has_value() && rank(r.con, r.kind->con) < 0.34 &&
                        n_of(r) > 0.6;
               },
               [](const Rolled& r) {
                 return r.kind->ranged.has_value() && rank(r.con, r.kind->con) < 0.34;
               }},
    OracleRule{"jumpy_creatures_are_quick",
               [](const Rolled& r) { return n_of(r) > 0.8 && rank(r.speed, r.kind->speed) < 0.25; },
               [](const Rolled& r) { return n_of(r) > 0.8; }},
    OracleRule{"nimble_creatures_are_quick",
               [](const Rolled& r) {
                 return rank(r.dex, r.kind->dex) > 0.75 && rank(r.speed, r.kind->speed) < 0.25;
               },
               [](const Rolled& r) { return rank(r.dex, r.kind->dex) > 0.75; }},
    OracleRule{"brutes_are_hardy",
               [](const Rolled& r) {
                 return rank(r.str, r.kind->str) > 0.8 && rank(r.con, r.kind->con) < 0.2;
               },
               [](const Rolled& r) { return rank(r.str, r.kind->str) > 0.8; }},
    OracleRule{"leaders_keep_their_nerve",
               [](const Rolled& r) { return r.kind->boss && n_of(r) > 0.7; },
               [](const Rolled& r) { return r.kind->boss; }},
    OracleRule{"restless_minds_calm_down",
               [](const Rolled& r) {
                 return r.kind->brain == "emotion" && n_of(r) > 0.85 &&
                        r.trait(ai::Trait::conscientiousness) < 0.15;
               },
               [](const Rolled& r) { return r.kind->brain == "emotion" && n_of(r) > 0.85; }},
};

// ---- the shipped rules ----

TEST(Instancing, ShippedRulesAreTheOnesThisTestChecks) {
  const InstancingRules& rules = shipped().instancing;
  ASSERT_EQ(rules.rules.size(), k_oracle.size());
  for (std::size_t i = 0; i < k_oracle.size(); ++i)
    EXPECT_EQ(rules.rules[i].id, k_oracle[i].id);
  EXPECT_EQ(rules.by_kind.size(), shipped().monsters.size());
  EXPECT_GE(rules.tries, 1);
}

TEST(Instancing, NoForbiddenCombinationInOneHundredThousandRolls) {
  const Content& c = shipped();
  const int kinds = static_cast<int>(c.monsters.size());
  Rng rng(47);
  std::array<int, k_oracle.size()> forbidden{}, context{};
  int attribute_out = 0, speed_out = 0, trait_out = 0, hp_wrong = 0, mood_wrong = 0;
  for (int i = 0; i < 100'000; ++i) {
    const int kind = i % kinds;
    const Actor m = roll_monster(c, kind, 5, rng);
    const Rolled r = from_actor(c, m);
    const MonsterKind& k = *r.kind;
    for (std::size_t j = 0; j < k_oracle.size(); ++j) {
      if (k_oracle[j].forbidden(r)) {
        if (forbidden[j] == 0)
          ADD_FAILURE() << k_oracle[j].id << ": a " << k.id << " with STR " << r.str << " DEX "
                        << r.dex << " CON " << r.con << " speed " << r.speed << " N " << n_of(r);
        ++forbidden[j];
      }
      context[j] += k_oracle[j].context(r) ? 1 : 0;
    }
    attribute_out +=
        !k.str.contains(r.str) || !k.dex.contains(r.dex) || !k.con.contains(r.con) ? 1 : 0;
    speed_out += !k.speed.contains(r.speed) ? 1 : 0;
    for (std::size_t t = 0; t < r.traits.size(); ++t)
      trait_out += !k.personality[t].contains(r.traits[t]) ? 1 : 0;
    hp_wrong += m.max_hp != 6 + m.attr.con || m.hp != m.max_hp ? 1 : 0;
    const auto e = m.memory.personality[static_cast<std::size_t>(ai::Trait::extraversion)];
    const auto n = m.memory.personality[static_cast<std::size_t>(ai::Trait::neuroticism)];
    mood_wrong += std::abs(m.memory.mood - (e - n) / 2.0) > 0.5 ? 1 : 0;
  }
  for (std::size_t j = 0; j < k_oracle.size(); ++j)
    EXPECT_EQ(forbidden[j], 0) << k_oracle[j].id;
  // The first five rules have kinds they apply to, and had work to do (the last waits for
  // monsters with the emotion brain).
  for (std::size_t j = 0; j < 5; ++j)
    EXPECT_GT(context[j], 100) << k_oracle[j].id;
  EXPECT_EQ(attribute_out, 0);
  EXPECT_EQ(speed_out, 0);
  EXPECT_EQ(trait_out, 0);
  EXPECT_EQ(hp_wrong, 0);
  EXPECT_EQ(mood_wrong, 0);
}

// The check above could fail: without the rules the same rolls make the forbidden monsters.
TEST(Instancing, WithoutTheRulesTheForbiddenCombinationsComeUp) {
  Content c = shipped();
  c.instancing = InstancingRules{};
  const int kinds = static_cast<int>(c.monsters.size());
  Rng rng(48);
  std::array<int, k_oracle.size()> forbidden{};
  for (int i = 0; i < 30'000; ++i) {
    const Actor m = roll_monster(c, i % kinds, 5, rng);
    const Rolled r = from_actor(c, m);
    for (std::size_t j = 0; j < k_oracle.size(); ++j)
      forbidden[j] += k_oracle[j].forbidden(r) ? 1 : 0;
  }
  for (std::size_t j = 0; j < 5; ++j)
    EXPECT_GT(forbidden[j], 0) << k_oracle[j].id;
}

// The emotion-brain rule, on a goblin given that brain: never violated with the rules, and
// violated without them.
TEST(Instancing, BrainTestsSelectTheKindsARuleAppliesTo) {
  Content c = shipped();
  const int goblin = c.monster_index("goblin");
  ASSERT_GE(goblin, 0);
  c.monsters[static_cast<std::size_t>(goblin)].brain = "emotion";
  const std::string file = k_shipped_dir + "/instancing.toml";
  c.instancing = parse_instancing(read_file(file), file, c);
  const auto& mine = c.instancing.by_kind[static_cast<std::size_t>(goblin)];
  EXPECT_TRUE(std::any_of(mine.begin(), mine.end(), [&](const KindRule& r) {
    return c.instancing.rules[static_cast<std::size_t>(r.rule)].id == "restless_minds_calm_down";
  }));
  Content free = c;
  free.instancing = InstancingRules{};
  Rng with(5), without(5);
  int violated_with = 0, violated_without = 0;
  for (int i = 0; i < 5000; ++i) {
    violated_with += k_oracle[5].forbidden(from_actor(c, roll_monster(c, goblin, 3, with)));
    violated_without +=
        k_oracle[5].forbidden(from_actor(free, roll_monster(free, goblin, 3, without)));
  }
  EXPECT_EQ(violated_with, 0);
  EXPECT_GT(violated_without, 20);
}

// Genes change hp and speed; the shipped rules read ranks, which genes leave alone, and still
// hold for individuals with any genes.
TEST(Instancing, ShippedRulesHoldWhateverTheGenes) {
  const Content& c = shipped();
  Rng rng(49), genes_rng(50);
  int forbidden = 0;
  for (int i = 0; i < 20'000; ++i) {
    const int kind = i % static_cast<int>(c.monsters.size());
    const RolledInstance roll = roll_instance(c, kind, fresh_genes(genes_rng), rng);
    const Rolled r = from_instance(c.monsters[static_cast<std::size_t>(kind)], roll);
    for (const OracleRule& rule : k_oracle)
      forbidden += rule.forbidden(r) ? 1 : 0;
  }
  EXPECT_EQ(forbidden, 0);
}

TEST(Instancing, TheSameSeedRollsTheSameIndividuals) {
  const Content& c = shipped();
  for (std::size_t kind = 0; kind < c.monsters.size(); ++kind) {
    Rng a(1000 + kind), b(1000 + kind), other(2000 + kind);
    bool differs = false;
    for (int i = 0; i < 40; ++i) {
      const Actor x = roll_monster(c, static_cast<int>(kind), 4, a);
      EXPECT_TRUE(x == roll_monster(c, static_cast<int>(kind), 4, b)) << c.monsters[kind].id;
      differs = differs || !(x == roll_monster(c, static_cast<int>(kind), 4, other));
    }
    EXPECT_TRUE(differs) << c.monsters[kind].id;
  }
}

// ---- enforcement, on the test pack with rules of this test's own ----

Content with_rules(const std::string& text) {
  Content c = testing::test_content();
  c.instancing = parse_instancing(text, "custom.toml", c);
  return c;
}

std::int32_t neuroticism(const Actor& m) {
  return m.memory.personality[static_cast<std::size_t>(ai::Trait::neuroticism)];
}

TEST(InstancingEnforcement, WithoutTriesEveryViolatorTakesTheFallback) {
  const Content c = with_rules(R"(
tries = 0
[[rule]]
id = "calm_goblins"
forbid = ["kind:goblin", "neuroticism > 0.5"]
reroll = "neuroticism"
fallback = 0.2
)");
  const int goblin = c.monster_index("goblin"), orc = c.monster_index("orc");
  Rng rng(7);
  int at_fallback = 0, fallbacks = 0, rerolls = 0, above = 0;
  const int n = 4000;
  for (int i = 0; i < n; ++i) {
    const RolledInstance roll = roll_instance(c, goblin, Genes{}, rng);
    const std::int32_t v = roll.personality[static_cast<std::size_t>(ai::Trait::neuroticism)];
    EXPECT_LE(v, 500);
    at_fallback += v == 200 ? 1 : 0;
    fallbacks += roll.fallbacks;
    rerolls += roll.rerolls;
    above += neuroticism(roll_monster(c, orc, 3, rng)) > 500 ? 1 : 0;  // orcs are free
  }
  EXPECT_EQ(rerolls, 0);
  // About half the first rolls are above 0.5 (500 of 1001 values); each was set to 0.2.
  EXPECT_NEAR(static_cast<double>(fallbacks) / n, 0.5, 0.05);
  EXPECT_GE(at_fallback, fallbacks);
  EXPECT_GT(above, n / 4);
}

TEST(InstancingEnforcement, ReRollsComeFirstAndFallbacksAreRare) {
  const Content c = with_rules(R"(
tries = 8
[[rule]]
id = "calm_goblins"
forbid = ["kind:goblin", "neuroticism > 0.5"]
reroll = "neuroticism"
fallback = 0.2
)");
  const int goblin = c.monster_index("goblin");
  Rng rng(8);
  int fallbacks = 0, rerolls = 0, low_half = 0;
  const int n = 4000;
  for (int i = 0; i < n; ++i) {
    const RolledInstance roll = roll_instance(c, goblin, Genes{}, rng);
    const std::int32_t v = roll.personality[static_cast<std::size_t>(ai::Trait::neuroticism)];
    EXPECT_LE(v, 500);
    low_half += v <= 250 ? 1 : 0;
    fallbacks += roll.fallbacks;
    rerolls += roll.rerolls;
  }
  // A re-roll fails with chance 1/2: about one re-roll per roll, a fallback 1 in 2^9.
  EXPECT_NEAR(static_cast<double>(rerolls) / n, 1.0, 0.1);
  EXPECT_LT(fallbacks, n / 100);
  // What comes out is uniform over what is allowed: half of it below 0.25.
  EXPECT_NEAR(static_cast<double>(low_half) / n, 0.5, 0.05);
}

// The keywords pick a point of the kind's range; a value is clamped into it.
TEST(InstancingEnforcement, FallbacksArePointsOfTheKindsRange) {
  struct Case {
    const char* forbid;
    const char* fallback;
    int expected;  // goblins' speed range is 120-140
  };
  for (const Case& k :
       {Case{"speed_rank > 0.6", "\"lowest\"", 120}, Case{"speed_rank > 0.6", "\"middle\"", 130},
        Case{"speed_rank < 0.4", "\"highest\"", 140}, Case{"speed_rank < 0.4", "200", 140}}) {
    const Content c =
        with_rules(std::string("tries = 0\n[[rule]]\nid = \"r\"\nforbid = [\"kind:goblin\", \"") +
                   k.forbid + "\"]\nreroll = \"speed\"\nfallback = " + k.fallback + "\n");
    Rng rng(9);
    int set = 0;
    for (int i = 0; i < 500; ++i) {
      const RolledInstance roll = roll_instance(c, c.monster_index("goblin"), Genes{}, rng);
      if (roll.fallbacks == 0) continue;
      ++set;
      EXPECT_EQ(roll.speed, k.expected) << k.forbid << " " << k.fallback;
    }
    EXPECT_GT(set, 100) << k.forbid << " " << k.fallback;
  }
}

// Rules on hit points and speed count the genes: whatever genes an individual has, the
// combination never comes out.
TEST(InstancingEnforcement, RulesOnHitPointsAndSpeedCountTheGenes) {
  const Content c = with_rules(R"(
tries = 2
[[rule]]
id = "fast_goblins"
forbid = ["kind:goblin", "speed < 126"]
reroll = "speed"
fallback = "highest"

[[rule]]
id = "hardy_orcs"
forbid = ["kind:orc", "hp_share < 0.9"]
reroll = "con"
fallback = "highest"
)");
  const int goblin = c.monster_index("goblin"), orc = c.monster_index("orc");
  const MonsterKind& ok = c.monsters[static_cast<std::size_t>(orc)];
  const int orc_top_hp = 6 + ok.con.hi + bonus_of(c, ok).con;
  Rng rng(10), genes_rng(11);
  int slow = 0, frail = 0;
  for (int i = 0; i < 5000; ++i) {
    const Actor g = roll_monster(c, goblin, 3, rng, fresh_genes(genes_rng));
    slow += g.speed < 126 ? 1 : 0;
    const Actor o = roll_monster(c, orc, 3, rng, fresh_genes(genes_rng));
    frail += static_cast<double>(o.max_hp) / orc_top_hp < 0.9 ? 1 : 0;
  }
  EXPECT_EQ(slow, 0);
  EXPECT_EQ(frail, 0);
}

// ---- errors ----

// parse_instancing of `text` for the test pack throws InputError starting "instancing.toml:LINE: "
// and containing every part, in one line.
void expect_error(const std::string& text, int line, std::initializer_list<std::string> parts) {
  const Content c = testing::test_content();
  try {
    parse_instancing(text, "instancing.toml", c);
    ADD_FAILURE() << "no error; expected one at line " << line << " for:\n" << text;
  } catch (const InputError& e) {
    const std::string message = e.what();
    const std::string where = "instancing.toml:" + std::to_string(line) + ": ";
    EXPECT_EQ(message.rfind(where, 0), 0u) << message << "\n  expected it to start with " << where;
    for (const std::string& part : parts)
      EXPECT_NE(message.find(part), std::string::npos) << message << "\n  lacks: " << part;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

// One rule: lines 1 ([[rule]]), 2 (id), 3 (forbid), 4 (reroll), 5 (fallback).
std::string rule(const std::string& forbid, const std::string& reroll = "neuroticism",
                 const std::string& fallback = "0.2", const std::string& id = "r") {
  return "[[rule]]\nid = \"" + id + "\"\nforbid = [" + forbid + "]\nreroll = \"" + reroll +
         "\"\nfallback = " + fallback + "\n";
}

TEST(InstancingErrors, UnknownNamesAreNamed) {
  expect_error("[[rule]]\nid = \"r\"\nforbid = [\"neuroticism > 0.5\"]\nrerol = \"neuroticism\"\n",
               4, {"rule 'r'", "field 'rerol'", "unknown field"});
  expect_error("rules = 1\n", 1, {"field 'rules'", "unknown field"});
  expect_error(rule("\"neurotism > 0.5\""), 3,
               {"rule 'r'", "field 'forbid'", "unknown field 'neurotism'", "neuroticism"});
  expect_error(rule("\"flying\", \"neuroticism > 0.5\""), 3,
               {"field 'forbid'", "unknown test \"flying\"", "has_ranged"});
  expect_error(rule("\"brain:telepath\", \"neuroticism > 0.5\""), 3,
               {"unknown brain \"telepath\"", "chase"});
  expect_error(rule("\"race:elf\", \"neuroticism > 0.5\""), 3, {"no race 'elf'"});
  expect_error(rule("\"kind:dragon\", \"neuroticism > 0.5\""), 3, {"no monster 'dragon'"});
  expect_error(rule("\"tactics:nowhere\", \"neuroticism > 0.5\""), 3,
               {"no entry 'nowhere' in the AI library"});
  expect_error(rule("\"neuroticism > 0.5\"", "charisma"), 4,
               {"field 'reroll'", "unknown part \"charisma\"", "neuroticism"});
}

TEST(InstancingErrors, BadConditionsAreNamed) {
  expect_error(rule("\"neuroticism > 1.5\""), 3, {"from 0.0 to 1.0", "got 1.5"});
  expect_error(rule("\"neuroticism > high\""), 3, {"a number expected"});
  expect_error(rule("\"!neuroticism > 0.5\""), 3, {"only kind tests take '!'"});
  expect_error(rule("\"has_ranged\""), 3, {"at least one condition on the roll"});
  expect_error(rule("\"neuroticism > 0.5\"", "speed"), 4,
               {"field 'reroll'", "no condition of the rule reads speed"});
  expect_error(rule("\"neuroticism > 0.5\"", "neuroticism", "\"max\""), 5,
               {"field 'fallback'", "\"lowest\", \"middle\", \"highest\" expected"});
  expect_error(rule("\"neuroticism > 0.5\"", "neuroticism", "1.5"), 5,
               {"field 'fallback'", "got 1.5"});
  expect_error("tries = 500\n", 1, {"field 'tries'", "range 0-100"});
  expect_error(rule("\"neuroticism > 0.5\"") + rule("\"neuroticism < 0.1\"", "neuroticism", "0.7"),
               7, {"field 'id'", "rule 'r' is defined twice"});
  expect_error("[[rule]]\nid = \"r\"\nforbid = [\"neuroticism > 0.5\"\n", 3, {"end-of-file"});
}

TEST(InstancingErrors, RulesThatCannotBeEnforcedAreRefused) {
  // Orcs' speed is 70-90: no orc can be rolled that breaks this rule.
  expect_error(rule("\"kind:orc\", \"speed < 200\"", "speed", "\"middle\""), 3,
               {"field 'forbid'", "no roll of monster 'orc' can satisfy it"});
  // A fallback that leaves the combination in place (for the first kind, the rat).
  expect_error(rule("\"neuroticism > 0.5\"", "neuroticism", "0.7"), 5,
               {"field 'fallback'", "monster 'rat'", "neuroticism 0.7"});
  // Goblins' lowest speed is 120, up to 126 with the speed gene: still above 125.
  expect_error(rule("\"kind:goblin\", \"speed > 125\"", "speed", "\"lowest\""), 5,
               {"field 'fallback'", "monster 'goblin'", "genes"});
  // Two rules re-rolling neuroticism whose fallbacks undo each other.
  expect_error(rule("\"neuroticism > 0.5\"", "neuroticism", "0.2", "a") +
                   rule("\"neuroticism < 0.1\"", "neuroticism", "0.7", "b"),
               10, {"rule 'b'", "rule 'a' (line 1)", "both re-roll neuroticism"});
}

// ---- in a content directory ----

class InstancingFiles : public yendor::test::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    for (const char* name :
         {"races.toml", "monsters.toml", "items.toml", "dungeon.toml", "legend.toml"})
      std::filesystem::copy_file(k_pack_dir + "/" + name, path(name));
  }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(path(name), std::ios::binary) << text;
  }
  // Replaces the first `from` in `name` by `to`; the line it starts on.
  int edit(const std::string& name, const std::string& from, const std::string& to) {
    std::string text = read_file(path(name));
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return 0;
    text.replace(at, from.size(), to);
    write(name, text);
    return 1 +
           static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  }
  void expect_load_error(const std::string& file, int line,
                         std::initializer_list<std::string> parts) {
    try {
      load_content(dir_.string());
      ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
      const std::string message = e.what();
      const std::string where = path(file) + ":" + std::to_string(line) + ": ";
      EXPECT_EQ(message.rfind(where, 0), 0u) << message << "\n  expected " << where;
      for (const std::string& part : parts)
        EXPECT_NE(message.find(part), std::string::npos) << message << "\n  lacks: " << part;
    }
  }
};

TEST_F(InstancingFiles, WithoutTheFileThereAreNoRules) {
  EXPECT_TRUE(load_content(dir_.string()).instancing == InstancingRules{});
}

TEST_F(InstancingFiles, TheFileIsLoadedAndItsKindsSettled) {
  write("instancing.toml", rule("\"has_ranged\", \"neuroticism > 0.5\""));
  const Content c = load_content(dir_.string());
  ASSERT_EQ(c.instancing.rules.size(), 1u);
  ASSERT_EQ(c.instancing.by_kind.size(), c.monsters.size());
  for (std::size_t k = 0; k < c.monsters.size(); ++k)
    EXPECT_EQ(c.instancing.by_kind[k].size(), c.monsters[k].ranged ? 1u : 0u) << c.monsters[k].id;
}

TEST_F(InstancingFiles, ItsErrorsNameTheFile) {
  write("instancing.toml", "\n" + rule("\"neuroticism > 0.5\"", "speed"));
  expect_load_error("instancing.toml", 5, {"rule 'r'", "field 'reroll'"});
}

TEST_F(InstancingFiles, PersonalityRangesAreRead) {
  edit("monsters.toml", "speed = \"120-140\"",
       "speed = \"120-140\"\npersonality = { neuroticism = \"0.6-0.9\", openness = 0.25 }");
  const Content c = load_content(dir_.string());
  const MonsterKind& goblin = c.monsters[static_cast<std::size_t>(c.monster_index("goblin"))];
  EXPECT_EQ(goblin.personality[static_cast<std::size_t>(ai::Trait::neuroticism)],
            (IntRange{600, 900}));
  EXPECT_EQ(goblin.personality[static_cast<std::size_t>(ai::Trait::openness)],
            (IntRange{250, 250}));
  EXPECT_EQ(goblin.personality[static_cast<std::size_t>(ai::Trait::agreeableness)],
            (IntRange{0, 1000}));
  Rng rng(3);
  for (int i = 0; i < 300; ++i) {
    const Actor m = roll_monster(c, c.monster_index("goblin"), 2, rng);
    EXPECT_GE(neuroticism(m), 600);
    EXPECT_LE(neuroticism(m), 900);
    EXPECT_EQ(m.memory.personality[static_cast<std::size_t>(ai::Trait::openness)], 250);
  }
}

TEST_F(InstancingFiles, BadPersonalityRangesAreNamed) {
  struct Case {
    const char* written;
    const char* field;
    const char* problem;
  };
  for (const Case& k :
       {Case{"{ neuroticism = \"0.9-0.6\" }", "personality.neuroticism", "runs backwards"},
        Case{"{ neuroticism = \"0.5-1.5\" }", "personality.neuroticism", "shares from 0 to 1"},
        Case{"{ neuroticism = \"calm\" }", "personality.neuroticism", "such as \"0.2-0.6\""},
        Case{"{ neuroticism = 2 }", "personality.neuroticism", "from 0.0 to 1.0"},
        Case{"{ charisma = 0.5 }", "personality.charisma", "unknown trait"},
        Case{"0.5", "personality", "a table expected"}}) {
    SetUp();
    const int line = edit("monsters.toml", "speed = \"120-140\"",
                          std::string("speed = \"120-140\"\npersonality = ") + k.written);
    expect_load_error("monsters.toml", line + 1,
                      {"monster 'goblin'", std::string("field '") + k.field + "'", k.problem});
  }
}

}  // namespace
}  // namespace yendor::game
