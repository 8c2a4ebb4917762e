#pragma once
// What a bot for the main rules knows of the dungeon (docs/bots.md): the observation's
// remembered terrain (api/observation.hpp), the items it saw (items show only while in view,
// so it remembers where it saw them), cells it found it cannot enter, and walking distances
// from the player over what it knows. Kept per level; nothing here looks at unseen cells.

#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/api/env.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/path/bfs.hpp"

namespace yendor::api::bots {

class MainKnowledge {
 public:
  // A new game: nothing known.
  void reset();
  // After every step (and at the start): takes in what the player sees now and computes the
  // walking distances from the player.
  void update(const Env& env);

  Point player() const { return player_; }
  Size size() const { return size_; }
  bool known(Point p) const;  // seen at least once
  // Known and passable (closed doors: the bump opens them; found traps too: a walk may have to
  // cross one, though of equally short walks one without traps is taken).
  bool walkable(Point p) const;
  // A walkable cell next to a cell never seen, not yet given up on.
  bool frontier(Point p) const;
  // 1 + the kind of the top item last seen at `p` (0: none seen).
  int remembered_item(Point p) const;

  // Walking steps from the player (path::k_unreachable where it knows no way).
  path::Distance distance(Point p) const;
  // The index (0..7, k_directions8 order) of the first step of a shortest known walk to
  // `to`, or -1 when `to` is the player's cell or unreachable. `to` itself need not be
  // walkable (a monster's cell, a door): the walk ends next to it, then steps in.
  int step_toward(Point to) const;
  // The reachable cell nearest the player (then first in scan order) that `match` accepts.
  template <typename Match>
  std::optional<Point> nearest(Match match) const;

  // The bot learned `p` cannot be entered (a move into it was refused): never walk there
  // again on this level.
  void block(Point p);
  // Stop treating `p` as a frontier (stood on it and it still borders the unknown).
  void give_up_frontier(Point p);
  // Ignore the item remembered at `p` (not wanted, or for sale) until another kind lies there.
  void ignore_item(Point p);
  // Whether `p` was searched next to this many times already (for searches when stuck).
  int searched(Point p) const;
  void note_search(Point p);
  // The turn the bot last pulled the lever at `p` (-1: never).
  std::int64_t pulled_at(Point p) const;
  void note_pulled(Point p, std::int64_t turn);
  // Whether barred doors count as walkable: a pulled lever may have opened bars out of sight
  // (the bot sets it for a while after pulling one; a refused step does not block bars).
  void set_bars_open(bool open) { bars_open_ = open; }

 private:
  struct LevelMemory {
    std::vector<std::int16_t> items;
    std::vector<std::int16_t> ignored;  // the kind (+1) ignored at each cell
    std::vector<std::uint8_t> blocked;
    std::vector<std::uint8_t> given_up;
    std::vector<std::uint8_t> searches;
    std::vector<std::int64_t> pulled;
  };
  std::size_t index(Point p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size_.width) +
           static_cast<std::size_t>(p.x);
  }
  bool in_bounds(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }

  std::vector<LevelMemory> levels_;  // by depth - 1
  std::size_t here_ = 0;             // the current level's index into levels_ (copies stay valid)
  LevelMemory& here() { return levels_[here_]; }
  const LevelMemory& here() const { return levels_[here_]; }
  std::vector<std::uint8_t> terrain_;  // the observation's: 0 never seen, else 1 + tile
  std::vector<std::uint8_t> walkable_;
  std::vector<std::uint8_t> trap_;  // a found trap
  bool bars_open_ = false;
  Size size_{};
  Point player_{};
  // Walking distances, computed on first use after each update (a fight needs none).
  void ensure_distances() const;
  mutable bool distances_ready_ = false;
  mutable path::BreadthFirstSearch bfs_;
  mutable Grid<path::Distance> distance_;
};

template <typename Match>
std::optional<Point> MainKnowledge::nearest(Match match) const {
  ensure_distances();
  std::optional<Point> best;
  path::Distance best_d = path::k_unreachable;
  for (int y = 0; y < size_.height; ++y)
    for (int x = 0; x < size_.width; ++x) {
      const Point p{x, y};
      const path::Distance d = distance_[p];
      if (d < best_d && match(p)) {
        best = p;
        best_d = d;
      }
    }
  return best;
}

}  // namespace yendor::api::bots
