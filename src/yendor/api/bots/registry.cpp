#include "yendor/api/bots/registry.hpp"

namespace yendor::api::bots {

const BotRegistry& builtin_bots() {
  static const BotRegistry registry = [] {
    BotRegistry r;
    r.add(make_random_bot_factory());
    r.add(make_greedy_bot_factory());
    r.add(make_evolved_bot_factory());
    r.add(make_search_bot_factory());
    return r;
  }();
  return registry;
}

std::unique_ptr<DdBot> make_dd_bot(const std::string& name, const ParamSet& params,
                                   const dd::Content& content) {
  const BotFactory& factory = builtin_bots().get(name);
  return factory.make_dd(factory.info().schema.validate(name, params), content);
}

std::unique_ptr<MainBot> make_main_bot(const std::string& name, const ParamSet& params,
                                       const game::Content& content) {
  const BotFactory& factory = builtin_bots().get(name);
  return factory.make_main(factory.info().schema.validate(name, params), content);
}

}  // namespace yendor::api::bots
