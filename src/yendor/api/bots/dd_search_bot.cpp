#include "yendor/api/bots/dd_search_bot.hpp"

#include <algorithm>

#include "yendor/dd/belief.hpp"

namespace yendor::api::bots {

DdGenome potion_rich(DdGenome g) {
  g.health_potions.fill(k_max_potions_per_fight);
  g.mana_potions.fill(k_max_potions_per_fight);
  // Drinking before the blow that would kill comes first, whatever the base does.
  for (int i = 0; i < k_attack_count; ++i)
    if (k_attack_strategies[static_cast<std::size_t>(i)] == "health_potion_if_dying") {
      g.attack_on[static_cast<std::size_t>(i)] = true;
      g.attack_priority[static_cast<std::size_t>(i)] = 1.0;
    }
  return g;
}

DdSearchBot::DdSearchBot(const DdGenome& base, const DdSearchOptions& options)
    : options_(options),
      base_(base),
      rich_(potion_rich(base)),
      roll_base_(base),
      roll_rich_(potion_rich(base)) {}

void DdSearchBot::start(std::uint64_t game_seed) {
  rng_ = Rng::for_stream(game_seed, "search");
  plan_.clear();
  decisions_ = searches_ = trusted_ = 0;
}

dd::Action DdSearchBot::act(const dd::State& s, const dd::Content& c) {
  if (auto a = plan_.next(s, c)) return *a;
  auto fresh = decide(s, c);
  if (!fresh || fresh->empty()) {
    plan_.clear();
    return {dd::ActionKind::give_up};
  }
  return plan_.start(std::move(*fresh), s);
}

void DdSearchBot::roll_out(dd::State& s, const dd::Content& c) {
  roll_base_.forget();
  roll_rich_.forget();
  bool rich = false;  // once the base gives up, the potion-rich bot plays on
  for (int n = 0; n < options_.rollout_limit && s.outcome == dd::Outcome::playing; ++n) {
    dd::Action a = rich ? roll_rich_.act(s, c) : roll_base_.act(s, c);
    if (!rich && a.kind == dd::ActionKind::give_up) {
      rich = true;
      a = roll_rich_.act(s, c);
    }
    if (a.kind == dd::ActionKind::give_up) return;
    if (dd::step(s, c, a) != dd::Refusal::none) return;
  }
}

void DdSearchBot::evaluate(Candidate& candidate, const dd::State& state, const dd::Content& c,
                           std::uint64_t sample_seed) {
  dd::State sample = state;
  if (!options_.omniscient) {
    Rng rng(sample_seed);
    dd::resample_hidden(sample, rng);
  }
  for (const dd::Action& a : candidate.plan)
    if (dd::step(sample, c, a) != dd::Refusal::none) return;  // worth nothing
  roll_out(sample, c);
  const bool won = sample.outcome == dd::Outcome::won;
  candidate.wins += won ? 1 : 0;
  candidate.value += (won ? 1.0 : 0.0) + static_cast<double>(dd::run_fitness(sample)) / 1e6;
}

std::optional<std::vector<dd::Action>> DdSearchBot::decide(const dd::State& s,
                                                           const dd::Content& c) {
  ++decisions_;
  const int samples = options_.omniscient ? 1 : options_.samples;
  std::vector<std::uint64_t> seeds;
  for (int k = 0; k < samples; ++k)
    seeds.push_back(rng_.next_u64());
  const auto score = [&](Candidate& candidate) {
    for (std::uint64_t seed : seeds)
      evaluate(candidate, s, c, seed);
  };
  // The base bot's own plan first: kept when it wins every sample (and then trusted for the
  // next check_every - 1 decisions).
  std::vector<Candidate> candidates;
  if (auto plan = base_.next_plan(s, c)) {
    if (trusted_ > 0) {
      --trusted_;
      return plan;
    }
    candidates.push_back({std::move(*plan)});
    score(candidates.back());
    if (candidates.back().wins == samples) {
      trusted_ = options_.check_every - 1;
      return std::move(candidates.back().plan);
    }
  }
  trusted_ = 0;
  ++searches_;
  // Every strategy's plan with the base's potion limits, and every kill with all potions.
  const DdPaths paths(s);
  const auto add = [&](std::optional<std::vector<dd::Action>> plan) {
    if (!plan) return;
    for (const Candidate& k : candidates)
      if (k.plan == *plan) return;
    candidates.push_back({std::move(*plan)});
    score(candidates.back());
  };
  for (int strategy = 0; strategy < k_main_count; ++strategy) {
    add(base_.plan_of(strategy, s, c, paths));
    if (k_main_strategies[static_cast<std::size_t>(strategy)].rfind("kill_", 0) == 0)
      add(rich_.plan_of(strategy, s, c, paths));
  }
  if (candidates.empty()) return std::nullopt;
  const auto best = std::max_element(candidates.begin(), candidates.end(),
                                     [](const Candidate& a, const Candidate& b) {
                                       if (a.wins != b.wins) return a.wins < b.wins;
                                       return a.value < b.value;
                                     });
  return std::move(best->plan);
}

}  // namespace yendor::api::bots
