// `search`: rollout search over the strategy bot's plans on sampled games (api/bots/
// dd_search_bot.hpp), with the evolved genome as its base; it plays better than the base.

#include "yendor/api/bots/dd_search_bot.hpp"
#include "yendor/api/bots/main_search_bot.hpp"
#include "yendor/api/bots/registry.hpp"

namespace yendor::api::bots {

namespace {

class SearchBotFactory final : public BotFactory {
 public:
  SearchBotFactory() {
    info_.name = "search";
    info_.summary = "rollout search over the strategy bot's plans on sampled games";
    info_.rules = "dd, main";
    info_.source =
        "desktop-dungeons-ai-pcg-platform section 5 (search and planning on the platform's "
        "simulation)";
    info_.schema
        .add_string("genome", "",
                    "the base bot's genome; empty: the shipped evolved.toml of the content")
        .add_int("samples", 4, 1, 1000,
                 "sampled games (dd) or futures with fresh dice (main) per candidate")
        .add_int("rollout_limit", 3000, 1, 1000000, "dd: actions a rollout plays at most")
        .add_int("main_rollout_limit", 20, 1, 100000,
                 "main: actions the base bot plays after each candidate, in danger only")
        .add_real("danger_below", 0.6, 0.0, 1.0,
                  "main: search with a hostile in view below this share of full health")
        .add_int("check_every", 50, 1, 1000,
                 "decisions the base bot plays unchecked after its plan won every sample")
        .add_bool("omniscient", false,
                  "plan on the real game, unrevealed cells included (a solver, not a fair "
                  "player)");
  }
  const BotInfo& info() const override { return info_; }
  std::unique_ptr<DdBot> make_dd(const ParamSet& params,
                                 const dd::Content& content) const override {
    DdSearchOptions o;
    o.samples = static_cast<int>(params.get_int("samples"));
    o.rollout_limit = static_cast<int>(params.get_int("rollout_limit"));
    o.check_every = static_cast<int>(params.get_int("check_every"));
    o.omniscient = params.get_bool("omniscient");
    return std::make_unique<DdSearchBot>(load_genome_for(params.get_string("genome"), content), o);
  }
  std::unique_ptr<MainBot> make_main(const ParamSet& params,
                                     const game::Content& content) const override {
    MainSearchOptions o;
    o.samples = static_cast<int>(params.get_int("samples"));
    o.rollout_limit = static_cast<int>(params.get_int("main_rollout_limit"));
    o.danger_below = params.get_real("danger_below");
    return std::make_unique<MainSearchBot>(
        load_main_genome_for(params.get_string("genome"), content), o);
  }

 private:
  BotInfo info_;
};

}  // namespace

std::unique_ptr<BotFactory> make_search_bot_factory() {
  return std::make_unique<SearchBotFactory>();
}

}  // namespace yendor::api::bots
