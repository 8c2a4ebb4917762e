// `evolved`: the strategy bot with an evolved genome (desktop-dungeons-ai-pcg-platform 4.2-4.5):
// both strategy lists ordered and their parameters set by `yendor evolve`, read from the
// genome file it writes (by default the one shipped beside the content: data/dd/evolved.toml,
// data/game/evolved_bot.toml for the main rules).

#include "yendor/api/bots/dd_strategy_bot.hpp"
#include "yendor/api/bots/main_strategy_bot.hpp"
#include "yendor/api/bots/registry.hpp"

namespace yendor::api::bots {

namespace {

class EvolvedBotFactory final : public BotFactory {
 public:
  EvolvedBotFactory() {
    info_.name = "evolved";
    info_.summary = "the strategy bot with a genome evolved by `yendor evolve`";
    info_.rules = "dd, main";
    info_.source = "desktop-dungeons-ai-pcg-platform sections 4.2-4.5";
    info_.schema.add_string("genome", "",
                            "the genome file (`yendor evolve` writes one); empty: the shipped "
                            "evolved.toml of the ruleset's content");
  }
  const BotInfo& info() const override { return info_; }
  std::unique_ptr<DdBot> make_dd(const ParamSet& params,
                                 const dd::Content& content) const override {
    return std::make_unique<DdStrategyBot>(load_genome_for(params.get_string("genome"), content));
  }
  std::unique_ptr<MainBot> make_main(const ParamSet& params,
                                     const game::Content& content) const override {
    return std::make_unique<MainStrategyBot>(
        load_main_genome_for(params.get_string("genome"), content));
  }

 private:
  BotInfo info_;
};

}  // namespace

std::unique_ptr<BotFactory> make_evolved_bot_factory() {
  return std::make_unique<EvolvedBotFactory>();
}

}  // namespace yendor::api::bots
