#pragma once
// The Desktop Dungeons dungeon as text (docs/dd.md's legend): 20 rows of the grid as the hero
// knows it (or all of it), then the hero's stats. For `yendor bot --watch`, logs and tests.

#include <string>
#include <vector>

#include "yendor/dd/content.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::dd {

// ' ' unrevealed, '.' floor, '#' wall, '@' the hero, '1'-'9' a monster of that level, 'B' the
// boss; items: '!' health potion, '?' mana potion, '+' health powerup, '*' mana powerup,
// '^' attack powerup, '=' a glyph.
char cell_glyph(const State& state, int cell, bool reveal_all = false);
char item_glyph(ItemKind kind);

std::vector<std::string> map_lines(const State& state, bool reveal_all = false);
// "L3 HP 25/30 MP 8/10 ATK 15 XP 4/15 potions 1/1 glyphs fireball,- [protect]"
std::string status_line(const State& state, const Content& content);

}  // namespace yendor::dd
