// The steering arithmetic of flocking.hpp (thesis 4.4, after Reynolds' boids and Raytheon
// 2008): the flock a member perceives, the four rules, prioritised allocation, and the one grid
// step a turn they add up to. The swarm and ambush brains share it.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "yendor/ai/brain.hpp"
#include "yendor/ai/flocking.hpp"
#include "yendor/ai/library.hpp"

namespace yendor::ai {
namespace {

// A step must beat waiting by this much (dot products of doubles).
constexpr double k_epsilon = 1e-9;

int sign(int v) {
  return (v > 0) - (v < 0);
}

Steer operator+(Steer a, Steer b) {
  return {a.x + b.x, a.y + b.y};
}
Steer operator*(Steer a, double k) {
  return {a.x * k, a.y * k};
}
double dot(Steer a, Steer b) {
  return a.x * b.x + a.y * b.y;
}
Steer clamp_length(Steer v, double max) {
  const double l = length(v);
  return l > max ? v * (max / l) : v;
}
Steer towards(Point from, Point to) {
  return {static_cast<double>(to.x - from.x), static_cast<double>(to.y - from.y)};
}

// The eighth of the compass of a step (0 north, clockwise), -1 for {0, 0}.
int octant(Point d) {
  static constexpr std::array<std::array<int, 3>, 3> k_octants{{{7, 0, 1}, {6, -1, 2}, {5, 4, 3}}};
  return k_octants[static_cast<std::size_t>(sign(d.y) + 1)]
                  [static_cast<std::size_t>(sign(d.x) + 1)];
}

// How many 45-degree turns separate two steps (0..4); 0 when either is {0, 0}.
int turn_between(Point a, Point b) {
  const int ia = octant(a), ib = octant(b);
  if (ia < 0 || ib < 0) return 0;
  const int diff = std::abs(ia - ib);
  return std::min(diff, 8 - diff);
}

Decision step(Point dir) {
  return {DecisionKind::step, dir};
}

}  // namespace

double length(Steer v) {
  return std::sqrt(v.x * v.x + v.y * v.y);
}

Steer unit(Point d) {
  // The eight steps and {0, 0} are looked up: no square root on the hot path.
  static constexpr double k_diagonal = 0.70710678118654752440;
  static constexpr std::array<Steer, 9> k_units{{{-k_diagonal, -k_diagonal},
                                                 {0, -1},
                                                 {k_diagonal, -k_diagonal},
                                                 {-1, 0},
                                                 {0, 0},
                                                 {1, 0},
                                                 {-k_diagonal, k_diagonal},
                                                 {0, 1},
                                                 {k_diagonal, k_diagonal}}};
  if (std::abs(d.x) <= 1 && std::abs(d.y) <= 1)
    return k_units[static_cast<std::size_t>((d.y + 1) * 3 + d.x + 1)];
  const Steer v = towards({}, d);
  return v * (1.0 / length(v));
}

Flock::Flock(const View& view, const SwarmParams& params)
    : self_(view.self()),
      walkable_(view.walkable_box(self_)),
      free_(walkable_ & ~view.occupied_box(self_)) {
  const std::size_t cap =
      static_cast<std::size_t>(std::clamp(params.flockmates, 1, k_max_flockmates));
  for (const Seen& s : view.others({params.perception, cap, params.kin_only})) {
    if (count_ == cap) break;
    mates_[count_++] = Mate{s.pos, s.heading, s.awake};
    const Point o = s.pos - self_;
    if (std::abs(o.x) <= 2 && std::abs(o.y) <= 2) near_ |= box5_bit(o);
  }
}

int Flock::crowding_at(Point cell) const {
  const Point o = cell - self_;
  if (std::abs(o.x) <= 1 && std::abs(o.y) <= 1) {
    // Every cell next to `cell` lies in the 5 x 5 box.
    static const std::array<std::uint32_t, 9> k_rings = [] {
      std::array<std::uint32_t, 9> rings{};
      for (int cy = -1; cy <= 1; ++cy)
        for (int cx = -1; cx <= 1; ++cx)
          for (Point d : k_directions8)
            rings[static_cast<std::size_t>((cy + 1) * 3 + cx + 1)] |= box5_bit(Point{cx, cy} + d);
      return rings;
    }();
    return std::popcount(near_ & k_rings[static_cast<std::size_t>((o.y + 1) * 3 + o.x + 1)]);
  }
  int n = 0;
  for (const Mate& m : mates())
    n += chebyshev(m.pos, cell) == 1 ? 1 : 0;
  return n;
}

Steer separation(Point self, const Flock& flock, const SwarmParams& params) {
  const int reach = params.separation_distance;
  Steer v;
  for (const Mate& m : flock.mates()) {
    const int d = chebyshev(self, m.pos);
    if (d == 0 || d > reach) continue;
    // Nearer flockmates push harder: 1 at distance 1, 1/reach at the edge.
    v = v + unit(self - m.pos) * (static_cast<double>(reach + 1 - d) / reach);
  }
  return clamp_length(v, 1.0);
}

Steer alignment(const Flock& flock) {
  if (flock.mates().empty()) return {};
  Steer v;
  for (const Mate& m : flock.mates())
    v = v + unit({sign(m.heading.x), sign(m.heading.y)});
  return v * (1.0 / static_cast<double>(flock.mates().size()));
}

Steer cohesion(Point self, const Flock& flock, const SwarmParams& params) {
  if (flock.mates().empty()) return {};
  Steer centre;
  for (const Mate& m : flock.mates())
    centre = centre + towards(self, m.pos);
  centre = centre * (1.0 / static_cast<double>(flock.mates().size()));
  // Full strength once the centroid is past the separation distance: inside it separation
  // and cohesion balance.
  const double reach = static_cast<double>(params.separation_distance + 1);
  const double l = length(centre);
  if (l < k_epsilon) return {};
  return centre * (std::min(l, reach) / (reach * l));
}

Steer avoidance(Point self, std::uint32_t walkable, const SwarmParams& params, bool avoid_enemy,
                Point enemy) {
  // The 24 cells within 2, each with the push a wall there gives: away from it, by 1 / d^2.
  struct Push {
    std::uint32_t bit;
    Steer push;
  };
  static const std::array<Push, 24> k_pushes = [] {
    std::array<Push, 24> pushes{};
    std::size_t n = 0;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        const Point off{dx, dy};
        if (off == Point{}) continue;
        const int d = chebyshev({}, off);
        pushes[n++] = {box5_bit(off), unit(Point{} - off) * (1.0 / (d * d))};
      }
    return pushes;
  }();
  Steer walls;
  for (const Push& p : k_pushes)
    if ((walkable & p.bit) == 0) walls = walls + p.push;
  Steer v = clamp_length(walls, 1.0);
  if (avoid_enemy) {
    const int d = chebyshev(self, enemy);
    if (d <= params.perception)
      v = v +
          unit(self - enemy) * (static_cast<double>(params.perception + 1 - d) / params.perception);
  }
  return clamp_length(v, 1.0);
}

