// The game engine's speed (issue 6): player turns per second with the scripted random player
// on level 1 of the shipped content (80x50, its monsters acting), beside the engine's floor
// cost (the player only waits: every monster still acts, the view is still recomputed) and
// the bot's own decision cost; and a new game (level 1 made and populated, the rest lazily).
// A game that ends is replaced outside the timing. items_per_second = player turns (actions
// that took time) per second; `monsters` = living monsters on the level, averaged per step.

#include <benchmark/benchmark.h>

#include <memory>

#include "yendor/core/hash.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::game {
namespace {

// The shipped content; if it fails to load (a broken data file), the test pack's files.
std::shared_ptr<const Content> bench_content() {
  static const std::shared_ptr<const Content> content = [] {
    try {
      return std::make_shared<const Content>(load_content(default_content_dir()));
    } catch (const std::exception&) {
      return std::make_shared<const Content>(
          load_content(std::string(YENDOR_SOURCE_DIR) + "/tests/game/content"));
    }
  }();
  return content;
}

int living_monsters(const Game& game) {
  int n = 0;
  for (const Actor& m : game.level().monsters)
    n += m.hp > 0 ? 1 : 0;
  return n;
}

// Plays steps chosen by `choose` on level 1, counting player turns; a finished game is
// replaced by a new one (next seed) outside the timing.
template <typename Choose>
void play_turns(benchmark::State& state, Choose choose) {
  const auto content = bench_content();
  std::uint64_t seed = 1;
  auto game = std::make_unique<Game>(content, GameOptions{seed, "Bench", 0, {}});
  Rng bot = Rng::for_stream(seed, "bot");
  std::int64_t turns = 0, games = 1, monsters = 0, steps = 0;
  for (auto _ : state) {
    if (game->over()) {
      state.PauseTiming();
      seed = mix64(seed);
      game = std::make_unique<Game>(content, GameOptions{seed, "Bench", 0, {}});
      ++games;
      state.ResumeTiming();
    }
    const std::int64_t before = game->state().info.turns;
    game->step(choose(*game, bot));
    turns += game->state().info.turns - before;
    ++steps;
    if ((steps & 63) == 0) monsters += 64 * living_monsters(*game);
  }
  state.SetItemsProcessed(turns);
  state.counters["games"] = static_cast<double>(games);
  state.counters["turns/step"] = steps > 0 ? static_cast<double>(turns) / steps : 0.0;
  state.counters["monsters"] = steps >= 64 ? static_cast<double>(monsters) / steps : 0.0;
}

void BM_GameRandomPlayerTurns(benchmark::State& state) {
  RandomPlayerOptions options;
  options.descend = false;  // a standard level: level 1 and its monsters
  play_turns(state,
             [&options](const Game& game, Rng& bot) { return random_action(game, bot, options); });
}
BENCHMARK(BM_GameRandomPlayerTurns)->Name("BM_GameRandomPlayerTurns/level1_80x50");

// The floor: the player waits, the rest of the engine (monsters, upkeep, view) runs as ever.
void BM_GameWaitTurns(benchmark::State& state) {
  play_turns(state, [](const Game&, Rng&) { return Action{}; });
}
BENCHMARK(BM_GameWaitTurns)->Name("BM_GameWaitTurns/level1_80x50");

// The bot's decision alone (no step): what the random player adds to a turn.
void BM_RandomPlayerDecision(benchmark::State& state) {
  const auto content = bench_content();
  const Game game(content, GameOptions{1, "Bench", 0, {}});
  Rng bot(1);
  RandomPlayerOptions options;
  options.descend = false;
  for (auto _ : state)
    benchmark::DoNotOptimize(random_action(game, bot, options));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RandomPlayerDecision)->Name("BM_RandomPlayerDecision/level1_80x50");

// A new game: level 1 generated and populated, the player placed, the first view computed.
void BM_NewGame(benchmark::State& state) {
  const auto content = bench_content();
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const Game game(content, GameOptions{seed++, "Bench", 0, {}});
    benchmark::DoNotOptimize(game.state().player.pos);
  }
}
BENCHMARK(BM_NewGame)->Name("BM_NewGame/80x50")->Unit(benchmark::kMillisecond);

// Loading and validating every content file (data/game/*.toml): paid once at start.
void BM_LoadContent(benchmark::State& state) {
  for (auto _ : state) {
    const Content content = load_content(default_content_dir());
    benchmark::DoNotOptimize(content.monsters.size());
  }
}
BENCHMARK(BM_LoadContent)->Unit(benchmark::kMillisecond);

// A game with all ten levels made (the player walked down the stairs of each).
const Game& ten_level_game() {
  static const std::unique_ptr<Game> game = [] {
    auto g = std::make_unique<Game>(bench_content(), GameOptions{7, "Bench", 0, {}});
    for (int depth = 2; depth <= g->state().levels; ++depth)
      change_level(*g, depth, true);
    return g;
  }();
  return *game;
}

// The replay check value (every 100 actions by default): the whole state, levels whole.
void BM_StateHash10Levels(benchmark::State& state) {
  const Game& game = ten_level_game();
  for (auto _ : state)
    benchmark::DoNotOptimize(state_hash(game.state(), game.content()));
  state.counters["levels"] = static_cast<double>(game.state().levels);
}
BENCHMARK(BM_StateHash10Levels)->Unit(benchmark::kMicrosecond);

// A save's body: each level as its recipe plus the cells changed (regenerating it to compare),
// or whole when that is smaller. bytes = the body before compression.
void BM_EncodeSave10Levels(benchmark::State& state) {
  const Game& game = ten_level_game();
  std::size_t bytes = 0;
  for (auto _ : state) {
    const auto body = encode_state(game.state(), game.content(), LevelEncoding::delta);
    bytes = body.size();
    benchmark::DoNotOptimize(body.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_EncodeSave10Levels)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace yendor::game
