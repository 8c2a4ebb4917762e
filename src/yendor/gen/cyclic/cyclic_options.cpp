#include "yendor/gen/cyclic/cyclic_options.hpp"

#include <algorithm>
#include <charconv>

#include "yendor/gen/cyclic/tile_builder.hpp"
#include "yendor/map/locks.hpp"

namespace yendor::cyclic {

namespace {

constexpr int k_max_cycles = 12;

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ')
    s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ')
    s.remove_suffix(1);
  return s;
}

bool parse_small_int(std::string_view s, int& out) {
  s = trim(s);
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && end == s.data() + s.size();
}

bool parse_cycles(std::string_view text, int& lo, int& hi) {
  const std::size_t dash = text.find('-');
  if (dash == std::string_view::npos) {
    if (!parse_small_int(text, lo)) return false;
    hi = lo;
  } else if (!parse_small_int(text.substr(0, dash), lo) ||
             !parse_small_int(text.substr(dash + 1), hi)) {
    return false;
  }
  return lo >= 1 && lo <= hi && hi <= k_max_cycles;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> out;
  while (true) {
    const std::size_t comma = text.find(',');
    out.emplace_back(trim(text.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

// "" when `text` is all, none or a list of known names; else the problem.
std::string check_list(std::string_view text, const std::vector<std::string_view>& known,
                       std::string_view what) {
  const std::string_view t = trim(text);
  if (t == "all" || t == "none") return {};
  for (const std::string& name : split_list(t)) {
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    std::string msg = "has unknown " + std::string(what) + " '" + name + "' (known: all, none";
    for (std::string_view k : known)
      msg += ", " + std::string(k);
    return msg + ")";
  }
  return {};
}

std::vector<std::string> resolve_list(std::string_view text,
                                      const std::vector<std::string_view>& known) {
  const std::string_view t = trim(text);
  std::vector<std::string> out;
  if (t == "none") return out;
  if (t == "all") {
    for (std::string_view k : known)
      out.emplace_back(k);
    return out;
  }
  for (std::string& name : split_list(t))
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
  return out;
}

}  // namespace

const std::vector<std::string_view>& cycle_patterns() {
  static const std::vector<std::string_view> names{"lock_key", "secret_shortcut", "valve",
                                                   "gambit",   "hidden_path",     "foreshadowing"};
  return names;
}

std::string check_cycles_text(std::string_view text) {
  int lo = 0, hi = 0;
  if (parse_cycles(text, lo, hi)) return {};
  return "must be N or A-B with 1 <= A <= B <= " + std::to_string(k_max_cycles) + " (got '" +
         std::string(text) + "')";
}

std::string check_locks_text(std::string_view text) {
  return check_list(text, lock_realizations(), "lock");
}

std::string check_patterns_text(std::string_view text) {
  return check_list(text, cycle_patterns(), "pattern");
}

CyclicOptions read_options(const ParamSet& params, Size level_size,
                           const GeneratorContext& context) {
  CyclicOptions o;
  parse_cycles(params.get_string("cycles"), o.cycles_min, o.cycles_max);
  o.cell = static_cast<int>(params.get_int("cell"));
  o.grid = grid_size_for(level_size, o.cell);
  const auto cells = static_cast<int>(std::min<std::int64_t>(o.grid.area(), 100000));
  const int capacity = std::max(4, cells * 45 / 100);
  const auto asked = static_cast<int>(params.get_int("rooms"));
  o.rooms = asked > 0 ? asked : std::clamp(cells / 3, 6, 40);
  o.rooms = std::min(o.rooms, capacity);
  const int most_cycles = std::max(1, o.rooms / 4);
  o.cycles_max = std::min(o.cycles_max, most_cycles);
  o.cycles_min = std::min(o.cycles_min, o.cycles_max);
  o.theme = params.get_string("theme");
  o.locks = resolve_list(params.get_string("locks"), lock_realizations());
  o.patterns = resolve_list(params.get_string("patterns"), cycle_patterns());
  o.branches = params.get_real("branches");
  o.secrets = params.get_real("secrets");
  o.recipe = params.get_string("recipe");
  o.attempts = static_cast<int>(params.get_int("attempts"));
  o.depth = context.depth;
  o.difficulty = context.difficulty;
  return o;
}

ParamSet recipe_variables(const CyclicOptions& options, int cycles, int rooms) {
  ParamSet vars;
  vars.set("cycles", std::int64_t{cycles});
  vars.set("rooms", std::int64_t{rooms});
  vars.set("branches", options.branches);
  vars.set("secrets", options.secrets);
  vars.set("depth", std::int64_t{options.depth});
  vars.set("difficulty", std::int64_t{options.difficulty});
  vars.set("theme", options.theme);
  for (std::string_view lock : lock_realizations()) {
    const bool allowed =
        std::find(options.locks.begin(), options.locks.end(), lock) != options.locks.end();
    vars.set("allow_" + std::string(lock), std::int64_t{allowed ? 1 : 0});
  }
  for (std::string_view pattern : cycle_patterns()) {
    const bool allowed = std::find(options.patterns.begin(), options.patterns.end(), pattern) !=
                         options.patterns.end();
    vars.set("allow_" + std::string(pattern), std::int64_t{allowed ? 1 : 0});
  }
  return vars;
}

}  // namespace yendor::cyclic
