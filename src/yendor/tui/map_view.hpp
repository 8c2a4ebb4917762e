#pragma once
// The player's picture of the current level, drawn into a rectangle of the canvas: cells in
// view bright (terrain, the top item, a monster, the player), explored cells out of view dim
// (terrain and found traps: what is there now, since the game keeps no picture of items and
// monsters last seen), unknown cells blank. Found traps show as '^' in their kind's colour;
// under telepathy every monster of the level shows wherever it is, even on unknown cells. On a
// level larger than the rectangle the viewport follows the player, centred and clamped to the map's
// edges (thesis 3.7).

#include <optional>

#include "yendor/core/geometry.hpp"
#include "yendor/game/game.hpp"
#include "yendor/tui/canvas.hpp"

namespace yendor::tui {

// The map cell shown at the top-left of a `view`-sized window on a `map`-sized level, so that
// `focus` is as near the centre as the map's edges allow (a map smaller than the window sits
// at the top-left: origin 0).
Point viewport_origin(Size map, Size view, Point focus);

// The brightness of remembered cells, in percent of the lit colour.
inline constexpr int k_remembered_percent = 45;

struct MapLook {
  char32_t ch = U' ';
  Style style;
};
// True while the player senses every monster of the level (telepathy).
bool senses_monsters(const game::Game& game);

// What the player's picture shows at map cell `p` (blank when unknown or outside).
MapLook map_cell_look(const game::Game& game, Point p);

// Draws the level into `area` with `origin` at its top-left.
void draw_map(Canvas& canvas, Rect area, const game::Game& game, Point origin);

// The map cell under screen cell `screen` (nullopt outside `area` or the map).
std::optional<Point> map_cell_at(Rect area, Point origin, Size map, Point screen);

}  // namespace yendor::tui
