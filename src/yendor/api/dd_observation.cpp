#include "yendor/api/dd_observation.hpp"

#include <bit>

namespace yendor::api {

namespace {

constexpr std::array<std::string_view, k_dd_stat_count> k_names = {
    "hp",           "max_hp",      "mana",       "max_mana",     "attack",
    "level",        "xp",          "xp_next",    "total_xp",     "health_potions",
    "mana_potions", "x",           "y",          "kill_protect", "first_strike",
    "power_strike", "glyph_slots", "glyph_0",    "glyph_1",      "glyph_2",
    "glyph_3",      "race",        "hero_class", "unrevealed",   "monsters_left",
    "actions"};

void draw_cell(const dd::State& s, int cell, DdObservation& o) {
  const auto c = static_cast<std::size_t>(cell);
  if (s.revealed[c] == 0) {
    o.terrain[c] = 0;
    o.monster_level[c] = o.monster_kind[c] = o.items[c] = o.spells[c] = 0;
    o.monster_hp[c] = 0;
    return;
  }
  o.terrain[c] = s.wall[c] != 0 ? 2 : 1;
  const int m = s.monster_at[c];
  if (m == dd::k_no_monster) {
    o.monster_level[c] = o.monster_kind[c] = 0;
    o.monster_hp[c] = 0;
  } else {
    const dd::Monster& monster = s.monsters[static_cast<std::size_t>(m)];
    o.monster_level[c] = monster.level;
    o.monster_kind[c] = static_cast<std::uint8_t>(monster.kind + 1);
    o.monster_hp[c] = monster.hp;
  }
  o.items[c] = s.item_at[c];
  o.spells[c] = s.item_at[c] == static_cast<std::uint8_t>(dd::ItemKind::spell)
                    ? static_cast<std::uint8_t>(s.spell_at[c] + 1)
                    : 0;
}

void write_stats(const dd::State& s, const dd::Content& content, DdObservation& o) {
  const dd::Hero& h = s.hero;
  auto& v = o.stats;
  const auto set = [&v](DdStat k, std::int32_t value) { v[static_cast<std::size_t>(k)] = value; };
  set(DdStat::hp, h.hp);
  set(DdStat::max_hp, h.max_hp);
  set(DdStat::mana, h.mana);
  set(DdStat::max_mana, h.max_mana);
  set(DdStat::attack, h.attack);
  set(DdStat::level, h.level);
  set(DdStat::xp, h.xp);
  set(DdStat::xp_next, dd::xp_to_next(content, h.level));
  set(DdStat::total_xp, h.total_xp);
  set(DdStat::health_potions, h.health_potions);
  set(DdStat::mana_potions, h.mana_potions);
  set(DdStat::x, dd::cell_x(h.cell));
  set(DdStat::y, dd::cell_y(h.cell));
  set(DdStat::kill_protect, h.kill_protect ? 1 : 0);
  set(DdStat::first_strike, h.first_strike ? 1 : 0);
  set(DdStat::power_strike, h.power_strike);
  set(DdStat::glyph_slots, h.glyph_slots);
  for (std::size_t i = 0; i < 4; ++i)
    v[static_cast<std::size_t>(DdStat::glyph_0) + i] = h.glyphs[i] + 1;
  set(DdStat::race, h.race);
  set(DdStat::hero_class, h.hero_class);
  set(DdStat::unrevealed, s.unrevealed);
  set(DdStat::monsters_left, s.alive);
  set(DdStat::actions, s.tally.actions);
}

}  // namespace

std::span<const std::string_view> dd_stat_names() {
  return k_names;
}

void observe(const dd::State& s, const dd::Content& content, DdObservation& o) {
  for (int c = 0; c < dd::k_cells; ++c)
    draw_cell(s, c, o);
  write_stats(s, content, o);
}

void observe_changes(const dd::State& s, const dd::Content& content, const dd::Changes& changes,
                     DdObservation& o) {
  for (int i = 0; i < changes.count; ++i)
    draw_cell(s, changes.cells[static_cast<std::size_t>(i)], o);
  for (std::uint64_t bits = changes.healed; bits != 0; bits &= bits - 1) {
    const dd::Monster& m = s.monsters[static_cast<std::size_t>(std::countr_zero(bits))];
    if (s.revealed[m.cell] != 0) o.monster_hp[m.cell] = m.hp;
  }
  write_stats(s, content, o);
}

}  // namespace yendor::api
