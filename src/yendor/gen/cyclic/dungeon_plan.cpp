#include "yendor/gen/cyclic/dungeon_plan.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <charconv>
#include <span>
#include <tuple>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/json_string.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/core/toml_read.hpp"
#include "yendor/core/toml_where.hpp"
#include "yendor/gen/cyclic/cyclic_options.hpp"
#include "yendor/map/locks.hpp"

namespace yendor::cyclic {

namespace {

constexpr int k_max_depth = 100;
constexpr std::size_t k_max_file_bytes = 1 << 20;
constexpr int k_most_lock_kinds = 8;  // lock_realizations().size()
// The `cyclic` generator's theme choices (its `theme` parameter in gen/cyclic.cpp).
const std::vector<std::string_view> k_themes{"dungeon", "cave", "fire", "chasm"};

struct ThemeRow {
  std::string name;
  std::vector<std::string> prefers;
};

struct BandRow {
  int first = 1, last = 1;
  std::vector<std::string> themes;  // in the file's (sorted) key order
  std::vector<std::uint32_t> weights;
  std::string cycles;
  int kinds_low = 0, kinds_high = 0;
  std::string monsters;
};

struct LockRow {
  std::string kind;
  int from = 1;
  std::vector<std::string> keys;
  std::vector<std::string> themes;  // empty: every theme
};

struct PatternRow {
  std::string name;
  int from = 1;
};

struct PlanTable {
  int max_lock_kinds = 3;
  int theme_preference = 1;
  std::vector<ThemeRow> themes;
  std::vector<BandRow> bands;
  std::vector<LockRow> locks;
  std::vector<PatternRow> patterns;
};

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool known(const std::vector<std::string_view>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string list_of(const std::vector<std::string_view>& names) {
  std::string out;
  for (const std::string_view n : names)
    out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

// Where a problem is: the file and, once known, the entry ("lock 'lava'", "band 2").
struct Context : TomlWhere {
  void check_fields(const toml::table& table, const std::vector<std::string_view>& fields) const {
    for (auto&& [key, node] : table)
      if (!known(fields, key.str()))
        fail(node, key.str(), "is unknown (fields: " + list_of(fields) + ")");
  }

  const toml::node& require(const toml::table& table, std::string_view field) const {
    const toml::node* node = table.get(field);
    if (node == nullptr) fail(table, field, "is missing");
    return *node;
  }

  const toml::table& table_of(const toml::node& node, std::string_view field) const {
    if (!node.is_table()) fail(node, field, "must be a table");
    return *node.as_table();
  }

  std::string text(const toml::node& node, std::string_view field) const {
    if (!node.is_string()) fail(node, field, "must be text");
    std::string value = node.as_string()->get();
    if (value.empty()) fail(node, field, "must not be empty");
    return value;
  }

  int integer(const toml::node& node, std::string_view field, int low, int high) const {
    const std::string range = std::to_string(low) + ".." + std::to_string(high);
    if (!node.is_integer()) fail(node, field, "must be an integer " + range);
    const std::int64_t v = node.as_integer()->get();
    if (v < low || v > high)
      fail(node, field, "must be an integer " + range + " (got " + std::to_string(v) + ")");
    return static_cast<int>(v);
  }

  // An array of names from `names`, each once.
  std::vector<std::string> names(const toml::node& node, std::string_view field,
                                 const std::vector<std::string_view>& allowed,
                                 std::string_view what) const {
    if (!node.is_array()) fail(node, field, "must be an array of " + std::string(what) + " names");
    std::vector<std::string> out;
    for (const toml::node& item : *node.as_array()) {
      const std::string name = text(item, field);
      if (!known(allowed, name))
        fail(item, field,
             "unknown " + std::string(what) + " '" + name + "' (known: " + list_of(allowed) + ")");
      if (contains(out, name)) fail(item, field, "names '" + name + "' twice");
      out.push_back(name);
    }
    return out;
  }

  // "A-B" or "A" with low <= A <= B <= high.
  std::pair<int, int> range(const toml::node& node, std::string_view field, int low,
                            int high) const {
    const std::string value = text(node, field);
    const std::string problem = "must be N or A-B with " + std::to_string(low) +
                                " <= A <= B <= " + std::to_string(high) + " (got '" + value + "')";
    const auto number = [&](std::string_view s) {
      int v = 0;
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) fail(node, field, problem);
      return v;
    };
    const std::size_t dash = value.find('-');
    const std::string_view v = value;
    const int a = number(v.substr(0, dash));
    const int b = dash == std::string::npos ? a : number(v.substr(dash + 1));
    if (a < low || a > b || b > high) fail(node, field, problem);
    return {a, b};
  }

  const toml::array& array_of_tables(const toml::node& node, std::string_view field) const {
    if (!node.is_array_of_tables())
      fail(node, field, "must be an array of tables ([[" + std::string(field) + "]])");
    return *node.as_array();
  }
};

std::vector<std::string_view> theme_names(const PlanTable& plan) {
  std::vector<std::string_view> out;
  for (const ThemeRow& t : plan.themes)
    out.emplace_back(t.name);
  return out;
}

void parse_rules(const Context& ctx, const toml::table& root, PlanTable& plan) {
  const toml::table& rules = ctx.table_of(ctx.require(root, "rules"), "rules");
  const Context c{ctx.file, "rules"};
  c.check_fields(rules, {"max_lock_kinds", "theme_preference"});
  plan.max_lock_kinds =
      c.integer(c.require(rules, "max_lock_kinds"), "max_lock_kinds", 1, k_most_lock_kinds);
  plan.theme_preference =
      c.integer(c.require(rules, "theme_preference"), "theme_preference", 1, 1000);
}

void parse_themes(const Context& ctx, const toml::table& root, PlanTable& plan) {
  for (const toml::node& item : ctx.array_of_tables(ctx.require(root, "theme"), "theme")) {
    const toml::table& t = *item.as_table();
    Context c{ctx.file, "theme"};
    ThemeRow row;
    row.name = c.text(c.require(t, "name"), "name");
    if (!known(k_themes, row.name))
      c.fail(*t.get("name"), "name",
             "unknown theme '" + row.name + "' (themes: " + list_of(k_themes) + ")");
    c.owner = "theme '" + row.name + "'";
    c.check_fields(t, {"name", "prefers"});
    for (const ThemeRow& other : plan.themes)
      if (other.name == row.name) c.fail(t, "name", "defined twice");
    row.prefers = c.names(c.require(t, "prefers"), "prefers", lock_realizations(), "lock");
    plan.themes.push_back(std::move(row));
  }
}

void parse_bands(const Context& ctx, const toml::table& root, PlanTable& plan) {
  const std::vector<std::string_view> themes = theme_names(plan);
  int next = 1;
  for (const toml::node& item : ctx.array_of_tables(ctx.require(root, "band"), "band")) {
    const toml::table& t = *item.as_table();
    const Context c{ctx.file, "band " + std::to_string(plan.bands.size() + 1)};
    c.check_fields(t, {"depths", "themes", "cycles", "lock_kinds", "monsters"});
    BandRow row;
    const toml::node& depths = c.require(t, "depths");
    std::tie(row.first, row.last) = c.range(depths, "depths", 1, k_max_depth);
    if (row.first != next)
      c.fail(depths, "depths",
             "must start at depth " + std::to_string(next) + " (bands cover depths 1.." +
                 std::to_string(k_max_depth) + " in order, without gaps or overlaps)");
    next = row.last + 1;
    const toml::node& theme_node = c.require(t, "themes");
    for (auto&& [name, weight] : c.table_of(theme_node, "themes")) {
      if (!known(themes, name.str()))
        c.fail(weight, "themes",
               "unknown theme '" + std::string(name.str()) +
                   "' (declared themes: " + list_of(themes) + ")");
      row.themes.emplace_back(name.str());
      row.weights.push_back(static_cast<std::uint32_t>(c.integer(weight, "themes", 1, 1000)));
    }
    if (row.themes.empty()) c.fail(theme_node, "themes", "needs at least one theme");
    const toml::node& cycles = c.require(t, "cycles");
    row.cycles = c.text(cycles, "cycles");
    if (const std::string problem = check_cycles_text(row.cycles); !problem.empty())
      c.fail(cycles, "cycles", problem);
    std::tie(row.kinds_low, row.kinds_high) =
        c.range(c.require(t, "lock_kinds"), "lock_kinds", 0, plan.max_lock_kinds);
    row.monsters = c.text(c.require(t, "monsters"), "monsters");
    plan.bands.push_back(std::move(row));
  }
  if (next <= k_max_depth)
    ctx.fail(root.get("band")->as_array()->back(), "depths",
             "the bands end at depth " + std::to_string(next - 1) + "; they must reach " +
                 std::to_string(k_max_depth));
}

void parse_locks(const Context& ctx, const toml::table& root, PlanTable& plan) {
  const std::vector<std::string_view> themes = theme_names(plan);
  const toml::node* node = root.get("lock");
  if (node == nullptr) return;  // a plan without locks
  for (const toml::node& item : ctx.array_of_tables(*node, "lock")) {
    const toml::table& t = *item.as_table();
    Context c{ctx.file, "lock"};
    LockRow row;
    const toml::node& kind = c.require(t, "kind");
    row.kind = c.text(kind, "kind");
    if (!known(lock_realizations(), row.kind))
      c.fail(kind, "kind",
             "unknown lock '" + row.kind + "' (known: " + list_of(lock_realizations()) + ")");
    c.owner = "lock '" + row.kind + "'";
    c.check_fields(t, {"kind", "from", "keys", "themes"});
    for (const LockRow& other : plan.locks)
      if (other.kind == row.kind) c.fail(kind, "kind", "defined twice");
    row.from = c.integer(c.require(t, "from"), "from", 1, k_max_depth);
    row.keys = c.names(c.require(t, "keys"), "keys", key_kinds(), "key");
    if (const toml::node* only = t.get("themes")) {
      row.themes = c.names(*only, "themes", themes, "theme");
      if (row.themes.empty()) c.fail(*only, "themes", "must name a theme (or leave it out)");
    }
    plan.locks.push_back(std::move(row));
  }
}

void parse_patterns(const Context& ctx, const toml::table& root, PlanTable& plan) {
  const toml::node* node = root.get("pattern");
  if (node == nullptr) return;
  for (const toml::node& item : ctx.array_of_tables(*node, "pattern")) {
    const toml::table& t = *item.as_table();
    Context c{ctx.file, "pattern"};
    PatternRow row;
    const toml::node& name = c.require(t, "name");
    row.name = c.text(name, "name");
    if (!known(cycle_patterns(), row.name))
      c.fail(name, "name",
             "unknown pattern '" + row.name + "' (known: " + list_of(cycle_patterns()) + ")");
    c.owner = "pattern '" + row.name + "'";
    c.check_fields(t, {"name", "from"});
    for (const PatternRow& other : plan.patterns)
      if (other.name == row.name) c.fail(name, "name", "defined twice");
    row.from = c.integer(c.require(t, "from"), "from", 1, k_max_depth);
    plan.patterns.push_back(std::move(row));
  }
}

PlanTable parse_plan(std::string_view text, const std::string& file) {
  if (text.size() > k_max_file_bytes)
    throw InputError(file + ": larger than 1 MiB, which no plan file is");
  const toml::table root = parse_toml(text, file);
  const Context ctx{file, ""};
  for (auto&& [key, node] : root)
    if (!known({"rules", "theme", "band", "lock", "pattern"}, key.str()))
      ctx.fail(node, key.str(),
               "is unknown (a plan file holds [rules], [[theme]], [[band]], [[lock]] and "
               "[[pattern]])");
  PlanTable plan;
  parse_rules(ctx, root, plan);
  parse_themes(ctx, root, plan);
  parse_bands(ctx, root, plan);
  parse_locks(ctx, root, plan);
  parse_patterns(ctx, root, plan);
  return plan;
}

// Names in the order of `order` (lock_realizations(), key_kinds(), cycle_patterns()).
std::vector<std::string> in_order(const std::vector<std::string>& names,
                                  const std::vector<std::string_view>& order) {
  std::vector<std::string> out;
  for (const std::string_view n : order)
    if (contains(names, n)) out.emplace_back(n);
  return out;
}

const BandRow& band_of(const PlanTable& plan, int depth) {
  for (const BandRow& band : plan.bands)
    if (depth >= band.first && depth <= band.last) return band;
  return plan.bands.back();  // unreachable: the bands cover 1..100
}

LevelPlan plan_level(const PlanTable& plan, int depth, std::vector<std::string>& featured,
                     Rng& rng) {
  const BandRow& band = band_of(plan, depth);
  LevelPlan level;
  level.depth = depth;
  level.theme = band.themes[rng.weighted_index(std::span<const std::uint32_t>(band.weights))];
  level.cycles = band.cycles;
  level.monsters = band.monsters;

  const ThemeRow* theme = nullptr;
  for (const ThemeRow& t : plan.themes)
    if (t.name == level.theme) theme = &t;
  std::vector<const LockRow*> available, fresh;
  for (const LockRow& lock : plan.locks)
    if (lock.from <= depth && (lock.themes.empty() || contains(lock.themes, level.theme))) {
      available.push_back(&lock);
      if (!contains(featured, lock.kind)) fresh.push_back(&lock);
    }
  // Newest first: the greatest `from`, then file order (stable).
  std::stable_sort(fresh.begin(), fresh.end(),
                   [](const LockRow* a, const LockRow* b) { return a->from > b->from; });
  const auto most = static_cast<std::size_t>(plan.max_lock_kinds);
  std::size_t count = static_cast<std::size_t>(rng.range(band.kinds_low, band.kinds_high));
  count = std::min({count, most, available.size()});
  // Introduce: the newest kind is always featured, more new ones while the count allows.
  std::vector<const LockRow*> chosen(
      fresh.begin(), fresh.begin() + static_cast<std::ptrdiff_t>(
                                         std::min(fresh.size(), std::max<std::size_t>(count, 1))));
  // Combine: the rest drawn by weight, the theme's preferred kinds heavier.
  while (chosen.size() < count) {
    std::vector<const LockRow*> rest;
    std::vector<std::uint32_t> weights;
    for (const LockRow* lock : available)
      if (std::find(chosen.begin(), chosen.end(), lock) == chosen.end()) {
        rest.push_back(lock);
        const bool preferred = theme != nullptr && contains(theme->prefers, lock->kind);
        weights.push_back(preferred ? static_cast<std::uint32_t>(plan.theme_preference) : 1u);
      }
    chosen.push_back(rest[rng.weighted_index(std::span<const std::uint32_t>(weights))]);
  }

  std::vector<std::string> locks, fresh_names, keys;
  for (const LockRow* lock : chosen) {
    locks.push_back(lock->kind);
    if (std::find(fresh.begin(), fresh.end(), lock) != fresh.end()) {
      fresh_names.push_back(lock->kind);
      featured.push_back(lock->kind);
    }
    for (const std::string& key : lock->keys)
      keys.push_back(key);
  }
  level.locks = in_order(locks, lock_realizations());
  level.new_locks = in_order(fresh_names, lock_realizations());
  level.keys = in_order(keys, key_kinds());
  std::vector<std::string> patterns;
  for (const PatternRow& p : plan.patterns)
    if (p.from <= depth) patterns.push_back(p.name);
  level.patterns = in_order(patterns, cycle_patterns());
  return level;
}

std::string joined(const std::vector<std::string>& names, std::string_view none) {
  if (names.empty()) return std::string(none);
  std::string out;
  for (const std::string& n : names)
    out += (out.empty() ? "" : ",") + n;
  return out;
}

std::string json_list(const std::vector<std::string>& names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : ", ") + json_string(names[i]);
  return out + "]";
}

}  // namespace

RawParams LevelPlan::cyclic_params() const {
  return {{"theme", theme},
          {"locks", joined(locks, "none")},
          {"patterns", joined(patterns, "none")},
          {"cycles", cycles}};
}

DungeonPlan make_dungeon_plan_from_text(std::uint64_t seed, int depth, std::string_view text,
                                        const std::string& file) {
  if (depth < 1 || depth > k_max_depth)
    throw InputError("dungeon plan: depth must be 1.." + std::to_string(k_max_depth) + " (got " +
                     std::to_string(depth) + ")");
  const PlanTable table = parse_plan(text, file);
  DungeonPlan plan;
  plan.seed = seed;
  Rng rng = Rng::for_stream(seed, "plan", 0);
  std::vector<std::string> featured;
  for (int d = 1; d <= depth; ++d)
    plan.levels.push_back(plan_level(table, d, featured, rng));
  return plan;
}

DungeonPlan make_dungeon_plan(std::uint64_t seed, int depth, const std::string& data_dir) {
  if (depth < 1 || depth > k_max_depth)
    throw InputError("dungeon plan: depth must be 1.." + std::to_string(k_max_depth) + " (got " +
                     std::to_string(depth) + ")");
  const std::string file = data_dir + "/plans/dungeon.toml";
  return make_dungeon_plan_from_text(seed, depth, read_file(file), file);
}

std::string plan_to_text(const DungeonPlan& plan) {
  const std::vector<std::string> header{"depth", "theme",    "cycles",  "locks",
                                        "keys",  "patterns", "monsters"};
  std::vector<std::vector<std::string>> rows{header};
  for (const LevelPlan& level : plan.levels) {
    std::string locks;
    for (const std::string& lock : level.locks)
      locks += (locks.empty() ? "" : ", ") + lock + (contains(level.new_locks, lock) ? "*" : "");
    std::string keys, patterns;
    for (const std::string& k : level.keys)
      keys += (keys.empty() ? "" : ", ") + k;
    for (const std::string& p : level.patterns)
      patterns += (patterns.empty() ? "" : ", ") + p;
    rows.push_back({std::to_string(level.depth), level.theme, level.cycles,
                    locks.empty() ? "-" : locks, keys.empty() ? "-" : keys,
                    patterns.empty() ? "-" : patterns, level.monsters});
  }
  std::vector<std::size_t> widths(header.size(), 0);
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], row[c].size());
  std::string out = "dungeon plan, seed " + std::to_string(plan.seed) + ", depths 1.." +
                    std::to_string(plan.levels.size()) + " (* a lock kind's first level)\n";
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += row[c];
      if (c + 1 < row.size()) line += std::string(widths[c] - row[c].size() + 2, ' ');
    }
    out += line + "\n";
  }
  return out;
}

std::string plan_to_json(const DungeonPlan& plan) {
  std::string out = "{\n  \"seed\": " + std::to_string(plan.seed) + ",\n  \"levels\": [";
  for (std::size_t i = 0; i < plan.levels.size(); ++i) {
    const LevelPlan& l = plan.levels[i];
    out += std::string(i == 0 ? "\n" : ",\n") + "    {\"depth\": " + std::to_string(l.depth) +
           ", \"theme\": " + json_string(l.theme) + ", \"cycles\": " + json_string(l.cycles) +
           ", \"locks\": " + json_list(l.locks) + ", \"new_locks\": " + json_list(l.new_locks) +
           ", \"keys\": " + json_list(l.keys) + ", \"patterns\": " + json_list(l.patterns) +
           ", \"monsters\": " + json_string(l.monsters) + ", \"cyclic_params\": {";
    const RawParams params = l.cyclic_params();
    for (std::size_t p = 0; p < params.size(); ++p)
      out += (p == 0 ? "" : ", ") + json_string(params[p].first) + ": " +
             json_string(params[p].second);
    out += "}}";
  }
  return out + (plan.levels.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace yendor::cyclic
