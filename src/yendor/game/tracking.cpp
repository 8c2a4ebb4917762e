#include "yendor/game/tracking.hpp"

#include <algorithm>
#include <limits>

#include "yendor/game/game.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// Monsters step diagonally round corners as the player does (docs/rules.md).
constexpr path::Movement k_monster_steps{path::Connectivity::eight, path::CornerCutting::allowed, 1,
                                         1};

std::uint8_t monster_cost(Tile t) {
  if (t == Tile::door_closed) return 2;
  return tile_info(t).passable ? 1 : 0;
}

}  // namespace

void Tracking::reset() {
  depth_ = 0;
  epoch_ = ~std::uint64_t{0};
  chased_ = {-1, -1};
  far_built_ = false;
  sound_made_ = false;
}

bool Tracking::current(const Game& game) const {
  return depth_ == game.state().depth && epoch_ == game.level().epoch.value;
}

void Tracking::refresh_costs(const Game& game) {
  if (current(game)) return;
  const LevelState& level = game.level();
  depth_ = game.state().depth;
  epoch_ = level.epoch.value;
  const Grid<Tile>& tiles = level.level.tiles;
  costs_ = path::CostMap::from(tiles.size(), [&](Point p) { return monster_cost(tiles[p]); });
  damping_ = path::sound_damping_from_tiles(tiles);
  if (sound_.size() != tiles.size()) sound_.reset(tiles.size());
  chased_ = {-1, -1};
  far_built_ = false;
}

void Tracking::refresh_chase(const Game& game) {
  refresh_costs(game);
  const Point player = game.state().player.pos;
  if (player == chased_) return;
  chased_ = player;
  const Size size = costs_.size();
  const Point lo{std::max(0, player.x - k_chase_window), std::max(0, player.y - k_chase_window)};
  const Point hi{std::min(size.width - 1, player.x + k_chase_window),
                 std::min(size.height - 1, player.y + k_chase_window)};
  window_origin_ = lo;
  const Size window{hi.x - lo.x + 1, hi.y - lo.y + 1};
  window_costs_ = path::CostMap::from(window, [&](Point p) { return costs_.cost(p + lo); });
  chase_.compute(window_costs_, player - lo, k_monster_steps);
  flee_ = chase_;
  flee_.make_flee(window_costs_, k_monster_steps);
}

path::Distance Tracking::chase_distance(const Game& game, Point p) {
  refresh_chase(game);
  return chase_.at(p - window_origin_);
}

path::Distance Tracking::safety(const Game& game, Point p) {
  refresh_chase(game);
  return flee_.at(p - window_origin_);
}

void Tracking::noise(const Game& game, Point at, int loudness) {
  refresh_costs(game);
  if (!damping_.in_bounds(at) || loudness < 1) return;
  sound_.emit(damping_, at, loudness);
  sound_made_ = true;
}

int Tracking::loudness(Point p) const {
  return sound_made_ ? sound_.at(p) : 0;
}

Point Tracking::louder_step(const Game& game, Point from) const {
  if (!sound_made_ || !current(game)) return {};
  int best = sound_.at(from);
  Point best_dir{};
  for (Point d : k_directions8)
    if (const int v = sound_.at(from + d); v > best && costs_.passable(from + d)) {
      best = v;
      best_dir = d;
    }
  return best_dir;
}

void Tracking::clear_noise() {
  if (sound_made_) sound_.clear();
  sound_made_ = false;
}

Point Tracking::far_step(const Game& game, Point from, Point target) {
  refresh_costs(game);
  if (!costs_.in_bounds(from) || !costs_.in_bounds(target) || from == target) return {};
  if (!far_built_) {
    zones_ = path::zones_from_rooms(game.level().level, costs_, k_monster_steps);
    far_.build(costs_, zones_, k_monster_steps);
    far_built_ = true;
  }
  if (!far_.find_path(from, target, far_path_) || far_path_.empty()) return {};
  return far_path_.front() - from;
}

void Tracking::record_death(Game& game, Point pos, int kind) {
  const std::int64_t now = game.state().time;
  std::vector<RecentDeath>& deaths = game.level().deaths;
  std::erase_if(deaths, [now](const RecentDeath& d) { return d.time < now - k_death_memory; });
  deaths.push_back({pos, kind, now});
  ++game.tracking().deaths_recorded_;
}

void Tracking::lay_scent(Game& game) {
  LevelState& level = game.level();
  const auto turn = static_cast<std::int32_t>(std::min<std::int64_t>(
      game.state().info.turns + 1, std::numeric_limits<std::int32_t>::max() / 64));
  if (level.scent.values().size() != level.level.size())
    level.scent = path::ScentMap(level.level.size());
  const std::int32_t last = level.scent.last_turn();
  if (turn < last) return;
  const Point player = game.state().player.pos;
  // A player who has not moved since the last lay (his cell holds that lay's top mark) and
  // laid it less than k_scent_refresh turns ago leaves his trail as it is: resting costs
  // nothing, and the marks around him stay at most that many turns old. Decided from the
  // saved state only, so a loaded game lays exactly what the unbroken one would.
  if (last > 0 && turn - last < k_scent_refresh &&
      level.scent.at(player) == level.scent.top_mark(last))
    return;
  level.scent.lay_each(player, turn, [&](auto&& mark) { game.view().for_each(mark); });
}

}  // namespace yendor::game
