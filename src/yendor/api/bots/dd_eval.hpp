#pragma once
// Generators judged by bots (docs/bots.md; the DD platform paper's conclusion): for each
// generator, a bot plays games of the dd ruleset on dungeons whose terrain that generator
// made, and the results — win rate, turns, deaths by the killer's level, potions used — stand
// beside `yendor analyze`'s metrics of the same levels. Games go round the cluster's ranks and
// the threads; the numbers do not depend on how they were spread.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "yendor/api/bots/cluster.hpp"
#include "yendor/api/dd_env.hpp"
#include "yendor/core/param_value.hpp"
#include "yendor/dd/content.hpp"

namespace yendor::api::bots {

struct EvalOptions {
  std::string bot = "search";
  ParamSet bot_params;
  std::vector<std::string> generators;
  std::uint64_t first_seed = 1;
  int games = 100;   // per generator: seeds first_seed .. first_seed + games - 1
  DdEnvOptions env;  // race, class, require_winnable (its generator is each of `generators`)
  int threads = 1;
  int action_limit = 5000;
};

struct GeneratorEval {
  std::string generator;
  int games = 0;
  int wins = 0;
  int gave_up = 0;
  int cut = 0;
  std::array<int, dd::k_boss_level + 1> deaths_by_level{};  // [level of the killer]
  double mean_turns = 0;
  double mean_xp = 0;
  double mean_health_potions_used = 0;
  double mean_mana_potions_used = 0;
  int replaced = 0;  // levels require_winnable replaced (candidates tried beyond the first)
  // The mean of each analysis::metric_columns() column over the levels where it is defined
  // (NaN where it never is).
  std::vector<double> metrics;
  int deaths() const {
    int n = 0;
    for (int d : deaths_by_level)
      n += d;
    return n;
  }
};

std::vector<GeneratorEval> evaluate_generators(std::shared_ptr<const dd::Content> content,
                                               const EvalOptions& options, Cluster& cluster);

}  // namespace yendor::api::bots
