// Actions as text: the replay file's one-line form (docs/formats.md). Every type has a fixed
// list of fields, so a line is its type name followed by exactly those fields:
//   dir    two integers dx dy, each -1..1           (move, open, close, operate)
//   item   an inventory letter a-z/A-Z, or '-' for none
//   count  a non-negative integer                   (rest, drop)
//   target two integers x y                         (throw_item)
//   choice an integer                               (raise)
#include "yendor/game/action.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <vector>

#include "yendor/core/error.hpp"

namespace yendor::game {
namespace {

constexpr std::array<std::string_view, k_action_type_count> k_action_names{
    "wait",    "move",   "rest", "search",   "pick_up",    "drop", "quaff", "read",
    "eat",     "wield",  "wear", "take_off", "throw_item", "open", "close", "operate",
    "descend", "ascend", "pray", "drink",    "buy",        "sell", "raise", "quit"};

enum class Field : std::uint8_t { dir, item, count, target, choice };

// The fields each type writes, in order (at most three).
struct Layout {
  std::array<Field, 3> fields{};
  std::size_t size = 0;
};

constexpr Layout layout_of(ActionType t) {
  switch (t) {
    case ActionType::move:
    case ActionType::open:
    case ActionType::close:
    case ActionType::operate:
      return {{Field::dir}, 1};
    case ActionType::rest:
      return {{Field::count}, 1};
    case ActionType::pick_up:
    case ActionType::quaff:
    case ActionType::read:
    case ActionType::eat:
    case ActionType::wield:
    case ActionType::wear:
    case ActionType::take_off:
    case ActionType::buy:
      return {{Field::item}, 1};
    case ActionType::drop:
    case ActionType::sell:
      return {{Field::item, Field::count}, 2};
    case ActionType::throw_item:
      return {{Field::item, Field::target}, 2};
    case ActionType::raise:
      return {{Field::choice}, 1};
    case ActionType::wait:
    case ActionType::search:
    case ActionType::descend:
    case ActionType::ascend:
    case ActionType::pray:
    case ActionType::drink:
    case ActionType::quit:
    case ActionType::count:
      break;
  }
  return {};
}

constexpr std::size_t tokens_of(Field f) {
  return f == Field::dir || f == Field::target ? 2 : 1;
}

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
      ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t')
      ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

[[noreturn]] void bad(std::string_view line, const std::string& why) {
  throw InputError("bad action '" + std::string(line) + "': " + why);
}

int parse_int(std::string_view line, std::string_view token, int lo, int hi, const char* what) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
  if (token.empty() || ec != std::errc{} || ptr != token.data() + token.size())
    bad(line, std::string(what) + " '" + std::string(token) + "' is not a whole number");
  if (v < lo || v > hi)
    bad(line, std::string(what) + " " + std::to_string(v) + " is outside " + std::to_string(lo) +
                  ".." + std::to_string(hi));
  return v;
}

}  // namespace

std::string_view to_string(ActionType t) {
  const auto i = static_cast<std::size_t>(t);
  return i < k_action_type_count ? k_action_names[i] : std::string_view{"?"};
}

std::optional<ActionType> action_type_from_string(std::string_view s) {
  for (std::size_t i = 0; i < k_action_type_count; ++i)
    if (k_action_names[i] == s) return static_cast<ActionType>(i);
  return std::nullopt;
}

std::string format_action(const Action& a) {
  std::string out(to_string(a.type));
  const Layout layout = layout_of(a.type);
  for (std::size_t f = 0; f < layout.size; ++f) {
    switch (layout.fields[f]) {
      case Field::dir:
        out += " " + std::to_string(a.dir.x) + " " + std::to_string(a.dir.y);
        break;
      case Field::item:
        out += ' ';
        out += is_letter(a.item) ? a.item : '-';
        break;
      case Field::count:
        out += " " + std::to_string(a.count);
        break;
      case Field::target:
        out += " " + std::to_string(a.target.x) + " " + std::to_string(a.target.y);
        break;
      case Field::choice:
        out += " " + std::to_string(a.choice);
        break;
    }
  }
  return out;
}

Action parse_action(std::string_view line) {
  const std::vector<std::string_view> tokens = split(line);
  if (tokens.empty()) bad(line, "empty line");
  const std::optional<ActionType> type = action_type_from_string(tokens[0]);
  if (!type) bad(line, "unknown action '" + std::string(tokens[0]) + "'");
  Action a;
  a.type = *type;
  const Layout layout = layout_of(a.type);
  std::size_t expected = 1;
  for (std::size_t f = 0; f < layout.size; ++f)
    expected += tokens_of(layout.fields[f]);
  if (tokens.size() != expected)
    bad(line, std::string(tokens[0]) + " takes " + std::to_string(expected - 1) + " field" +
                  (expected == 2 ? "" : "s") + ", got " + std::to_string(tokens.size() - 1));
  constexpr int k_int_max = std::numeric_limits<int>::max();
  constexpr int k_int_min = std::numeric_limits<int>::min();
  std::size_t t = 1;
  for (std::size_t f = 0; f < layout.size; ++f) {
    switch (layout.fields[f]) {
      case Field::dir:
        a.dir.x = parse_int(line, tokens[t], -1, 1, "dx");
        a.dir.y = parse_int(line, tokens[t + 1], -1, 1, "dy");
        break;
      case Field::item: {
        const std::string_view item = tokens[t];
        if (item.size() != 1 || (item[0] != '-' && !is_letter(item[0])))
          bad(line, "item '" + std::string(item) + "' is not a letter a-z, A-Z or '-'");
        a.item = item[0] == '-' ? char{0} : item[0];
        break;
      }
      case Field::count:
        a.count = parse_int(line, tokens[t], 0, k_int_max, "count");
        break;
      case Field::target:
        a.target.x = parse_int(line, tokens[t], k_int_min, k_int_max, "x");
        a.target.y = parse_int(line, tokens[t + 1], k_int_min, k_int_max, "y");
        break;
      case Field::choice:
        a.choice = parse_int(line, tokens[t], k_int_min, k_int_max, "choice");
        break;
    }
    t += tokens_of(layout.fields[f]);
  }
  return a;
}

}  // namespace yendor::game
