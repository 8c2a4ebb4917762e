#include "yendor/api/bots/main_search_bot.hpp"

#include <algorithm>

#include "yendor/api/action_space.hpp"

namespace yendor::api::bots {

namespace {

const game::Actor* nearest_hostile(const game::Game& game) {
  const Point at = game.state().player.pos;
  const game::Actor* best = nullptr;
  int best_d = 0;
  for (const game::Actor& m : game.level().monsters) {
    if (m.hp <= 0 || m.peaceful || !game.view().visible(m.pos)) continue;
    const int d = chebyshev(m.pos, at);
    if (best == nullptr || d < best_d) {
      best = &m;
      best_d = d;
    }
  }
  return best;
}

// How good the game in `after` is against `before` for a search: death is the worst, then
// health, depth and experience gained count (docs/bots.md).
double main_rollout_value(const Env& before, const Env& after) {
  const game::GameState& a = before.game().state();
  const game::GameState& b = after.game().state();
  if (b.outcome == game::Outcome::won) return 1e6;
  if (b.outcome == game::Outcome::died)
    return -1e6 + static_cast<double>(b.info.turns - a.info.turns);
  return 100.0 * b.player.hp / std::max(1, b.player.max_hp) +
         200.0 * (b.info.deepest - a.info.deepest) + 2.0 * (b.player.xp - a.player.xp);
}

}  // namespace

MainSearchBot::MainSearchBot(const MainGenome& base, const MainSearchOptions& options)
    : base_(base), options_(options) {}

void MainSearchBot::start(Env& env) {
  base_.start(env);
  rng_ = Rng::for_stream(env.seed(), "search");
}

int MainSearchBot::act(Env& env) {
  if (env.done()) return k_wait;
  const game::Game& game = env.game();
  const game::Actor& player = game.state().player;
  // Danger: a hostile in view while below danger_below of full health. Healthy fights are
  // left to the base bot, so search costs time only where a decision can lose the game.
  const game::Actor* threat = nearest_hostile(game);
  if (threat == nullptr || player.hp >= options_.danger_below * player.max_hp)
    return base_.act(env);

  const auto& mask = env.legal_mask();
  candidates_.clear();
  const auto add = [&](int a) {
    if (a >= 0 && mask[static_cast<std::size_t>(a)] != 0 &&
        std::find(candidates_.begin(), candidates_.end(), a) == candidates_.end())
      candidates_.push_back(a);
  };
  add(base_.act(env));  // first (ties keep the strategy bot's choice); it takes in the step
  // The fighting and fleeing strategies (the others change what the bot remembers when asked).
  for (const std::string_view name : {"quaff_when_low", "escape_when_dying", "attack_adjacent",
                                      "throw_missiles", "hunt", "descend"})
    add(base_.strategy_action(env, main_strategy_index(name)));
  const auto far = [&](Point p) { return chebyshev(p, threat->pos); };
  for (int i = 0; i < 8; ++i)
    if (far(player.pos + k_directions8[static_cast<std::size_t>(i)]) > far(player.pos))
      add(k_move_first + i);
  add(k_ascend);
  if (candidates_.size() == 1) return candidates_.front();

  dice_.clear();
  for (int s = 0; s < options_.samples; ++s)
    dice_.push_back(rng_.next_u64());
  int best = candidates_.front();
  double best_value = 0;
  for (std::size_t c = 0; c < candidates_.size(); ++c) {
    double total = 0;
    for (const std::uint64_t d : dice_)
      total += value_after(env, candidates_[c], d);
    if (c == 0 || total > best_value) {
      best = candidates_[c];
      best_value = total;
    }
  }
  return best;
}

double MainSearchBot::value_after(const Env& env, int action, std::uint64_t dice) {
  Env sim = env.clone();
  sim.redraw_dice(dice);
  MainStrategyBot rollout = base_;
  sim.step(action);
  for (int n = 0; n < options_.rollout_limit && !sim.done(); ++n)
    sim.step(rollout.act(sim));
  return main_rollout_value(env, sim);
}

}  // namespace yendor::api::bots
