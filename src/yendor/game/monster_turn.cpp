// A monster's turn: a sleeping monster only checks whether it wakes (sight, noise, harm); an
// awake one asks its brain (ai::Brain, by the kind's brain name, with the kind's tactics)
// through the ai::View the game gives it, and the rules carry out the Decision exactly as
// they would the player's action. docs/rules.md, "Monsters' turns"; docs/brains.md.
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/fov/line_of_sight.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// A sleeping monster that sees the player wakes with this chance per turn (always when
// adjacent).
constexpr std::uint32_t k_wake_one_in = 3;
// A monster follows scent laid at most this many turns ago.
constexpr int k_scent_max_age = 100;
// Hunger stops counting here (an fsm "hungry:N" reads up to this).
constexpr std::int32_t k_max_hunger = 1000000;

// Item units lying within 2 cells of `home` (what a monster guards).
int units_near(const LevelState& level, Point home) {
  int units = 0;
  for (const Item& i : level.items)
    if (chebyshev(i.pos, home) <= 2) units += i.count;
  return units;
}

// What the game tells a brain: its own state, the terrain, who stands where, the player only
// when it sees the player, and the shared tracking maps (game/tracking). Built per turn on
// the stack; queries are O(1) or bounded by its vision, except can_fire_at_player (a line of
// at most the missile's range) and path_step when a greedy step fails (a hierarchical path).
class MonsterView final : public ai::View {
 public:
  MonsterView(Game& game, const Actor& self, const MonsterKind& kind, bool sees)
      : game_(game), level_(game.level()), self_(self), kind_(kind), sees_(sees) {}

