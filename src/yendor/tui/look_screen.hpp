#pragma once
// Looking around (thesis 2.1.3): a cursor on the map, moved by the direction keys or the
// mouse, and a line saying what the player knows of the cell under it. Opened to aim a throw,
// Enter (or f, or a click) throws at the cell; Esc cancels.

#include <memory>
#include <optional>

#include "yendor/game/session.hpp"
#include "yendor/tui/screen.hpp"

namespace yendor::tui {

class GameScreen;

class LookScreen final : public Screen {
 public:
  LookScreen(GameScreen& game_screen, std::shared_ptr<game::Session> session,
             std::optional<game::Action> throwing = std::nullopt);
  std::string_view name() const override { return throwing_ ? "aim" : "look"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;
  Point cursor() const { return cursor_; }

 private:
  Transition fire();

  GameScreen& game_screen_;
  std::shared_ptr<game::Session> session_;
  std::optional<game::Action> throwing_;
  Point cursor_;
};

}  // namespace yendor::tui
