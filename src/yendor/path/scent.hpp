#pragma once
// Scent tracking (the FAQ's "How do they find / follow the player?"): every turn, each cell
// the player sees is marked spread × turn − distance (keeping the larger mark), so the
// freshest, closest marks are highest; a monster that keeps stepping to its highest-scented
// neighbour follows the player's trail. Marks decode back to the turn and the distance they
// were laid at, so a monster can ignore scent older than it cares for (stupid monsters) or
// laid from farther than it can smell (scent trackers: seen from one or two cells).

#include <cstdint>
#include <optional>
#include <span>

#include "yendor/core/grid.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

// What a monster follows.
struct ScentSense {
  int max_age = 0;       // turns (current turn − the mark's turn); 0: any age
  int max_distance = 0;  // cells the mark was laid from; 0: any
};

class ScentMap {
 public:
  // `spread` multiplies the turn: it must exceed the player's sight radius (the FAQ's 32).
  // InputError for a negative size or a spread below 1.
  explicit ScentMap(Size size = {}, int spread = 32);

  // Marks every cell of `seen` (what the player sees this turn, from `player`) with
  // spread × turn − chebyshev distance, unless it already holds more. Turns start at 1 and
  // must not decrease; InputError for that, for a player outside the map, for a cell seen
  // from `spread` cells or more (its mark would decode to an older turn), or for
  // spread × turn beyond 32 bits. Cells outside the map are skipped. Nothing is marked when
  // it throws.
  void lay(Point player, std::int32_t turn, std::span<const Point> seen);
  // The same without a list: `for_each_seen(mark)` calls mark(Point) for every cell seen, and
  // cells outside the map or `spread` cells or more from the player are skipped instead of
  // refused (a game's view can reach farther than the spread). Checks as lay() otherwise.
  template <typename ForEachSeen>
  void lay_each(Point player, std::int32_t turn, ForEachSeen&& for_each_seen) {
    check_lay(player, turn);
    last_turn_ = turn;
    const std::int32_t top = spread_ * turn;
    for_each_seen([&](Point p) {
      const std::int32_t d = chebyshev(p, player);
      if (d >= spread_ || !scent_.in_bounds(p)) return;
      std::int32_t& cell = scent_[p];
      if (top - d > cell) cell = top - d;
    });
  }
  // The mark laid under the player on `turn` (spread × turn).
  std::int32_t top_mark(std::int32_t turn) const { return spread_ * turn; }

  // 0 where nothing was ever laid.
  std::int32_t at(Point p) const { return scent_.in_bounds(p) ? scent_[p] : 0; }
  // The turn and the distance a mark was laid at (turn 0 and distance 0 for no mark).
  std::int32_t turn_of(std::int32_t mark) const;
  std::int32_t distance_of(std::int32_t mark) const;
  // Whether `sense` notices `mark` at `turn` (never a missing mark).
  bool senses(std::int32_t mark, std::int32_t turn, const ScentSense& sense) const;

  // The allowed step (StepTable of `map` and `movement`) to the neighbour with the highest
  // mark the sense notices at `turn`, when it is higher than the mark under `from` (which
  // counts only when the sense notices it too); ties go to the first in k_directions8
  // order. nullopt when no neighbour smells stronger. InputError when `map` is not the
  // scent map's size, `from` is outside it, the movement is bad or a sense limit negative.
  std::optional<Point> climb(const CostMap& map, Point from, const Movement& movement,
                             std::int32_t turn, const ScentSense& sense = {}) const;

  const Grid<std::int32_t>& values() const { return scent_; }
  int spread() const { return spread_; }
  // The turn of the last lay (0 before the first).
  std::int32_t last_turn() const { return last_turn_; }
  // Puts back a map saved from values() and last_turn() (a loaded game). InputError for a
  // negative mark or a last turn below 0.
  void restore(Grid<std::int32_t> values, std::int32_t last_turn);
  bool operator==(const ScentMap&) const = default;

 private:
  // InputError unless `turn` may follow last_turn() and the player is on the map.
  void check_lay(Point player, std::int32_t turn) const;

  Grid<std::int32_t> scent_;
  int spread_ = 32;
  std::int32_t last_turn_ = 0;
};

}  // namespace yendor::path
