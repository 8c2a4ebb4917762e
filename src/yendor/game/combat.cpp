// Melee combat, damage, death and healing (docs/rules.md "Combat", "Death"). The thesis's
// prototype (5.2) gives the attributes their roles: strength adds damage, dexterity to-hit,
// evasion and blocking, constitution hit points (progression.cpp). Every roll comes from
// state.combat_rng; only what a dead monster drops rolls on world_rng.
#include <algorithm>
#include <string>
#include <utility>

#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// The wielded weapon of `actor` (a pack item of class weapon), nullptr when unarmed.
const Item* wielded_weapon(const Game& game, const Actor& actor) {
  if (actor.wielded == 0) return nullptr;
  for (const Item& item : actor.inventory) {
    if (item.id != actor.wielded) continue;
    const ItemKind& kind = game.content().items[static_cast<std::size_t>(item.kind)];
    return kind.item_class == ItemClass::weapon ? &item : nullptr;
  }
  return nullptr;
}

// The worn armour of `actor` (a pack item of class armour), nullptr when none.
const Item* worn_armour(const Game& game, const Actor& actor) {
  if (actor.worn == 0) return nullptr;
  for (const Item& item : actor.inventory) {
    if (item.id != actor.worn) continue;
    const ItemKind& kind = game.content().items[static_cast<std::size_t>(item.kind)];
    return kind.item_class == ItemClass::armour ? &item : nullptr;
  }
  return nullptr;
}

const ItemKind& kind_of(const Game& game, const Item& item) {
  return game.content().items[static_cast<std::size_t>(item.kind)];
}

// Chance in percent that a hit is blocked: dexterity above 10 makes a defender parry or
// dodge at the last moment (thesis 5.2: DEX is blocking). 2% per point, at most 25%.
int block_percent(const Actor& defender) {
  return std::clamp(2 * (defender.attr.dex - 10), 0, 25);
}

bool is_player(const Actor& a) {
  return a.id == k_player_id;
}

// "a goblin", "an orc", "Grishnak the orc warlord": how a killer is named in a cause of death.
std::string indefinite_name(const Game& game, const Actor& actor) {
  const MonsterKind* kind = monster_kind(game, actor);
  if (kind == nullptr) return "yourself";
  if (kind->unique) return kind->name;
  const char c = kind->name.empty() ? 'x' : kind->name[0];
  const bool vowel = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  return (vowel ? "an " : "a ") + kind->name;
}

std::string possessive(const Game& game, const Actor& actor, bool capital) {
  if (is_player(actor)) return capital ? "Your" : "your";
  return actor_name(game, actor, capital) + "'s";
}

// "The goblin bites you.", "You hit the orc."
std::string hit_text(const Game& game, const Actor& attacker, const Actor& defender) {
  std::string verb = "hit";
  if (const MonsterKind* kind = monster_kind(game, attacker)) verb = kind->attack_verb;
  return actor_name(game, attacker, true) + " " + verb + " " + actor_name(game, defender) + ".";
}

std::string miss_text(const Game& game, const Actor& attacker, const Actor& defender) {
  return actor_name(game, attacker, true) + (is_player(attacker) ? " miss " : " misses ") +
         actor_name(game, defender) + ".";
}

