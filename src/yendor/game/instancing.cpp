// Instancing under constraints and cross-exclusions (thesis 4.7): reading instancing.toml,
// proving its rules enforceable, and rolling individuals under them (docs/rules.md,
// "Instancing").
//
// Why enforcement always ends: every field a condition reads depends on one part of the roll
// only (and perhaps on one gene), rising with it. The loader checks, for each kind a rule
// applies to, that the rule's fallback (clamped into the kind's range) makes one of the
// rule's conditions on its own part false for every gene within ±5 %, and that it also breaks
// every other rule re-rolling the same part. Once a part is set to a fallback, every rule that
// re-rolls that part is broken whatever the other parts, so none of them sets it again: each
// part is set at most once, and the fallback phase ends after at most one step per part with
// no rule violated.
#include "yendor/game/instancing.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/toml_read.hpp"
#include "yendor/core/toml_where.hpp"
#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/rules.hpp"

namespace yendor::game {
namespace {

constexpr std::array<std::string_view, k_roll_part_count> k_part_names{
    "str",          "dex",           "con",        "speed", "openness", "conscientiousness",
    "extraversion", "agreeableness", "neuroticism"};

constexpr std::array<std::string_view, k_instance_field_count> k_field_names{"str",
                                                                             "dex",
                                                                             "con",
                                                                             "hp",
                                                                             "hp_share",
                                                                             "speed",
                                                                             "str_rank",
                                                                             "dex_rank",
                                                                             "con_rank",
                                                                             "hp_rank",
                                                                             "speed_rank",
                                                                             "openness",
                                                                             "conscientiousness",
                                                                             "extraversion",
                                                                             "agreeableness",
                                                                             "neuroticism"};

constexpr std::array<std::string_view, 7> k_kind_test_names{
    "has_ranged", "boss", "unique", "brain:NAME", "tactics:NAME", "race:ID", "kind:ID"};

constexpr int k_max_tries = 100;
constexpr std::int32_t k_milli = 1000;

std::string join_names(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names)
    out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

bool is_trait(RollPart p) {
  return p >= RollPart::openness;
}

// ---- field values: exact ratios, compared in integers ----

struct Ratio {
  std::int64_t num = 0;
  std::int64_t den = 1;
};

// What a kind's fields need besides the roll.
struct KindFrame {
  const MonsterKind* kind = nullptr;
  Attributes bonus{0, 0, 0};
  int hp_lo = 1;  // max hit points at the lowest and highest CON, before genes
  int hp_hi = 1;
};

KindFrame frame_of(const Content& content, const MonsterKind& kind) {
  KindFrame f;
  f.kind = &kind;
  if (kind.race >= 0 && static_cast<std::size_t>(kind.race) < content.races.size())
    f.bonus = content.races[static_cast<std::size_t>(kind.race)].attribute_bonus;
  Attributes lo{1, 1, kind.con.lo + f.bonus.con};
  Attributes hi{1, 1, kind.con.hi + f.bonus.con};
  f.hp_lo = max_hp_for(lo, 1);
  f.hp_hi = max_hp_for(hi, 1);
  return f;
}

Ratio rank(std::int64_t v, std::int64_t lo, std::int64_t hi) {
  if (hi <= lo) return {1, 2};
  return {v - lo, hi - lo};
}

int hp_of(const KindFrame& k, std::int32_t con, std::int32_t health_gene) {
  Attributes a{1, 1, con + k.bonus.con};
  return apply_gene(max_hp_for(a, 1), health_gene);
}

// The value of `field` for an individual whose part `part_of(field)` is `v`, with `genes`.
Ratio field_value(const KindFrame& k, InstanceField field, std::int32_t v, const Genes& genes) {
  const MonsterKind& m = *k.kind;
  switch (field) {
    case InstanceField::str:
      return {v + k.bonus.str, 1};
    case InstanceField::dex:
      return {v + k.bonus.dex, 1};
    case InstanceField::con:
      return {v + k.bonus.con, 1};
    case InstanceField::hp:
      return {hp_of(k, v, genes.health), 1};
    case InstanceField::hp_share:
      return {hp_of(k, v, genes.health), std::max(k.hp_hi, 1)};
    case InstanceField::speed:
      return {apply_gene(std::max(v, 1), genes.speed), 1};
    case InstanceField::str_rank:
      return rank(v, m.str.lo, m.str.hi);
    case InstanceField::dex_rank:
      return rank(v, m.dex.lo, m.dex.hi);
    case InstanceField::con_rank:
      return rank(v, m.con.lo, m.con.hi);
    case InstanceField::hp_rank:
      return rank(hp_of(k, v, k_gene_base), k.hp_lo, k.hp_hi);
    case InstanceField::speed_rank:
      return rank(v, m.speed.lo, m.speed.hi);
    case InstanceField::openness:
    case InstanceField::conscientiousness:
    case InstanceField::extraversion:
    case InstanceField::agreeableness:
    case InstanceField::neuroticism:
    case InstanceField::count:
      break;
  }
  return {v, k_milli};
}

bool holds(const InstanceCondition& c, Ratio value) {
  const std::int64_t lhs = value.num * k_milli;
  const std::int64_t rhs = std::int64_t{c.threshold} * value.den;
  switch (c.op) {
    case Comparison::less:
      return lhs < rhs;
    case Comparison::less_equal:
      return lhs <= rhs;
    case Comparison::greater:
      return lhs > rhs;
    case Comparison::greater_equal:
      return lhs >= rhs;
  }
  return false;
}

using Parts = std::array<std::int32_t, k_roll_part_count>;

bool violated(const KindFrame& k, const InstancingRule& rule, const Parts& parts,
              const Genes& genes) {
  for (const InstanceCondition& c : rule.forbid)
    if (!holds(c,
               field_value(k, c.field, parts[static_cast<std::size_t>(part_of(c.field))], genes)))
      return false;
  return true;
}

// Genes with the one gene `field` reads at `gene` (the others at the base).
Genes genes_for(InstanceField field, std::int32_t gene) {
  Genes g;
  if (field == InstanceField::hp || field == InstanceField::hp_share) g.health = gene;
  if (field == InstanceField::speed) g.speed = gene;
  return g;
}

// Whether `c` holds for the part value `v` with the lowest and with the highest gene.
std::array<bool, 2> holds_at(const KindFrame& k, const InstanceCondition& c, std::int32_t v) {
  return {holds(c, field_value(k, c.field, v, genes_for(c.field, k_gene_min))),
          holds(c, field_value(k, c.field, v, genes_for(c.field, k_gene_max)))};
}

// Whether the part value `v` makes some condition of `rule` on that part false whatever the
// gene (fields rise with the gene, so its two ends decide).
bool breaks(const KindFrame& k, const InstancingRule& rule, std::int32_t v) {
  for (const InstanceCondition& c : rule.forbid) {
    if (part_of(c.field) != rule.reroll) continue;
    const auto h = holds_at(k, c, v);
    if (!h[0] && !h[1]) return true;
  }
  return false;
}

std::int32_t fallback_in(const InstancingRule& rule, IntRange range) {
  switch (rule.fallback) {
    case FallbackKind::lowest:
      return range.lo;
    case FallbackKind::highest:
      return range.hi;
    case FallbackKind::middle:
      return range.lo + (range.hi - range.lo + 1) / 2;  // rounded up: 4-5 gives 5
    case FallbackKind::value:
      break;
  }
  return std::clamp(rule.fallback_value, range.lo, range.hi);
}

// "0.6" for a trait, "130" for speed: a part's value as the file writes it.
std::string part_value_text(RollPart part, std::int32_t v) {
  if (!is_trait(part)) return std::to_string(v);
  std::string s = std::to_string(v / k_milli) + "." + std::to_string(1000 + v % k_milli).substr(1);
  while (s.back() == '0')
    s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string range_text(RollPart part, IntRange r) {
  return part_value_text(part, r.lo) + "-" + part_value_text(part, r.hi);
}

// ---- reading ----

struct RuleLines {
  int forbid = 0;
  int fallback = 0;  // the rule's line when it has none
};

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t");
  return std::string(s.substr(first, last - first + 1));
}

std::optional<InstanceField> field_from(std::string_view name) {
  for (std::size_t i = 0; i < k_field_names.size(); ++i)
    if (k_field_names[i] == name) return static_cast<InstanceField>(i);
  return std::nullopt;
}

std::optional<RollPart> part_from(std::string_view name) {
  for (std::size_t i = 0; i < k_part_names.size(); ++i)
    if (k_part_names[i] == name) return static_cast<RollPart>(i);
  return std::nullopt;
}

// The bounds a threshold of `field` may take.
std::pair<double, double> threshold_bounds(InstanceField f) {
  if (f == InstanceField::hp_share) return {0.0, 2.0};
  if (f >= InstanceField::str_rank) return {0.0, 1.0};
  return {0.0, 100000.0};
}

InstanceCondition read_condition(const TomlWhere& w, const toml::node& node,
                                 const std::string& text, std::size_t op_at) {
  InstanceCondition c;
  const std::string name = trim(std::string_view(text).substr(0, op_at));
  const auto field = field_from(name);
  if (!field)
    w.fail(node, "forbid",
           "unknown field '" + name + "' in \"" + text +
               "\" (fields: " + join_names(k_field_names) + ")");
  c.field = *field;
  std::size_t number_at = op_at + 1;
  const bool or_equal = number_at < text.size() && text[number_at] == '=';
  if (or_equal) ++number_at;
  if (text[op_at] == '<')
    c.op = or_equal ? Comparison::less_equal : Comparison::less;
  else
    c.op = or_equal ? Comparison::greater_equal : Comparison::greater;
  const std::string number = trim(std::string_view(text).substr(number_at));
  double x = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), x);
  if (number.empty() || ec != std::errc{} || end != number.data() + number.size() ||
      !std::isfinite(x))
    w.fail(node, "forbid",
           "a number expected after the operator in \"" + text + "\" (such as \"" + name +
               " < 0.5\"; operators <, <=, >, >=)");
  const auto [lo, hi] = threshold_bounds(c.field);
  if (x < lo || x > hi)
    w.fail(node, "forbid",
           "in \"" + text + "\": " + name + " is compared with numbers from " +
               yendor::to_string(ParamValue{lo}) + " to " + yendor::to_string(ParamValue{hi}) +
               ", got " + number);
  c.threshold = static_cast<std::int32_t>(std::llround(x * k_milli));
  return c;
}

