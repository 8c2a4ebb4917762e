#pragma once
// Shared by the dd tests: the shipped ruleset, and hand-made states for rules tests.

#include <memory>
#include <string>

#include "yendor/dd/content.hpp"
#include "yendor/dd/dungeon.hpp"
#include "yendor/dd/rules.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::dd::testing {

inline const std::string k_shipped_dir = std::string(YENDOR_SOURCE_DIR) + "/data/dd";

inline std::shared_ptr<const Content> shipped_ptr() {
  static const auto c = std::make_shared<const Content>(load_content(k_shipped_dir));
  return c;
}
inline const Content& shipped() {
  return *shipped_ptr();
}

// An open 20x20 floor, all revealed, the hero (`race`, `hero_class`) at level `level` on
// (10, 10) with full health and mana, no monsters, no items.
inline State open_state(const Content& c, int level = 1, const std::string& race = "human",
                        const std::string& hero_class = "fighter") {
  State s;
  s.monster_at.fill(k_no_monster);
  s.revealed.fill(1);
  s.hero.cell = static_cast<std::uint16_t>(cell_of(10, 10));
  s.hero.race = static_cast<std::uint8_t>(c.race_index(race));
  s.hero.hero_class = static_cast<std::uint8_t>(c.class_index(hero_class));
  s.hero.glyph_slots = static_cast<std::uint8_t>(c.classes[s.hero.hero_class].glyph_slots);
  s.hero.level = level;
  recompute_hero(s.hero, c);
  s.hero.hp = s.hero.max_hp;
  s.hero.mana = s.hero.max_mana;
  return s;
}

// Adds a monster of `kind` at `level` on (x, y); returns its index.
inline int add_monster(State& s, const Content& c, const std::string& kind, int level, int x,
                       int y) {
  const int k = c.monster_index(kind);
  const MonsterKind& mk = c.monsters[static_cast<std::size_t>(k)];
  Monster m;
  m.kind = static_cast<std::uint8_t>(k);
  m.level = static_cast<std::uint8_t>(level);
  m.max_hp = static_cast<std::int16_t>(base_monster_health(level) * mk.health_percent / 100);
  m.hp = m.max_hp;
  m.attack = static_cast<std::int16_t>(base_monster_attack(level) * mk.attack_percent / 100);
  m.cell = static_cast<std::uint16_t>(cell_of(x, y));
  m.boss = mk.boss;
  const int i = s.monster_count++;
  s.monsters[static_cast<std::size_t>(i)] = m;
  s.monster_at[m.cell] = static_cast<std::int8_t>(i);
  ++s.alive;
  if (m.boss) s.boss = static_cast<std::uint8_t>(i);
  return i;
}

// Gives the hero spell `id` in the first free slot; returns the slot.
inline int give_spell(State& s, const Content& c, const std::string& id) {
  for (int i = 0; i < s.hero.glyph_slots; ++i)
    if (s.hero.glyphs[static_cast<std::size_t>(i)] < 0) {
      s.hero.glyphs[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(c.spell_index(id));
      return i;
    }
  return -1;
}

}  // namespace yendor::dd::testing