// Everything a dead monster carried falls where it died; gold and drops are made now.
void drop_belongings(Game& game, Actor& victim) {
  const Content& content = game.content();
  LevelState& level = game.level();
  const MonsterKind* kind = monster_kind(game, victim);
  if (victim.gold > 0) {
    const int gold = content.item_index("gold");
    if (gold >= 0) place_item(game, level, make_item(game, gold, victim.gold), victim.pos);
    victim.gold = 0;
  }
  if (kind != nullptr) {
    for (const Drop& drop : kind->drops) {
      if (!game.state().world_rng.chance(drop.chance)) continue;
      const int item_kind = content.item_index(drop.item);
      if (item_kind < 0) continue;  // validated by the loader; be safe with hand-made content
      const int count =
          game.state().world_rng.range(drop.count.lo, std::max(drop.count.lo, drop.count.hi));
      if (count <= 0) continue;
      if (content.items[static_cast<std::size_t>(item_kind)].stackable) {
        place_item(game, level, make_item(game, item_kind, count), victim.pos);
      } else {
        for (int i = 0; i < count; ++i)
          place_item(game, level, make_item(game, item_kind, 1), victim.pos);
      }
    }
  }
  for (Item& item : victim.inventory)
    place_item(game, level, std::move(item), victim.pos);
  victim.inventory.clear();
  victim.wielded = 0;
  victim.worn = 0;
  if (kind != nullptr && kind->leaves_corpse) {
    const int corpse = content.item_index("corpse");
    if (corpse >= 0) place_item(game, level, make_item(game, corpse, 1), victim.pos);
  }
}

void kill_monster(Game& game, Actor& victim, ActorId killer) {
  GameState& s = game.state();
  LevelState& level = game.level();
  victim.hp = 0;
  if (level.occupant.in_bounds(victim.pos) && level.occupant[victim.pos] == victim.id)
    level.occupant.set(victim.pos, 0);
  const std::string text = killer == k_player_id ? "You kill " + actor_name(game, victim) + "!"
                                                 : actor_name(game, victim, true) + " dies.";
  emit(game, Event{EventKind::died, victim.id, killer, victim.pos, 0, text});
  Tracking::record_death(game, victim.pos, victim.kind);
  drop_belongings(game, victim);
  if (killer == k_player_id) {
    ++s.info.kills;
    award_xp(game, victim.xp);
  }
  const MonsterKind* kind = monster_kind(game, victim);
  if (kind != nullptr && kind->id == game.content().dungeon.boss && s.outcome == Outcome::playing) {
    s.outcome = Outcome::won;
    s.info.cause = "won: killed " + kind->name;
    emit(game, Event{EventKind::won, victim.id, killer, victim.pos, 0,
                     "You have slain " + kind->name + "! You win!"});
  }
}

void kill_player(Game& game, Actor& player, ActorId killer, std::string_view cause) {
  GameState& s = game.state();
  player.hp = 0;
  emit(game, Event{EventKind::died, player.id, killer, player.pos, 0, "You die..."});
  if (s.outcome != Outcome::playing) return;  // already won or quit this step
  s.outcome = Outcome::died;
  std::string how = cause.empty() ? std::string("died") : "killed by " + std::string(cause);
  s.info.cause = how + " on level " + std::to_string(s.depth);
  std::string text = s.info.cause + ".";
  text[0] = static_cast<char>(text[0] - 'a' + 'A');
  emit(game, Event{EventKind::game_over, player.id, killer, player.pos, 0, std::move(text)});
}

}  // namespace

int to_hit_percent(const Game& game, const Actor& attacker, const Actor& defender) {
  return to_hit_percent(game, attacker, defender, wielded_weapon(game, attacker));
}

int to_hit_percent(const Game& game, const Actor& attacker, const Actor& defender,
                   const Item* weapon) {
  int chance = 50 + 3 * (attacker.attr.dex - defender.attr.dex) + attacker.level;
  if (weapon != nullptr) chance += 5 * (kind_of(game, *weapon).to_hit + weapon->enchant);
  if (const Item* armour = worn_armour(game, defender))
    chance += 3 * kind_of(game, *armour).evasion_penalty;
  // Monster genetics: the attacker's attack gene and the defender's defence gene (both the
  // base for the player) scale the chance by up to 5 % each.
  chance = gene_to_hit(chance, attacker.genes, defender.genes);
  return std::clamp(chance, 5, 95);
}