  Point self() const override { return self_.pos; }
  int hp() const override { return self_.hp; }
  int max_hp() const override { return self_.max_hp; }
  Size map_size() const override { return level_.level.size(); }
  bool sees_player() const override { return sees_; }
  Point player() const override { return game_.state().player.pos; }
  bool walkable(Point p) const override {
    if (!can_enter(game_, self_, p)) return false;
    // (lock_allows_step's own first test, spared the call on a level without locks)
    return level_.level.meta.locks.empty() || chebyshev(p, self_.pos) != 1 ||
           lock_allows_step(game_, self_.pos, p);
  }
  bool occupied(Point p) const override {
    // Only the bits: the monster itself stands at self_.pos.
    return p != self_.pos && level_.occupant.in_bounds(p) && level_.occupant.occupied(p);
  }
  // walkable() for 25 cells from the tile rows: can_enter's rule for a monster (closed doors
  // yes, lava only levitating, deep water and chasms only levitating), then the valve locks'
  // one-way rule for the steps from where it stands.
  std::uint32_t walkable_box(Point c) const override {
    const Level& map = level_.level;
    const bool levitating = self_.status[static_cast<std::size_t>(Status::levitation)] > 0;
    std::uint32_t mask = 0;
    for (int dy = -2; dy <= 2; ++dy) {
      const int y = c.y + dy;
      if (y < 0 || y >= map.height()) continue;
      const std::span<const Tile> row = map.tiles.row(y);
      for (int dx = -2; dx <= 2; ++dx) {
        const int x = c.x + dx;
        if (x < 0 || x >= map.width()) continue;
        const Tile t = row[static_cast<std::size_t>(x)];
        const bool enter =
            t == Tile::door_closed ||
            (t == Tile::lava ? levitating
                             : tile_info(t).passable ||
                                   (levitating && (t == Tile::water_deep || t == Tile::chasm)));
        if (enter) mask |= ai::box5_bit({dx, dy});
      }
    }
    if (!map.meta.locks.empty())
      for (const Point d : k_directions8) {
        const Point p = self_.pos + d;
        const Point o = p - c;
        if (std::abs(o.x) > 2 || std::abs(o.y) > 2) continue;
        if ((mask & ai::box5_bit(o)) != 0 && !lock_allows_step(game_, self_.pos, p))
          mask &= ~ai::box5_bit(o);
      }
    return mask;
  }
  std::uint32_t occupied_box(Point c) const override {
    std::uint32_t mask = 0;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx) {
        const Point p = c + Point{dx, dy};
        if (level_.occupant.in_bounds(p) && level_.occupant.occupied(p))
          mask |= ai::box5_bit({dx, dy});
      }
    if (chebyshev(c, self_.pos) <= 2) mask &= ~ai::box5_bit(self_.pos - c);
    return mask;
  }
  bool can_fire_at_player() const override {
    if (!sees_ || !kind_.ranged) return false;
    const Point target = player();
    if (chebyshev(self_.pos, target) > kind_.ranged->range) return false;
    // The missile's own line (fov::line_path, as fire_missile flies it): clear of walls and
    // of other monsters, which it would hit first. One buffer per thread: no allocation.
    thread_local std::vector<Point> path;
    fov::line_path(level_.opacity, self_.pos, target, path);
    if (path.empty() || path.back() != target) return false;
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
      if (occupant_at(level_, path[i]) != 0) return false;
    return true;
  }

  std::int64_t turn() const override { return game_.state().info.turns; }
  int vision() const override { return kind_.vision; }
  bool has_ranged() const override { return kind_.ranged.has_value(); }
  int player_hp() const override { return game_.state().player.hp; }
  int player_max_hp() const override { return game_.state().player.max_hp; }
  const ai::Library& library() const override { return game_.content().ai; }
  int tactics() const override { return kind_.tactics_index; }

  bool sees(Point p) const override {
    if (chebyshev(self_.pos, p) > kind_.vision) return false;
    return fov::line_of_sight(level_.opacity, self_.pos, p);
  }
  std::span<const ai::Seen> others(const ai::Look& look) const override {
    struct Near {
      int ring;
      Point pos;
    };
    thread_local std::vector<Near> near, by_ring;
    thread_local std::vector<int> ring_start;
    thread_local std::vector<ActorId> ids;
    thread_local std::vector<ai::Seen> seen;
    near.clear();
    seen.clear();
    const int r = std::max(0, std::min(look.radius, kind_.vision));
    const std::size_t limit = std::min(look.limit, ai::k_max_seen);
    const Point c = self_.pos;
    const Occupancy& occupant = level_.occupant;
    ring_start.assign(static_cast<std::size_t>(r) + 2, 0);
    // The occupied cells from the bits (in the cache), the ids (far apart) only for those
    // likely to be reported.
    occupant.for_each_cell_in(c - Point{r, r}, c + Point{r, r}, [&](Point p) {
      const int ring = chebyshev(c, p);
      near.push_back({ring, p});
      ++ring_start[static_cast<std::size_t>(ring) + 1];
    });
    // Nearest first, ring by ring, each ring in row-major order (deterministic): a counting
    // sort of the row-major scan, linear where a comparison sort of a crowded square is not.
    for (std::size_t i = 1; i < ring_start.size(); ++i)
      ring_start[i] += ring_start[i - 1];
    by_ring.resize(near.size());
    for (const Near& n : near)
      by_ring[static_cast<std::size_t>(ring_start[static_cast<std::size_t>(n.ring)]++)] = n;
    // Load the likely ones' id lines, then their records, each batch at once.
    ids.resize(by_ring.size());
    const std::size_t likely = std::min(by_ring.size(), limit + std::size_t{4});
    for (std::size_t i = 0; i < likely; ++i)
      occupant.prefetch(by_ring[i].pos);
    for (std::size_t i = 0; i < likely; ++i)
      ids[i] = occupant[by_ring[i].pos];
    for (std::size_t i = 0; i < likely; ++i)
      prefetch_monster(level_, ids[i]);
    for (std::size_t i = 0; i < by_ring.size() && seen.size() < limit; ++i) {
      const ActorId id = i < likely ? ids[i] : occupant[by_ring[i].pos];
      if (id == k_player_id || id == self_.id) continue;
      const Actor* a = find_monster(level_, id);
      if (a == nullptr || a->hp <= 0 || (look.kin_only && a->kind != self_.kind) ||
          !fov::line_of_sight(level_.opacity, c, by_ring[i].pos))
        continue;
      seen.push_back({a->pos, a->memory.heading, a->kind, a->kind == self_.kind, a->memory.awake,
                      a->hp, a->max_hp});
    }
    return seen;
  }
  int kin_deaths_seen() const override {
    const std::int64_t since = game_.state().time - action_delay(self_);
    int n = 0;
    for (const RecentDeath& d : level_.deaths)
      if (d.kind == self_.kind && d.time > since && sees(d.pos)) ++n;
    return n;
  }
  int damage_taken() const override {
    return self_.memory.last_hp > 0 ? std::max(0, self_.memory.last_hp - self_.hp) : 0;
  }
  int noise() const override { return game_.tracking().loudness(self_.pos); }
  Point noise_step() const override {
    const Point d = game_.tracking().louder_step(game_, self_.pos);
    return d != Point{} && free(self_.pos + d) ? d : Point{};
  }
  Point scent_step() const override {
    const path::ScentMap& scent = level_.scent;
    const auto now = static_cast<std::int32_t>(turn() + 1);
    const path::ScentSense sense{k_scent_max_age, 0};
    std::int32_t best = scent.senses(scent.at(self_.pos), now, sense) ? scent.at(self_.pos) : 0;
    Point best_dir{};
    for (Point d : k_directions8) {
      const Point p = self_.pos + d;
      const std::int32_t mark = scent.at(p);
      if (mark > best && scent.senses(mark, now, sense) && free(p)) {
        best = mark;
        best_dir = d;
      }
    }
    return best_dir;
  }
  bool treasure_missing() const override {
    return self_.memory.guarded > 0 && units_near(level_, self_.memory.home) < self_.memory.guarded;
  }

  int player_distance() const override {
    if (!sees_) return ai::k_far;
    const path::Distance d = game_.tracking().chase_distance(game_, self_.pos);
    return d == path::k_unreachable ? ai::k_far : static_cast<int>(d);
  }
  Point chase_step() const override {
    Tracking& t = game_.tracking();
    const path::Distance here = t.chase_distance(game_, self_.pos);
    if (here == path::k_unreachable) return ai::step_toward(*this, player());
    return downhill([&](Point p) { return t.chase_distance(game_, p); }, here);
  }
  Point flee_step() const override {
    Tracking& t = game_.tracking();
    const path::Distance here = t.safety(game_, self_.pos);
    if (here == path::k_unreachable) return View::flee_step();
    return downhill([&](Point p) { return t.safety(game_, p); }, here);
  }
  Point path_step(Point target) const override {
    const Point greedy = ai::step_toward(*this, target);
    if (greedy != Point{}) return greedy;
    const Point d = game_.tracking().far_step(game_, self_.pos, target);
    return d != Point{} && free(self_.pos + d) ? d : Point{};
  }

 private:
  bool free(Point p) const { return walkable(p) && !occupied(p); }

  // The free neighbour with the lowest value below `here` (ties: k_directions8 order).
  template <typename Value>
  Point downhill(Value&& value, path::Distance here) const {
    path::Distance best = here;
    Point best_dir{};
    for (Point d : k_directions8) {
      const Point p = self_.pos + d;
      const path::Distance v = value(p);
      if (v < best && free(p)) {
        best = v;
        best_dir = d;
      }
    }
    return best_dir;
  }

  Game& game_;
  const LevelState& level_;
  const Actor& self_;
  const MonsterKind& kind_;
  bool sees_;
};

