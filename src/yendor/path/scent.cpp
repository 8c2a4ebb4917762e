#include "yendor/path/scent.hpp"

#include <utility>

#include <limits>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

namespace yendor::path {

namespace {

Size checked_size(Size size) {
  if (size.width < 0 || size.height < 0)
    throw InputError("scent map: negative size " + size_text(size));
  return size;
}

}  // namespace

ScentMap::ScentMap(Size size, int spread) : scent_(checked_size(size), 0), spread_(spread) {
  if (spread < 1)
    throw InputError("scent map: spread " + std::to_string(spread) + " must be at least 1");
}

void ScentMap::check_lay(Point player, std::int32_t turn) const {
  if (turn < 1) throw InputError("scent: turn " + std::to_string(turn) + " must be at least 1");
  if (turn < last_turn_)
    throw InputError("scent: turn " + std::to_string(turn) + " comes after turn " +
                     std::to_string(last_turn_));
  if (std::int64_t{spread_} * turn > std::numeric_limits<std::int32_t>::max())
    throw InputError("scent: turn " + std::to_string(turn) + " times spread " +
                     std::to_string(spread_) + " overflows the marks");
  if (!scent_.in_bounds(player))
    throw InputError("scent: player " + point_text(player) + " outside the " +
                     size_text(scent_.size()) + " map");
}

void ScentMap::lay(Point player, std::int32_t turn, std::span<const Point> seen) {
  check_lay(player, turn);
  // Checked before marking anything, so a bad call leaves the map as it was.
  for (const Point p : seen)
    if (scent_.in_bounds(p) && chebyshev(p, player) >= spread_)
      throw InputError("scent: cell " + point_text(p) + " seen from " +
                       std::to_string(chebyshev(p, player)) + " cells, not below the spread " +
                       std::to_string(spread_));
  last_turn_ = turn;
  const std::int32_t top = spread_ * turn;
  for (const Point p : seen) {
    if (!scent_.in_bounds(p)) continue;
    const std::int32_t mark = top - chebyshev(p, player);
    std::int32_t& cell = scent_[p];
    if (mark > cell) cell = mark;
  }
}

// A mark is spread × t − d with 0 <= d < spread and t >= 1, so t = ceil(mark / spread).
std::int32_t ScentMap::turn_of(std::int32_t mark) const {
  if (mark <= 0) return 0;
  return static_cast<std::int32_t>((std::int64_t{mark} + spread_ - 1) / spread_);
}

std::int32_t ScentMap::distance_of(std::int32_t mark) const {
  if (mark <= 0) return 0;
  return static_cast<std::int32_t>(std::int64_t{spread_} * turn_of(mark) - mark);
}

bool ScentMap::senses(std::int32_t mark, std::int32_t turn, const ScentSense& sense) const {
  if (mark <= 0) return false;
  if (sense.max_age > 0 && std::int64_t{turn} - turn_of(mark) > sense.max_age) return false;
  if (sense.max_distance > 0 && distance_of(mark) > sense.max_distance) return false;
  return true;
}

std::optional<Point> ScentMap::climb(const CostMap& map, Point from, const Movement& movement,
                                     std::int32_t turn, const ScentSense& sense) const {
  if (map.size() != scent_.size())
    throw InputError("scent: cost map " + size_text(map.size()) + " for a " +
                     size_text(scent_.size()) + " scent map");
  if (!map.in_bounds(from))
    throw InputError("scent: monster " + point_text(from) + " outside the " +
                     size_text(map.size()) + " map");
  if (sense.max_age < 0 || sense.max_distance < 0)
    throw InputError("scent: sense limits must not be negative (max_age " +
                     std::to_string(sense.max_age) + ", max_distance " +
                     std::to_string(sense.max_distance) + ")");
  check(movement);

  // Marks of turn t lie in (spread × (t − 1), spread × t], so the age limit is a lower bound
  // on the mark: no division per neighbour.
  std::int64_t min_mark = 1;
  const std::int64_t oldest_turn = std::int64_t{turn} - sense.max_age;
  if (sense.max_age > 0 && oldest_turn > 1) min_mark = spread_ * (oldest_turn - 1) + 1;
  const auto noticed = [&](std::int32_t mark) {
    return mark >= min_mark && (sense.max_distance == 0 || distance_of(mark) <= sense.max_distance);
  };

  const StepTable steps(map, movement);
  const std::uint8_t* cells = map.padded();
  const std::size_t i = map.index(from);
  std::int32_t best = noticed(scent_[from]) ? scent_[from] : 0;
  std::optional<Point> step;
  for (int k = 0; k < steps.count(); ++k) {
    if (steps.step_cost(cells, i, k) == 0) continue;
    // An allowed step never leaves the map (the padding ring is impassable).
    const Point to = from + steps.delta(k);
    const std::int32_t mark = scent_[to];
    if (mark > best && noticed(mark)) {
      best = mark;
      step = to;
    }
  }
  return step;
}

void ScentMap::restore(Grid<std::int32_t> values, std::int32_t last_turn) {
  if (last_turn < 0) throw InputError("scent: a negative last turn");
  for (std::int32_t v : values.cells())
    if (v < 0) throw InputError("scent: a negative mark");
  scent_ = std::move(values);
  last_turn_ = last_turn;
}

}  // namespace yendor::path
