// The ambush brain: the thesis's remark (4.4) that the flocking rules can be set so that "the
// flockmates would always try to approach a single target all at the same time". A pack that
// knows where the player is stalks him as a wave: a member ahead of the farthest stalker it
// perceives (by more than `slack`) holds until the laggards catch up, and nobody steps inside
// the `ring` around the target; when every stalker it perceives is within the ring (or one
// already stands next to the target, or it is hurt, or `patience` runs out) it charges. Since
// all members start the charge from the ring on the same turn, give or take the one turn of
// the game's move order, they reach the target together. With no target it flocks like the
// swarm brain.
#include <algorithm>
#include <cstdint>
#include <memory>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/flocking.hpp"
#include "yendor/ai/library.hpp"

namespace yendor::ai {
namespace {

// Memory::state of an ambusher.
enum AmbushState : std::int32_t { k_idle = 0, k_stalking = 1, k_charging = 2 };
// Out of sight, it keeps the player's last known place for this many turns.
constexpr std::int32_t k_forget_turns = 20;

class AmbushBrain final : public Brain {
 public:
  const BrainInfo& info() const override { return info_; }

  int resolve(const Library& library, std::string_view name) const override {
    if (name.empty()) return -1;
    return find_entry(library.swarms, name, "swarm entry");
  }

  Decision decide(const View& view, Memory& memory, Rng& rng) const override {
    const SwarmParams& p = swarm_params(view);
    const Flock flock(view, p);
    const Point self = view.self();
    const bool sees = view.sees_player();
    if (sees) {
      perceive(view, memory);
    } else if (memory.has_target && ++memory.counter > k_forget_turns) {
      memory.has_target = false;
      memory.counter = 0;
    }
    if (!memory.has_target) {
      memory.state = k_idle;
      FlockGoal drift;
      drift.drifting = true;
      return flock_step(view, memory, p, flock, drift, rng);
    }
    const Point target = memory.target;
    const int distance = chebyshev(self, target);
    if (sees && distance == 1) {
      memory.state = k_charging;
      return {DecisionKind::attack, view.player() - self};
    }
    if (memory.state != k_stalking && memory.state != k_charging) {
      memory.state = k_stalking;
      memory.scratch[0] = 0;  // turns spent stalking
    }
    // The farthest awake stalker it perceives, and whether one already reached the target.
    int farthest = distance;
    bool mate_at_target = false;
    for (const Mate& m : flock.mates()) {
      if (!m.awake) continue;
      const int d = chebyshev(m.pos, target);
      farthest = std::max(farthest, d);
      mate_at_target = mate_at_target || d <= 1;
    }
    if (memory.state == k_stalking && (farthest <= p.ring || mate_at_target ||
                                       view.damage_taken() > 0 || ++memory.scratch[0] > p.patience))
      memory.state = k_charging;
    if (memory.state == k_charging)
      return perform(sees ? Behaviour::chase : Behaviour::search, view, memory, rng);

    // Stalking: hold when ahead of the laggards or at the ring, else advance one cell (a
    // Chebyshev step shortens the distance by at most one, so it never enters the ring).
    if (distance < farthest - p.slack || distance <= p.ring) return {};
    Point dir = sees ? view.chase_step() : view.path_step(target);
    if (dir == Point{}) dir = step_toward(view, target);
    if (dir == Point{}) return {};
    return {DecisionKind::step, dir};
  }

 private:
  BrainInfo info_{
      "ambush",
      "A pack that stalks the player as a wave, waits at a ring around him and charges "
      "together, so that its members arrive on the same turn.",
      "thesis 4.4 (swarm rules set so that the flockmates approach a single target at the "
      "same time: ambushes instead of squad formation)",
      "With no target it flocks like `swarm`. Once it sees the player (or remembers where he "
      "was, for 20 turns) it stalks: it compares its Chebyshev distance to the target with "
      "that of the farthest awake flockmate it perceives; ahead of it by more than `slack` it "
      "holds, so the pack closes in as a wave; it never steps inside the `ring` (cells from "
      "the target) while stalking. It charges, along the shared distance map, when every "
      "stalker it perceives is within the ring, when a flockmate already stands next to the "
      "target, when it is hurt, or after `patience` turns of stalking; next to the player it "
      "always attacks. Members that charge from the ring on the same turn arrive together; "
      "the game's move order can make one start a turn later, so arrivals differ by at most "
      "one turn on open ground. The pack's perception must cover the ring (at least 2 × ring "
      "+ slack) so that stalkers on opposite sides see each other.",
      "swarm"};
};

}  // namespace

std::unique_ptr<Brain> make_ambush_brain() {
  return std::make_unique<AmbushBrain>();
}

}  // namespace yendor::ai