IntRange melee_damage(const Game& game, const Actor& attacker) {
  IntRange dice = attacker.damage;
  if (const Item* weapon = wielded_weapon(game, attacker)) {
    dice = kind_of(game, *weapon).damage;
    dice.lo += weapon->enchant;
    dice.hi += weapon->enchant;
  }
  const int strength = std::max(0, (attacker.attr.str - 10) / 2);
  const int lo = std::max(1, dice.lo + strength);
  return {lo, std::max(lo, dice.hi + strength)};
}

int armour_of(const Game& game, const Actor& actor) {
  int armour = actor.armour;
  if (const Item* worn = worn_armour(game, actor))
    armour += kind_of(game, *worn).armour + worn->enchant;
  return std::max(0, armour);
}

void melee_attack(Game& game, Actor& attacker, Actor& defender) {
  if (attacker.hp <= 0 || defender.hp <= 0 || game.over()) return;
  Rng& rng = game.state().combat_rng;
  // Being attacked wakes a monster and sets it on its attacker; a peaceful one turns hostile.
  if (!is_player(defender)) {
    defender.memory.awake = true;
    if (is_player(attacker)) {
      defender.memory.has_target = true;
      defender.memory.target = attacker.pos;
      defender.peaceful = false;
    }
  }
  const Point at = defender.pos;
  game.tracking().noise(game, at, k_noise_fight);  // fights wake sleepers around
  if (static_cast<int>(rng.below(100)) >= to_hit_percent(game, attacker, defender)) {
    emit(game, Event{EventKind::attack_miss, attacker.id, defender.id, at, 0,
                     miss_text(game, attacker, defender)});
    return;
  }
  const int block = block_percent(defender);
  if (block > 0 && static_cast<int>(rng.below(100)) < block) {
    std::string text = is_player(defender)
                           ? "You block " + possessive(game, attacker, false) + " blow."
                           : actor_name(game, defender, true) + " blocks " +
                                 possessive(game, attacker, false) + " blow.";
    emit(game, Event{EventKind::blocked, attacker.id, defender.id, at, 0, std::move(text)});
    return;
  }
  const IntRange dice = melee_damage(game, attacker);
  const int roll = rng.range(dice.lo, dice.hi);
  const int armour = armour_of(game, defender);
  const int absorbed = armour > 0 ? rng.range(0, armour) : 0;
  const int damage = roll - absorbed;
  if (damage <= 0) {
    emit(game, Event{EventKind::blocked, attacker.id, defender.id, at, 0,
                     possessive(game, attacker, true) + " blow glances off " +
                         possessive(game, defender, false) + " armour."});
    return;
  }
  emit(game, Event{EventKind::attack_hit, attacker.id, defender.id, at, damage,
                   hit_text(game, attacker, defender)});
  if (is_player(defender) && !is_player(attacker)) {
    // What it cost the player (the genetic brain's fitness); a blow that lands feeds it.
    attacker.memory.damage_dealt += std::min(damage, defender.hp);
    attacker.memory.hunger = 0;
  }
  damage_actor(game, defender, damage, attacker.id, indefinite_name(game, attacker));
}

void damage_actor(Game& game, Actor& victim, int amount, ActorId source, std::string_view cause) {
  if (amount <= 0 || victim.hp <= 0) return;
  if (amount >= victim.hp) {
    kill_actor(game, victim, source, cause);
    return;
  }
  victim.hp -= amount;
}

void kill_actor(Game& game, Actor& victim, ActorId killer, std::string_view cause) {
  // Already dead (never drop or award twice): the player once the game is lost, a monster
  // once its cell is freed. A monster whose hp someone set to 0 without killing it still dies.
  if (is_player(victim)) {
    if (game.state().outcome == Outcome::died) return;
    kill_player(game, victim, killer, cause);
    return;
  }
  if (victim.hp <= 0 && occupant_at(game.level(), victim.pos) != victim.id) return;
  kill_monster(game, victim, killer);
}

void heal_actor(Game& game, Actor& actor, int amount) {
  (void)game;
  if (amount <= 0 || actor.hp <= 0) return;
  actor.hp = std::min(actor.max_hp, actor.hp + amount);
}

}  // namespace yendor::game
