#include "yendor/api/bots/main_knowledge.hpp"

#include <algorithm>

#include "yendor/map/tile.hpp"
#include "yendor/path/cost_map.hpp"

namespace yendor::api::bots {

namespace {

// Turns a protection (fire resistance, levitation) must still last for a walk to count on it.
constexpr int k_status_margin = 8;

// Whether a bot walks onto a cell last seen as `tile`: where a walker may stand (hazards like
// shallow water included), closed doors (the bump opens them), with a key in the pack locked
// ones, bars while they may be open, and lava, chasms and deep water while protected.
bool walk_onto(Tile tile, bool has_key, bool bars_open, const game::Actor& player) {
  const auto lasts = [&player](game::Status s) {
    return player.status[static_cast<std::size_t>(s)] > k_status_margin;
  };
  if (tile == Tile::lava)
    return lasts(game::Status::fire_resistance) || lasts(game::Status::levitation);
  if (tile == Tile::chasm || tile == Tile::water_deep) return lasts(game::Status::levitation);
  if (tile == Tile::door_closed) return true;
  if (tile == Tile::door_locked) return has_key;
  if (tile == Tile::door_barred) return bars_open;
  return tile_info(tile).passable;
}

bool carries_key(const game::Game& game) {
  for (const game::Item& item : game.state().player.inventory)
    if (game.content().items[static_cast<std::size_t>(item.kind)].item_class ==
        game::ItemClass::key)
      return true;
  return false;
}

}  // namespace

void MainKnowledge::reset() {
  levels_.clear();
  here_ = 0;
}

void MainKnowledge::update(const Env& env) {
  const Observation& obs = env.observation();
  const game::Game& game = env.game();
  const int depth = game.state().depth;
  if (levels_.size() < static_cast<std::size_t>(depth))
    levels_.resize(static_cast<std::size_t>(depth));
  here_ = static_cast<std::size_t>(depth - 1);
  size_ = obs.size;
  player_ = game.state().player.pos;
  const auto cells = static_cast<std::size_t>(size_.area());
  if (here().items.size() != cells) {
    here().items.assign(cells, 0);
    here().ignored.assign(cells, 0);
    here().blocked.assign(cells, 0);
    here().given_up.assign(cells, 0);
    here().searches.assign(cells, 0);
    here().pulled.assign(cells, -1);
  }
  terrain_ = obs.terrain;
  for (std::size_t i = 0; i < cells; ++i)
    if (obs.visible[i] != 0) here().items[i] = obs.items[i];

  const bool has_key = carries_key(game);
  walkable_.assign(cells, 0);
  trap_.assign(cells, 0);
  for (std::size_t i = 0; i < cells; ++i) {
    const std::uint8_t t = terrain_[i];
    trap_[i] = obs.traps[i] != 0 ? 1 : 0;
    walkable_[i] =
        t != 0 && here().blocked[i] == 0 &&
                walk_onto(static_cast<Tile>(t - 1), has_key, bars_open_, game.state().player)
            ? 1
            : 0;
  }
  walkable_[index(player_)] = 1;
  distances_ready_ = false;
}

void MainKnowledge::ensure_distances() const {
  if (distances_ready_) return;
  const path::CostMap map = path::CostMap::from_bytes(size_, walkable_);
  bfs_.distances(map, player_,
                 path::Movement{path::Connectivity::eight, path::CornerCutting::allowed, 1, 1},
                 distance_);
  distances_ready_ = true;
}

bool MainKnowledge::known(Point p) const {
  return in_bounds(p) && terrain_[index(p)] != 0;
}

bool MainKnowledge::walkable(Point p) const {
  return in_bounds(p) && walkable_[index(p)] != 0;
}

bool MainKnowledge::frontier(Point p) const {
  if (!walkable(p) || here().given_up[index(p)] != 0) return false;
  for (const Point d : k_directions8) {
    const Point q = p + d;
    if (in_bounds(q) && terrain_[index(q)] == 0) return true;
  }
  return false;
}

int MainKnowledge::remembered_item(Point p) const {
  if (!in_bounds(p)) return 0;
  const std::int16_t seen = here().items[index(p)];
  return seen == here().ignored[index(p)] ? 0 : seen;
}

path::Distance MainKnowledge::distance(Point p) const {
  ensure_distances();
  return in_bounds(p) ? distance_[p] : path::k_unreachable;
}

int MainKnowledge::step_toward(Point to) const {
  if (!in_bounds(to) || to == player_) return -1;
  // The cell the walk ends on: `to` when reachable, else its nearest reachable neighbour.
  Point end = to;
  if (distance(to) == path::k_unreachable) {
    path::Distance best = path::k_unreachable;
    for (const Point d : k_directions8)
      if (distance(to + d) < best) {
        best = distance(to + d);
        end = to + d;
      }
    if (best == path::k_unreachable) return -1;
  }
  Point step = end == player_ ? to : end;
  while (step != to || end != player_) {
    if (distance(step) <= 1) break;
    const path::Distance want = distance(step) - 1;
    // Back along the walk; of equally short ones, the first without a known trap.
    Point back = step;
    for (const Point d : k_directions8) {
      const Point q = step + d;
      if (distance(q) != want) continue;
      if (back == step || (trap_[index(back)] != 0 && trap_[index(q)] == 0)) back = q;
    }
    if (back == step) return -1;  // cannot happen with breadth-first distances
    step = back;
  }
  const Point d = step - player_;
  for (std::size_t i = 0; i < k_directions8.size(); ++i)
    if (k_directions8[i] == d) return static_cast<int>(i);
  return -1;
}

void MainKnowledge::block(Point p) {
  if (!in_bounds(p)) return;
  if (terrain_[index(p)] == 1 + static_cast<int>(Tile::door_barred)) return;  // bars reopen
  here().blocked[index(p)] = 1;
  walkable_[index(p)] = 0;
  distances_ready_ = false;
}

void MainKnowledge::give_up_frontier(Point p) {
  if (in_bounds(p)) here().given_up[index(p)] = 1;
}

void MainKnowledge::ignore_item(Point p) {
  if (in_bounds(p)) here().ignored[index(p)] = here().items[index(p)];
}

int MainKnowledge::searched(Point p) const {
  return in_bounds(p) ? here().searches[index(p)] : 0;
}

void MainKnowledge::note_search(Point p) {
  if (in_bounds(p) && here().searches[index(p)] < 255) ++here().searches[index(p)];
}

std::int64_t MainKnowledge::pulled_at(Point p) const {
  return in_bounds(p) ? here().pulled[index(p)] : -1;
}

void MainKnowledge::note_pulled(Point p, std::int64_t turn) {
  if (in_bounds(p)) here().pulled[index(p)] = turn;
}

}  // namespace yendor::api::bots
