#include "yendor/ai/condition.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

#include "yendor/core/error.hpp"
#include "yendor/core/param_value.hpp"

namespace yendor::ai {
namespace {

using K = ConditionKind;

constexpr std::array<ConditionInfo, static_cast<std::size_t>(K::count)> k_conditions{{
    {K::always, "always", false, 0, 0, 0, "always true (a default branch)"},
    {K::sees_player, "sees_player", false, 0, 0, 0, "the player is in its field of view"},
    {K::adjacent_player, "adjacent_player", false, 0, 0, 0,
     "it sees the player on a neighbouring cell"},
    {K::player_within, "player_within", true, 5, 1, 1000,
     "the walking distance to the player is at most the value"},
    {K::hp_below, "hp_below", true, 0.3, 0, 1,
     "its hit points are below the value times its maximum"},
    {K::player_hp_below, "player_hp_below", true, 0.3, 0, 1,
     "it sees the player, whose hit points are below the value times his maximum"},
    {K::has_ranged, "has_ranged", false, 0, 0, 0, "its kind has a ranged attack"},
    {K::can_fire, "can_fire", false, 0, 0, 0,
     "it has a ranged attack and the player is in range and in its line of fire"},
    {K::cornered, "cornered", false, 0, 0, 0,
     "it sees the player within 2 cells and no free neighbouring cell is farther from him "
     "(the thesis's 'no flight squares')"},
    {K::heard_noise, "heard_noise", true, 1, 1, 1000,
     "a noise at least this loud reaches its cell this turn"},
    {K::smells_player, "smells_player", false, 0, 0, 0,
     "a fresher scent of the player lies on a neighbouring cell"},
    {K::remembers_player, "remembers_player", false, 0, 0, 0,
     "it has a last known position of the player it has not yet searched"},
    {K::kin_died, "kin_died", false, 0, 0, 0,
     "it saw a monster of its own kind die since its last turn"},
    {K::hurt, "hurt", false, 0, 0, 0, "it lost hit points since its last turn"},
    {K::hungry, "hungry", true, 200, 1, 1000000, "it has not eaten for at least this many turns"},
    {K::treasure_missing, "treasure_missing", false, 0, 0, 0,
     "an item it guarded at home has been taken"},
    {K::allies_near, "allies_near", true, 2, 1, 100,
     "it sees at least this many awake monsters within its vision"},
    {K::far_from_home, "far_from_home", true, 10, 0, 1000,
     "it stands more than this many cells (Chebyshev) from where it was placed"},
    {K::anger_above, "anger_above", true, 0.5, 0, 1, "its anger exceeds the value"},
    {K::fear_above, "fear_above", true, 0.5, 0, 1, "its fear exceeds the value"},
    {K::mood_below, "mood_below", true, 0, -1, 1, "its mood is below the value"},
    {K::random, "random", true, 0.5, 0, 1, "a roll succeeds with the value as its chance"},
}};

bool free_cell(const View& view, Point p) {
  return view.walkable(p) && !view.occupied(p);
}

bool below_share(int value, int max, double share) {
  return static_cast<double>(value) < share * static_cast<double>(max);
}

std::string number_text(double v) {
  return yendor::to_string(ParamValue{v});
}

}  // namespace

std::span<const ConditionInfo> conditions() {
  return k_conditions;
}

const ConditionInfo& info(ConditionKind kind) {
  return k_conditions.at(static_cast<std::size_t>(kind));
}

Condition parse_condition(std::string_view text) {
  Condition c;
  if (!text.empty() && text.front() == '!') {
    c.negated = true;
    text.remove_prefix(1);
  }
  const std::size_t colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  const ConditionInfo* found = nullptr;
  for (const ConditionInfo& i : k_conditions)
    if (i.name == name) found = &i;
  if (found == nullptr) {
    std::string known;
    for (const ConditionInfo& i : k_conditions)
      known += (known.empty() ? "" : ", ") + std::string(i.name);
    throw InputError("unknown condition '" + std::string(name) + "' (conditions: " + known + ")");
  }
  c.kind = found->kind;
  c.value = found->default_value;
  if (colon == std::string_view::npos) return c;
  if (!found->takes_value) throw InputError("condition '" + std::string(name) + "' takes no value");
  const std::string_view value = text.substr(colon + 1);
  double v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || !std::isfinite(v))
    throw InputError("condition '" + std::string(name) + "': a number expected after ':', got '" +
                     std::string(value) + "'");
  if (v < found->lo || v > found->hi)
    throw InputError("condition '" + std::string(name) + "': value from " + number_text(found->lo) +
                     " to " + number_text(found->hi) + " expected, got " + number_text(v));
  c.value = v;
  return c;
}

std::string to_string(const Condition& c) {
  const ConditionInfo& i = info(c.kind);
  std::string s = c.negated ? "!" : "";
  s += i.name;
  if (i.takes_value) s += ":" + number_text(c.value);
  return s;
}

bool is_cornered(const View& view) {
  if (!view.sees_player()) return false;
  const Point self = view.self(), player = view.player();
  const int now = chebyshev(self, player);
  if (now > 2) return false;
  for (Point d : k_directions8)
    if (free_cell(view, self + d) && chebyshev(self + d, player) > now) return false;
  return true;
}

int awake_others(const View& view) {
  int n = 0;
  for (const Seen& s : view.others({.radius = view.vision()}))
    n += s.awake ? 1 : 0;
  return n;
}

bool holds(const Condition& c, const View& view, const Memory& memory, Rng& rng) {
  bool result = false;
  switch (c.kind) {
    case K::always:
      result = true;
      break;
    case K::sees_player:
      result = view.sees_player();
      break;
    case K::adjacent_player:
      result = view.sees_player() && chebyshev(view.self(), view.player()) == 1;
      break;
    case K::player_within:
      result = view.player_distance() <= static_cast<int>(c.value);
      break;
    case K::hp_below:
      result = below_share(view.hp(), view.max_hp(), c.value);
      break;
    case K::player_hp_below:
      result = view.sees_player() && below_share(view.player_hp(), view.player_max_hp(), c.value);
      break;
    case K::has_ranged:
      result = view.has_ranged();
      break;
    case K::can_fire:
      result = view.can_fire_at_player();
      break;
    case K::cornered:
      result = is_cornered(view);
      break;
    case K::heard_noise:
      result = view.noise() > 0 && view.noise() >= static_cast<int>(c.value);
      break;
    case K::smells_player:
      result = view.scent_step() != Point{};
      break;
    case K::remembers_player:
      result = memory.has_target;
      break;
    case K::kin_died:
      result = view.kin_deaths_seen() > 0;
      break;
    case K::hurt:
      result = view.damage_taken() > 0;
      break;
    case K::hungry:
      result = memory.hunger >= static_cast<std::int32_t>(c.value);
      break;
    case K::treasure_missing:
      result = view.treasure_missing();
      break;
    case K::allies_near:
      result = awake_others(view) >= static_cast<int>(c.value);
      break;
    case K::far_from_home:
      result = chebyshev(view.self(), memory.home) > static_cast<int>(c.value);
      break;
    case K::anger_above:
      result = memory.emotion[static_cast<std::size_t>(Emotion::anger)] > c.value * 1000;
      break;
    case K::fear_above:
      result = memory.emotion[static_cast<std::size_t>(Emotion::fear)] > c.value * 1000;
      break;
    case K::mood_below:
      result = memory.mood < c.value * 1000;
      break;
    case K::random:
      result = rng.chance(c.value);
      break;
    case K::count:
      break;
  }
  return result != c.negated;
}

}  // namespace yendor::ai