bool tactics_known(const ai::Library& library, std::string_view name) {
  const auto in = [name](const auto& entries) {
    return std::any_of(entries.begin(), entries.end(),
                       [name](const auto& e) { return e.name == name; });
  };
  return in(library.trees) || in(library.evolved) || in(library.fsm) ||
         in(library.behaviour_trees) || in(library.emotions) || in(library.swarms);
}

KindTest read_kind_test(const TomlWhere& w, const toml::node& node, const std::string& text,
                        const Content& content) {
  KindTest t;
  std::string_view s = text;
  t.negated = !s.empty() && s[0] == '!';
  if (t.negated) s.remove_prefix(1);
  const auto colon = s.find(':');
  const std::string head(s.substr(0, colon));
  const std::string value = colon == std::string_view::npos ? "" : std::string(s.substr(colon + 1));
  const auto unknown = [&]() {
    w.fail(node, "forbid",
           "unknown test \"" + text + "\" (kind tests: " + join_names(k_kind_test_names) +
               ", each may start with '!'; conditions on the roll: FIELD < NUMBER with fields " +
               join_names(k_field_names) + ")");
  };
  if (colon == std::string_view::npos) {
    if (head == "has_ranged")
      t.what = KindTestKind::has_ranged;
    else if (head == "boss")
      t.what = KindTestKind::boss;
    else if (head == "unique")
      t.what = KindTestKind::unique;
    else
      unknown();
    return t;
  }
  t.value = value;
  const auto missing = [&](const std::string& problem) { w.fail(node, "forbid", problem); };
  if (head == "brain") {
    t.what = KindTestKind::brain;
    if (ai::builtin_brains().find(value) == nullptr) {
      std::string names;
      for (const ai::Brain* b : ai::builtin_brains().all())
        names += (names.empty() ? "" : ", ") + b->info().name;
      missing("unknown brain \"" + value + "\" in \"" + text + "\" (brains: " + names + ")");
    }
  } else if (head == "tactics") {
    t.what = KindTestKind::tactics;
    if (!tactics_known(content.ai, value))
      missing("no entry '" + value + "' in the AI library for \"" + text + "\"");
  } else if (head == "race") {
    t.what = KindTestKind::race;
    if (std::none_of(content.races.begin(), content.races.end(),
                     [&](const Race& r) { return r.id == value; }))
      missing("no race '" + value + "' in races.toml for \"" + text + "\"");
  } else if (head == "kind") {
    t.what = KindTestKind::kind;
    if (content.monster_index(value) < 0)
      missing("no monster '" + value + "' in monsters.toml for \"" + text + "\"");
  } else {
    unknown();
  }
  return t;
}

