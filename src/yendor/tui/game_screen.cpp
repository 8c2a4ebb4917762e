#include "yendor/tui/game_screen.hpp"

#include <algorithm>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"
#include "yendor/tui/end_screen.hpp"
#include "yendor/tui/item_menu.hpp"
#include "yendor/tui/keymap.hpp"
#include "yendor/tui/look_screen.hpp"
#include "yendor/tui/map_view.hpp"
#include "yendor/tui/text_screens.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {
namespace {

constexpr int k_sidebar_width = 20;
constexpr int k_message_rows = 4;

std::string health_word(int hp, int max_hp) {
  if (max_hp <= 0 || hp >= max_hp) return "unhurt";
  const int percent = hp * 100 / max_hp;
  if (percent >= 75) return "lightly wounded";
  if (percent >= 40) return "wounded";
  if (percent >= 15) return "badly wounded";
  return "almost dead";
}

void draw_sidebar(Canvas& canvas, Rect r, const game::Game& game) {
  const game::GameState& s = game.state();
  const game::Actor& p = s.player;
  int y = r.y;
  const auto line = [&](const std::string& text, Style style = text_style()) {
    if (y < r.y + r.height) canvas.text({r.x, y++}, text, style, r.width);
  };
  line(s.info.name, title_style());
  line("Level " + std::to_string(p.level) + "  XP " + std::to_string(p.xp) + "/" +
       std::to_string(game::xp_threshold(p.level + 1)));
  line("HP " + std::to_string(p.hp) + "/" + std::to_string(p.max_hp),
       p.hp * 4 <= p.max_hp ? warning_style() : text_style());
  if (y < r.y + r.height) {
    const Rgb fill = p.hp * 4 <= p.max_hp ? Rgb{220, 60, 60} : Rgb{80, 200, 80};
    draw_bar(canvas, {r.x, y++}, r.width, p.hp, p.max_hp, fill);
  }
  line("STR " + std::to_string(p.attr.str) + " DEX " + std::to_string(p.attr.dex) + " CON " +
       std::to_string(p.attr.con));
  line("Depth " + std::to_string(s.depth) + " of " + std::to_string(s.levels));
  line("Turn " + std::to_string(s.info.turns));
  line("Gold " + std::to_string(p.gold));
  if (s.setup.difficulty != game::Difficulty::normal)
    line(std::string(game::to_string(s.setup.difficulty)) + " game", dim_style());
  if (s.info.pending_raises > 0) line("Level up pending!", title_style());
  for (std::size_t i = 0; i < game::k_status_count; ++i)
    if (p.status[i] > 0)
      line(std::string(game::to_string(static_cast<game::Status>(i))) + " (" +
               std::to_string(p.status[i]) + ")",
           dim_style());
  // The seed at the foot: a game can be played again from it.
  if (y < r.y + r.height)
    canvas.text({r.x, r.y + r.height - 1}, "Seed " + std::to_string(s.seed), dim_style(), r.width);
}

void draw_messages(Canvas& canvas, Rect r, const game::Game& game, std::string_view look,
                   std::string_view greeting) {
  const game::MessageLog& all = game.state().messages;
  // The newest at the bottom; long messages wrap; the look line, when any, on top.
  std::vector<std::string> lines;
  for (std::size_t i = all.size(); i > 0 && static_cast<int>(lines.size()) < r.height; --i) {
    const std::vector<std::string> wrapped = wrap(all[i - 1], r.width);
    for (auto w = wrapped.rbegin(); w != wrapped.rend(); ++w)
      lines.push_back(*w);
  }
  if (lines.empty() && game.state().info.turns == 0 && !greeting.empty())
    lines.emplace_back(greeting);
  int rows = r.height;
  if (!look.empty()) {
    canvas.text({r.x, r.y}, look, title_style(), r.width);
    --rows;
  }
  for (int i = 0; i < rows && i < static_cast<int>(lines.size()); ++i) {
    const Style style = i == 0 ? text_style() : dim_style();
    canvas.text({r.x, r.y + r.height - 1 - i}, lines[static_cast<std::size_t>(i)], style, r.width);
  }
}

game::Action simple(game::ActionType type) {
  game::Action a;
  a.type = type;
  return a;
}

}  // namespace

GameLayout game_layout(Size size) {
  const int map_width = std::max(1, size.width - k_sidebar_width - 1);
  const int map_height = std::max(1, size.height - k_message_rows);
  return {{0, 0, map_width, map_height},
          {map_width + 1, 0, k_sidebar_width, map_height},
          {0, map_height, size.width, k_message_rows}};
}

std::string describe_cell(const game::Game& game, Point p) {
  const game::LevelState& level = game.level();
  const Level& map = level.level;
  if (!map.in_bounds(p)) return "";
  const bool seen = game.view().visible(p);
  if (seen && p == game.state().player.pos) return "you";
  std::string what;
  if (seen || senses_monsters(game))
    if (const game::ActorId id = game::occupant_at(level, p); id != 0 && id != game::k_player_id)
      if (const game::Actor* m = game::find_monster(level, id); m != nullptr)
        what = game::actor_name(game, *m) + ", " + health_word(m->hp, m->max_hp) +
               (seen ? "" : " (sensed)");
  if (!seen && (map.flags[p] & cell_flag::explored) == 0) return what.empty() ? "unexplored" : what;
  if (seen)
    for (const std::size_t i : game::items_at(level, p))
      what += (what.empty() ? "" : "; ") + game::item_name(game.content(), level.items[i]);
  if (const game::Trap* trap = game::trap_at(level, p); trap != nullptr && !trap->hidden)
    what += (what.empty() ? "" : "; ") + std::string("a ") + game::trap_name(trap->kind);
  std::string terrain(tile_info(map.tiles[p]).name);
  std::replace(terrain.begin(), terrain.end(), '_', ' ');
  what += (what.empty() ? "" : " on ") + terrain;
  return seen ? what : what + " (remembered)";
}

