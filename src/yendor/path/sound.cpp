#include "yendor/path/sound.hpp"

#include <limits>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"

namespace yendor::path {

SoundDamping sound_damping_from_tiles(const Grid<Tile>& tiles, const SoundDampingCosts& costs) {
  return SoundDamping::from(tiles.size(), [&](Point p) -> std::uint8_t {
    switch (const Tile t = tiles[p]) {
      case Tile::door_closed:
        return costs.door_closed;
      case Tile::door_locked:
        return costs.door_locked;
      default:
        return tile_info(t).transparent ? costs.open : costs.solid;
    }
  });
}

void SoundMap::reset(Size size) {
  if (size.width < 0 || size.height < 0)
    throw InputError("sound map: negative size " + size_text(size));
  if (size == loud_.size()) {
    clear();
    return;
  }
  loud_ = Grid<std::int32_t>(size, 0);
  touched_.clear();
}

void SoundMap::clear() {
  std::int32_t* loud = loud_.data();
  for (const std::uint32_t i : touched_)
    loud[i] = 0;
  touched_.clear();
}

void SoundMap::emit(const SoundDamping& damping, Point source, std::int32_t loudness) {
  if (damping.size() != loud_.size())
    throw InputError("sound: damping map " + size_text(damping.size()) + " for a " +
                     size_text(loud_.size()) + " sound map (reset() sizes it)");
  if (!loud_.in_bounds(source))
    throw InputError("sound: source " + point_text(source) + " outside the " +
                     size_text(loud_.size()) + " map");
  if (loudness < 1)
    throw InputError("sound: loudness " + std::to_string(loudness) + " must be at least 1");
  if (damping.padded_cell_count() > std::numeric_limits<std::uint32_t>::max())
    throw InputError("sound: a " + size_text(loud_.size()) + " map is too large");

  std::int32_t* loud = loud_.data();
  const Entry start{static_cast<std::uint32_t>(damping.index(source)),
                    static_cast<std::uint32_t>(loud_.index_of(source))};
  // The loudness already held is the max over earlier noises, each of which spread fully:
  // wherever it is at least this noise's, so is everything this noise could reach from there.
  if (loud[start.cell] >= loudness) return;
  if (loud[start.cell] == 0) touched_.push_back(start.cell);
  loud[start.cell] = loudness;

  // The steps of k_sound_steps (StepTable's directions and offsets), unrolled: the four
  // orthogonal neighbours' dampings, read once, are also the corner cells of the diagonals.
  static_assert(k_sound_steps.connectivity == Connectivity::eight &&
                k_sound_steps.corners == CornerCutting::one_side);
  const StepTable steps(damping, k_sound_steps);
  std::array<std::uint32_t, 8> padded_offset{}, cell_offset{};
  for (int k = 0; k < 8; ++k) {
    const Point d = steps.delta(k);
    // Unsigned wrap-around adds negative offsets exactly.
    padded_offset[static_cast<std::size_t>(k)] = static_cast<std::uint32_t>(steps.offset(k));
    cell_offset[static_cast<std::size_t>(k)] =
        static_cast<std::uint32_t>(d.y * loud_.width() + d.x);
  }
  const std::uint8_t* cells = damping.padded();

  buckets_[static_cast<std::size_t>(loudness) % k_buckets].push_back(start);
  std::size_t pending = 1;
  for (std::int32_t level = loudness; pending > 0; --level) {
    std::vector<Entry>& bucket = buckets_[static_cast<std::size_t>(level) % k_buckets];
    while (!bucket.empty()) {
      const Entry e = bucket.back();
      bucket.pop_back();
      --pending;
      if (loud[e.cell] != level) continue;  // louder since it was queued
      // Into neighbour k losing `loss` (0: blocked).
      const auto spread = [&](std::size_t k, std::int32_t loss) {
        if (loss == 0 || loss >= level) return;
        const std::int32_t next = level - loss;
        const std::uint32_t j = e.cell + cell_offset[k];
        if (loud[j] >= next) return;
        if (loud[j] == 0) touched_.push_back(j);
        loud[j] = next;
        buckets_[static_cast<std::size_t>(next) % k_buckets].push_back(
            {e.padded + padded_offset[k], j});
        ++pending;
      };
      const std::int32_t n = cells[e.padded + padded_offset[0]];
      const std::int32_t east = cells[e.padded + padded_offset[1]];
      const std::int32_t s = cells[e.padded + padded_offset[2]];
      const std::int32_t w = cells[e.padded + padded_offset[3]];
      spread(0, n);
      spread(1, east);
      spread(2, s);
      spread(3, w);
      // A diagonal passes when either corner cell does (k_sound_steps: one_side).
      if ((n | east) != 0) spread(4, cells[e.padded + padded_offset[4]]);
      if ((s | east) != 0) spread(5, cells[e.padded + padded_offset[5]]);
      if ((s | w) != 0) spread(6, cells[e.padded + padded_offset[6]]);
      if ((n | w) != 0) spread(7, cells[e.padded + padded_offset[7]]);
    }
  }
}

std::optional<Point> SoundMap::toward_loudest(const CostMap& map, Point from,
                                              const Movement& movement) const {
  if (map.size() != loud_.size())
    throw InputError("sound: cost map " + size_text(map.size()) + " for a " +
                     size_text(loud_.size()) + " sound map");
  if (!map.in_bounds(from))
    throw InputError("sound: monster " + point_text(from) + " outside the " +
                     size_text(map.size()) + " map");
  check(movement);

  const StepTable steps(map, movement);
  const std::uint8_t* cells = map.padded();
  const std::size_t i = map.index(from);
  std::int32_t best = loud_[from];
  std::optional<Point> step;
  for (int k = 0; k < steps.count(); ++k) {
    if (steps.step_cost(cells, i, k) == 0) continue;
    const Point to = from + steps.delta(k);  // allowed steps stay on the map
    if (loud_[to] > best) {
      best = loud_[to];
      step = to;
    }
  }
  return step;
}

}  // namespace yendor::path
