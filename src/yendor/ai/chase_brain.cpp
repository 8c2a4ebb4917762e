// The chase-and-attack brain: the thesis's stateless actor (4.2: attack if you can reach the
// player, else move towards the player you see, else stand still) with the one piece of
// memory of a state-machine actor (4.3): where it last saw the player, so that it follows
// round a corner instead of forgetting at once. Greedy steps, no path-finding: cheap enough
// for every monster every turn. Issue 7 brings the smarter brains.
#include <array>
#include <cstdint>
#include <memory>

#include "yendor/ai/brain.hpp"

namespace yendor::ai {
namespace {

// Idle (nothing seen, nothing remembered): one turn in this many it takes a random step.
constexpr std::uint32_t k_wander_one_in = 4;
// Blocked this many turns in a row on the way to where it last saw the player: it gives up.
constexpr std::int32_t k_give_up_turns = 5;

bool free_cell(const View& view, Point p) {
  return view.walkable(p) && !view.occupied(p);
}

// Compare (Chebyshev, squared Euclidean) distances lexicographically.
struct Closeness {
  int steps = 0;
  std::int64_t squared = 0;
  bool operator<(const Closeness& o) const {
    return steps != o.steps ? steps < o.steps : squared < o.squared;
  }
};

Closeness closeness(Point a, Point b) {
  return {chebyshev(a, b), distance_squared(a, b)};
}

Decision step(Point dir) {
  return {DecisionKind::step, dir};
}

// Toward `target`: the best greedy step; failing that (a monster or a corner in the way) a
// random free neighbour no farther in steps, to get round it.
Decision toward(const View& view, Point target, Rng& rng) {
  Point dir = step_toward(view, target);
  if (dir == Point{}) dir = sidestep_toward(view, target, rng);
  return dir == Point{} ? Decision{} : step(dir);
}

Decision wander(const View& view, Rng& rng) {
  if (rng.below(k_wander_one_in) != 0) return {};
  const Point d = k_directions8[rng.below(8)];
  return free_cell(view, view.self() + d) ? step(d) : Decision{};
}

class ChaseBrain final : public Brain {
 public:
  const BrainInfo& info() const override { return info_; }

  Decision decide(const View& view, Memory& memory, Rng& rng) const override {
    const Point self = view.self();
    if (view.sees_player()) {
      const Point player = view.player();
      memory.awake = true;
      memory.has_target = true;
      memory.target = player;
      memory.counter = 0;
      if (chebyshev(self, player) == 1) return {DecisionKind::attack, player - self};
      if (view.can_fire_at_player()) return {DecisionKind::fire, {}};
      return toward(view, player, rng);
    }
    if (memory.has_target) {
      if (self == memory.target) {
        memory.has_target = false;  // arrived: nobody here any more
      } else {
        const Decision d = toward(view, memory.target, rng);
        if (d.kind == DecisionKind::step) {
          memory.counter = 0;
          return d;
        }
        if (++memory.counter >= k_give_up_turns) {
          memory.has_target = false;
          memory.counter = 0;
        }
        return d;
      }
    }
    return wander(view, rng);
  }

 private:
  BrainInfo info_{
      "chase",
      "Attacks the player next to it, shoots from range when it can, closes in on the player "
      "it sees, searches where it last saw them, otherwise wanders.",
      "thesis 4.2 (stateless actors) and 4.3 (memory); FAQ, battle system",
      "Each turn: if it sees the player it remembers where; next to the player it attacks; "
      "with a ranged attack and a clear line in range it fires (the game rolls the kind's "
      "chance and closes in when the roll fails); otherwise it takes the neighbouring step "
      "that most reduces the distance (Chebyshev, then Euclidean; ties in a fixed order), "
      "among walkable cells nobody stands on, or a random sidestep no farther away when a "
      "monster or a corner blocks the way. Out of sight it walks to where it last saw the "
      "player and forgets once there (or after 5 blocked turns). With nothing to chase it "
      "takes a random step one turn in 4. No path-finding: greedy steps only.",
      ""};
};

}  // namespace

Point step_toward(const View& view, Point target) {
  const Point self = view.self();
  Closeness best = closeness(self, target);
  Point best_dir{};
  for (Point d : k_directions8) {
    const Point p = self + d;
    if (!free_cell(view, p)) continue;
    const Closeness c = closeness(p, target);
    if (c < best) {
      best = c;
      best_dir = d;
    }
  }
  return best_dir;
}

Point sidestep_toward(const View& view, Point target, Rng& rng) {
  const Point self = view.self();
  const int now = chebyshev(self, target);
  std::array<Point, 8> options{};
  std::uint32_t n = 0;
  for (Point d : k_directions8)
    if (free_cell(view, self + d) && chebyshev(self + d, target) <= now) options[n++] = d;
  return n == 0 ? Point{} : options[rng.below(n)];
}

std::unique_ptr<Brain> make_chase_brain() {
  return std::make_unique<ChaseBrain>();
}

}  // namespace yendor::ai