Steer allocate(std::span<const Steer> by_priority, double budget) {
  Steer sum;
  double left = budget;
  for (const Steer& v : by_priority) {
    const double l = length(v);
    if (l <= left) {
      sum = sum + v;
      left -= l;
    } else {
      if (left > 0) sum = sum + v * (left / l);
      break;
    }
  }
  return sum;
}

Steer desired_direction(const View& view, const Memory& memory, const SwarmParams& params,
                        const Flock& flock, const FlockGoal& goal, Rng& rng) {
  const Point self = view.self();
  std::array<Steer, k_swarm_rule_count> rule{};
  rule[static_cast<std::size_t>(SwarmRule::separation)] = separation(self, flock, params);
  rule[static_cast<std::size_t>(SwarmRule::alignment)] = alignment(flock);
  rule[static_cast<std::size_t>(SwarmRule::cohesion)] = cohesion(self, flock, params);
  rule[static_cast<std::size_t>(SwarmRule::avoidance)] =
      avoidance(self, flock.walkable(), params, goal.avoid_enemy, goal.enemy);
  std::array<Steer, k_swarm_rule_count> ordered{};
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    const auto r = static_cast<std::size_t>(params.priority[i]);
    ordered[i] = rule[r] * params.weights[r];
  }
  Steer v = allocate(ordered, params.budget);
  const Point h{sign(memory.heading.x), sign(memory.heading.y)};
  v = v + unit(h) * params.inertia;
  v = v + unit(goal.step) * params.seek;
  if (params.wander > 0) v = v + unit(k_directions8[rng.below(8)]) * params.wander;
  return v;
}

