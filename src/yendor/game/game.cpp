#include "yendor/game/game.hpp"

#include <utility>

#include "yendor/fov/fov.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using Handler = int (*)(Game&, const Action&);

// One handler per ActionType, in enum order.
constexpr Handler k_handlers[k_action_type_count] = {
    do_wait,    do_move,   do_rest, do_search,   do_pick_up, do_drop, do_quaff, do_read,
    do_eat,     do_wield,  do_wear, do_take_off, do_throw,   do_open, do_close, do_operate,
    do_descend, do_ascend, do_pray, do_drink,    do_buy,     do_sell, do_raise, do_quit,
};

}  // namespace

Game::Game(std::shared_ptr<const Content> content, const GameOptions& options)
    : content_(std::move(content)) {
  start_new_game(*this, options);
  if (options.start_depth > 1) {
    change_level(*this, options.start_depth, true);
    events_.clear();  // arriving there is where the game starts, not an event of it
  }
  update_view();
}

Game::Game(std::shared_ptr<const Content> content, GameState state)
    : content_(std::move(content)), state_(std::move(state)) {
  rebuild_caches(state_);
  update_view();
}

const std::vector<Event>& Game::step(const Action& action) {
  events_.clear();
  tracking_.clear_noise();  // a step hears its own noises
  if (over()) {
    emit(*this, {EventKind::refused, k_player_id, 0, state_.player.pos, 0, "The game is over."});
    return events_;
  }
  const auto index = static_cast<std::size_t>(action.type);
  if (index >= k_action_type_count) {
    emit(*this, {EventKind::refused, k_player_id, 0, state_.player.pos, 0, "Unknown action."});
    return events_;
  }
  const int cost = k_handlers[index](*this, action);
  if (cost > 0 && !over()) {
    ++state_.info.turns;
    state_.player.next_time = state_.time + action_delay(state_.player, cost);
    run_until_player(*this);
  }
  sweep_dead(*this);
  update_view();
  return events_;
}

bool Game::accepts(const Action& action) {
  const auto index = static_cast<std::size_t>(action.type);
  if (over() || index >= k_action_type_count) return false;
  const std::size_t events = events_.size();
  probing_ = true;
  const int cost = k_handlers[index](*this, action);
  probing_ = false;
  events_.resize(events);  // the refusal a refused handler emitted
  return cost > 0;
}

void Game::update_view() {
  if (state_.depth < 1 || static_cast<std::size_t>(state_.depth) > state_.dungeon.size()) return;
  LevelState& here = level();
  const ViewKey key{state_.depth, state_.player.pos, here.epoch.value};
  if (key != view_key_) {
    static const fov::FovAlgorithm& algorithm = fov::builtin_fovs().get(fov::k_default_fov);
    algorithm.compute(here.opacity, state_.player.pos, fov::FovOptions{k_player_vision}, view_);
    Grid<std::uint16_t>& flags = here.level.flags;
    view_.for_each([&flags](Point p) { flags[p] |= cell_flag::explored; });
    view_key_ = key;
    ++view_version_;
  }
  tracking_.lay_scent(*this);
}

}  // namespace yendor::game