void draw_prompt_line(Canvas& canvas, const GameLayout& layout, std::string_view text,
                      Style style) {
  const Rect line{layout.messages.x, layout.messages.y, layout.messages.width, 1};
  canvas.fill(line, U' ');
  canvas.text({line.x, line.y}, text, style, line.width);
}

GameScreen::GameScreen(std::shared_ptr<game::Session> session) : session_(std::move(session)) {}

Point draw_game_view(Canvas& canvas, const GameLayout& layout, const game::Game& game,
                     std::string_view top_line, std::string_view greeting) {
  const Point origin = viewport_origin(
      game.level().level.size(), {layout.map.width, layout.map.height}, game.state().player.pos);
  draw_map(canvas, layout.map, game, origin);
  draw_sidebar(canvas, layout.sidebar, game);
  draw_messages(canvas, layout.messages, game, top_line, greeting);
  return origin;
}

void GameScreen::draw(Canvas& canvas) const {
  const game::Game& game = session_->game();
  layout_ = game_layout(canvas.size());
  const std::string look = hover_ ? describe_cell(game, *hover_) : "";
  const std::string welcome = "Welcome, " + game.state().info.name +
                              ". Find the way down; ? lists the keys, S saves and quits.";
  origin_ = draw_game_view(canvas, layout_, game, look, welcome);
}

void GameScreen::act(const game::Action& action) {
  if (!session_->has_game() || session_->end()) return;
  session_->step(action);
}

Transition GameScreen::after_action() {
  if (session_->end()) return Transition::replace(std::make_unique<EndScreen>(session_));
  if (session_->game().state().info.pending_raises > 0)
    return Transition::push(std::make_unique<LevelUpScreen>(*this, session_));
  return Transition::stay();
}

Transition GameScreen::on_resume() {
  return after_action();
}

void GameScreen::on_stop() {
  if (session_->has_game() && !session_->end()) session_->save();
}

Transition GameScreen::handle(const Input& input) {
  if (input.kind == InputKind::mouse) {
    hover_ = map_cell_at(layout_.map, origin_, session_->game().level().level.size(), input.cell);
    return Transition::stay();
  }
  const std::optional<Command> command = command_for(input);
  if (!command) return Transition::stay();
  hover_.reset();
  using game::ActionType;
  const auto item_command = [&](ActionType type, ItemFilter filter, std::string title) {
    return Transition::push(
        std::make_unique<ItemMenu>(*this, session_, type, filter, std::move(title)));
  };
  switch (*command) {
    case Command::move_n:
    case Command::move_s:
    case Command::move_e:
    case Command::move_w:
    case Command::move_ne:
    case Command::move_nw:
    case Command::move_se:
    case Command::move_sw: {
      game::Action a = simple(ActionType::move);
      a.dir = direction_of(*command);
      act(a);
      break;
    }
    case Command::wait:
      act(simple(ActionType::wait));
      break;
    case Command::rest:
      act(simple(ActionType::rest));
      break;
    case Command::search:
      act(simple(ActionType::search));
      break;
    case Command::pick_up:
      act(simple(ActionType::pick_up));
      break;
    case Command::descend:
      act(simple(ActionType::descend));
      break;
    case Command::ascend:
      act(simple(ActionType::ascend));
      break;
    case Command::pray:
      act(simple(ActionType::pray));
      break;
    case Command::drink:
      act(simple(ActionType::drink));
      break;
    case Command::buy:
      act(simple(ActionType::buy));
      break;
    case Command::operate:
      act(simple(ActionType::operate));
      break;
    case Command::drop:
      return item_command(ActionType::drop, ItemFilter::any, "Drop what?");
    case Command::inventory:
      return item_command(ActionType::count, ItemFilter::any, "Inventory");
    case Command::quaff:
      return item_command(ActionType::quaff, ItemFilter::potions, "Quaff what?");
    case Command::read:
      return item_command(ActionType::read, ItemFilter::scrolls, "Read what?");
    case Command::eat:
      return item_command(ActionType::eat, ItemFilter::food, "Eat what?");
    case Command::wield_or_wear:
      return item_command(ActionType::wield, ItemFilter::equipment, "Wield or wear what?");
    case Command::take_off:
      return item_command(ActionType::take_off, ItemFilter::equipped, "Take off what?");
    case Command::sell:
      return item_command(ActionType::sell, ItemFilter::any, "Sell what?");
    case Command::throw_item:
      return item_command(ActionType::throw_item, ItemFilter::throwable, "Throw what?");
    case Command::open_door:
      return Transition::push(std::make_unique<DirectionPrompt>(*this, ActionType::open, "Open"));
    case Command::close_door:
      return Transition::push(std::make_unique<DirectionPrompt>(*this, ActionType::close, "Close"));
    case Command::look:
      return Transition::push(std::make_unique<LookScreen>(*this, session_));
    case Command::messages:
      return Transition::push(std::make_unique<MessagesScreen>(session_));
    case Command::character:
      return Transition::push(std::make_unique<CharacterScreen>(session_));
    case Command::help:
      return Transition::push(std::make_unique<HelpScreen>());
    case Command::save_and_quit:
      session_->save();
      return Transition::pop();
    case Command::quit_game:
      return Transition::push(std::make_unique<ConfirmPrompt>(
          *this, simple(ActionType::quit), "Give up this game for good? It ends as if you died."));
  }
  return after_action();
}

}  // namespace yendor::tui
