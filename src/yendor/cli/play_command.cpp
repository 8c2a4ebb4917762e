#include "yendor/cli/play_command.hpp"

#include <iomanip>
#include <ostream>

#include "yendor/cli/gen_command.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/game/highscore.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/tui/play.hpp"

namespace yendor::cli {
namespace {

std::string dir_or_default(const std::string& dir) {
  return dir.empty() ? game::default_game_dir() : dir;
}

// The bot's actions are never drawn from the game's streams; a resumed game gets a stream of
// its own (keyed by the turn it resumed at), so runs stay reproducible from the seed.
constexpr std::string_view k_bot_stream = "bot";

}  // namespace

void validate_play_options(const PlayOptions& options) {
  if (!options.headless) {
    if (!options.bot.empty())
      throw InputError("--bot needs --headless (a bot plays without a terminal)");
  } else if (options.bot != "random") {
    throw InputError(options.bot.empty() ? std::string("play --headless needs --bot random")
                                         : "unknown bot '" + options.bot + "' (bots: random)");
  }
  if (options.turns < 0)
    throw InputError("--turns must not be negative; got " + std::to_string(options.turns));
  if (options.name.empty() || options.name.size() > 32)
    throw InputError("--name must be 1 to 32 characters long");
  for (const char c : options.name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw InputError("--name must not contain control characters");
  play_setup(options);
}

game::DungeonSetup play_setup(const PlayOptions& options) {
  game::DungeonSetup setup;
  const std::optional<game::Difficulty> d = game::difficulty_from_string(options.difficulty);
  if (!d)
    throw InputError("--difficulty must be easy, normal or hard; got '" + options.difficulty + "'");
  setup.difficulty = *d;
  setup.generator = options.generator;
  if (!options.size.empty()) setup.size = parse_size(options.size);
  game::validate_setup(setup);
  return setup;
}

std::shared_ptr<const game::Content> load_play_content(const std::string& dir) {
  return std::make_shared<const game::Content>(
      game::load_content(dir.empty() ? game::default_content_dir() : dir));
}

PlayResult play_headless(std::shared_ptr<const game::Content> content, const std::string& dir,
                         const PlayOptions& options) {
  game::Session session(content, dir);
  game::GameOptions new_game;
  new_game.seed = options.seed ? parse_seed(*options.seed).value : fresh_seed();
  new_game.name = options.name;
  new_game.setup = play_setup(options);
  const game::SessionStart start = session.start(new_game);

  PlayResult result;
  result.restored = start.restored;
  result.warning = start.warning;
  const game::GameState& state = session.game().state();
  Rng bot = Rng::for_stream(state.seed, k_bot_stream, static_cast<std::uint64_t>(state.info.turns));
  const std::int64_t first_turn = state.info.turns;
  // Refused actions take no time: cap the steps too, so a bot that only gets refusals stops.
  const std::int64_t max_steps = options.turns * 20 + 1000;
  while (!session.game().over() && state.info.turns - first_turn < options.turns &&
         result.steps < max_steps) {
    session.step(game::random_action(session.game(), bot));
    ++result.steps;
  }

  result.turns = state.info.turns;
  result.depth = state.info.deepest;
  result.outcome = state.outcome;
  result.cause = state.info.cause;
  result.seed = state.seed;
  if (const auto& end = session.end()) {
    result.score = end->score;
    result.rank = end->rank;
    result.morgue_path = end->morgue_path;
    result.replay_path = end->replay_path;
    for (const std::string& warning : end->warnings)
      result.warning += (result.warning.empty() ? "" : "; ") + warning;
  } else {
    session.save();
    result.score = game::compute_score(state, *content);
    result.save_path = session.save_path();
    if (session.recording()) result.replay_path = session.replay_path();
  }
  return result;
}

std::string play_summary(const PlayResult& r) {
  std::string line = "yendor: play: seed " + std::to_string(r.seed) + ", " +
                     std::to_string(r.turns) + " turns, depth " + std::to_string(r.depth) + ", " +
                     std::string(to_string(r.outcome));
  if (!r.cause.empty()) line += " (" + r.cause + ")";
  line += ", score " + std::to_string(r.score);
  if (r.rank > 0) line += " (rank " + std::to_string(r.rank) + ")";
  if (!r.save_path.empty()) line += ", saved to " + r.save_path;
  if (!r.morgue_path.empty()) line += ", morgue " + r.morgue_path;
  if (!r.replay_path.empty()) line += ", replay " + r.replay_path;
  return line;
}

void run_play(const PlayOptions& options, std::ostream& out, std::ostream& log) {
  validate_play_options(options);
  const std::string dir = dir_or_default(options.dir);
  if (!options.headless) {
    tui::play_in_terminal(load_play_content(options.content), dir,
                          {options.name, options.seed.value_or(""), play_setup(options)});
    return;
  }
  const PlayResult result = play_headless(load_play_content(options.content), dir, options);
  if (!result.warning.empty()) log << "yendor: warning: " << result.warning << "\n";
  out << play_summary(result) << "\n";
}

void run_scores(const std::string& dir_option, std::ostream& out) {
  const std::string dir = dir_or_default(dir_option);
  const std::string path = dir + "/scores.txt";
  const std::vector<game::ScoreEntry> scores = game::read_scores(path);
  if (scores.empty()) {
    out << "no scores yet (" << path << ")\n";
    return;
  }
  out << std::right << std::setw(4) << "rank"
      << " " << std::setw(8) << "score"
      << "  " << std::left << std::setw(16) << "name" << std::right << std::setw(6) << "depth"
      << " " << std::setw(8) << "turns"
      << "  "
      << "outcome\n";
  int rank = 0;
  for (const game::ScoreEntry& e : scores) {
    out << std::right << std::setw(4) << ++rank << " " << std::setw(8) << e.score << "  "
        << std::left << std::setw(16) << e.name << std::right << std::setw(6) << e.depth << " "
        << std::setw(8) << e.turns << "  " << e.cause << "\n";
  }
}

}  // namespace yendor::cli
