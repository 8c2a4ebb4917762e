#pragma once
// How walkers move on a CostMap: 4- or 8-connected, what diagonal steps around corners are
// allowed, and what steps cost. Every path-finder in this module enumerates steps through
// StepTable, so they all agree on which steps exist and what they cost.
//
// The cost of stepping from a to b is cost(b) × weight, the weight being cardinal_weight for
// orthogonal steps and diagonal_weight for diagonal ones. A distance (Dijkstra map value, A*
// path cost) is the sum of the steps of a walk.

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "yendor/core/geometry.hpp"
#include "yendor/path/cost_map.hpp"

namespace yendor::path {

using Distance = std::int32_t;
inline constexpr Distance k_unreachable = std::numeric_limits<Distance>::max();

enum class Connectivity : std::uint8_t { four, eight };

// A diagonal step from a to b passes the two cells orthogonally next to both ("the corner").
enum class CornerCutting : std::uint8_t {
  allowed,   // any diagonal step into a passable cell
  one_side,  // at least one corner cell passable (no squeezing between two walls)
  never,     // both corner cells passable (no cutting around a wall corner; Brogue's rule)
};

inline constexpr int k_max_step_weight = 1000;

struct Movement {
  Connectivity connectivity = Connectivity::eight;
  CornerCutting corners = CornerCutting::never;
  // 1 and 1: a diagonal step costs the same as an orthogonal one (the roguelike convention,
  // distances are Chebyshev on open ground). 2 and 3 approximate Euclidean distance.
  int cardinal_weight = 1;
  int diagonal_weight = 1;
};

// Throws InputError when a weight is outside [1..k_max_step_weight].
void check(const Movement& movement);
// check(movement), and InputError when a walk over every cell of `map` at its largest step
// could overflow a Distance with room to spare (flee maps scale values by up to 2): every
// path-finder calls it first, so distances never overflow. The same bound keeps padded cell
// indices below 2^32, so path-finders may store them in 32 bits.
void check(const CostMap& map, const Movement& movement);

// A lower bound of the distance from a to b on any cost map (all costs >= 1): the octile
// distance for the movement's weights (Chebyshev when the weights are equal, Manhattan when
// 4-connected or when a diagonal costs at least two orthogonal steps). The exact distance on
// an open map where every cell costs 1 (when a diagonal is cheaper than an orthogonal step,
// only where there is room to zigzag).
Distance octile_distance(Point a, Point b, const Movement& movement);

// The steps of a Movement in a CostMap's padded index space. Direction k follows
// k_directions8 (N, E, S, W, then NE, SE, SW, NW); 4-connected movement uses k < 4.
class StepTable {
 public:
  StepTable(const CostMap& map, const Movement& movement);

  int count() const { return count_; }
  std::ptrdiff_t offset(int k) const { return offset_[static_cast<std::size_t>(k)]; }
  Point delta(int k) const { return k_directions8[static_cast<std::size_t>(k)]; }
  Distance weight(int k) const { return weight_[static_cast<std::size_t>(k)]; }
  CornerCutting corners() const { return corners_; }
  // The direction back: N <-> S, E <-> W, NE <-> SW, SE <-> NW.
  static constexpr int opposite(int k) { return k < 4 ? (k + 2) & 3 : 4 + ((k + 2) & 3); }

  // The cost of stepping in direction k from padded index i, 0 when the step is not allowed
  // (target impassable, or a corner rule forbids it). `cells` is CostMap::padded(). The cell
  // at i itself may be impassable: a walker standing there can still step out.
  Distance step_cost(const std::uint8_t* cells, std::size_t i, int k) const {
    const std::size_t j = i + static_cast<std::size_t>(offset(k));
    const Distance c = cells[j];
    if (c == 0) return 0;
    if (k >= 4 && !corner_open(cells, i, k)) return 0;
    return c * weight(k);
  }

  // The cost of the reverse step: from the cell at i + offset(k) back into i. Backward
  // searches (Dijkstra maps grown from their goals) use it; 0 when not allowed (including
  // when either cell is impassable). Equal to step_cost(cells, i + offset(k), opposite(k))
  // whenever the cell at i + offset(k) is passable.
  Distance reverse_step_cost(const std::uint8_t* cells, std::size_t i, int k) const {
    const std::size_t j = i + static_cast<std::size_t>(offset(k));
    if (cells[j] == 0 || cells[i] == 0) return 0;
    // The corner cells of the step j -> i are those of i -> j.
    if (k >= 4 && !corner_open(cells, i, k)) return 0;
    return Distance{cells[i]} * weight(k);
  }

  // The allowed directions as a bit mask (bit k for direction k), given which of the eight
  // neighbours can be entered (bit k set when the neighbour in direction k can). The corner
  // rules in table form, for search loops that know passability from their own buffers;
  // agrees with step_cost (tested over all 256 neighbourhoods).
  unsigned allowed_steps(unsigned enterable) const {
    const unsigned orthogonal = enterable & 0xfu;
    return orthogonal | (((enterable >> 4) & diagonal_open_[orthogonal]) << 4);
  }
  // The same read from `cells` around padded index i: bit k set when step_cost(cells, i, k)
  // is nonzero (k < count()).
  unsigned step_mask(const std::uint8_t* cells, std::size_t i) const {
    unsigned enterable = 0;
    for (std::size_t k = 0; k < 8; ++k)
      enterable |= unsigned{cells[i + static_cast<std::size_t>(offset_[k])] != 0} << k;
    return allowed_steps(enterable);
  }

 private:
  // Whether the corner rule lets the diagonal step k from i pass.
  bool corner_open(const std::uint8_t* cells, std::size_t i, int k) const {
    const auto& side = side_[static_cast<std::size_t>(k)];
    const bool a = cells[i + static_cast<std::size_t>(side[0])] != 0;
    const bool b = cells[i + static_cast<std::size_t>(side[1])] != 0;
    switch (corners_) {
      case CornerCutting::allowed:
        return true;
      case CornerCutting::one_side:
        return a || b;
      case CornerCutting::never:
        break;
    }
    return a && b;
  }

  int count_ = 8;
  CornerCutting corners_ = CornerCutting::never;
  std::array<std::ptrdiff_t, 8> offset_{};
  std::array<Distance, 8> weight_{};
  std::array<std::array<std::ptrdiff_t, 2>, 8> side_{};  // for diagonals: the corner cells
  // For each set of enterable orthogonal neighbours (bit 0 N .. bit 3 W): the diagonals
  // (bit 0 NE .. bit 3 NW) the corner rule opens; 0 when 4-connected.
  std::array<unsigned, 16> diagonal_open_{};
};

}  // namespace yendor::path
