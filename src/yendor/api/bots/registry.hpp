#pragma once
// Bots by name (docs/bots.md), each with a one-line summary, the rulesets it plays, the
// source section it follows and a declared parameter schema, so `yendor bot list` and the
// docs come from the code. One bot per file; builtin_bots() lists them.

#include <memory>
#include <string>

#include "yendor/api/bots/dd_bot.hpp"
#include "yendor/api/bots/main_bot.hpp"
#include "yendor/core/named_registry.hpp"
#include "yendor/core/param_schema.hpp"
#include "yendor/dd/content.hpp"
#include "yendor/game/content.hpp"

namespace yendor::api::bots {

struct BotInfo {
  std::string name;
  std::string summary;  // one line
  std::string rules;    // the rulesets it plays: "dd", "main" or "dd, main"
  std::string source;   // the section of the reference texts it follows
  ParamSchema schema;
};

class BotFactory {
 public:
  virtual ~BotFactory() = default;
  virtual const BotInfo& info() const = 0;
  // A bot for the dd ruleset with `params` (validated against the schema).
  virtual std::unique_ptr<DdBot> make_dd(const ParamSet& params,
                                         const dd::Content& content) const = 0;
  // A bot for the main rules with `params` (validated against the schema).
  virtual std::unique_ptr<MainBot> make_main(const ParamSet& params,
                                             const game::Content& content) const = 0;
};

class BotRegistry : public NamedRegistry<BotFactory> {
 public:
  BotRegistry() : NamedRegistry("bot", "bots") {}
};

const BotRegistry& builtin_bots();

// Validates `params` against the bot's schema and makes it (InputError naming what is wrong).
std::unique_ptr<DdBot> make_dd_bot(const std::string& name, const ParamSet& params,
                                   const dd::Content& content);

std::unique_ptr<MainBot> make_main_bot(const std::string& name, const ParamSet& params,
                                       const game::Content& content);

std::unique_ptr<BotFactory> make_random_bot_factory();
std::unique_ptr<BotFactory> make_greedy_bot_factory();
std::unique_ptr<BotFactory> make_evolved_bot_factory();
std::unique_ptr<BotFactory> make_search_bot_factory();

}  // namespace yendor::api::bots
