// The fsm brain: a finite state machine whose transition table is data (fsm_table.hpp), as the
// FAQ recommends ("How do you create a (good) monster AI?": a table of states x conditions,
// the highest-priority transition that holds fires, one behaviour per state) with the dice
// rolls of the thesis's prototype (5.4, Table 5.1) and the observation levels of its tactical
// states (4.3, Table 4.1, after Dillinger). Memory::state is the index of the current state,
// Memory::scratch[0] the turns it has been acted out. docs/brains.md, "fsm".
#include <algorithm>
#include <memory>
#include <span>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/ai/fsm_table.hpp"
#include "yendor/ai/library.hpp"

namespace yendor::ai {
namespace {

// Memory::scratch slot counting the turns the current state has been acted out.
constexpr std::size_t k_turns_slot = 0;
constexpr std::int32_t k_turns_cap = 1 << 30;

// The built-in table (tactics -1): the thesis prototype's actor, Table 5.1, as read in
// docs/brains.md. data/ai/fsm.toml ships the same table as [fsm.thesis_prototype].
constexpr std::string_view k_builtin_table = R"(
[fsm.builtin]
initial = "ROAMING"

[[fsm.builtin.state]]
name = "ROAMING"
behaviour = "wander"
transitions = [
  { when = "sees_player", to = "CHASING" },
]

[[fsm.builtin.state]]
name = "CHASING"
behaviour = "chase"
transitions = [
  { when = "hp_below:0.3", to = "ESCAPING", priority = 1 },
  { when = "!sees_player", to = ["ROAMING:0.8", "SLEEPING:0.2"] },
]

[[fsm.builtin.state]]
name = "ESCAPING"
behaviour = "flee"
transitions = [
  { when = "!sees_player", to = "ROAMING" },
  { when = "cornered", to = "CORNERED" },
]

[[fsm.builtin.state]]
name = "SLEEPING"
behaviour = "sleep"
transitions = [
  { when = "hp_below:0.3", to = "ESCAPING", priority = 1 },
  { when = "sees_player", to = "ROAMING:0.2" },
]

[[fsm.builtin.state]]
name = "CORNERED"
behaviour = "fight"
transitions = [
  { when = "!sees_player", to = "ROAMING", priority = 1 },
  { when = "!cornered", to = "ESCAPING" },
]
)";

const FsmTable& builtin_table() {
  static const Library library = [] {
    Library l;
    load_library_text(l, k_builtin_table, "fsm_brain.cpp (built-in table)");
    return l;
  }();
  return library.fsm.front();
}

// The View as a state with observation level `level` perceives it (fsm_table.hpp,
// Observation). Movement and path queries pass through unchanged.
class ObservedView final : public View {
 public:
  ObservedView(const View& base, Observation level, int loud)
      : base_(base), level_(level), loud_(loud) {}

  Point self() const override { return base_.self(); }
  int hp() const override { return base_.hp(); }
  int max_hp() const override { return base_.max_hp(); }
  Size map_size() const override { return base_.map_size(); }
  bool sees_player() const override { return !blind() && base_.sees_player(); }
  Point player() const override { return base_.player(); }
  bool walkable(Point p) const override { return base_.walkable(p); }
  bool occupied(Point p) const override { return base_.occupied(p); }
  std::uint32_t walkable_box(Point c) const override { return base_.walkable_box(c); }
  std::uint32_t occupied_box(Point c) const override { return base_.occupied_box(c); }
  bool can_fire_at_player() const override { return !blind() && base_.can_fire_at_player(); }

  std::int64_t turn() const override { return base_.turn(); }
  int vision() const override { return base_.vision(); }
  bool has_ranged() const override { return base_.has_ranged(); }
  int player_hp() const override { return base_.player_hp(); }
  int player_max_hp() const override { return base_.player_max_hp(); }
  const Library& library() const override { return base_.library(); }
  int tactics() const override { return base_.tactics(); }

  bool sees(Point p) const override { return !blind() && base_.sees(p); }
  std::span<const Seen> others(const Look& look) const override {
    return blind() ? std::span<const Seen>{} : base_.others(look);
  }
  int kin_deaths_seen() const override { return blind() ? 0 : base_.kin_deaths_seen(); }
  int damage_taken() const override { return base_.damage_taken(); }
  int noise() const override {
    const int heard = base_.noise();
    switch (level_) {
      case Observation::loud_noises:
        if (heard >= loud_) return heard;
        return base_.damage_taken() > 0 ? loud_ : 0;  // a blow wakes like a shout
      case Observation::regular:
        return heard;
      case Observation::extended:
        if (heard > 0) return std::max(heard, loud_);
        return base_.scent_step() != Point{} ? loud_ : 0;
    }
    return heard;
  }
  Point noise_step() const override {
    switch (level_) {
      case Observation::loud_noises:
        return base_.noise() >= loud_ ? base_.noise_step() : Point{};
      case Observation::regular:
        return base_.noise_step();
      case Observation::extended: {
        const Point step = base_.noise_step();
        return step != Point{} ? step : base_.scent_step();
      }
    }
    return base_.noise_step();
  }
  Point scent_step() const override { return blind() ? Point{} : base_.scent_step(); }
  bool treasure_missing() const override { return !blind() && base_.treasure_missing(); }

