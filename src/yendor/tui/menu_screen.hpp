#pragma once
// The title and main menu (thesis 5.2's workflow as a state machine): new game, continue when
// a save exists, high scores, options, help, quit; and the new-game setup (name; seed, blank
// meaning a random one, shown in the game's sidebar; difficulty; the dungeon recipe or one
// generator for every level; map size). A saved game must be continued (or finished) before
// a new one starts: one game at a time, as the save is the game (permadeath).

#include <memory>
#include <string>

#include "yendor/game/content.hpp"
#include "yendor/game/session.hpp"
#include "yendor/tui/form.hpp"
#include "yendor/tui/screen.hpp"
#include "yendor/tui/settings.hpp"

namespace yendor::tui {

// What the new-game setup shows first (`yendor play --name --seed --difficulty --generator
// --size`).
struct NewGameDefaults {
  std::string name = "Adventurer";
  std::string seed;  // as typed: a number or any text; empty: a random one
  game::DungeonSetup setup;
};

class MenuScreen final : public Screen {
 public:
  // `settings`: the display options the options screen edits (and App applies); null for
  // the defaults, not kept.
  MenuScreen(std::shared_ptr<const game::Content> content, std::string game_dir,
             NewGameDefaults defaults = {}, std::shared_ptr<DisplaySettings> settings = nullptr);
  std::string_view name() const override { return "menu"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;
  Transition on_resume() override;

 private:
  struct Item {
    char32_t key;
    std::string text;
  };
  std::vector<Item> items() const;
  Transition choose(char32_t key);
  bool has_save() const;

  std::shared_ptr<const game::Content> content_;
  std::string dir_;
  std::shared_ptr<game::Session> session_;  // for the score list's path and the saved game
  NewGameDefaults defaults_;
  std::shared_ptr<DisplaySettings> settings_;
  int selected_ = 0;
  std::string notice_;
};

class NewGameScreen final : public Screen {
 public:
  NewGameScreen(std::shared_ptr<game::Session> session, const NewGameDefaults& defaults);
  std::string_view name() const override { return "new_game"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  // The options the form's fields say (InputError for a seed or size that is no good).
  game::GameOptions chosen_options() const;

  std::shared_ptr<game::Session> session_;
  Form form_;                            // name, seed, difficulty, dungeon, map size
  std::vector<std::string> generators_;  // the dungeon field's choices after the recipe
  std::vector<Size> sizes_;              // the size field's choices after the recipe's
  std::string error_;
};

}  // namespace yendor::tui
