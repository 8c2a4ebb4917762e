#pragma once
// Where the hero can walk in a dd game, as a player knows it (docs/bots.md): breadth-first
// distances over revealed floor without monsters, 8 directions, from the hero; the walk to a
// cell as move actions; the nearest cell to stand on beside a monster; the frontier (revealed
// floor next to unrevealed cells, where a step explores).

#include <array>
#include <cstdint>
#include <vector>

#include "yendor/dd/rules.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::api::bots {

class DdPaths {
 public:
  explicit DdPaths(const dd::State& state);

  bool reachable(int cell) const { return dist_[static_cast<std::size_t>(cell)] >= 0; }
  int distance(int cell) const { return dist_[static_cast<std::size_t>(cell)]; }
  // The moves from the hero to `cell` (reachable), appended to `out`.
  void walk_to(int cell, std::vector<dd::Action>& out) const;
  // The reachable cell beside `target` nearest the hero (the hero's own cell when it is
  // beside it already), and the direction from it to `target`; false when there is none.
  bool stand_beside(int target, int& stand, int& dir) const;
  // Revealed floor cells the hero can reach with an unrevealed neighbour, nearest first (ties:
  // more unrevealed neighbours first, then the lower cell).
  std::vector<int> frontier() const;
  // frontier().front() without the list; -1 when there is none.
  int nearest_frontier() const;

 private:
  const dd::State& state_;
  std::array<std::int16_t, dd::k_cells> dist_{};
  std::array<std::int16_t, dd::k_cells> parent_{};
};

// The cell one step from `cell` in direction `dir`, or -1 off the map.
int step_from(int cell, int dir);
// Unrevealed cells among the 8 neighbours of `cell`.
int unrevealed_around(const dd::State& state, int cell);

}  // namespace yendor::api::bots
