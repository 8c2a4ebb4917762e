#pragma once
// The dd strategy bot (docs/bots.md; the DD platform paper 4.1-4.2): each decision takes the
// first main-game strategy, in the genome's priority order, that applies, and plays its plan.
// Killing a monster is planned by simulating the fight on a copy of the state (the walk to it
// and the exchanges: the game is deterministic apart from what is unrevealed, and a walk over
// revealed cells and a fight reveal nothing but health and mana), choosing each fight action
// by the attack strategies in the genome's order, within its potion limits; the plan is played
// only when the simulated fight is won. `greedy` and `evolved` are this bot with different
// genomes.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/api/bots/dd_bot.hpp"
#include "yendor/api/bots/dd_genome.hpp"
#include "yendor/api/bots/dd_paths.hpp"
#include "yendor/api/bots/dd_plan.hpp"

namespace yendor::api::bots {

class DdStrategyBot final : public DdBot {
 public:
  explicit DdStrategyBot(const DdGenome& genome);

  void start(const DdEnv& env) override;
  dd::Action act(const DdEnv& env) override;
  // The same on a bare state (search rollouts use it).
  dd::Action act(const dd::State& state, const dd::Content& content);

  // The plan main strategy `strategy` makes in `state` (whether it is on or not); nothing
  // when it does not apply. Search bots take these as their candidate moves.
  std::optional<std::vector<dd::Action>> plan_of(int strategy, const dd::State& state,
                                                 const dd::Content& content,
                                                 const DdPaths& paths) const;
  // The plan a fresh decision makes now: the first applicable strategy's, in the genome's
  // order; nothing when none applies (the bot would give up).
  std::optional<std::vector<dd::Action>> next_plan(const dd::State& state,
                                                   const dd::Content& content) const;
  // Forgets the plan in progress (the next act() decides afresh).
  void forget() { plan_.clear(); }

  // How many plans each main strategy made since start() (how the bot plays).
  const std::array<int, k_main_count>& uses() const { return uses_; }
  const DdGenome& genome() const { return genome_; }

  // A fight against monster `monster` simulated from `state` (walk beside it, then the
  // attack strategies): its actions when it is won, nothing otherwise.
  std::optional<std::vector<dd::Action>> plan_fight(const dd::State& state,
                                                    const dd::Content& content,
                                                    const DdPaths& paths, int monster) const;

 private:
  struct Budget {
    int health = 0, mana = 0;  // potions still allowed in this fight
  };
  // The first applicable strategy's plan, counted in uses(); nothing when none applies.
  std::optional<std::vector<dd::Action>> decide(const dd::State& state, const dd::Content& content);
  // The first applicable strategy (in `strategy`) and its plan.
  std::optional<std::vector<dd::Action>> first_plan(const dd::State& state,
                                                    const dd::Content& content,
                                                    int& strategy) const;
  bool plan_main(int strategy, const dd::State& state, const dd::Content& content,
                 const DdPaths& paths, std::vector<dd::Action>& out) const;
  bool plan_kill(const dd::State& state, const dd::Content& content, const DdPaths& paths,
                 std::vector<int> monsters, std::vector<dd::Action>& out) const;
  std::optional<dd::Action> attack_step(const dd::State& sim, const dd::Content& content,
                                        int monster, Budget& budget) const;
  std::optional<dd::Action> attack_strategy(int strategy, const dd::State& sim,
                                            const dd::Content& content, int monster,
                                            Budget& budget) const;

  DdGenome genome_;
  std::vector<int> main_order_;    // enabled main strategies, highest priority first
  std::vector<int> attack_order_;  // enabled attack strategies, highest priority first
  DdPlan plan_;
  std::array<int, k_main_count> uses_{};
};

}  // namespace yendor::api::bots
