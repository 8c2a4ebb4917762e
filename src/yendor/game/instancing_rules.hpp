#pragma once
// The rules of instancing (thesis 4.7: "adding constraints and cross-exclusions so that
// undesired combinations can't be created") as loaded from data/game/instancing.toml: plain
// data held by Content. game/instancing reads and enforces them; docs/content.md gives the
// file's format and docs/rules.md the enforcement.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace yendor::game {

// The parts of an individual its roll decides, each uniform within its kind's range: what a
// rule re-rolls. Attributes and speed as rolled (before the race's bonus and the genes), the
// OCEAN traits in thousandths (ai::Trait order).
enum class RollPart : std::uint8_t {
  str,
  dex,
  con,
  speed,
  openness,
  conscientiousness,
  extraversion,
  agreeableness,
  neuroticism,
  count
};
inline constexpr std::size_t k_roll_part_count = static_cast<std::size_t>(RollPart::count);

// What a rule's conditions read of an individual. Each reads exactly one part (hp, hp_share and
// the hp fields read con) and rises with it; hp, hp_share and speed also rise with a gene.
enum class InstanceField : std::uint8_t {
  str,  // attributes with the race's bonus
  dex,
  con,
  hp,        // max hit points (6 + CON, times the health gene)
  hp_share,  // max hit points / the kind's highest before genes (a little over 1 with genes)
  speed,     // times the speed gene
  str_rank,  // where the roll fell in the kind's range: 0 lowest, 1 highest (0.5 when the
  dex_rank,  // range is one value); genes not counted
  con_rank,
  hp_rank,  // = con_rank: hit points follow CON
  speed_rank,
  openness,  // the traits, 0..1
  conscientiousness,
  extraversion,
  agreeableness,
  neuroticism,
  count
};
inline constexpr std::size_t k_instance_field_count =
    static_cast<std::size_t>(InstanceField::count);

enum class Comparison : std::uint8_t { less, less_equal, greater, greater_equal };

// "neuroticism > 0.6": a comparison of one field with a threshold in thousandths.
struct InstanceCondition {
  InstanceField field = InstanceField::str;
  Comparison op = Comparison::less;
  std::int32_t threshold = 0;
  bool operator==(const InstanceCondition&) const = default;
};

// A test of the monster kind rather than of the roll ("has_ranged", "!race:undead"): settled
// once per kind when the rules are loaded.
enum class KindTestKind : std::uint8_t { has_ranged, boss, unique, brain, tactics, race, kind };
struct KindTest {
  KindTestKind what = KindTestKind::has_ranged;
  std::string value;  // brain, tactics, race, kind: the name
  bool negated = false;
  bool operator==(const KindTest&) const = default;
};

// Where a rule sets its part when re-rolling has not helped: a value, or a point of the kind's
// range. A value is clamped into the kind's range.
enum class FallbackKind : std::uint8_t { value, lowest, middle, highest };

// One [[rule]]: the combination it forbids (every test and condition true together), the part
// it re-rolls while the combination holds, and the fallback for that part.
struct InstancingRule {
  std::string id;
  std::string why;
  int line = 0;  // of its [[rule]] header, for messages
  std::vector<KindTest> kinds;
  std::vector<InstanceCondition> forbid;
  RollPart reroll = RollPart::str;
  FallbackKind fallback = FallbackKind::middle;
  std::int32_t fallback_value = 0;  // FallbackKind::value, in the part's unit
  bool operator==(const InstancingRule&) const = default;
};

// A rule as it applies to one monster kind: its kind tests pass and some roll of the kind
// breaks it; `fallback` is the value its part takes, within the kind's range.
struct KindRule {
  int rule = -1;  // index into InstancingRules::rules
  std::int32_t fallback = 0;
  bool operator==(const KindRule&) const = default;
};

struct InstancingRules {
  int tries = 8;  // re-rolls of a violated rule's part before fallbacks are set
  std::vector<InstancingRule> rules;
  // Per monster kind (index into Content::monsters), the rules that apply, in file order;
  // empty (no rules for any kind) when the content has no instancing.toml.
  std::vector<std::vector<KindRule>> by_kind;
  bool operator==(const InstancingRules&) const = default;
};

}  // namespace yendor::game