Decision choose_step(const View& view, const Memory& memory, const SwarmParams& params,
                     const Flock& flock, Steer desired) {
  const Point self = view.self();
  const int crowd_here = flock.crowding_at(self);
  const bool must_move = crowd_here > params.crowding;
  const Point heading{sign(memory.heading.x), sign(memory.heading.y)};
  // The best step within the turning limit, and the best at all: the limit is soft, given up
  // when no step within it makes progress (a wall ahead, the flock behind).
  double best_within = -std::numeric_limits<double>::infinity(), best_any = best_within;
  Point dir_within{}, dir_any{};
  for (Point d : k_directions8) {
    const Point to = self + d;
    if ((flock.free() & box5_bit(d)) == 0) continue;
    const int crowd = flock.crowding_at(to);
    // Separation first: never onto a crowded cell, unless it is less crowded than here.
    if (crowd > params.crowding && crowd >= crowd_here) continue;
    if (must_move && crowd >= crowd_here) continue;
    const double score = dot(desired, unit(d));
    if (score > best_any) {
      best_any = score;
      dir_any = d;
    }
    if (score > best_within && turn_between(heading, d) <= params.max_turn) {
      best_within = score;
      dir_within = d;
    }
  }
  if (dir_within != Point{} && (best_within > k_epsilon || must_move)) return step(dir_within);
  if (dir_any != Point{} && (best_any > k_epsilon || must_move)) return step(dir_any);
  return {};
}

Decision flock_step(const View& view, Memory& memory, const SwarmParams& params, const Flock& flock,
                    FlockGoal goal, Rng& rng) {
  const Point self = view.self();
  auto& board = memory.blackboard;
  const int seen = static_cast<int>(flock.mates().size());
  if (seen > 0 && 2 * seen >= board[k_flock_size]) {
    // It sees (most of) its flock: remember where.
    Point sum{};
    for (const Mate& m : flock.mates())
      sum += m.pos;
    board[k_flock_x] = sum.x / seen;
    board[k_flock_y] = sum.y / seen;
    board[k_flock_lost] = 1;
    board[k_flock_size] = std::max(board[k_flock_size], seen);
  } else if (board[k_flock_lost] > 0 && goal.step == Point{} && params.seek > 0) {
    const Point last{board[k_flock_x], board[k_flock_y]};
    if (chebyshev(self, last) <= 1 || ++board[k_flock_lost] > k_regroup_turns) {
      board[k_flock_lost] = 0;  // nobody there any more: the flock it sees is its flock
      board[k_flock_size] = seen;
    } else {
      goal.step = view.path_step(last);
      goal.drifting = false;
    }
  }
  const Steer desired = desired_direction(view, memory, params, flock, goal, rng);
  const bool off_pace = goal.drifting && params.pace > 1 && view.turn() % params.pace != 0;
  if (off_pace && flock.crowding_at(self) <= params.crowding) return {};
  return choose_step(view, memory, params, flock, desired);
}

const SwarmParams& swarm_params(const View& view) {
  static const SwarmParams defaults{};
  const std::vector<SwarmParams>& entries = view.library().swarms;
  const int t = view.tactics();
  if (t < 0 || static_cast<std::size_t>(t) >= entries.size()) return defaults;
  return entries[static_cast<std::size_t>(t)];
}

}  // namespace yendor::ai
