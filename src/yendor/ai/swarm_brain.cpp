// The swarm brain: flocking (thesis 4.4, after Raytheon 2008 and Reynolds' boids) turned into
// one grid step a turn (the steering arithmetic is flocking.cpp's, shared with the ambush
// brain). A flock with nothing to chase drifts together; when a member sees the player within
// its engage distance it closes in and bites; a wounded member (or a flock that never
// engages) avoids him instead.
#include <cstdint>
#include <memory>

#include "yendor/ai/brain.hpp"
#include "yendor/ai/flocking.hpp"
#include "yendor/ai/library.hpp"

namespace yendor::ai {
namespace {

// Out of sight, the flock heads for where it last saw the player until one is this near it
// (a flock cannot all stand next to one cell) or it has come no nearer for this many turns.
constexpr int k_arrived = 2;
constexpr std::int32_t k_give_up_turns = 10;

bool below_share(int value, int max, double share) {
  return static_cast<double>(value) < share * static_cast<double>(max);
}

class SwarmBrain final : public Brain {
 public:
  const BrainInfo& info() const override { return info_; }

  int resolve(const Library& library, std::string_view name) const override {
    if (name.empty()) return -1;
    return find_entry(library.swarms, name, "swarm entry");
  }

  Decision decide(const View& view, Memory& memory, Rng& rng) const override {
    const SwarmParams& p = swarm_params(view);
    const Point self = view.self();
    const bool sees = view.sees_player();
    const bool adjacent = sees && chebyshev(self, view.player()) == 1;
    const bool wounded = below_share(view.hp(), view.max_hp(), p.flee_below);
    if (sees) {
      memory.awake = true;
      memory.last_seen_turn = static_cast<std::int32_t>(view.turn());
    }
    const bool engaging = sees && !wounded && p.engage > 0 && view.player_distance() <= p.engage;
    if (engaging) {
      perceive(view, memory);
      return perform(Behaviour::chase, view, memory, rng);
    }
    const Decision bite{DecisionKind::attack, adjacent ? view.player() - self : Point{}};
    if (adjacent && p.attack_adjacent && !wounded) return bite;

    FlockGoal goal;
    if (sees && (wounded || p.engage == 0)) {
      goal.avoid_enemy = true;
      goal.enemy = view.player();
    }
    if (wounded) memory.has_target = false;  // it leaves the fight to the others
    if (memory.has_target && !sees) {
      // scratch[0]: the nearest it has come to the place; counter: turns without getting
      // nearer (perceive() clears it while it sees the player).
      const int distance = chebyshev(self, memory.target);
      if (memory.counter == 0 || distance < memory.scratch[0]) {
        memory.scratch[0] = distance;
        memory.counter = 1;
      } else {
        ++memory.counter;
      }
      if (distance <= k_arrived || memory.counter > k_give_up_turns) {
        memory.has_target = false;  // nobody there, or no way nearer
        memory.counter = 0;
      } else if (p.seek > 0) {
        goal.step = view.path_step(memory.target);
      }
    }
    goal.drifting = !sees && !memory.has_target;
    const Flock flock(view, p);
    const Decision d = flock_step(view, memory, p, flock, goal, rng);
    // With nowhere to go it fights the player next to it (the thesis's cornered actor).
    if (d.kind == DecisionKind::wait && adjacent) return bite;
    return d;
  }

 private:
  BrainInfo info_{
      "swarm",
      "Flocks with its kind (separation, alignment, cohesion, avoidance by priority within a "
      "perception range); closes in on the player it sees within its engage distance.",
      "thesis 4.4 (swarm intelligence, after Raytheon 2008: four steering rules, priorities, "
      "perception range, speed); Reynolds' boids",
      "Each turn a member looks at the nearest flockmates it sees within its perception range "
      "(its own kind, at most `flockmates` of them) and computes four steering vectors: "
      "separation (away from flockmates closer than `separation_distance`), alignment (their "
      "mean last step), cohesion (towards their centroid) and avoidance (away from walls "
      "within 2 cells and, for a flock that does not fight or a wounded member, from the "
      "player). The weighted vectors share a steering budget in the data's priority order "
      "(separation first by default): a higher-priority rule takes what it needs and the "
      "later ones what is left, so conflicts are resolved by priority rather than averaged "
      "away. Its own last step (inertia), a random wander and, when it has somewhere to go, "
      "the way there are added, and it steps to the free neighbouring cell best aligned with "
      "the result, never onto a cell next to more than `crowding` flockmates, turning at most "
      "`max_turn` eighths a turn while a step within that makes progress and, with nothing to "
      "chase, moving one turn in `pace`. Ties go to the first cell in the fixed compass order. "
      "A member cut off from its flock (it sees fewer than half the flockmates it knows) walks "
      "back to where it last saw them. A member that sees the player within `engage` walking "
      "steps closes in along the shared distance map and bites; out of sight the flock heads "
      "for his last known place together.",
      "swarm"};
};

}  // namespace

std::unique_ptr<Brain> make_swarm_brain() {
  return std::make_unique<SwarmBrain>();
}

}  // namespace yendor::ai