bool kind_test_passes(const KindTest& t, const Content& content, const MonsterKind& m) {
  bool result = false;
  switch (t.what) {
    case KindTestKind::has_ranged:
      result = m.ranged.has_value();
      break;
    case KindTestKind::boss:
      result = m.boss;
      break;
    case KindTestKind::unique:
      result = m.unique;
      break;
    case KindTestKind::brain:
      result = m.brain == t.value;
      break;
    case KindTestKind::tactics:
      result = m.tactics == t.value;
      break;
    case KindTestKind::race:
      result = m.race >= 0 && static_cast<std::size_t>(m.race) < content.races.size() &&
               content.races[static_cast<std::size_t>(m.race)].id == t.value;
      break;
    case KindTestKind::kind:
      result = m.id == t.value;
      break;
  }
  return result != t.negated;
}

// The fallback as written: a value in the part's unit, or "lowest", "middle", "highest".
void read_fallback(const TomlWhere& w, const toml::node& node, InstancingRule& rule) {
  if (node.is_string()) {
    const std::string s(node.as_string()->get());
    if (s == "lowest")
      rule.fallback = FallbackKind::lowest;
    else if (s == "middle")
      rule.fallback = FallbackKind::middle;
    else if (s == "highest")
      rule.fallback = FallbackKind::highest;
    else
      w.fail(node, "fallback",
             "a value for " + std::string(to_string(rule.reroll)) +
                 " or \"lowest\", \"middle\", \"highest\" expected, got \"" + s + "\"");
    return;
  }
  rule.fallback = FallbackKind::value;
  if (is_trait(rule.reroll)) {
    rule.fallback_value =
        static_cast<std::int32_t>(std::llround(as_real(w, node, "fallback", 0, 1) * k_milli));
  } else if (rule.reroll == RollPart::speed) {
    rule.fallback_value = as_int(w, node, "fallback", 1, 1000);
  } else {
    rule.fallback_value = as_int(w, node, "fallback", 1, 99);
  }
}

