#include "yendor/api/bots/dd_paths.hpp"

#include <algorithm>

namespace yendor::api::bots {

namespace {

// Each cell's neighbour in each direction, -1 off the map: the searches' inner loops read
// this instead of dividing cell numbers into coordinates.
constexpr auto k_neighbours = [] {
  std::array<std::array<std::int16_t, 8>, dd::k_cells> table{};
  for (int c = 0; c < dd::k_cells; ++c)
    for (int d = 0; d < 8; ++d) {
      const int x = dd::cell_x(c) + dd::k_dir_dx[static_cast<std::size_t>(d)];
      const int y = dd::cell_y(c) + dd::k_dir_dy[static_cast<std::size_t>(d)];
      table[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)] =
          x < 0 || y < 0 || x >= dd::k_side || y >= dd::k_side
              ? std::int16_t{-1}
              : static_cast<std::int16_t>(dd::cell_of(x, y));
    }
  return table;
}();

}  // namespace

int step_from(int cell, int dir) {
  return k_neighbours[static_cast<std::size_t>(cell)][static_cast<std::size_t>(dir)];
}

int unrevealed_around(const dd::State& s, int cell) {
  int n = 0;
  for (const std::int16_t c : k_neighbours[static_cast<std::size_t>(cell)])
    if (c >= 0 && s.revealed[static_cast<std::size_t>(c)] == 0) ++n;
  return n;
}

DdPaths::DdPaths(const dd::State& s) : state_(s) {
  dist_.fill(-1);
  std::array<std::uint16_t, dd::k_cells> queue;  // written before it is read
  int head = 0, tail = 0;
  dist_[s.hero.cell] = 0;
  parent_[s.hero.cell] = -1;
  queue[static_cast<std::size_t>(tail++)] = s.hero.cell;
  while (head < tail) {
    const int c = queue[static_cast<std::size_t>(head++)];
    for (const std::int16_t n : k_neighbours[static_cast<std::size_t>(c)]) {
      if (n < 0) continue;
      const auto i = static_cast<std::size_t>(n);
      if (dist_[i] >= 0 || s.revealed[i] == 0 || s.wall[i] != 0 ||
          s.monster_at[i] != dd::k_no_monster)
        continue;
      dist_[i] = static_cast<std::int16_t>(dist_[static_cast<std::size_t>(c)] + 1);
      parent_[i] = static_cast<std::int16_t>(c);
      queue[static_cast<std::size_t>(tail++)] = static_cast<std::uint16_t>(n);
    }
  }
}

void DdPaths::walk_to(int cell, std::vector<dd::Action>& out) const {
  std::array<std::int16_t, dd::k_cells> cells{};
  int count = 0;
  for (int c = cell; c != state_.hero.cell && c >= 0; c = parent_[static_cast<std::size_t>(c)])
    cells[static_cast<std::size_t>(count++)] = static_cast<std::int16_t>(c);
  int from = state_.hero.cell;
  for (int i = count - 1; i >= 0; --i) {
    const int to = cells[static_cast<std::size_t>(i)];
    for (int d = 0; d < 8; ++d)
      if (step_from(from, d) == to) {
        out.push_back(dd::move_action(d));
        break;
      }
    from = to;
  }
}

bool DdPaths::stand_beside(int target, int& stand, int& dir) const {
  int best = -1;
  for (int d = 0; d < 8; ++d) {
    const int c = step_from(target, d);
    if (c < 0 || !reachable(c)) continue;
    if (best < 0 || distance(c) < distance(best)) best = c;
  }
  if (best < 0) return false;
  stand = best;
  for (int d = 0; d < 8; ++d)
    if (step_from(best, d) == target) dir = d;
  return true;
}

int DdPaths::nearest_frontier() const {
  int best = -1, best_unrevealed = 0;
  for (int c = 0; c < dd::k_cells; ++c) {
    if (!reachable(c)) continue;
    const int u = unrevealed_around(state_, c);
    if (u == 0) continue;
    if (best < 0 || distance(c) < distance(best) ||
        (distance(c) == distance(best) && u > best_unrevealed)) {
      best = c;
      best_unrevealed = u;
    }
  }
  return best;
}

std::vector<int> DdPaths::frontier() const {
  std::vector<int> out;
  for (int c = 0; c < dd::k_cells; ++c)
    if (reachable(c) && unrevealed_around(state_, c) > 0) out.push_back(c);
  std::sort(out.begin(), out.end(), [&](int a, int b) {
    if (distance(a) != distance(b)) return distance(a) < distance(b);
    const int ua = unrevealed_around(state_, a), ub = unrevealed_around(state_, b);
    if (ua != ub) return ua > ub;
    return a < b;
  });
  return out;
}

}  // namespace yendor::api::bots
