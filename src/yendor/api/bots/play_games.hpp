#pragma once
// Playing bots' games for both rulesets (docs/bots.md): play_episode plays one; run_on_threads
// runs work(t) for t = 0..threads-1, the caller's thread doing t = 0; play_games plays one game
// per seed, each thread with its own environment and bot, seeds taken by stride, so the
// results never depend on the thread count.

#include <cstdint>
#include <thread>
#include <vector>

namespace yendor::api::bots {

// One episode of `seed`: `bot` acts until the game ends or `action_limit` actions; `on_step`
// sees the environment and the step's result after each (for --watch).
template <typename Env, typename Bot, typename OnStep>
void play_episode(Env& env, Bot& bot, std::uint64_t seed, int action_limit, OnStep on_step) {
  env.reset(seed);
  bot.start(env);
  for (int n = 0; n < action_limit && !env.done(); ++n) {
    const auto r = env.step(bot.act(env));
    on_step(env, r);
  }
}

template <typename Work>
void run_on_threads(int threads, Work work) {
  std::vector<std::jthread> pool;
  for (int t = 1; t < threads; ++t)
    pool.emplace_back(work, t);
  work(0);
}

// make_env() and make_bot() make one thread's environment and bot; play(env, bot, seed) plays
// a game and returns its result.
template <typename Result, typename MakeEnv, typename MakeBot, typename Play>
std::vector<Result> play_games(const std::vector<std::uint64_t>& seeds, int threads,
                               MakeEnv make_env, MakeBot make_bot, Play play) {
  std::vector<Result> results(seeds.size());
  run_on_threads(threads, [&](int t) {
    auto env = make_env();
    auto bot = make_bot();
    for (std::size_t i = static_cast<std::size_t>(t); i < seeds.size();
         i += static_cast<std::size_t>(threads))
      results[i] = play(env, *bot, seeds[i]);
  });
  return results;
}

}  // namespace yendor::api::bots