const ai::Brain& brain_for(const MonsterKind& kind) {
  const ai::BrainRegistry& brains = ai::builtin_brains();
  if (const ai::Brain* brain = brains.find(kind.brain)) return *brain;
  return brains.get(ai::k_default_brain);
}

Point clamp_step(Point d) {
  return {d.x < 0 ? -1 : (d.x > 0 ? 1 : 0), d.y < 0 ? -1 : (d.y > 0 ? 1 : 0)};
}

// Whether a sleeping monster wakes now: it sees the player (one chance in k_wake_one_in, or
// he is adjacent), a noise of k_wake_loudness reaches it, or it was hurt.
bool wakes(Game& game, const Actor& monster, bool sees) {
  const GameState& s = game.state();
  if (game.tracking().loudness(monster.pos) >= k_wake_loudness) return true;
  if (monster.memory.last_hp > 0 && monster.hp < monster.memory.last_hp) return true;
  if (!sees) return false;
  return chebyshev(monster.pos, s.player.pos) <= 1 || game.state().ai_rng.below(k_wake_one_in) == 0;
}

void carry_out(Game& game, Actor& monster, const MonsterKind& kind, const MonsterView& view,
               bool sees, const ai::Decision& d) {
  GameState& s = game.state();
  switch (d.kind) {
    case ai::DecisionKind::wait:
      return;
    case ai::DecisionKind::step:
      if (d.dir != Point{}) step_actor(game, monster, clamp_step(d.dir));
      return;
    case ai::DecisionKind::attack: {
      const Point to = monster.pos + clamp_step(d.dir);
      if (s.player.hp > 0 && s.player.pos == to && to != monster.pos)
        melee_attack(game, monster, s.player);
      else if (to != monster.pos)
        step_actor(game, monster, clamp_step(d.dir));
      return;
    }
    case ai::DecisionKind::fire: {
      // The kind's chance per turn is rolled here; when it fails (or the shot is not there
      // after all) the monster closes in instead.
      if (kind.ranged && view.can_fire_at_player() && s.ai_rng.chance(kind.ranged->chance)) {
        const RangedAttack& r = *kind.ranged;
        fire_missile(game, monster, s.player.pos, r.range, r.damage, r.name, nullptr);
        return;
      }
      const Point dir = sees ? ai::step_toward(view, s.player.pos) : Point{};
      if (dir != Point{}) step_actor(game, monster, dir);
      return;
    }
    case ai::DecisionKind::shout:
      game.tracking().noise(game, monster.pos, k_noise_shout);
      if (game.view().visible(monster.pos))
        message(game, actor_name(game, monster, true) + " shouts!");
      return;
  }
}

}  // namespace

