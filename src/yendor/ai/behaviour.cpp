#include "yendor/ai/behaviour.hpp"

#include <array>

#include "yendor/core/error.hpp"

namespace yendor::ai {
namespace {

using B = Behaviour;

constexpr std::array<BehaviourInfo, static_cast<std::size_t>(B::count)> k_behaviours{{
    {B::attack, "attack", "melee the player on a neighbouring cell; otherwise as chase"},
    {B::chase, "chase",
     "close in on the player it sees along the shared distance map and melee him; out of "
     "sight, as search"},
    {B::fire, "fire",
     "use its ranged attack when the player is in range and line; otherwise as "
     "chase"},
    {B::flee, "flee",
     "run down the shared safety map (away from the player, past him rather than into a dead "
     "end); with nowhere to go it fights when he is adjacent, else stands"},
    {B::wander, "wander", "a random step to a free neighbouring cell (the thesis's roaming_ai)"},
    {B::sleep, "sleep",
     "lie down (the game wakes it when it sees the player, hears a loud noise or is hurt)"},
    {B::hold, "hold", "stand still and alert (ambushers, guards)"},
    {B::search, "search",
     "walk to where it last knew the player to be and forget once there (or after 5 blocked "
     "turns); with nothing remembered, wander"},
    {B::follow_noise, "follow_noise", "step towards the loudest noise it hears; else search"},
    {B::follow_scent, "follow_scent", "step up the player's scent trail; else search"},
    {B::hunt, "hunt",
     "chase the player it sees, else follow his scent, else the noise, else search, else wander"},
    {B::return_home, "return_home", "walk back to where it was placed"},
    {B::shout, "shout", "a loud cry at its cell: wakes and calls the monsters that hear it"},
    {B::fight, "fight",
     "the thesis's cornered_ai: attack the player on a neighbouring cell, else stand"},
}};

// Blocked this many turns in a row on the way to a remembered place: it gives up.
constexpr std::int32_t k_give_up_turns = 5;

bool free_cell(const View& view, Point p) {
  return view.walkable(p) && !view.occupied(p);
}

Decision step(Point dir) {
  return {DecisionKind::step, dir};
}

bool adjacent_player(const View& view) {
  return view.sees_player() && chebyshev(view.self(), view.player()) == 1;
}

Decision melee(const View& view) {
  return {DecisionKind::attack, view.player() - view.self()};
}

Decision sidestep(const View& view, Point target, Rng& rng) {
  const Point d = sidestep_toward(view, target, rng);
  return d == Point{} ? Decision{} : step(d);
}

Decision wander(const View& view, Rng& rng) {
  std::array<Point, 8> options{};
  std::uint32_t n = 0;
  for (Point d : k_directions8)
    if (free_cell(view, view.self() + d)) options[n++] = d;
  if (n == 0) return {};
  return step(options[rng.below(n)]);
}

Decision search(const View& view, Memory& memory, Rng& rng) {
  if (!memory.has_target) return wander(view, rng);
  if (view.self() == memory.target) {
    memory.has_target = false;  // arrived: nobody here any more
    memory.counter = 0;
    return {};
  }
  Point dir = view.path_step(memory.target);
  if (dir == Point{}) dir = sidestep_toward(view, memory.target, rng);
  if (dir != Point{}) {
    memory.counter = 0;
    return step(dir);
  }
  if (++memory.counter >= k_give_up_turns) {
    memory.has_target = false;
    memory.counter = 0;
  }
  return {};
}

Decision chase(const View& view, Memory& memory, Rng& rng) {
  if (!view.sees_player()) return search(view, memory, rng);
  if (adjacent_player(view)) return melee(view);
  const Point dir = view.chase_step();
  if (dir != Point{}) return step(dir);
  return sidestep(view, view.player(), rng);
}

Decision towards(Point dir, const View& view, Memory& memory, Rng& rng) {
  if (dir != Point{}) return step(dir);
  return search(view, memory, rng);
}

}  // namespace

std::span<const BehaviourInfo> behaviours() {
  return k_behaviours;
}

const BehaviourInfo& info(Behaviour b) {
  return k_behaviours.at(static_cast<std::size_t>(b));
}

std::string_view to_string(Behaviour b) {
  return info(b).name;
}

Behaviour parse_behaviour(std::string_view name) {
  for (const BehaviourInfo& i : k_behaviours)
    if (i.name == name) return i.behaviour;
  std::string known;
  for (const BehaviourInfo& i : k_behaviours)
    known += (known.empty() ? "" : ", ") + std::string(i.name);
  throw InputError("unknown behaviour '" + std::string(name) + "' (behaviours: " + known + ")");
}

void perceive(const View& view, Memory& memory) {
  if (!view.sees_player()) return;
  memory.awake = true;
  memory.has_target = true;
  memory.target = view.player();
  memory.counter = 0;
  memory.last_seen_turn = static_cast<std::int32_t>(view.turn());
}

Decision perform(Behaviour b, const View& view, Memory& memory, Rng& rng) {
  switch (b) {
    case B::attack:
      return adjacent_player(view) ? melee(view) : chase(view, memory, rng);
    case B::chase:
      return chase(view, memory, rng);
    case B::fire:
      if (view.can_fire_at_player()) return {DecisionKind::fire, {}};
      return chase(view, memory, rng);
    case B::flee: {
      if (view.sees_player() || memory.has_target) {
        const Point dir = view.flee_step();
        if (dir != Point{}) return step(dir);
      }
      return adjacent_player(view) ? melee(view) : Decision{};
    }
    case B::wander:
      return wander(view, rng);
    case B::sleep:
      memory.awake = false;
      return {};
    case B::hold:
      return {};
    case B::search:
      return search(view, memory, rng);
    case B::follow_noise:
      return towards(view.noise_step(), view, memory, rng);
    case B::follow_scent:
      return towards(view.scent_step(), view, memory, rng);
    case B::hunt:
      if (view.sees_player()) return chase(view, memory, rng);
      if (const Point d = view.scent_step(); d != Point{}) return step(d);
      if (const Point d = view.noise_step(); d != Point{}) return step(d);
      return search(view, memory, rng);
    case B::return_home: {
      if (view.self() == memory.home) return {};
      Point dir = view.path_step(memory.home);
      if (dir == Point{}) dir = sidestep_toward(view, memory.home, rng);
      return dir == Point{} ? Decision{} : step(dir);
    }
    case B::shout:
      return {DecisionKind::shout, {}};
    case B::fight:
      return adjacent_player(view) ? melee(view) : Decision{};
    case B::count:
      break;
  }
  return {};
}

}  // namespace yendor::ai
