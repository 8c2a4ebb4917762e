// `evolved`: the strategy bot with an evolved genome (desktop-dungeons-ai-pcg-platform 4.2-4.5):
// both strategy lists ordered and their parameters set by `yendor evolve`, read from the
// genome file it writes.

#include "yendor/api/bots/dd_strategy_bot.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api::bots {

namespace {

class EvolvedBotFactory final : public BotFactory {
 public:
  EvolvedBotFactory() {
    info_.name = "evolved";
    info_.summary = "the strategy bot with a genome evolved by `yendor evolve`";
    info_.rules = "dd";
    info_.source = "desktop-dungeons-ai-pcg-platform sections 4.2-4.5";
    info_.schema.add_string("genome", "", "the genome file (`yendor evolve` writes one)");
  }
  const BotInfo& info() const override { return info_; }
  std::unique_ptr<DdBot> make_dd(const ParamSet& params,
                                 const dd::Content& content) const override {
    const std::string& path = params.get_string("genome");
    if (path.empty()) throw InputError("bot evolved: give a genome file (genome=FILE)");
    std::vector<std::string> spells;
    for (const dd::SpellKind& s : content.spells)
      spells.push_back(s.id);
    return std::make_unique<DdStrategyBot>(load_genome(path, spells));
  }

 private:
  BotInfo info_;
};

}  // namespace

std::unique_ptr<BotFactory> make_evolved_bot_factory() {
  return std::make_unique<EvolvedBotFactory>();
}

}  // namespace yendor::api::bots