InstancingRule read_rule(const TomlWhere& where, const toml::table& t, const Content& content,
                         const std::vector<InstancingRule>& earlier, RuleLines& lines) {
  InstancingRule rule;
  rule.line = toml_line(t);
  const toml::node& id_node = required(where, t, "id");
  rule.id = as_text(where, id_node, "id");
  const bool snake = !rule.id.empty() && rule.id.size() <= 60 && rule.id[0] >= 'a' &&
                     rule.id[0] <= 'z' && std::all_of(rule.id.begin(), rule.id.end(), [](char c) {
                       return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
                     });
  if (!snake)
    where.fail(id_node, "id", "\"" + rule.id + "\" is not a snake_case id (at most 60 characters)");
  for (const InstancingRule& e : earlier)
    if (e.id == rule.id) where.fail(id_node, "id", "rule '" + rule.id + "' is defined twice");
  const TomlWhere w = where.about("rule '" + rule.id + "'");
  check_known(w, t, {"id", "why", "forbid", "reroll", "fallback"});
  if (const toml::node* n = t.get("why")) rule.why = as_text(w, *n, "why");
  const toml::node& forbid = required(w, t, "forbid");
  lines.forbid = toml_line(forbid);
  for (const toml::node& item : as_array(w, forbid, "forbid")) {
    const std::string text = as_text(w, item, "forbid");
    const std::size_t op = text.find_first_of("<>");
    if (op == std::string::npos) {
      rule.kinds.push_back(read_kind_test(w, item, text, content));
      continue;
    }
    if (!text.empty() && text[0] == '!')
      w.fail(
          item, "forbid",
          "only kind tests take '!' (write \"" + text.substr(1) + "\" with the opposite operator)");
    rule.forbid.push_back(read_condition(w, item, text, op));
  }
  if (rule.forbid.empty())
    w.fail(forbid, "forbid",
           "a rule needs at least one condition on the roll (such as \"neuroticism > 0.6\"); "
           "kind tests alone would forbid the whole kind");
  const toml::node& reroll = required(w, t, "reroll");
  const std::string part = as_text(w, reroll, "reroll");
  const auto parsed = part_from(part);
  if (!parsed)
    w.fail(reroll, "reroll",
           "unknown part \"" + part + "\" (parts: " + join_names(k_part_names) + ")");
  rule.reroll = *parsed;
  if (std::none_of(rule.forbid.begin(), rule.forbid.end(),
                   [&](const InstanceCondition& c) { return part_of(c.field) == rule.reroll; }))
    w.fail(reroll, "reroll",
           "no condition of the rule reads " + part +
               ", so rolling it again could never break the rule");
  lines.fallback = rule.line;
  if (const toml::node* n = t.get("fallback")) {
    lines.fallback = toml_line(*n);
    read_fallback(w, *n, rule);
  }
  return rule;
}

