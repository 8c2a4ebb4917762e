#include "yendor/tui/look_screen.hpp"

#include "yendor/game/world.hpp"
#include "yendor/tui/game_screen.hpp"
#include "yendor/tui/keymap.hpp"
#include "yendor/tui/map_view.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {
namespace {

// The nearest monster in view, for a throw's first aim (the player's cell when none).
Point first_target(const game::Game& game) {
  const game::Actor& player = game.state().player;
  Point best = player.pos;
  int best_d = -1;
  for (const game::Actor& m : game.level().monsters)
    if (m.hp > 0 && !m.peaceful && game.view().visible(m.pos)) {
      const int d = chebyshev(m.pos, player.pos);
      if (best_d < 0 || d < best_d) {
        best_d = d;
        best = m.pos;
      }
    }
  return best;
}

}  // namespace

LookScreen::LookScreen(GameScreen& game_screen, std::shared_ptr<game::Session> session,
                       std::optional<game::Action> throwing)
    : game_screen_(game_screen),
      session_(std::move(session)),
      throwing_(throwing),
      cursor_(throwing ? first_target(session_->game()) : session_->game().state().player.pos) {}

void LookScreen::draw(Canvas& canvas) const {
  game_screen_.draw(canvas);
  const GameLayout& layout = game_screen_.layout();
  const Point at = cursor_ - game_screen_.map_origin() + Point{layout.map.x, layout.map.y};
  if (canvas.in_bounds(at)) {
    Cell c = canvas.at(at);
    c.style.reverse = true;
    canvas.put(at, c.ch, c.style);
  }
  const std::string what = describe_cell(session_->game(), cursor_);
  const std::string help = throwing_ ? "  [Enter: throw here, Esc: cancel]" : "  [Esc: done]";
  draw_prompt_line(canvas, layout, what + help, title_style());
}

Transition LookScreen::fire() {
  if (!throwing_) return Transition::pop();
  game::Action a = *throwing_;
  a.target = cursor_;
  game_screen_.act(a);
  return Transition::pop();
}

Transition LookScreen::handle(const Input& input) {
  const Size map = session_->game().level().level.size();
  if (input.kind == InputKind::mouse) {
    const GameLayout& layout = game_screen_.layout();
    if (const auto p = map_cell_at(layout.map, game_screen_.map_origin(), map, input.cell)) {
      cursor_ = *p;
      if (input.click && throwing_) return fire();
    }
    return Transition::stay();
  }
  if (input.kind != InputKind::key) return Transition::stay();
  if (input.is(Key::escape) || (!throwing_ && (input.is(U'x') || input.is(Key::enter))))
    return Transition::pop();
  if (throwing_ && (input.is(Key::enter) || input.is(U'f') || input.is(U'.'))) return fire();
  if (const std::optional<Command> c = command_for(input); c && direction_of(*c) != Point{}) {
    const Point next = cursor_ + direction_of(*c);
    if (next.x >= 0 && next.y >= 0 && next.x < map.width && next.y < map.height) cursor_ = next;
  }
  return Transition::stay();
}

}  // namespace yendor::tui