bool monster_sees_player(const Game& game, const Actor& monster) {
  const MonsterKind* kind = monster_kind(game, monster);
  const Actor& player = game.state().player;
  if (kind == nullptr || kind->vision <= 0 || player.hp <= 0) return false;
  // The player's view is symmetric, so "the player's view holds the monster's cell" is
  // "line of sight between them within the player's sight radius". It is computed here
  // rather than read from game.view(), which is only refreshed at the end of a step: the
  // monsters acting after the player's move must see where the player is now.
  fov::FovOptions sight;
  sight.radius = std::min(kind->vision, k_player_vision);
  if (!fov::in_range(monster.pos - player.pos, sight)) return false;
  return fov::line_of_sight(game.level().opacity, player.pos, monster.pos);
}

std::unique_ptr<ai::View> monster_view(Game& game, const Actor& monster) {
  const MonsterKind* kind = monster_kind(game, monster);
  if (kind == nullptr) throw std::invalid_argument("monster_view: not a monster of a known kind");
  return std::make_unique<MonsterView>(game, monster, *kind, monster_sees_player(game, monster));
}

void monster_turn(Game& game, Actor& monster) {
  if (monster.hp <= 0 || monster.peaceful || game.over()) return;
  const MonsterKind* kind = monster_kind(game, monster);
  if (kind == nullptr) return;
  const bool sees = monster_sees_player(game, monster);
  ai::Memory& memory = monster.memory;
  // Hunger grows asleep too: a sleeper may wake up hungry (fsm Table 4.1).
  memory.hunger = std::min(memory.hunger + 1, k_max_hunger);
  if (!memory.awake) {
    // Asleep: costs almost nothing. When it wakes it acts at once.
    if (!wakes(game, monster, sees)) {
      memory.last_hp = monster.hp;
      return;
    }
    memory.awake = true;
  }
  if (memory.guarded < 0) memory.guarded = units_near(game.level(), memory.home);
  ++memory.turns_alive;
  const MonsterView view(game, monster, *kind, sees);
  const ai::Decision d = brain_for(*kind).decide(view, memory, game.state().ai_rng);
  const ActorId id = monster.id;
  const Point before = monster.pos;
  carry_out(game, monster, *kind, view, sees, d);
  // The monster may have died (a trap, a fight); it is still in the vector until swept.
  if (monster.id == id && monster.hp > 0) {
    if (monster.pos != before) memory.heading = monster.pos - before;
    memory.last_hp = monster.hp;
  }
}

}  // namespace yendor::game
