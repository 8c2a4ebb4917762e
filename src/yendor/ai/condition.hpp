#pragma once
// The one vocabulary of conditions every data-driven brain reads: stateless decision trees,
// fsm transition tables, behaviour trees and the genetic brain's gene map all test the same
// named conditions, written in data as "name" or "name:value", negated with a leading '!'
// ("hp_below:0.3", "!sees_player"). docs/brains.md lists them (from conditions()).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "yendor/ai/brain.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::ai {

enum class ConditionKind : std::uint8_t {
  always,
  sees_player,
  adjacent_player,
  player_within,     // walking distance to the player <= value
  hp_below,          // hp < value × max_hp
  player_hp_below,   // seen, and the player's hp < value × max
  has_ranged,        // its kind has a ranged attack
  can_fire,          // ... and the player is in range and line of fire
  cornered,          // the player within 2 and no free neighbour farther from him
  heard_noise,       // a noise of loudness >= value reaches it
  smells_player,     // a fresher scent trail leads from here
  remembers_player,  // it has a last known position of the player
  kin_died,          // it saw one of its kind die since its last turn
  hurt,              // it lost hp since its last turn
  hungry,            // memory.hunger >= value
  treasure_missing,  // what it guarded at home was taken
  allies_near,       // it sees >= value awake monsters within its vision
  far_from_home,     // Chebyshev distance from home > value
  anger_above,       // emotion anger > value (0..1)
  fear_above,        // emotion fear > value (0..1)
  mood_below,        // mood < value (-1..1)
  random,            // a roll with chance value
  count
};

struct Condition {
  ConditionKind kind = ConditionKind::always;
  double value = 0;  // the kind's parameter (its default when not written)
  bool negated = false;
  bool operator==(const Condition&) const = default;
};

struct ConditionInfo {
  ConditionKind kind;
  std::string_view name;
  bool takes_value;  // whether "name:value" is accepted
  double default_value;
  double lo, hi;  // the value's bounds
  std::string_view description;
};

// Every condition, in ConditionKind order.
std::span<const ConditionInfo> conditions();
const ConditionInfo& info(ConditionKind kind);

// Parses "name", "name:value" or "!name[:value]". Throws InputError with a one-line reason
// (unknown name listing the known ones, a value out of bounds, a value given to a condition
// that takes none) for the caller to prefix with file, line and field.
Condition parse_condition(std::string_view text);
std::string to_string(const Condition& c);  // parse_condition(to_string(c)) == c

// Whether `c` holds now. Only `random` draws from `rng` (one draw per evaluation).
bool holds(const Condition& c, const View& view, const Memory& memory, Rng& rng);

// Shared judgements the conditions and behaviours use.
bool is_cornered(const View& view);
int awake_others(const View& view);

}  // namespace yendor::ai
