#include "yendor/dd/rules.hpp"

#include <algorithm>
#include <bit>

namespace yendor::dd {

namespace {

constexpr bool in_map(int x, int y) {
  return x >= 0 && y >= 0 && x < k_side && y < k_side;
}

const HeroClass& class_of(const Content& content, const Hero& hero) {
  return content.classes[hero.hero_class];
}

const SpellKind* glyph_in(const Content& content, const Hero& hero, int slot) {
  if (slot < 0 || slot >= hero.glyph_slots) return nullptr;
  const int spell = hero.glyphs[static_cast<std::size_t>(slot)];
  return spell < 0 ? nullptr : &content.spells[static_cast<std::size_t>(spell)];
}

void reveal(State& s, const Content& content, int cell, Changes* changes) {
  if (s.revealed[static_cast<std::size_t>(cell)] != 0) return;
  s.revealed[static_cast<std::size_t>(cell)] = 1;
  --s.unrevealed;
  ++s.tally.explored;
  if (changes != nullptr) changes->add(cell);
  Hero& h = s.hero;
  h.hp = std::min(h.max_hp, h.hp + h.level + class_of(content, h).explore_health);
  h.mana = std::min(h.max_mana, h.mana + 1);
  // Damaged monsters heal by their level for every explored cell (2.3).
  if (changes != nullptr) changes->healed |= s.damaged;
  for (std::uint64_t bits = s.damaged; bits != 0; bits &= bits - 1) {
    const int i = std::countr_zero(bits);
    Monster& m = s.monsters[static_cast<std::size_t>(i)];
    m.hp = static_cast<std::int16_t>(std::min<int>(m.max_hp, m.hp + m.level));
    if (m.hp == m.max_hp) s.damaged &= ~(std::uint64_t{1} << i);
  }
}

void reveal_around(State& s, const Content& content, int cell, Changes* changes) {
  const int x = cell_x(cell), y = cell_y(cell);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (in_map(x + dx, y + dy)) reveal(s, content, cell_of(x + dx, y + dy), changes);
}

void gain_xp(State& s, const Content& content, int amount) {
  Hero& h = s.hero;
  h.total_xp += amount;
  h.xp += amount;
  while (h.level < content.dungeon.hero_level_cap && h.xp >= xp_to_next(content, h.level)) {
    h.xp -= xp_to_next(content, h.level);
    ++h.level;
    recompute_hero(h, content);
    h.hp = h.max_hp;  // a new level restores health and mana
    h.mana = h.max_mana;
  }
}

// Monster `i` takes `damage`; a kill gives experience and, for the boss, the game.
void strike_monster(State& s, const Content& content, int i, int damage, Changes* changes) {
  Monster& m = s.monsters[static_cast<std::size_t>(i)];
  m.hp = static_cast<std::int16_t>(std::max(0, m.hp - damage));
  if (changes != nullptr) changes->add(m.cell);
  const std::uint64_t bit = std::uint64_t{1} << i;
  if (m.hp > 0) {
    if (m.hp < m.max_hp) s.damaged |= bit;
    return;
  }
  s.damaged &= ~bit;
  s.monster_at[m.cell] = k_no_monster;
  --s.alive;
  ++s.tally.kills;
  gain_xp(s, content, kill_xp(m.level, s.hero.level, class_of(content, s.hero)));
  if (m.boss) s.outcome = Outcome::won;
}

void strike_hero(State& s, int i) {
  Hero& h = s.hero;
  h.hp -= s.monsters[static_cast<std::size_t>(i)].attack;
  if (h.hp > 0) return;
  if (h.kill_protect) {
    h.kill_protect = false;
    h.hp = 1;
    return;
  }
  h.hp = 0;
  s.outcome = Outcome::died;
  s.killer = static_cast<std::int8_t>(i);
}

// One exchange (2.4): the higher level strikes first (the monster on a tie), each blow deals
// exactly the striker's attack; the other strikes back if alive.
void exchange(State& s, const Content& content, int i, Changes* changes) {
  const Monster& m = s.monsters[static_cast<std::size_t>(i)];
  const bool hero_first = hero_strikes_first(s, content, m);
  const int blow = hero_blow(s.hero);
  s.hero.first_strike = false;
  s.hero.power_strike = 0;
  if (hero_first) {
    strike_monster(s, content, i, blow, changes);
    if (s.monsters[static_cast<std::size_t>(i)].hp > 0) strike_hero(s, i);
  } else {
    strike_hero(s, i);
    if (s.outcome == Outcome::playing) strike_monster(s, content, i, blow, changes);
  }
}

void pick_up(State& s, const Content& content, int cell, Changes* changes) {
  const auto c = static_cast<std::size_t>(cell);
  const auto kind = static_cast<ItemKind>(s.item_at[c]);
  if (kind == ItemKind::none) return;
  Hero& h = s.hero;
  const int amount = content.dungeon.items[static_cast<std::size_t>(kind)].amount;
  switch (kind) {
    case ItemKind::health_powerup: {
      const int before = h.max_hp;
      h.health_percent += amount;
      recompute_hero(h, content);
      h.hp += h.max_hp - before;
      break;
    }
    case ItemKind::mana_powerup:
      h.mana_bonus += amount;
      recompute_hero(h, content);
      h.mana += amount;
      break;
    case ItemKind::attack_powerup:
      h.attack_percent += amount;
      recompute_hero(h, content);
      break;
    case ItemKind::health_potion:
      h.health_potions += amount;
      break;
    case ItemKind::mana_potion:
      h.mana_potions += amount;
      break;
    case ItemKind::spell: {
      auto free = std::find(h.glyphs.begin(), h.glyphs.begin() + h.glyph_slots, -1);
      if (free == h.glyphs.begin() + h.glyph_slots) return;  // no room: it stays
      *free = static_cast<std::int8_t>(s.spell_at[c]);
      break;
    }
    default:
      return;
  }
  s.item_at[c] = static_cast<std::uint8_t>(ItemKind::none);
  if (changes != nullptr) changes->add(cell);
}

void convert(State& s, const Content& content, int slot) {
  Hero& h = s.hero;
  h.glyphs[static_cast<std::size_t>(slot)] = -1;
  ++s.tally.glyphs_converted;
  const Race& race = content.races[h.race];
  switch (race.bonus) {
    case RaceBonus::attack_percent:
      h.attack_percent += race.amount;
      break;
    case RaceBonus::health_percent: {
      const int before = h.max_hp;
      h.health_percent += race.amount;
      recompute_hero(h, content);
      h.hp += h.max_hp - before;
      return;
    }
    case RaceBonus::max_mana:
      h.mana_bonus += race.amount;
      h.mana += race.amount;
      break;
    case RaceBonus::health_potion:
      h.health_potions += race.amount;
      break;
    case RaceBonus::mana_potion:
      h.mana_potions += race.amount;
      break;
  }
  recompute_hero(h, content);
}

// Whether the spell itself can act now (a target, something to heal or reveal, a status not
// already on); the mana comes after, so "already active" is said even when mana is short.
Refusal check_effect(const State& s, const SpellKind& spell, const Action& a) {
  const Hero& h = s.hero;
  if (!is_targeted(spell.effect) && a.target >= 0) return Refusal::untargeted;
  switch (spell.effect) {
    case SpellEffect::fireball:
      if (a.target < 0 || a.target >= k_cells ||
          s.revealed[static_cast<std::size_t>(a.target)] == 0 ||
          s.monster_at[static_cast<std::size_t>(a.target)] == k_no_monster)
        return Refusal::no_target;
      return Refusal::none;
    case SpellEffect::kill_protect:
      return h.kill_protect ? Refusal::already_active : Refusal::none;
    case SpellEffect::heal:
      return h.hp >= h.max_hp ? Refusal::full_health : Refusal::none;
    case SpellEffect::first_strike:
      return h.first_strike ? Refusal::already_active : Refusal::none;
    case SpellEffect::power_strike:
      return h.power_strike > 0 ? Refusal::already_active : Refusal::none;
    case SpellEffect::reveal:
      return s.unrevealed == 0 ? Refusal::nothing_to_reveal : Refusal::none;
  }
  return Refusal::bad_argument;
}

Refusal check_cast(const State& s, const Content& content, const Action& a) {
  const Hero& h = s.hero;
  const SpellKind* spell = glyph_in(content, h, a.arg);
  if (spell == nullptr) return a.arg < h.glyph_slots ? Refusal::empty_slot : Refusal::bad_argument;
  if (const Refusal r = check_effect(s, *spell, a); r != Refusal::none) return r;
  return h.mana < spell_cost(content, h, h.glyphs[a.arg]) ? Refusal::no_mana : Refusal::none;
}

void cast(State& s, const Content& content, const Action& a, Changes* changes) {
  Hero& h = s.hero;
  const int spell_index = h.glyphs[a.arg];
  const SpellKind& spell = content.spells[static_cast<std::size_t>(spell_index)];
  h.mana -= spell_cost(content, h, spell_index);
  ++s.tally.spells_cast;
  switch (spell.effect) {
    case SpellEffect::fireball: {
      const int i = s.monster_at[static_cast<std::size_t>(a.target)];
      strike_monster(
          s, content, i,
          fireball_damage(s, content, spell_index, s.monsters[static_cast<std::size_t>(i)]),
          changes);
      break;
    }
    case SpellEffect::kill_protect:
      h.kill_protect = true;
      break;
    case SpellEffect::heal:
      h.hp = std::min(h.max_hp, h.hp + spell.amount * h.level);
      break;
    case SpellEffect::first_strike:
      h.first_strike = true;
      break;
    case SpellEffect::power_strike:
      h.power_strike = spell.amount;
      break;
    case SpellEffect::reveal:
      for (int n = 0; n < spell.amount && s.unrevealed > 0; ++n) {
        int pick = static_cast<int>(s.rng.below(static_cast<std::uint32_t>(s.unrevealed)));
        for (int c = 0; c < k_cells; ++c)
          if (s.revealed[static_cast<std::size_t>(c)] == 0 && pick-- == 0) {
            reveal(s, content, c, changes);
            break;
          }
      }
      break;
  }
}

}  // namespace

std::string_view to_string(Refusal r) {
  switch (r) {
    case Refusal::none:
      return "none";
    case Refusal::game_over:
      return "the game is over";
    case Refusal::bad_argument:
      return "no such direction or glyph slot";
    case Refusal::off_the_map:
      return "the edge of the dungeon";
    case Refusal::wall:
      return "a wall is in the way";
    case Refusal::no_potion:
      return "no potion of that kind";
    case Refusal::full_health:
      return "health is already full";
    case Refusal::full_mana:
      return "mana is already full";
    case Refusal::empty_slot:
      return "no glyph in that slot";
    case Refusal::no_mana:
      return "not enough mana";
    case Refusal::no_target:
      return "no revealed monster there";
    case Refusal::already_active:
      return "that spell is already active";
    case Refusal::nothing_to_reveal:
      return "nothing is left to reveal";
    case Refusal::untargeted:
      return "that spell takes no target";
  }
  return "?";
}

void recompute_hero(Hero& hero, const Content& content) {
  const HeroClass& c = class_of(content, hero);
  hero.max_hp = std::max(1, c.health_per_level * hero.level * (100 + hero.health_percent) / 100);
  hero.attack = std::max(
      1, c.attack_per_level * hero.level * (100 + c.attack_percent + hero.attack_percent) / 100);
  hero.max_mana = std::max(0, c.base_mana + hero.mana_bonus);
  hero.hp = std::min(hero.hp, hero.max_hp);
  hero.mana = std::min(hero.mana, hero.max_mana);
}

int kill_xp(int monster_level, int hero_level, const HeroClass& hero_class) {
  const int above = std::max(0, monster_level - hero_level);
  return (monster_level + above * (above + 1)) * hero_class.xp_percent / 100;
}

bool hero_strikes_first(const State& state, const Content& content, const Monster& m) {
  const Hero& h = state.hero;
  if (h.first_strike) return true;
  if (content.monsters[m.kind].first_strike) return false;
  return h.level > m.level || (h.level == m.level && class_of(content, h).first_strike);
}

int hero_blow(const Hero& hero) {
  return hero.attack * (100 + hero.power_strike) / 100;
}

int spell_cost(const Content& content, const Hero& hero, int spell) {
  return std::max(
      0, content.spells[static_cast<std::size_t>(spell)].mana + class_of(content, hero).spell_cost);
}

int fireball_damage(const State& state, const Content& content, int spell, const Monster& m) {
  const int raw = content.spells[static_cast<std::size_t>(spell)].amount * state.hero.level;
  return raw * (100 - content.monsters[m.kind].magic_resist) / 100;
}

Refusal check(const State& s, const Content& content, const Action& a) {
  if (s.outcome != Outcome::playing) return Refusal::game_over;
  const Hero& h = s.hero;
  switch (a.kind) {
    case ActionKind::move: {
      if (a.arg >= 8) return Refusal::bad_argument;
      const int x = cell_x(h.cell) + k_dir_dx[a.arg], y = cell_y(h.cell) + k_dir_dy[a.arg];
      if (!in_map(x, y)) return Refusal::off_the_map;
      return s.wall[static_cast<std::size_t>(cell_of(x, y))] != 0 ? Refusal::wall : Refusal::none;
    }
    case ActionKind::drink_health:
      if (h.health_potions <= 0) return Refusal::no_potion;
      return h.hp >= h.max_hp ? Refusal::full_health : Refusal::none;
    case ActionKind::drink_mana:
      if (h.mana_potions <= 0) return Refusal::no_potion;
      return h.mana >= h.max_mana ? Refusal::full_mana : Refusal::none;
    case ActionKind::cast:
      return check_cast(s, content, a);
    case ActionKind::convert:
      if (a.arg >= h.glyph_slots) return Refusal::bad_argument;
      return h.glyphs[a.arg] < 0 ? Refusal::empty_slot : Refusal::none;
    case ActionKind::give_up:
      return Refusal::none;
  }
  return Refusal::bad_argument;
}

Refusal step(State& s, const Content& content, const Action& a, Changes* changes) {
  if (changes != nullptr) changes->clear();
  const Refusal refusal = check(s, content, a);
  if (refusal != Refusal::none) return refusal;
  ++s.tally.actions;
  Hero& h = s.hero;
  switch (a.kind) {
    case ActionKind::move: {
      const int to = cell_of(cell_x(h.cell) + k_dir_dx[a.arg], cell_y(h.cell) + k_dir_dy[a.arg]);
      const int monster = s.monster_at[static_cast<std::size_t>(to)];
      if (monster != k_no_monster) {
        exchange(s, content, monster, changes);
        break;
      }
      if (changes != nullptr) changes->add(h.cell);
      h.cell = static_cast<std::uint16_t>(to);
      if (changes != nullptr) changes->add(to);
      pick_up(s, content, to, changes);
      reveal_around(s, content, to, changes);
      break;
    }
    case ActionKind::drink_health: {
      --h.health_potions;
      ++s.tally.health_potions_used;
      const int amount = std::max(1, h.max_hp * class_of(content, h).potion_percent / 100);
      h.hp = std::min(h.max_hp, h.hp + amount);
      break;
    }
    case ActionKind::drink_mana: {
      --h.mana_potions;
      ++s.tally.mana_potions_used;
      const int amount = std::max(1, h.max_mana * class_of(content, h).potion_percent / 100);
      h.mana = std::min(h.max_mana, h.mana + amount);
      break;
    }
    case ActionKind::cast:
      cast(s, content, a, changes);
      break;
    case ActionKind::convert:
      convert(s, content, a.arg);
      break;
    case ActionKind::give_up:
      s.outcome = Outcome::gave_up;
      break;
  }
  return Refusal::none;
}

}  // namespace yendor::dd
