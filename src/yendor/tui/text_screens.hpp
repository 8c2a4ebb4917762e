#pragma once
// Full screens of text the game screen opens: help (printed from the key table), the message
// history (scrolled), the character sheet, and the level-up choice.

#include <memory>
#include <string>
#include <vector>

#include "yendor/game/session.hpp"
#include "yendor/tui/screen.hpp"

namespace yendor::tui {

class GameScreen;

// Lines shown a page at a time: Up/Down/PgUp/PgDn (or j/k) scroll, Esc or Enter closes.
class PagedText : public Screen {
 public:
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 protected:
  virtual std::string title() const = 0;
  virtual std::vector<std::string> lines(int width) const = 0;
  // Where a fresh screen starts: the top, or the end (the newest messages).
  virtual bool starts_at_end() const { return false; }

 private:
  mutable int top_ = -1;  // first line shown; -1 until the first draw
  mutable int page_ = 1;
};

class HelpScreen final : public PagedText {
 public:
  std::string_view name() const override { return "help"; }

 protected:
  std::string title() const override { return "Keys"; }
  std::vector<std::string> lines(int width) const override;
};

class MessagesScreen final : public PagedText {
 public:
  explicit MessagesScreen(std::shared_ptr<game::Session> session) : session_(std::move(session)) {}
  std::string_view name() const override { return "messages"; }

 protected:
  std::string title() const override { return "Messages"; }
  std::vector<std::string> lines(int width) const override;
  bool starts_at_end() const override { return true; }

 private:
  std::shared_ptr<game::Session> session_;
};

class CharacterScreen final : public PagedText {
 public:
  explicit CharacterScreen(std::shared_ptr<game::Session> session) : session_(std::move(session)) {}
  std::string_view name() const override { return "character"; }

 protected:
  std::string title() const override { return "Character"; }
  std::vector<std::string> lines(int width) const override;

 private:
  std::shared_ptr<game::Session> session_;
};

// The thesis's prototype (2.1.6): at each level, +1 to STR, DEX or CON, chosen by the player.
class LevelUpScreen final : public Screen {
 public:
  LevelUpScreen(GameScreen& game_screen, std::shared_ptr<game::Session> session);
  std::string_view name() const override { return "level_up"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  GameScreen& game_screen_;
  std::shared_ptr<game::Session> session_;
};

}  // namespace yendor::tui
