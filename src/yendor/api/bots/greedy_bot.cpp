// `greedy`: the paper's hand-made greedy bot (desktop-dungeons-ai-pcg-platform 4.1): pick up an
// item > kill a monster, strongest first, when a simulated fight wins > explore; in a fight
// fireball > attack > potion, with potions allowed by the monster's level as set by hand. On the
// main rules the same order after the survival strategies (api/bots/main_genome.hpp).

#include "yendor/api/bots/dd_strategy_bot.hpp"
#include "yendor/api/bots/main_strategy_bot.hpp"
#include "yendor/api/bots/registry.hpp"

namespace yendor::api::bots {

namespace {

class GreedyBotFactory final : public BotFactory {
 public:
  GreedyBotFactory() {
    info_.name = "greedy";
    info_.summary = "the paper's priority lists: item > kill (strongest first) > explore";
    info_.rules = "dd, main";
    info_.source = "desktop-dungeons-ai-pcg-platform section 4.1";
  }
  const BotInfo& info() const override { return info_; }
  std::unique_ptr<DdBot> make_dd(const ParamSet& /*params*/,
                                 const dd::Content& /*content*/) const override {
    return std::make_unique<DdStrategyBot>(greedy_genome());
  }
  std::unique_ptr<MainBot> make_main(const ParamSet& /*params*/,
                                     const game::Content& /*content*/) const override {
    return std::make_unique<MainStrategyBot>(greedy_main_genome());
  }

 private:
  BotInfo info_;
};

}  // namespace

std::unique_ptr<BotFactory> make_greedy_bot_factory() {
  return std::make_unique<GreedyBotFactory>();
}

}  // namespace yendor::api::bots
