// The map as the player knows it: what is in view shows bright with its monsters, explored
// cells dim with terrain only, unknown cells blank; the viewport centres on the player within
// the map's edges; the mouse finds the cell under it.
#include "yendor/tui/map_view.hpp"

#include <gtest/gtest.h>

#include "support/game_fixture.hpp"
#include "yendor/tui/colour.hpp"
#include "yendor/tui/game_screen.hpp"

namespace yendor::tui {
namespace {

using game::testing::ascii_game;

TEST(Viewport, CentresOnTheFocusWithinTheEdges) {
  EXPECT_EQ(viewport_origin({200, 100}, {60, 20}, {100, 50}), (Point{70, 40}));
  EXPECT_EQ(viewport_origin({200, 100}, {60, 20}, {3, 2}), (Point{0, 0}));
  EXPECT_EQ(viewport_origin({200, 100}, {60, 20}, {199, 99}), (Point{140, 80}));
  EXPECT_EQ(viewport_origin({40, 10}, {60, 20}, {39, 9}), (Point{0, 0}));  // smaller map
  // Every focus on the map is inside the window it gets.
  for (int f = 0; f < 200; f += 7) {
    const Point o = viewport_origin({200, 100}, {60, 20}, {f, f / 2});
    EXPECT_GE(f, o.x);
    EXPECT_LT(f, o.x + 60);
    EXPECT_GE(f / 2, o.y);
    EXPECT_LT(f / 2, o.y + 20);
  }
}

TEST(MapCellAt, FindsTheCellUnderTheMouse) {
  const Rect area{2, 1, 10, 5};
  EXPECT_EQ(map_cell_at(area, {30, 40}, {100, 100}, {2, 1}), (Point{30, 40}));
  EXPECT_EQ(map_cell_at(area, {30, 40}, {100, 100}, {11, 5}), (Point{39, 44}));
  EXPECT_FALSE(map_cell_at(area, {30, 40}, {100, 100}, {12, 5}).has_value());
  EXPECT_FALSE(map_cell_at(area, {0, 0}, {5, 5}, {8, 2}).has_value());  // past the map
}

TEST(MapView, InViewBrightExploredDimUnknownBlank) {
  game::Game g = ascii_game({
      "##########",
      "#@.......#",
      "####.#####",
      "#........#",
      "##########",
  });
  g.update_view();
  const MapLook player = map_cell_look(g, {1, 1});
  EXPECT_EQ(player.ch, U'@');
  const MapLook floor = map_cell_look(g, {3, 1});
  EXPECT_EQ(floor.ch, tile_info(Tile::floor).glyph);
  EXPECT_EQ(floor.style.fg, tile_info(Tile::floor).color);
  // Round the corner, never seen: blank.
  EXPECT_EQ(map_cell_look(g, {1, 3}).ch, U' ');
  // Explored but out of view: dim terrain.
  g.level().level.flags[{1, 3}] |= cell_flag::explored;
  const MapLook remembered = map_cell_look(g, {1, 3});
  EXPECT_EQ(remembered.ch, tile_info(Tile::floor).glyph);
  EXPECT_EQ(remembered.style.fg, dimmed(tile_info(Tile::floor).color, k_remembered_percent));
  EXPECT_EQ(map_cell_look(g, {-1, 0}).ch, U' ');

  Canvas c({12, 6});
  draw_map(c, {1, 0, 10, 5}, g, {0, 0});
  EXPECT_EQ(c.clipped(), 0);
  EXPECT_EQ(c.at({2, 1}).ch, U'@');
}

TEST(MapView, FoundTrapsShowHiddenOnesDoNot) {
  game::Game g = ascii_game({
      "#######",
      "#@....#",
      "#######",
  });
  g.level().traps.push_back({{3, 1}, game::TrapKind::fire, true});
  g.level().traps.push_back({{5, 1}, game::TrapKind::pit, false});
  g.update_view();
  EXPECT_EQ(map_cell_look(g, {3, 1}).ch, tile_info(Tile::floor).glyph);  // still hidden
  EXPECT_EQ(map_cell_look(g, {5, 1}).ch, U'^');
  EXPECT_NE(describe_cell(g, {5, 1}).find("a pit"), std::string::npos) << describe_cell(g, {5, 1});
  EXPECT_EQ(describe_cell(g, {3, 1}).find("trap"), std::string::npos);
  // Remembered out of view: still there, dim.
  g.level().traps[1].hidden = false;
  g.level().traps[0].hidden = false;
  EXPECT_EQ(map_cell_look(g, {3, 1}).ch, U'^');
  EXPECT_NE(map_cell_look(g, {3, 1}).style.fg, map_cell_look(g, {5, 1}).style.fg);  // kinds differ
}

TEST(MapView, TelepathyShowsMonstersOutOfSight) {
  game::Game g = ascii_game({
      "##########",
      "#@.......#",
      "##########",
      "#......g.#",
      "##########",
  });
  g.update_view();
  ASSERT_FALSE(g.view().visible({7, 3}));
  EXPECT_EQ(map_cell_look(g, {7, 3}).ch, U' ');  // unknown and unsensed
  EXPECT_EQ(describe_cell(g, {7, 3}), "unexplored");
  g.state().player.status[static_cast<std::size_t>(game::Status::telepathy)] = 10;
  EXPECT_TRUE(senses_monsters(g));
  EXPECT_EQ(map_cell_look(g, {7, 3}).ch, U'g');
  EXPECT_NE(describe_cell(g, {7, 3}).find("(sensed)"), std::string::npos)
      << describe_cell(g, {7, 3});
  EXPECT_EQ(map_cell_look(g, {6, 3}).ch, U' ');  // the cells themselves stay unknown
}

}  // namespace
}  // namespace yendor::tui
