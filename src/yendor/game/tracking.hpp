#pragma once
// How monsters find and follow the player (FAQ "How do they find / follow the player?",
// thesis 4.1): the maps of the current level that brains read through ai::View. One shared
// computation serves every monster, so a crowd costs no more searching than one monster.
// - chase and flee maps: Dijkstra from the player over a window of radius k_chase_window
//   around him (a monster chases what it sees, within its vision, which is smaller), and
//   Brogue's safety map from it (×−1.2, rescanned), rebuilt when the player moves or a tile
//   changes;
// - sound: the noises of this step (fights, doors, shouts), spread through the level with
//   doors muffling and walls stopping them; cleared when the player acts again;
// - far paths: hierarchical path-finding over the level's rooms and corridors (path layer),
//   built once per level and tile change, used only when a greedy step does not gain ground;
// The scent trail and the recent deaths (for monsters that saw their kin die) are part of
// the level's state (LevelState::scent, ::deaths, saved); kept here.
// Nothing here is saved: it is all derived from the state and rebuilt on demand.
#include <cstdint>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/dijkstra_map.hpp"
#include "yendor/path/hierarchical.hpp"
#include "yendor/path/sound.hpp"

namespace yendor::game {

class Game;
struct LevelState;

inline constexpr int k_chase_window = 24;
// Game time a death is remembered (LevelState::deaths).
inline constexpr std::int64_t k_death_memory = 2000;
// Loudness of the noises the rules make (a noise loses 1 per cell of open air, more through
// doors): a fight wakes sleepers within 6 cells, a door within 4, a shout within 16.
inline constexpr int k_noise_fight = 10;
inline constexpr int k_noise_door = 8;
inline constexpr int k_noise_shout = 20;
// A resting player's scent is laid again after this many turns (Tracking::lay_scent).
inline constexpr std::int32_t k_scent_refresh = 8;
// A sleeping monster wakes when a noise at least this loud reaches it.
inline constexpr int k_wake_loudness = 4;

class Tracking {
 public:
  // Forget every derived map (a level change, a loaded game).
  void reset();

  // Walking distance from the player to `p` on the current level (path::k_unreachable outside
  // the window or where no walk exists), and the safety map's value (lower is safer).
  path::Distance chase_distance(const Game& game, Point p);
  path::Distance safety(const Game& game, Point p);

  // A noise this step; monsters acting later in the step hear it.
  void noise(const Game& game, Point at, int loudness);
  int loudness(Point p) const;
  // The neighbour of `from` where the noise is loudest (louder than at `from`); {0, 0} if none.
  Point louder_step(const Game& game, Point from) const;
  void clear_noise();

  // The first step of a path from `from` to `target` ({0, 0} if none), hierarchical.
  Point far_step(const Game& game, Point from, Point target);

  // Notes a monster's death on the current level (LevelState::deaths, saved) and counts it.
  static void record_death(Game& game, Point pos, int kind);
  // Monster deaths recorded since this Game started (the turn queue watches it).
  std::uint64_t deaths_recorded() const { return deaths_recorded_; }

  // Lays the player's scent on what he sees now (Game::update_view calls it).
  void lay_scent(Game& game);

 private:
  bool current(const Game& game) const;
  void refresh_costs(const Game& game);
  void refresh_chase(const Game& game);

  // The level the maps were made for: depth and tile epoch.
  int depth_ = 0;
  std::uint64_t epoch_ = ~std::uint64_t{0};
  path::CostMap costs_;  // the whole level, for far paths
  path::SoundDamping damping_;
  path::SoundMap sound_;
  bool sound_made_ = false;
  // Chase window: its origin on the level and the player cell it was made for.
  Point window_origin_{};
  Point chased_{-1, -1};
  path::CostMap window_costs_;
  path::DijkstraMap chase_;
  path::DijkstraMap flee_;
  bool far_built_ = false;
  path::ZoneGrid zones_;
  path::HierarchicalPathfinder far_;
  std::vector<Point> far_path_;
  std::uint64_t deaths_recorded_ = 0;
};

}  // namespace yendor::game
