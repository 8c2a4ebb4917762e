#include "yendor/api/bots/main_match.hpp"

#include <algorithm>

#include "yendor/game/highscore.hpp"

namespace yendor::api::bots {

double main_run_fitness(const Env& env) {
  const game::GameState& s = env.game().state();
  int potions = 0;
  for (const game::Item& item : s.player.inventory) {
    const game::ItemKind& kind = env.content().items[static_cast<std::size_t>(item.kind)];
    if (kind.item_class == game::ItemClass::potion &&
        (kind.effect == "heal" || kind.effect == "extra_heal"))
      potions += item.count;
  }
  const double value =
      10.0 * s.player.xp + 150.0 * potions + std::max(0, s.player.hp) + 100.0 * s.info.deepest;
  return s.outcome == game::Outcome::won ? 3 * value : value;
}

MainGameResult result_of(const Env& env) {
  const game::GameState& s = env.game().state();
  MainGameResult r;
  r.seed = env.seed();
  r.outcome = s.outcome;
  r.deepest = s.info.deepest;
  r.level = s.player.level;
  r.xp = s.player.xp;
  r.turns = s.info.turns;
  r.kills = s.info.kills;
  r.score = game::compute_score(s, env.content());
  r.cause = s.info.cause;
  r.fitness = main_run_fitness(env);
  return r;
}

MainGameResult play_main_game(Env& env, MainBot& bot, std::uint64_t seed, int action_limit) {
  return play_main_game(env, bot, seed, action_limit, [](const Env&, const StepResult&) {});
}

MainMatchSummary summarize(const std::vector<MainGameResult>& results) {
  MainMatchSummary m;
  for (const MainGameResult& r : results) {
    ++m.games;
    m.wins += r.outcome == game::Outcome::won ? 1 : 0;
    m.deaths += r.outcome == game::Outcome::died ? 1 : 0;
    m.cut += r.outcome == game::Outcome::playing ? 1 : 0;
    m.mean_deepest += r.deepest;
    m.mean_level += r.level;
    m.mean_xp += r.xp;
    m.mean_turns += static_cast<double>(r.turns);
    m.mean_kills += r.kills;
    m.mean_score += static_cast<double>(r.score);
    m.mean_fitness += r.fitness;
  }
  if (m.games > 0)
    for (double* v :
         {&m.mean_deepest, &m.mean_level, &m.mean_xp, &m.mean_turns, &m.mean_kills, &m.mean_score})
      *v /= m.games;
  return m;
}

}  // namespace yendor::api::bots
