#pragma once
// Dijkstra maps (the RogueBasin "Dijkstra maps visualized" technique, Brogue's safety maps):
// every cell holds the cost of the cheapest walk from it to the nearest goal, so any number
// of monsters find their way by stepping downhill, one map shared by all.
//
// - compute(): multi-source, weighted (each goal may start at its own value, so a goal can
//   be more or less attractive);
// - make_flee(): multiply by a negative factor (about -1.2) and rescan, which turns "away
//   from the player" into a map whose downhill leads to places far from the player while
//   still preferring to run past him over running into a dead end;
// - weighted_sum(): balance several goals (treasure, player, safety) in one map.
// Buffers are kept between calls: computing into the same DijkstraMap on a same-size map
// allocates nothing.

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

struct Goal {
  Point cell;
  Distance value = 0;  // the goal's own value: lower is more attractive
};

class DijkstraMap {
 public:
  DijkstraMap() = default;
  // A copy carries the values only: the working space is the copy's own and every call
  // fills it from scratch, so a game's snapshot (api::Env::clone) does not copy it.
  DijkstraMap(const DijkstraMap& other) : values_(other.values_) {}
  DijkstraMap& operator=(const DijkstraMap& other) {
    values_ = other.values_;
    return *this;
  }
  DijkstraMap(DijkstraMap&&) noexcept = default;
  DijkstraMap& operator=(DijkstraMap&&) noexcept = default;
  ~DijkstraMap() = default;

  // Every cell's value becomes the least over goals g and walks w from the cell to g of
  // g.value + cost(w); k_unreachable where no goal can be reached (and on impassable cells).
  // Goals outside the map or on impassable cells are ignored. Throws InputError from
  // check(map, movement).
  void compute(const CostMap& map, std::span<const Goal> goals, const Movement& movement);
  void compute(const CostMap& map, Point goal, const Movement& movement);

  // Lowers values until no cell can improve by one step: value(a) <= value(b) + step(a->b).
  // Use it after editing values (make_flee does).
  void rescan(const CostMap& map, const Movement& movement);

  // Brogue's safety map: every reachable value v becomes round(v × factor), then rescan.
  // factor must be negative (InputError otherwise).
  void make_flee(const CostMap& map, const Movement& movement, double factor = -1.2);

  Size size() const { return values_.size(); }
  // k_unreachable outside the map.
  Distance at(Point p) const { return values_.in_bounds(p) ? values_[p] : k_unreachable; }
  const Grid<Distance>& values() const { return values_; }
  Grid<Distance>& values() { return values_; }

  // The allowed step from `from` to the neighbour with the lowest value, when that value is
  // strictly below from's own; ties go to the first in k_directions8 order. nullopt at a
  // local minimum (a goal) or where nothing is reachable.
  std::optional<Point> downhill(const CostMap& map, Point from, const Movement& movement) const;
  // Follows downhill() from `from` until a minimum: the cells after `from`. False when `from`
  // is unreachable.
  bool path_from(const CostMap& map, Point from, const Movement& movement,
                 std::vector<Point>& path) const;

 private:
  friend void weighted_sum(std::span<const std::pair<const DijkstraMap*, double>>, DijkstraMap&);
  Grid<Distance> values_;
  // Working space kept between calls (queue buckets, padded values).
  std::vector<std::uint32_t> queue_;
  std::vector<Distance> padded_;
  std::vector<std::vector<std::uint32_t>> buckets_;
};

// out = Σ weight × map, rounded to the nearest integer; unreachable where any term is.
// Every map must have the same size (InputError otherwise); `out` may not be one of them.
void weighted_sum(std::span<const std::pair<const DijkstraMap*, double>> terms, DijkstraMap& out);

}  // namespace yendor::path
