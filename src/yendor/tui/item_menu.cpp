#include "yendor/tui/item_menu.hpp"

#include <algorithm>

#include "yendor/game/world.hpp"
#include "yendor/tui/game_screen.hpp"
#include "yendor/tui/keymap.hpp"
#include "yendor/tui/look_screen.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {
namespace {

using game::ActionType;
using game::ItemClass;

ItemClass class_of(const game::Game& game, const game::Item& item) {
  return game.content().items[static_cast<std::size_t>(item.kind)].item_class;
}

// A box in the middle of the map with `lines` in it, over the game screen.
void draw_menu_box(Canvas& canvas, const std::string& title, const std::vector<std::string>& lines,
                   const std::string& footer) {
  int width = std::max(text_width(title) + 6, text_width(footer) + 4);
  for (const std::string& l : lines)
    width = std::max(width, text_width(l) + 4);
  width = std::min(width, canvas.width() - 4);
  const int height = std::min(static_cast<int>(lines.size()) + 4, canvas.height() - 2);
  const Rect box{(canvas.width() - width) / 2, std::max(1, (canvas.height() - height) / 2 - 2),
                 width, height};
  canvas.fill(box, U' ');
  draw_frame(canvas, box, title);
  for (int i = 0; i + 4 <= height && i < static_cast<int>(lines.size()); ++i)
    canvas.text({box.x + 2, box.y + 1 + i}, lines[static_cast<std::size_t>(i)], text_style(),
                width - 4);
  canvas.text({box.x + 2, box.y + height - 2}, footer, dim_style(), width - 4);
}

const game::Item* carried(const game::Game& game, char letter) {
  for (const game::Item& i : game.state().player.inventory)
    if (i.letter == letter) return &i;
  return nullptr;
}

struct ItemVerb {
  char key;
  ActionType action;
  const char* text;
};

// The actions that make sense for an item of class `c` (the rules refuse the rest).
std::vector<ItemVerb> verbs_for(ItemClass c, bool equipped) {
  std::vector<ItemVerb> out;
  if (c == ItemClass::potion) out.push_back({'q', ActionType::quaff, "quaff"});
  if (c == ItemClass::scroll) out.push_back({'r', ActionType::read, "read"});
  if (c == ItemClass::food || c == ItemClass::corpse) out.push_back({'E', ActionType::eat, "eat"});
  if (c == ItemClass::weapon && !equipped) out.push_back({'w', ActionType::wield, "wield"});
  if (c == ItemClass::armour && !equipped) out.push_back({'w', ActionType::wear, "wear"});
  if (equipped) out.push_back({'t', ActionType::take_off, "take off"});
  if (c == ItemClass::missile || c == ItemClass::weapon)
    out.push_back({'f', ActionType::throw_item, "throw"});
  out.push_back({'d', ActionType::drop, "drop"});
  return out;
}

bool is_equipped(const game::Game& game, const game::Item& item) {
  const game::Actor& p = game.state().player;
  return item.id != 0 && (item.id == p.wielded || item.id == p.worn);
}

// Acts with the item, or for a throw first asks where.
Transition use_item(GameScreen& screen, const std::shared_ptr<game::Session>& session,
                    ActionType action, const game::Item& item) {
  game::Action a;
  a.type = action;
  a.item = item.letter;
  if (action == ActionType::wield && class_of(session->game(), item) == ItemClass::armour)
    a.type = ActionType::wear;
  if (action == ActionType::throw_item)
    return Transition::replace(std::make_unique<LookScreen>(screen, session, a));
  screen.act(a);
  return Transition::pop();
}

}  // namespace

bool item_matches(const game::Game& game, const game::Item& item, ItemFilter f) {
  const ItemClass c = class_of(game, item);
  switch (f) {
    case ItemFilter::any:
      return true;
    case ItemFilter::potions:
      return c == ItemClass::potion;
    case ItemFilter::scrolls:
      return c == ItemClass::scroll;
    case ItemFilter::food:
      return c == ItemClass::food || c == ItemClass::corpse;
    case ItemFilter::equipment:
      return (c == ItemClass::weapon || c == ItemClass::armour) && !is_equipped(game, item);
    case ItemFilter::equipped:
      return is_equipped(game, item);
    case ItemFilter::throwable:
      return c == ItemClass::missile || c == ItemClass::weapon;
  }
  return false;
}

