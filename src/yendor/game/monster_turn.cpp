// A monster's turn: a sleeping monster only checks whether it wakes; an awake one asks its
// brain (ai::Brain, by the kind's brain name) through the ai::View the game gives it, and
// the rules carry out the Decision exactly as they would the player's action.
// docs/rules.md, "Monsters' turns"; docs/brains.md.
#include <algorithm>
#include <cstdlib>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/fov/line_of_sight.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// A sleeping monster that sees the player wakes with this chance per turn (always when
// adjacent).
constexpr std::uint32_t k_wake_one_in = 3;

// What the game tells a brain: its own state, the terrain, who stands where, and the player
// only when it sees the player. Built per turn on the stack; queries are O(1) except
// can_fire_at_player (a line of at most the missile's range).
class MonsterView final : public ai::View {
 public:
  MonsterView(const Game& game, const Actor& self, const MonsterKind& kind, bool sees)
      : game_(game), level_(game.level()), self_(self), kind_(kind), sees_(sees) {}

  Point self() const override { return self_.pos; }
  int hp() const override { return self_.hp; }
  int max_hp() const override { return self_.max_hp; }
  Size map_size() const override { return level_.level.size(); }
  bool sees_player() const override { return sees_; }
  Point player() const override { return game_.state().player.pos; }
  bool walkable(Point p) const override {
    if (!can_enter(game_, self_, p)) return false;
    return chebyshev(p, self_.pos) != 1 || lock_allows_step(game_, self_.pos, p);
  }
  bool occupied(Point p) const override {
    const ActorId id = occupant_at(level_, p);
    return id != 0 && id != self_.id;
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

 private:
  const Game& game_;
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

void monster_turn(Game& game, Actor& monster) {
  if (monster.hp <= 0 || monster.peaceful || game.over()) return;
  const MonsterKind* kind = monster_kind(game, monster);
  if (kind == nullptr) return;
  GameState& s = game.state();
  const bool sees = monster_sees_player(game, monster);
  if (!monster.memory.awake) {
    // Asleep: costs almost nothing. It may wake when it sees the player, and always when
    // the player is next to it; then it acts at once.
    if (!sees) return;
    if (chebyshev(monster.pos, s.player.pos) > 1 && s.ai_rng.below(k_wake_one_in) != 0) return;
    monster.memory.awake = true;
  }
  const MonsterView view(game, monster, *kind, sees);
  const ai::Decision d = brain_for(*kind).decide(view, monster.memory, s.ai_rng);
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
      if (kind->ranged && view.can_fire_at_player() && s.ai_rng.chance(kind->ranged->chance)) {
        const RangedAttack& r = *kind->ranged;
        fire_missile(game, monster, s.player.pos, r.range, r.damage, r.name, nullptr);
        return;
      }
      const Point dir = sees ? ai::step_toward(view, s.player.pos) : Point{};
      if (dir != Point{}) step_actor(game, monster, dir);
      return;
    }
  }
}

}  // namespace yendor::game
