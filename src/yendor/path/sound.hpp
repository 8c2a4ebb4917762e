#pragma once
// Sound (the FAQ's "Tracking by sound"): a noise marks its cell with its loudness and spreads
// outward, losing the damping of every cell it enters (one per step in open air), stopped by
// walls and dampened by doors, until it fades to zero. Monsters that heard it walk toward the
// loudest neighbour. Several noises in one turn keep the loudest value per cell. Cost is
// proportional to the cells the noise reaches, and buffers are kept between turns.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::path {

// How much loudness a cell takes from a sound passing into it: 0 = blocks it entirely,
// 1 = open air, more = dampened. Same layout as a CostMap.
using SoundDamping = CostMap;

struct SoundDampingCosts {
  std::uint8_t open = 1;         // floors, open doors, water...: every transparent cell
  std::uint8_t door_closed = 4;  // heard through, muffled
  std::uint8_t door_locked = 4;
  std::uint8_t solid = 0;  // walls, secret doors, trees: blocked
};
SoundDamping sound_damping_from_tiles(const Grid<Tile>& tiles, const SoundDampingCosts& costs = {});

// How sound steps: 8-connected, but never diagonally between two blocking cells (a wall seam
// touching at a corner is sealed); each step loses the damping of the cell entered.
inline constexpr Movement k_sound_steps{Connectivity::eight, CornerCutting::one_side, 1, 1};

class SoundMap {
 public:
  // Forgets all noise and sizes the map (allocating only when the size changes).
  // InputError for a negative size.
  void reset(Size size);
  // Clears the previous noises (only the cells they reached).
  void clear();

  // A noise of `loudness` (>= 1) at `source`: each cell reached gets
  // loudness − (damping summed over the cells entered along the least-damping route of
  // k_sound_steps), when positive, unless it already holds more. The source's own damping
  // does not count (a noise in a doorway or a wall is heard around it). InputError for a
  // source outside the map, loudness < 1, or damping not of the map's size (see reset()).
  void emit(const SoundDamping& damping, Point source, std::int32_t loudness);

  // 0 where silent.
  std::int32_t at(Point p) const { return loud_.in_bounds(p) ? loud_[p] : 0; }
  const Grid<std::int32_t>& values() const { return loud_; }
  Size size() const { return loud_.size(); }
  // Cells holding sound since the last clear().
  std::size_t heard_cells() const { return touched_.size(); }

  // The allowed step (StepTable of `map` and `movement`) toward the loudest neighbour, when
  // louder than `from`; ties go to the first in k_directions8 order; nullopt otherwise.
  // InputError when `map` is not the sound map's size or `from` is outside it.
  std::optional<Point> toward_loudest(const CostMap& map, Point from,
                                      const Movement& movement) const;

 private:
  // A queued cell: its index in the damping's padded space and in loud_.
  struct Entry {
    std::uint32_t padded = 0;
    std::uint32_t cell = 0;
  };
  // Buckets by loudness modulo 256: a step loses 1..255, so the queued loudnesses always lie
  // within 255 of the one being spread and never share a bucket with it.
  static constexpr std::size_t k_buckets = 256;

  Grid<std::int32_t> loud_;
  std::vector<std::uint32_t> touched_;  // loud_ indices of the cells holding sound
  std::array<std::vector<Entry>, k_buckets> buckets_;
};

}  // namespace yendor::path