ItemMenu::ItemMenu(GameScreen& game_screen, std::shared_ptr<game::Session> session,
                   game::ActionType action, ItemFilter filter, std::string title)
    : game_screen_(game_screen),
      session_(std::move(session)),
      action_(action),
      filter_(filter),
      title_(std::move(title)) {}

std::vector<const game::Item*> ItemMenu::items() const {
  std::vector<const game::Item*> out;
  const game::Game& game = session_->game();
  for (const game::Item& i : game.state().player.inventory)
    if (item_matches(game, i, filter_)) out.push_back(&i);
  return out;
}

void ItemMenu::draw(Canvas& canvas) const {
  game_screen_.draw(canvas);
  const game::Game& game = session_->game();
  std::vector<std::string> lines;
  for (const game::Item* i : items()) {
    std::string line = std::string(1, i->letter) + " - " + game::item_name(game.content(), *i);
    if (is_equipped(game, *i))
      line += i->id == game.state().player.wielded ? " (wielded)" : " (worn)";
    lines.push_back(line);
  }
  if (lines.empty()) lines.push_back("(nothing that will do)");
  const std::string footer = action_ == ActionType::count ? "a letter: its actions · Esc: close"
                                                          : "a letter: choose · Esc: cancel";
  draw_menu_box(canvas, title_, lines, footer);
}

Transition ItemMenu::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  if (input.is(Key::escape) || input.is(U' ') || input.is(Key::enter)) return Transition::pop();
  for (const game::Item* i : items())
    if (input.key == static_cast<char32_t>(i->letter)) {
      if (action_ == ActionType::count)
        return Transition::replace(
            std::make_unique<ItemActions>(game_screen_, session_, i->letter));
      return use_item(game_screen_, session_, action_, *i);
    }
  return Transition::stay();
}

ItemActions::ItemActions(GameScreen& game_screen, std::shared_ptr<game::Session> session,
                         char letter)
    : game_screen_(game_screen), session_(std::move(session)), letter_(letter) {}

void ItemActions::draw(Canvas& canvas) const {
  game_screen_.draw(canvas);
  const game::Game& game = session_->game();
  const game::Item* item = carried(game, letter_);
  if (item == nullptr) return;
  std::vector<std::string> lines;
  for (const ItemVerb& v : verbs_for(class_of(game, *item), is_equipped(game, *item)))
    lines.push_back(std::string(1, v.key) + " - " + v.text);
  draw_menu_box(canvas, game::item_name(game.content(), *item), lines, "Esc: back");
}

Transition ItemActions::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  if (input.is(Key::escape)) return Transition::pop();
  const game::Game& game = session_->game();
  const game::Item* item = carried(game, letter_);
  if (item == nullptr) return Transition::pop();
  for (const ItemVerb& v : verbs_for(class_of(game, *item), is_equipped(game, *item)))
    if (input.key == static_cast<char32_t>(v.key))
      return use_item(game_screen_, session_, v.action, *item);
  return Transition::stay();
}

DirectionPrompt::DirectionPrompt(GameScreen& game_screen, game::ActionType action, std::string verb)
    : game_screen_(game_screen), action_(action), verb_(std::move(verb)) {}

void DirectionPrompt::draw(Canvas& canvas) const {
  game_screen_.draw(canvas);
  draw_prompt_line(canvas, game_screen_.layout(),
                   verb_ + " which way? (a direction key; Esc cancels)", title_style());
}

Transition DirectionPrompt::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  if (const std::optional<Command> c = command_for(input); c && direction_of(*c) != Point{}) {
    game::Action a;
    a.type = action_;
    a.dir = direction_of(*c);
    game_screen_.act(a);
  }
  return Transition::pop();
}

ConfirmPrompt::ConfirmPrompt(GameScreen& game_screen, game::Action action, std::string question)
    : game_screen_(game_screen), action_(action), question_(std::move(question)) {}

void ConfirmPrompt::draw(Canvas& canvas) const {
  game_screen_.draw(canvas);
  draw_prompt_line(canvas, game_screen_.layout(), question_ + " (y/n)", warning_style());
}

Transition ConfirmPrompt::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  if (input.is(U'y') || input.is(U'Y')) game_screen_.act(action_);
  return Transition::pop();
}

}  // namespace yendor::tui
