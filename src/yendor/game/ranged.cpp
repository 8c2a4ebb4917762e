// Throwing items and monsters' missiles along the line of sight (docs/rules.md, "Ranged
// attacks").
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "yendor/fov/fov.hpp"
#include "yendor/fov/line_of_sight.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

std::string with_article(std::string_view noun) {
  const char c = noun.empty() ? 'x' : noun[0];
  const bool vowel = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  return (vowel ? "an " : "a ") + std::string(noun);
}

// What a missile may strike: the player's hit any monster but a peaceful one; monsters'
// missiles fly past other monsters (monsters never fight each other) and strike the player.
bool strikes(const Actor& shooter, const Actor& victim) {
  if (&victim == &shooter || victim.hp <= 0) return false;
  if (shooter.id == k_player_id) return !victim.peaceful;
  return victim.id == k_player_id;
}

// "killed by an arrow shot by a goblin archer" / "... by a thrown dagger".
std::string cause_of(const Game& game, const Actor& shooter, std::string_view missile) {
  const MonsterKind* kind = monster_kind(game, shooter);
  if (kind == nullptr) return "a thrown " + std::string(missile);
  return with_article(missile) + " shot by " +
         (kind->unique ? kind->name : with_article(kind->name));
}

// Items come to rest only where items can lie: passable terrain, or lava, chasms and deep
// water, which swallow them (drop_to_floor).
bool can_rest(Tile t) {
  return tile_info(t).passable || t == Tile::lava || t == Tile::chasm || t == Tile::water_deep;
}

}  // namespace

int throw_range(const Actor& actor) {
  return 4 + std::max(actor.attr.str, 0) / 3;
}

void fire_missile(Game& game, Actor& shooter, Point target, int range, IntRange damage,
                  std::string_view missile, const Item* thrown) {
  LevelState& level = game.level();
  if (!level.level.in_bounds(target) || target == shooter.pos) return;
  // Reused between calls: monsters fire every few turns, which should not allocate.
  static thread_local std::vector<Point> path;
  fov::line_path(level.opacity, shooter.pos, target, path);
  if (thrown == nullptr) {
    emit(game, Event{EventKind::fired, shooter.id, occupant_at(level, target), target, 0,
                     actor_name(game, shooter, true) + " fires " + with_article(missile) + "."});
  }
  const std::size_t steps = std::min(path.size(), static_cast<std::size_t>(std::max(range, 0)));
  // `stop`: how many cells of the path the missile crossed (0: it never left the shooter).
  std::size_t stop = 0;
  for (std::size_t i = 0; i < steps; ++i) {
    const Point cell = path[i];
    if (level.opacity.opaque(cell)) break;  // it stops before a wall or a closed door
    stop = i + 1;
    Actor* victim = actor_at(game, cell);
    if (victim == nullptr || !strikes(shooter, *victim)) continue;
    const std::string the_missile = "The " + std::string(missile);
    if (victim->id != k_player_id) {
      // Being shot at wakes a monster and tells it where the shot came from.
      victim->memory.awake = true;
      victim->memory.has_target = true;
      victim->memory.target = shooter.pos;
    }
    Rng& rng = game.state().combat_rng;
    if (static_cast<int>(rng.below(100)) >= to_hit_percent(game, shooter, *victim, thrown)) {
      emit(game, Event{EventKind::attack_miss, shooter.id, victim->id, cell, 0,
                       the_missile + " misses " + actor_name(game, *victim) + "."});
      continue;  // a miss flies on
    }
    // Armour absorbs part of a hit as it does in melee (combat.cpp); no parrying missiles.
    const int roll = rng.range(std::max(damage.lo, 0), std::max(damage.hi, damage.lo));
    const int armour = armour_of(game, *victim);
    const int amount = roll - (armour > 0 ? rng.range(0, armour) : 0);
    if (amount <= 0) {
      emit(game, Event{EventKind::blocked, shooter.id, victim->id, cell, 0,
                       the_missile + " glances off " + actor_name(game, *victim) + "."});
    } else {
      emit(game, Event{EventKind::attack_hit, shooter.id, victim->id, cell, amount,
                       the_missile + " hits " + actor_name(game, *victim) + "."});
      damage_actor(game, *victim, amount, shooter.id, cause_of(game, shooter, missile));
    }
    break;  // it drops under the one it hit
  }
  if (thrown == nullptr) return;  // a monster's missile is spent
  while (stop > 0 && !can_rest(level.level.tiles[path[stop - 1]]))
    --stop;
  drop_to_floor(game, level, *thrown, stop == 0 ? shooter.pos : path[stop - 1]);
}

int do_throw(Game& game, const Action& a) {
  Actor& player = game.state().player;
  const Item* held = inventory_item(player, a.item);
  if (held == nullptr) return refuse(game, "You have no such item.");
  if (a.target == player.pos) return refuse(game, "You must aim away from yourself.");
  if (!game.view().visible(a.target)) return refuse(game, "You cannot see there.");
  const int range = throw_range(player);
  fov::FovOptions reach;
  reach.radius = range;
  if (!fov::in_range(a.target - player.pos, reach)) return refuse(game, "That is too far.");
  if (game.probing()) return k_action_cost;

  const Item one = take_from_inventory(game, player, a.item, 1);
  const ItemKind& kind = game.content().items[static_cast<std::size_t>(one.kind)];
  emit(game, Event{EventKind::thrown, k_player_id, occupant_at(game.level(), a.target), a.target,
                   one.kind, "You throw " + item_name(game.content(), one) + "."});
  // Enchantment adds to a thrown weapon's damage as it does to its blows.
  const IntRange damage{std::max(kind.thrown_damage.lo + one.enchant, 0),
                        std::max(kind.thrown_damage.hi + one.enchant, 0)};
  fire_missile(game, player, a.target, range, damage, kind.name, &one);
  return k_action_cost;
}

}  // namespace yendor::game
