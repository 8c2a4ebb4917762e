#include "yendor/api/bots/dd_match.hpp"

namespace yendor::api::bots {

DdGameResult result_of(const DdEnv& env) {
  const dd::State& s = env.state();
  DdGameResult r;
  r.seed = s.seed;
  r.outcome = s.outcome;
  r.level = s.hero.level;
  r.xp = s.hero.total_xp;
  r.turns = s.tally.actions;
  r.health_potions_used = s.tally.health_potions_used;
  r.mana_potions_used = s.tally.mana_potions_used;
  r.health_potions_left = s.hero.health_potions;
  r.mana_potions_left = s.hero.mana_potions;
  r.health_left = s.hero.hp;
  r.kills = s.tally.kills;
  r.explored = s.tally.explored;
  if (s.killer != dd::k_no_monster)
    r.killer_level = s.monsters[static_cast<std::size_t>(s.killer)].level;
  r.fitness = dd::run_fitness(s);
  return r;
}

DdGameResult play_dd_game(DdEnv& env, DdBot& bot, std::uint64_t seed, int action_limit) {
  return play_dd_game(env, bot, seed, action_limit, [](const DdEnv&, const StepResult&) {});
}

DdMatchSummary summarize(const std::vector<DdGameResult>& results) {
  DdMatchSummary m;
  for (const DdGameResult& r : results) {
    ++m.games;
    m.wins += r.outcome == dd::Outcome::won ? 1 : 0;
    m.deaths += r.outcome == dd::Outcome::died ? 1 : 0;
    m.gave_up += r.outcome == dd::Outcome::gave_up ? 1 : 0;
    m.cut += r.outcome == dd::Outcome::playing ? 1 : 0;
    m.mean_xp += r.xp;
    m.mean_turns += r.turns;
    m.mean_level += r.level;
    m.mean_health_potions_used += r.health_potions_used;
    m.mean_mana_potions_used += r.mana_potions_used;
    m.mean_fitness += static_cast<double>(r.fitness);
  }
  if (m.games > 0)
    for (double* v : {&m.mean_xp, &m.mean_turns, &m.mean_level, &m.mean_health_potions_used,
                      &m.mean_mana_potions_used, &m.mean_fitness})
      *v /= m.games;
  return m;
}

}  // namespace yendor::api::bots
