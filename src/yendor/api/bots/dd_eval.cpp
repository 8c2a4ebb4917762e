#include "yendor/api/bots/dd_eval.hpp"

#include <cmath>
#include <limits>

#include "yendor/analysis/level_metrics.hpp"
#include "yendor/analysis/metric_columns.hpp"
#include "yendor/api/bots/dd_match.hpp"
#include "yendor/api/bots/play_games.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/api/bots/winnable.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {

namespace {

// One game's numbers, in a row of fixed slots so that ranks can sum them.
enum Slot : int {
  k_won,
  k_gave_up,
  k_cut,
  k_killer_level,
  k_turns,
  k_xp,
  k_health_used,
  k_mana_used,
  k_replaced,
  k_fixed_slots
};

int row_size() {
  return k_fixed_slots + 2 * static_cast<int>(analysis::metric_columns().size());
}

}  // namespace

std::vector<GeneratorEval> evaluate_generators(std::shared_ptr<const dd::Content> content,
                                               const EvalOptions& o, Cluster& cluster) {
  if (o.generators.empty()) throw InputError("eval: no generators");
  if (o.games < 1) throw InputError("eval: at least one game per generator");
  if (o.threads < 1 || o.threads > 256) throw InputError("eval: threads must be 1 to 256");
  const BotFactory& factory = builtin_bots().get(o.bot);
  const ParamSet params = factory.info().schema.validate(o.bot, o.bot_params);
  (void)factory.make_dd(params, *content);
  std::vector<DdEnvOptions> envs;
  for (const std::string& g : o.generators) {
    DdEnvOptions e = o.env;
    e.setup.generator = g;
    e.setup.params = {};
    validate(e, *content);  // an unknown generator or one that cannot make 22x22 levels
    envs.push_back(e);
  }
  const auto columns = analysis::metric_columns();
  const int row = row_size();
  const int total = static_cast<int>(o.generators.size()) * o.games;
  std::vector<double> values(static_cast<std::size_t>(total) * static_cast<std::size_t>(row), 0.0);
  // Game k: generator k / games, seed first_seed + k % games; owned by rank k % ranks.
  std::vector<int> mine;
  for (int k = 0; k < total; ++k)
    if (cluster.owns(k)) mine.push_back(k);
  const auto work = [&](int t) {
    std::unique_ptr<DdBot> bot = factory.make_dd(params, *content);
    for (std::size_t n = static_cast<std::size_t>(t); n < mine.size();
         n += static_cast<std::size_t>(o.threads)) {
      const int k = mine[n];
      const DdEnvOptions& e = envs[static_cast<std::size_t>(k / o.games)];
      const std::uint64_t seed = o.first_seed + static_cast<std::uint64_t>(k % o.games);
      DdEnv env(content, e);
      const DdGameResult r = play_dd_game(env, *bot, seed, o.action_limit);
      double* v = values.data() + static_cast<std::size_t>(k) * static_cast<std::size_t>(row);
      v[k_won] = r.outcome == dd::Outcome::won ? 1 : 0;
      v[k_gave_up] = r.outcome == dd::Outcome::gave_up ? 1 : 0;
      v[k_cut] = r.outcome == dd::Outcome::playing ? 1 : 0;
      v[k_killer_level] = r.killer_level;
      v[k_turns] = r.turns;
      v[k_xp] = r.xp;
      v[k_health_used] = r.health_potions_used;
      v[k_mana_used] = r.mana_potions_used;
      int replaced = 0;
      while (e.require_winnable && replaced < k_max_winnable_attempts &&
             winnable_candidate(seed, replaced) != env.seed())
        ++replaced;
      v[k_replaced] = replaced;
      const analysis::LevelMetrics m =
          analysis::measure_level(dd::make_terrain(*content, e.setup, env.seed()));
      for (std::size_t c = 0; c < columns.size(); ++c)
        if (const auto x = columns[c].value(m)) {
          v[k_fixed_slots + 2 * c] = *x;
          v[k_fixed_slots + 2 * c + 1] = 1;
        }
    }
  };
  run_on_threads(o.threads, work);
  cluster.share(values);

  std::vector<GeneratorEval> out;
  for (std::size_t g = 0; g < o.generators.size(); ++g) {
    GeneratorEval e;
    e.generator = o.generators[g];
    std::vector<double> sums(columns.size(), 0.0), counts(columns.size(), 0.0);
    for (int i = 0; i < o.games; ++i) {
      const double* v =
          values.data() + (g * static_cast<std::size_t>(o.games) + static_cast<std::size_t>(i)) *
                              static_cast<std::size_t>(row);
      ++e.games;
      e.wins += static_cast<int>(v[k_won]);
      e.gave_up += static_cast<int>(v[k_gave_up]);
      e.cut += static_cast<int>(v[k_cut]);
      if (v[k_killer_level] > 0) ++e.deaths_by_level[static_cast<std::size_t>(v[k_killer_level])];
      e.mean_turns += v[k_turns];
      e.mean_xp += v[k_xp];
      e.mean_health_potions_used += v[k_health_used];
      e.mean_mana_potions_used += v[k_mana_used];
      e.replaced += static_cast<int>(v[k_replaced]);
      for (std::size_t c = 0; c < columns.size(); ++c) {
        sums[c] += v[k_fixed_slots + 2 * c];
        counts[c] += v[k_fixed_slots + 2 * c + 1];
      }
    }
    for (double* x :
         {&e.mean_turns, &e.mean_xp, &e.mean_health_potions_used, &e.mean_mana_potions_used})
      *x /= e.games;
    for (std::size_t c = 0; c < columns.size(); ++c)
      e.metrics.push_back(counts[c] > 0 ? sums[c] / counts[c]
                                        : std::numeric_limits<double>::quiet_NaN());
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace yendor::api::bots