// Settles which rules apply to which kind and proves each enforceable (the file's comment).
void check_kinds(const std::string& file, const Content& content, InstancingRules& rules,
                 const std::vector<RuleLines>& lines) {
  rules.by_kind.assign(content.monsters.size(), {});
  for (std::size_t ki = 0; ki < content.monsters.size(); ++ki) {
    const MonsterKind& m = content.monsters[ki];
    const KindFrame frame = frame_of(content, m);
    std::vector<KindRule>& mine = rules.by_kind[ki];
    for (std::size_t ri = 0; ri < rules.rules.size(); ++ri) {
      const InstancingRule& rule = rules.rules[ri];
      const TomlWhere w{file, "rule '" + rule.id + "'"};
      if (!std::all_of(rule.kinds.begin(), rule.kinds.end(),
                       [&](const KindTest& t) { return kind_test_passes(t, content, m); }))
        continue;
      bool can_hold = true, always = true;
      for (const InstanceCondition& c : rule.forbid) {
        const IntRange r = part_range(m, part_of(c.field));
        const auto lo = holds_at(frame, c, r.lo), hi = holds_at(frame, c, r.hi);
        can_hold = can_hold && (lo[0] || lo[1] || hi[0] || hi[1]);
        always = always && lo[0] && lo[1] && hi[0] && hi[1];
      }
      if (!can_hold) continue;  // no roll of this kind breaks it: nothing to enforce
      if (always)
        w.fail(lines[ri].forbid, "forbid",
               "no roll of monster '" + m.id +
                   "' can satisfy it: each of its conditions holds over the kind's whole ranges");
      const IntRange range = part_range(m, rule.reroll);
      const std::int32_t fallback = fallback_in(rule, range);
      if (!breaks(frame, rule, fallback))
        w.fail(lines[ri].fallback, "fallback",
               "for monster '" + m.id + "' the fallback " + std::string(to_string(rule.reroll)) +
                   " " + part_value_text(rule.reroll, fallback) + " (within its range " +
                   range_text(rule.reroll, range) + ") leaves every condition on " +
                   std::string(to_string(rule.reroll)) +
                   " true, so it cannot end the re-rolls (genes within 5 % counted)");
      mine.push_back(KindRule{static_cast<int>(ri), fallback});
    }
    // Rules re-rolling the same part must accept each other's fallbacks, so that setting one
    // never undoes another.
    for (std::size_t b = 0; b < mine.size(); ++b)
      for (std::size_t a = 0; a < b; ++a) {
        const InstancingRule& ra = rules.rules[static_cast<std::size_t>(mine[a].rule)];
        const InstancingRule& rb = rules.rules[static_cast<std::size_t>(mine[b].rule)];
        if (ra.reroll != rb.reroll) continue;
        if (breaks(frame, ra, mine[b].fallback) && breaks(frame, rb, mine[a].fallback)) continue;
        const std::string part(to_string(rb.reroll));
        TomlWhere{file, "rule '" + rb.id + "'"}.fail(
            lines[static_cast<std::size_t>(mine[b].rule)].fallback, "fallback",
            "for monster '" + m.id + "' this rule and rule '" + ra.id + "' (line " +
                std::to_string(ra.line) + ") both re-roll " + part + ", and the fallback " +
                part_value_text(rb.reroll, mine[b].fallback) + " of one or " +
                part_value_text(ra.reroll, mine[a].fallback) +
                " of the other does not satisfy both: rules re-rolling the same part need "
                "fallbacks that satisfy each other");
      }
  }
}

}  // namespace

std::string_view to_string(RollPart part) {
  return k_part_names.at(static_cast<std::size_t>(part));
}

std::string_view to_string(InstanceField field) {
  return k_field_names.at(static_cast<std::size_t>(field));
}

RollPart part_of(InstanceField field) {
  switch (field) {
    case InstanceField::str:
    case InstanceField::str_rank:
      return RollPart::str;
    case InstanceField::dex:
    case InstanceField::dex_rank:
      return RollPart::dex;
    case InstanceField::con:
    case InstanceField::hp:
    case InstanceField::hp_share:
    case InstanceField::con_rank:
    case InstanceField::hp_rank:
      return RollPart::con;
    case InstanceField::speed:
    case InstanceField::speed_rank:
      return RollPart::speed;
    case InstanceField::openness:
      return RollPart::openness;
    case InstanceField::conscientiousness:
      return RollPart::conscientiousness;
    case InstanceField::extraversion:
      return RollPart::extraversion;
    case InstanceField::agreeableness:
      return RollPart::agreeableness;
    case InstanceField::neuroticism:
    case InstanceField::count:
      break;
  }
  return RollPart::neuroticism;
}