  int player_distance() const override { return blind() ? k_far : base_.player_distance(); }
  Point chase_step() const override { return base_.chase_step(); }
  Point flee_step() const override { return base_.flee_step(); }
  Point path_step(Point target) const override { return base_.path_step(target); }

 private:
  bool blind() const { return level_ == Observation::loud_noises; }

  const View& base_;
  Observation level_;
  int loud_;
};

bool all_hold(std::span<const Condition> when, const View& view, const Memory& memory, Rng& rng) {
  for (const Condition& c : when)
    if (!holds(c, view, memory, rng)) return false;
  return true;
}

// The state a fired transition leads to, or -1 to stay (what its chances leave under 1).
int roll(std::span<const FsmOutcome> outcomes, Rng& rng) {
  if (outcomes.size() == 1 && outcomes.front().probability >= 1) return outcomes.front().target;
  const double u = rng.unit();
  double sum = 0;
  for (const FsmOutcome& o : outcomes) {
    sum += o.probability;
    if (u < sum) return o.target;
  }
  return -1;
}

class FsmBrain final : public Brain {
 public:
  const BrainInfo& info() const override { return info_; }

  int resolve(const Library& library, std::string_view name) const override {
    if (name.empty()) return -1;
    return find_entry(library.fsm, name, "fsm table");
  }

  Decision decide(const View& view, Memory& memory, Rng& rng) const override {
    const FsmTable& table = table_for(view);
    if (memory.state < 0 || memory.state >= static_cast<std::int32_t>(table.states.size())) {
      memory.state = 0;  // a table it never ran (or a fresh memory): the initial state
      memory.scratch[k_turns_slot] = 0;
    }
    const FsmState& before = table.states[static_cast<std::size_t>(memory.state)];
    const ObservedView observed(view, before.observe, table.loud);
    const View& senses = before.observe == Observation::regular ? view : observed;
    perceive(senses, memory);

    const std::int32_t turns = memory.scratch[k_turns_slot];
    for (const FsmTransition& t : before.transitions) {
      if (t.after > turns || !all_hold(t.when, senses, memory, rng)) continue;
      if (const int next = roll(t.outcomes, rng); next >= 0) {
        memory.state = next;
        memory.scratch[k_turns_slot] = 0;
      }
      break;  // the first transition that holds fires, whatever its roll says
    }

    const FsmState& now = table.states[static_cast<std::size_t>(memory.state)];
    const ObservedView now_observed(view, now.observe, table.loud);
    const View& acting = now.observe == Observation::regular ? view : now_observed;
    if (now.observe != before.observe) perceive(acting, memory);
    const Decision decision = perform(now.behaviour, acting, memory, rng);
    if (memory.scratch[k_turns_slot] < k_turns_cap) ++memory.scratch[k_turns_slot];
    return decision;
  }

 private:
  static const FsmTable& table_for(const View& view) {
    const int tactics = view.tactics();
    const std::vector<FsmTable>& tables = view.library().fsm;
    if (tactics >= 0 && tactics < static_cast<int>(tables.size()) &&
        !tables[static_cast<std::size_t>(tactics)].states.empty())
      return tables[static_cast<std::size_t>(tactics)];
    return builtin_table();
  }

  BrainInfo info_{
      "fsm",
      "A finite state machine whose transition table is data: one behaviour per state, "
      "prioritised transitions on named conditions, dice-rolled outcomes.",
      "thesis 4.3 (Table 4.1, after Dillinger) and 5.4 (Table 5.1); FAQ 'How do you create a "
      "monster AI?' and 'How do you create a good monster AI?'",
      "Each turn the monster perceives through its current state's observation level "
      "(loud_noises: deaf to quiet noises and blind, though a blow counts as a loud noise; "
      "regular: what it sees, hears and smells; extended: any noise counts as loud and the "
      "player's scent as a noise), then tries the state's transitions from the highest "
      "priority down: the first whose conditions all hold (and whose 'after' turns have "
      "passed) fires, and a roll picks among its target states by their chances, what is "
      "left under 1 meaning it stays. Then it acts out the behaviour of the state it is now "
      "in. Without tactics it runs the thesis prototype's actor (Table 5.1: ROAMING, "
      "CHASING, ESCAPING, SLEEPING, CORNERED); data/ai/fsm.toml also ships Dillinger's "
      "tactical states (Table 4.1: SLEEPING, WAKING, ENRAGED, HUNGRY, CURIOUS).",
      "fsm"};
};

}  // namespace

std::unique_ptr<Brain> make_fsm_brain() {
  return std::make_unique<FsmBrain>();
}

}  // namespace yendor::ai
