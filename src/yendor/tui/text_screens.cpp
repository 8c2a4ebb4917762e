#include "yendor/tui/text_screens.hpp"

#include <algorithm>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"
#include "yendor/tui/game_screen.hpp"
#include "yendor/tui/keymap.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {

void PagedText::draw(Canvas& canvas) const {
  const Rect frame{0, 0, canvas.width(), canvas.height()};
  draw_frame(canvas, frame, title());
  const int width = canvas.width() - 4;
  const std::vector<std::string> all = lines(width);
  page_ = std::max(1, canvas.height() - 3);
  const int last_top = std::max(0, static_cast<int>(all.size()) - page_);
  if (top_ < 0) top_ = starts_at_end() ? last_top : 0;
  top_ = std::clamp(top_, 0, last_top);
  for (int i = 0; i < page_ && top_ + i < static_cast<int>(all.size()); ++i)
    canvas.text({2, 1 + i}, all[static_cast<std::size_t>(top_ + i)], text_style(), width);
  const std::string footer = "Up/Down, PgUp/PgDn: scroll · Esc: close";
  canvas.text({2, canvas.height() - 2}, footer, dim_style(), width);
}

Transition PagedText::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  if (input.is(Key::escape) || input.is(Key::enter) || input.is(U'q')) return Transition::pop();
  if (input.is(Key::up) || input.is(U'k')) --top_;
  if (input.is(Key::down) || input.is(U'j')) ++top_;
  if (input.is(Key::page_up)) top_ -= page_;
  if (input.is(Key::page_down) || input.is(U' ')) top_ += page_;
  top_ = std::max(0, top_);  // the bottom is clamped at the next draw
  return Transition::stay();
}

std::vector<std::string> HelpScreen::lines(int width) const {
  std::vector<std::string> out;
  int keys_width = 0;
  for (const Binding& b : game_bindings())
    keys_width = std::max(keys_width, text_width(keys_text(b)));
  keys_width = std::min(keys_width, width / 2);
  for (const Binding& b : game_bindings()) {
    std::string keys = keys_text(b);
    keys.resize(keys.size() + static_cast<std::size_t>(std::max(0, keys_width - text_width(keys))),
                ' ');
    out.push_back(keys + "  " + std::string(b.help));
  }
  out.emplace_back();
  for (const std::string& l :
       wrap("The mouse: point at a cell to see what is there. Bumping a monster attacks it; "
            "bumping a closed door opens it.",
            width))
    out.push_back(l);
  return out;
}

std::vector<std::string> MessagesScreen::lines(int width) const {
  std::vector<std::string> out;
  for (const std::string_view m : session_->game().state().messages)
    for (const std::string& l : wrap(m, width))
      out.push_back(l);
  if (out.empty()) out.emplace_back("(no messages yet)");
  return out;
}

std::vector<std::string> CharacterScreen::lines(int width) const {
  const game::Game& game = session_->game();
  const game::GameState& s = game.state();
  const game::Actor& p = s.player;
  std::vector<std::string> out{
      s.info.name,
      "Experience level " + std::to_string(p.level) + ", " + std::to_string(p.xp) +
          " points (next at " + std::to_string(game::xp_threshold(p.level + 1)) + ")",
      "Hit points " + std::to_string(p.hp) + " of " + std::to_string(p.max_hp),
      "Strength " + std::to_string(p.attr.str) + ", dexterity " + std::to_string(p.attr.dex) +
          ", constitution " + std::to_string(p.attr.con),
      "Depth " + std::to_string(s.depth) + " (deepest " + std::to_string(s.info.deepest) + ") of " +
          std::to_string(s.levels),
      "Turns " + std::to_string(s.info.turns) + ", kills " + std::to_string(s.info.kills) +
          ", gold " + std::to_string(p.gold),
      "Seed " + std::to_string(s.seed),
  };
  for (const game::Item& i : p.inventory)
    if (i.id == p.wielded) out.push_back("Wielding " + game::item_name(game.content(), i));
  for (const game::Item& i : p.inventory)
    if (i.id == p.worn) out.push_back("Wearing " + game::item_name(game.content(), i));
  std::vector<std::string> wrapped;
  for (const std::string& l : out)
    for (const std::string& w : wrap(l, width))
      wrapped.push_back(w);
  return wrapped;
}

LevelUpScreen::LevelUpScreen(GameScreen& game_screen, std::shared_ptr<game::Session> session)
    : game_screen_(game_screen), session_(std::move(session)) {}

void LevelUpScreen::draw(Canvas& canvas) const {
  const game::Actor& p = session_->game().state().player;
  draw_centred(canvas, 3, "You reach experience level " + std::to_string(p.level) + "!",
               title_style());
  draw_centred(canvas, 5, "Choose what grows:", text_style());
  const std::string rows[] = {
      "1 or s - Strength      " + std::to_string(p.attr.str) + " -> " +
          std::to_string(p.attr.str + 1) + "  (harder blows)",
      "2 or d - Dexterity     " + std::to_string(p.attr.dex) + " -> " +
          std::to_string(p.attr.dex + 1) + "  (hit and dodge)",
      "3 or c - Constitution  " + std::to_string(p.attr.con) + " -> " +
          std::to_string(p.attr.con + 1) + "  (more hit points)",
  };
  for (int i = 0; i < 3; ++i)
    canvas.text({12, 7 + 2 * i}, rows[i], text_style(), canvas.width() - 14);
}

Transition LevelUpScreen::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  int choice = -1;
  if (input.is(U'1') || input.is(U's')) choice = 0;
  if (input.is(U'2') || input.is(U'd')) choice = 1;
  if (input.is(U'3') || input.is(U'c')) choice = 2;
  if (choice < 0) return Transition::stay();
  game::Action a;
  a.type = game::ActionType::raise;
  a.choice = choice;
  game_screen_.act(a);
  return Transition::pop();
}

}  // namespace yendor::tui