IntRange part_range(const MonsterKind& kind, RollPart part) {
  switch (part) {
    case RollPart::str:
      return kind.str;
    case RollPart::dex:
      return kind.dex;
    case RollPart::con:
      return kind.con;
    case RollPart::speed:
      return kind.speed;
    case RollPart::count:
      break;
    default:
      return kind.personality[static_cast<std::size_t>(part) -
                              static_cast<std::size_t>(RollPart::openness)];
  }
  throw std::invalid_argument("part_range: not a part");
}

InstancingRules parse_instancing(std::string_view text, const std::string& file,
                                 const Content& content) {
  const toml::table root = parse_toml(text, file);
  const TomlWhere where{file, ""};
  check_known(where, root, {"tries", "rule"});
  InstancingRules rules;
  if (const toml::node* n = root.get("tries"))
    rules.tries = as_int(where, *n, "tries", 0, k_max_tries);
  std::vector<RuleLines> lines;
  if (const toml::node* n = root.get("rule")) {
    for (const toml::node& item : as_array(where, *n, "rule")) {
      if (!item.is_table())
        where.fail(item, "rule", "[[rule]] tables expected, got " + toml_type_name(item));
      RuleLines l;
      rules.rules.push_back(read_rule(where, *item.as_table(), content, rules.rules, l));
      lines.push_back(l);
    }
  }
  check_kinds(file, content, rules, lines);
  return rules;
}

RolledInstance roll_instance(const Content& content, int kind, const Genes& genes, Rng& rng) {
  const MonsterKind& m = content.monsters.at(static_cast<std::size_t>(kind));
  Parts parts{};
  for (std::size_t p = 0; p < k_roll_part_count; ++p) {
    const IntRange r = part_range(m, static_cast<RollPart>(p));
    parts[p] = rng.range(r.lo, r.hi);
  }
  RolledInstance out;
  const auto& by_kind = content.instancing.by_kind;
  if (static_cast<std::size_t>(kind) < by_kind.size() &&
      !by_kind[static_cast<std::size_t>(kind)].empty()) {
    const std::vector<KindRule>& mine = by_kind[static_cast<std::size_t>(kind)];
    const KindFrame frame = frame_of(content, m);
    const auto first_violated = [&]() -> const KindRule* {
      for (const KindRule& r : mine)
        if (violated(frame, content.instancing.rules[static_cast<std::size_t>(r.rule)], parts,
                     genes))
          return &r;
      return nullptr;
    };
    for (int t = 0; t < content.instancing.tries; ++t) {
      const KindRule* r = first_violated();
      if (r == nullptr) break;
      const RollPart part = content.instancing.rules[static_cast<std::size_t>(r->rule)].reroll;
      const IntRange range = part_range(m, part);
      parts[static_cast<std::size_t>(part)] = rng.range(range.lo, range.hi);
      ++out.rerolls;
    }
    // At most one fallback per part (the file's comment); one more look finds none violated.
    for (std::size_t step = 0;; ++step) {
      const KindRule* r = first_violated();
      if (r == nullptr) break;
      if (step >= k_roll_part_count)
        throw std::logic_error("roll_instance: the fallbacks of '" + m.id + "' do not settle");
      const RollPart part = content.instancing.rules[static_cast<std::size_t>(r->rule)].reroll;
      parts[static_cast<std::size_t>(part)] = r->fallback;
      ++out.fallbacks;
    }
  }
  out.rolled = Attributes{parts[0], parts[1], parts[2]};
  out.speed = parts[3];
  for (std::size_t i = 0; i < out.personality.size(); ++i)
    out.personality[i] = parts[static_cast<std::size_t>(RollPart::openness) + i];
  return out;
}

int instance_max_hp(const Content& content, const MonsterKind& kind, const RolledInstance& roll,
                    const Genes& genes) {
  return hp_of(frame_of(content, kind), roll.rolled.con, genes.health);
}

int instance_speed(const RolledInstance& roll, const Genes& genes) {
  return apply_gene(std::max(roll.speed, 1), genes.speed);
}

}  // namespace yendor::game
