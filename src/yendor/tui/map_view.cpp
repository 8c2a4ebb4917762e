#include "yendor/tui/map_view.hpp"

#include <algorithm>

#include "yendor/game/world.hpp"
#include "yendor/tui/colour.hpp"

namespace yendor::tui {
namespace {

Style lit(Rgb fg) {
  Style s;
  s.fg = fg;
  return s;
}

}  // namespace

Point viewport_origin(Size map, Size view, Point focus) {
  const auto axis = [](int map_side, int view_side, int f) {
    if (map_side <= view_side) return 0;
    return std::clamp(f - view_side / 2, 0, map_side - view_side);
  };
  return {axis(map.width, view.width, focus.x), axis(map.height, view.height, focus.y)};
}

namespace {

// A monster's look: its kind's glyph and colour (the same letter in other colours for other
// kinds, as the thesis's brown orc and blue orc chieftain).
std::optional<MapLook> monster_look(const game::Game& game, Point p) {
  const game::LevelState& level = game.level();
  const game::ActorId id = game::occupant_at(level, p);
  if (id == 0 || id == game::k_player_id) return std::nullopt;
  const game::Actor* m = game::find_monster(level, id);
  if (m == nullptr || m->kind < 0) return std::nullopt;
  const game::MonsterKind& kind = game.content().monsters[static_cast<std::size_t>(m->kind)];
  return MapLook{static_cast<char32_t>(kind.glyph), lit(kind.color)};
}

Rgb trap_colour(game::TrapKind kind) {
  switch (kind) {
    case game::TrapKind::teleport:
      return {200, 80, 255};
    case game::TrapKind::fire:
      return {255, 110, 30};
    case game::TrapKind::poison_needle:
      return {80, 220, 80};
    case game::TrapKind::alarm:
      return {255, 230, 60};
    default:
      return {230, 60, 60};
  }
}

}  // namespace

bool senses_monsters(const game::Game& game) {
  return game::status_turns(game.state().player, game::Status::telepathy) > 0;
}

MapLook map_cell_look(const game::Game& game, Point p) {
  const game::LevelState& level = game.level();
  const Level& map = level.level;
  if (!map.in_bounds(p)) return {};
  const bool seen = game.view().visible(p);
  const game::GameState& s = game.state();
  if (seen && p == s.player.pos) return {U'@', lit({255, 255, 255})};
  if (seen || senses_monsters(game))
    if (const std::optional<MapLook> monster = monster_look(game, p)) return *monster;
  if (!seen && (map.flags[p] & cell_flag::explored) == 0) return {};
  const game::Content& content = game.content();
  if (seen) {
    const std::vector<std::size_t> here = game::items_at(level, p);
    if (!here.empty()) {
      const game::Item& item = level.items[here.back()];
      const game::ItemKind& kind = content.items[static_cast<std::size_t>(item.kind)];
      return {static_cast<char32_t>(kind.glyph), lit(kind.color)};
    }
  }
  if (const game::Trap* trap = game::trap_at(level, p); trap != nullptr && !trap->hidden) {
    const Rgb colour = trap_colour(trap->kind);
    return {U'^', lit(seen ? colour : dimmed(colour, k_remembered_percent))};
  }
  const TileInfo& info = tile_info(map.tiles[p]);
  return {info.glyph, lit(seen ? info.color : dimmed(info.color, k_remembered_percent))};
}

void draw_map(Canvas& canvas, Rect area, const game::Game& game, Point origin) {
  for (int y = 0; y < area.height; ++y)
    for (int x = 0; x < area.width; ++x) {
      const MapLook look = map_cell_look(game, origin + Point{x, y});
      canvas.put({area.x + x, area.y + y}, look.ch, look.style);
    }
}

std::optional<Point> map_cell_at(Rect area, Point origin, Size map, Point screen) {
  if (screen.x < area.x || screen.y < area.y || screen.x >= area.x + area.width ||
      screen.y >= area.y + area.height)
    return std::nullopt;
  const Point p = origin + Point{screen.x - area.x, screen.y - area.y};
  if (p.x < 0 || p.y < 0 || p.x >= map.width || p.y >= map.height) return std::nullopt;
  return p;
}

}  // namespace yendor::tui
