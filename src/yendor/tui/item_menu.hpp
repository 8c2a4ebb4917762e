#pragma once
// Menus the game screen opens on top of itself: the pack by letter (for one command, or the
// inventory, whose letters open the item's own actions), a direction prompt (doors) and a
// target cursor (throwing). Each carries out its action through GameScreen::act and closes;
// the game screen then looks at what the action led to (a level-up, the end).

#include <memory>
#include <string>
#include <vector>

#include "yendor/game/session.hpp"
#include "yendor/tui/screen.hpp"

namespace yendor::tui {

class GameScreen;

enum class ItemFilter : std::uint8_t {
  any,
  potions,
  scrolls,
  food,
  equipment,  // weapons and armour
  equipped,   // the wielded weapon and worn armour
  throwable,  // missiles and weapons
};
// Whether `item` of the player's pack belongs in a menu filtered by `f`.
bool item_matches(const game::Game& game, const game::Item& item, ItemFilter f);

class ItemMenu final : public Screen {
 public:
  // `action` ActionType::count: the inventory (a letter opens that item's actions).
  ItemMenu(GameScreen& game_screen, std::shared_ptr<game::Session> session, game::ActionType action,
           ItemFilter filter, std::string title);
  std::string_view name() const override { return "items"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  std::vector<const game::Item*> items() const;

  GameScreen& game_screen_;
  std::shared_ptr<game::Session> session_;
  game::ActionType action_;
  ItemFilter filter_;
  std::string title_;
};

// What can be done with one item: a line per action with its key.
class ItemActions final : public Screen {
 public:
  ItemActions(GameScreen& game_screen, std::shared_ptr<game::Session> session, char letter);
  std::string_view name() const override { return "item"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  GameScreen& game_screen_;
  std::shared_ptr<game::Session> session_;
  char letter_;
};

// "Open which way?": a direction key acts, anything else cancels.
class DirectionPrompt final : public Screen {
 public:
  DirectionPrompt(GameScreen& game_screen, game::ActionType action, std::string verb);
  std::string_view name() const override { return "direction"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  GameScreen& game_screen_;
  game::ActionType action_;
  std::string verb_;
};

// A yes-or-no question on the message line: y carries out `action`, anything else cancels.
class ConfirmPrompt final : public Screen {
 public:
  ConfirmPrompt(GameScreen& game_screen, game::Action action, std::string question);
  std::string_view name() const override { return "confirm"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  GameScreen& game_screen_;
  game::Action action_;
  std::string question_;
};

}  // namespace yendor::tui
