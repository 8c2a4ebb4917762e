// `random`: a uniformly random legal action each step (never giving up while anything else is
// legal): the baseline every other bot is measured against.

#include "yendor/api/bots/registry.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::api::bots {

namespace {

class RandomDdBot final : public DdBot {
 public:
  void start(const DdEnv& env) override { rng_ = Rng::for_stream(env.seed(), "bot"); }
  dd::Action act(const DdEnv& env) override {
    DdMask mask;
    dd_legal_mask(env.state(), env.content(), mask);
    return to_dd_action(random_allowed_action(mask, rng_), env.state());
  }

 private:
  Rng rng_;
};

class RandomMainBot final : public MainBot {
 public:
  void start(Env& env) override { rng_ = Rng::for_stream(env.seed(), "bot"); }
  int act(Env& env) override { return random_legal_action(env, rng_); }

 private:
  Rng rng_;
};

class RandomBotFactory final : public BotFactory {
 public:
  RandomBotFactory() {
    info_.name = "random";
    info_.summary = "a uniformly random legal action each step (the baseline)";
    info_.rules = "dd, main";
    info_.source = "desktop-dungeons-ai-pcg-platform section 3 (the platform's agents)";
  }
  const BotInfo& info() const override { return info_; }
  std::unique_ptr<DdBot> make_dd(const ParamSet& /*params*/,
                                 const dd::Content& /*content*/) const override {
    return std::make_unique<RandomDdBot>();
  }
  std::unique_ptr<MainBot> make_main(const ParamSet& /*params*/,
                                     const game::Content& /*content*/) const override {
    return std::make_unique<RandomMainBot>();
  }

 private:
  BotInfo info_;
};

}  // namespace

std::unique_ptr<BotFactory> make_random_bot_factory() {
  return std::make_unique<RandomBotFactory>();
}

}  // namespace yendor::api::bots
