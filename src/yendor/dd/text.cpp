#include "yendor/dd/text.hpp"

#include "yendor/dd/rules.hpp"

namespace yendor::dd {

char item_glyph(ItemKind kind) {
  switch (kind) {
    case ItemKind::health_potion:
      return '!';
    case ItemKind::mana_potion:
      return '?';
    case ItemKind::health_powerup:
      return '+';
    case ItemKind::mana_powerup:
      return '*';
    case ItemKind::attack_powerup:
      return '^';
    case ItemKind::spell:
      return '=';
    default:
      return '.';
  }
}

char cell_glyph(const State& s, int cell, bool reveal_all) {
  const auto c = static_cast<std::size_t>(cell);
  if (!reveal_all && s.revealed[c] == 0) return ' ';
  if (cell == s.hero.cell) return '@';
  if (s.wall[c] != 0) return '#';
  if (const int m = s.monster_at[c]; m != k_no_monster) {
    const Monster& monster = s.monsters[static_cast<std::size_t>(m)];
    return monster.boss ? 'B' : static_cast<char>('0' + monster.level);
  }
  return item_glyph(static_cast<ItemKind>(s.item_at[c]));
}

std::vector<std::string> map_lines(const State& s, bool reveal_all) {
  std::vector<std::string> lines;
  for (int y = 0; y < k_side; ++y) {
    std::string row;
    for (int x = 0; x < k_side; ++x)
      row += cell_glyph(s, cell_of(x, y), reveal_all);
    lines.push_back(std::move(row));
  }
  return lines;
}

std::string status_line(const State& s, const Content& content) {
  const Hero& h = s.hero;
  std::string out = "L" + std::to_string(h.level) + " HP " + std::to_string(h.hp) + "/" +
                    std::to_string(h.max_hp) + " MP " + std::to_string(h.mana) + "/" +
                    std::to_string(h.max_mana) + " ATK " + std::to_string(h.attack) + " XP " +
                    std::to_string(h.xp) + "/" + std::to_string(xp_to_next(content, h.level)) +
                    " potions " + std::to_string(h.health_potions) + "/" +
                    std::to_string(h.mana_potions) + " glyphs ";
  for (int i = 0; i < h.glyph_slots; ++i) {
    const int g = h.glyphs[static_cast<std::size_t>(i)];
    out += (i > 0 ? "," : "") +
           (g < 0 ? std::string("-") : content.spells[static_cast<std::size_t>(g)].id);
  }
  if (h.kill_protect) out += " [protect]";
  if (h.first_strike) out += " [first strike]";
  if (h.power_strike > 0) out += " [power strike]";
  return out;
}

}  // namespace yendor::dd
