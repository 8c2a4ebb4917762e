#pragma once
// The strategy bot of the main rules (docs/bots.md): each step it tries the genome's
// strategies (api/bots/main_genome.hpp) from the highest priority down and plays the first
// one's action that the legal mask allows; a pending level-up is always spent first, and a
// random legal action is the last resort. Hunting a monster is decided by fights simulated on
// clones with fresh dice (Env::redraw_dice): the bot goes for it only when every sample is
// won with fight_keep of its health left. `greedy` and `evolved` are this bot with a genome.

#include <cstdint>
#include <optional>
#include <vector>

#include "yendor/api/bots/main_bot.hpp"
#include "yendor/api/bots/main_genome.hpp"
#include "yendor/api/bots/main_knowledge.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::api::bots {

class MainStrategyBot final : public MainBot {
 public:
  explicit MainStrategyBot(const MainGenome& genome);
  void start(Env& env) override;
  int act(Env& env) override;

  // The action strategy `s` (an index of k_main_rules_strategies) would play now, or -1 when
  // it does not apply or its action is not legal. Call after observe().
  int strategy_action(Env& env, int s);
  // Takes in the current step (act() does it first).
  void observe(Env& env);

 private:
  int quaff_when_low(Env& env);
  int escape_when_dying(Env& env);
  int attack_adjacent(Env& env);
  int throw_missiles(Env& env);
  int pick_up(Env& env);
  int equip_better(Env& env);
  int eat_when_hungry(Env& env);
  int read_scrolls(Env& env);
  int hunt(Env& env);
  int rest_when_hurt(Env& env);
  int explore(Env& env);
  int descend(Env& env);
  int search(Env& env);
  // The nearest down stairs it saw that it can reach.
  std::optional<Point> down_stairs(Env& env) const;
  bool down_stairs_known(Env& env) const;
  // A move toward `to` along the known map, or -1.
  int walk_to(Env& env, Point to);
  bool legal(Env& env, int action) {
    return action >= 0 && env.legal_mask()[static_cast<std::size_t>(action)] != 0;
  }
  // A random legal action that does not step into a hazard it sees (the last resort).
  int safe_random_action(Env& env);
  // Whether every simulated fight against monster `id` is won with fight_keep health left.
  bool fight_wins(const Env& env, std::uint32_t id);

  MainGenome genome_;
  std::vector<int> order_;       // the strategies switched on, highest priority first
  std::vector<int> candidates_;  // safe_random_action's buffer
  MainKnowledge know_;
  Rng rng_;
  std::uint32_t judged_ = 0;  // the monster the last fight simulation was about
  bool judged_win_ = false;
  int judged_at_hp_ = 0;  // the player's health then
  int depth_ = 0;
  bool mapped_ = false;          // read magic mapping on this level already
  std::int64_t lever_turn_ = 0;  // the turn it last pulled a lever on this level
};

}  // namespace yendor::api::bots
