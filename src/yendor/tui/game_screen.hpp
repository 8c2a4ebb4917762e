#pragma once
// The game screen: the map (tui/map_view), a sidebar (name, experience, hit points, attributes,
// depth, turn, gold, statuses) and the latest messages; the keys of tui/keymap turned into
// game::Actions through the session, which records and saves them. Item commands open a menu
// of the pack by letter; doors ask for a direction; the mouse describes what is under it.
// A pending level-up opens its screen; the end of the game goes on to the end screen.

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "yendor/game/session.hpp"
#include "yendor/tui/screen.hpp"

namespace yendor::tui {

// Where the parts of the game screen go on a canvas of `size` (at least k_min_size): the
// sidebar keeps 20 columns on the right, the messages 4 rows at the bottom, the map the rest.
struct GameLayout {
  Rect map, sidebar, messages;
};
GameLayout game_layout(Size size);
// A prompt or description on the first message row, over a drawn game screen (the look
// cursor, direction and yes/no prompts).
void draw_prompt_line(Canvas& canvas, const GameLayout& layout, std::string_view text, Style style);

// The game as the player sees it, without input: the map around the player, the sidebar and
// the latest messages, with `top_line` (when not empty) over them and `greeting` in place of
// messages before the first turn. Returns the map cell at the map's top-left. The game screen
// and the replay viewer draw with it.
Point draw_game_view(Canvas& canvas, const GameLayout& layout, const game::Game& game,
                     std::string_view top_line, std::string_view greeting = {});

// What the player knows of map cell `p`, in words ("a goblin, badly wounded", "a closed door",
// "unexplored").
std::string describe_cell(const game::Game& game, Point p);

class GameScreen final : public Screen {
 public:
  // `session` has a game in progress (started or restored).
  explicit GameScreen(std::shared_ptr<game::Session> session);

  std::string_view name() const override { return "game"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;
  void on_stop() override;
  Transition on_resume() override;

  // Carries out one action through the session (the item menus call it).
  void act(const game::Action& action);
  // Where the last draw() put the map, and the map cell at its top-left.
  const GameLayout& layout() const { return layout_; }
  Point map_origin() const { return origin_; }

  const game::Session& session() const { return *session_; }

 private:
  Transition after_action();

  std::shared_ptr<game::Session> session_;
  std::optional<Point> hover_;  // the map cell under the mouse
  mutable GameLayout layout_{};
  mutable Point origin_{};
};

}  // namespace yendor::tui
