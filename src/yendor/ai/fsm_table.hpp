#pragma once
// FsmTable: a finite state machine whose transition table is data, the "[fsm.NAME]" entries of
// data/ai/*.toml (FAQ "How do you create a monster AI?": states x conditions, priorities;
// thesis 4.3 Table 4.1 and 5.4 Table 5.1: one behaviour per state, dice-rolled transitions).
//
//   [fsm.thesis_prototype]
//   initial = "ROAMING"              # optional: the first state listed
//   loud = 4                         # optional: the loudness of a "loud" noise (observation)
//   [[fsm.thesis_prototype.state]]
//   name = "CHASING"
//   behaviour = "chase"              # behaviour.hpp
//   observe = "regular"              # optional: loud_noises | regular | extended
//   transitions = [
//     { when = "hp_below:0.3", to = "ESCAPING", priority = 1 },
//     { when = "!sees_player", to = ["ROAMING:0.8", "SLEEPING:0.2"] },
//   ]
//
// Everything is resolved at load time (state names to indices, conditions and behaviours to
// enums), so the brain reads no strings at run time. The state names stay for docs and tests.
#include <toml++/toml.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/core/toml_where.hpp"

namespace yendor::ai {

// What a state perceives (Table 4.1's "Observation" column). The brain filters the View
// through it for the state's conditions, perception and behaviour:
// - loud_noises: only noises of loudness >= FsmTable::loud, and pain (a blow counts as a loud
//   noise); sight, scent, quiet noises, kin, allies and the treasure go unnoticed;
// - regular: what the game's View reports;
// - extended: attentive: any noise it hears counts as loud, and the player's scent trail
//   counts as a noise (heard, and followed by follow_noise).
enum class Observation : std::uint8_t { loud_noises, regular, extended };

std::string_view to_string(Observation o);
// Throws InputError "unknown observation level 'x' (levels: loud_noises, regular, extended)".
Observation parse_observation(std::string_view text);

struct FsmOutcome {
  int target = 0;          // index into FsmTable::states
  double probability = 1;  // the outcomes of a transition add up to <= 1; the rest: stay
  bool operator==(const FsmOutcome&) const = default;
};

struct FsmTransition {
  std::vector<Condition> when;  // all must hold; empty: always (Table 4.1's "None")
  int priority = 0;             // higher is tried first; ties in the order written
  int after = 0;                // only once the state has been acted out this many turns
  std::vector<FsmOutcome> outcomes;
  bool operator==(const FsmTransition&) const = default;
};

struct FsmState {
  std::string name;
  Behaviour behaviour = Behaviour::hold;
  Observation observe = Observation::regular;
  std::vector<FsmTransition> transitions;  // by priority, highest first (stable)
  bool operator==(const FsmState&) const = default;
};

inline constexpr int k_default_loud_noise = 4;  // the game wakes sleepers at this loudness

struct FsmTable {
  std::string name;
  int loud = k_default_loud_noise;
  std::vector<FsmState> states;  // states[0] is the initial state (the parser puts it first)
  bool operator==(const FsmTable&) const = default;

  // The index of the state called `name`, or -1.
  int find_state(std::string_view state_name) const;
};

// Reads one "[fsm.NAME]" entry; errors through `where` (file, line, field), e.g.
// "fsm.toml:12: [fsm.x]: field 'state.CHASING.transitions[2].to': no state 'RUNING' (states:
// ...)". Rejects: no states, a state defined twice, unknown behaviours, observation levels,
// conditions or target states, chances outside 0..1 or adding up to more than 1, a target
// named twice in one transition, unknown fields.
FsmTable parse_fsm_table(const toml::table& table, const TomlWhere& where, const std::string& name);

}  // namespace yendor::ai
