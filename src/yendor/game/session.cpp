#include "yendor/game/session.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <utility>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/game/highscore.hpp"
#include "yendor/game/save.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::game {
namespace {

namespace fs = std::filesystem;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

}  // namespace

std::string default_game_dir() {
  if (std::string home = env("YENDOR_HOME"); !home.empty()) return home;
  if (std::string xdg = env("XDG_DATA_HOME"); !xdg.empty()) return xdg + "/yendor";
  if (std::string home = env("HOME"); !home.empty()) return home + "/.local/share/yendor";
  throw InputError("no directory for saved games: set YENDOR_HOME or use --dir");
}

Session::Session(std::shared_ptr<const Content> content, std::string dir, int check_every)
    : content_(std::move(content)), dir_(std::move(dir)), check_every_(check_every) {
  if (dir_.empty()) throw InputError("the game directory must not be empty");
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_))
    throw IoError("cannot use game directory '" + dir_ +
                  "': " + (ec ? ec.message() : std::string("not a directory")));
}

std::string Session::save_path() const {
  return dir_ + "/save.bin";
}
std::string Session::replay_path() const {
  return dir_ + "/current.replay";
}
std::string Session::scores_path() const {
  return dir_ + "/scores.txt";
}

SessionStart Session::start(const GameOptions& options) {
  SessionStart result;
  game_.reset();
  recorder_.reset();
  end_.reset();

  std::optional<GameState> saved;
  if (fs::exists(save_path())) {
    try {
      saved = load_game(save_path(), *content_);
    } catch (const SaveError& e) {
      result.warning = e.what();
    } catch (const InputError& e) {
      // Not moved by load_game: never leave it where the next save would overwrite it.
      const std::string moved = move_aside(save_path());
      result.warning = std::string(e.what()) +
                       (moved.empty() ? " (could not move it aside)" : " (moved to " + moved + ")");
    }
    // The replay of a save that could not be loaded belongs to that save: keep it beside it.
    if (!saved && fs::exists(replay_path())) move_aside(replay_path());
  }

  if (saved) {
    const std::uint64_t saved_hash = state_hash(*saved, *content_);
    game_ = std::make_unique<Game>(content_, std::move(*saved));
    result.restored = true;
    // The replay continues from its seed: it must end exactly where the save is.
    std::string problem;
    try {
      Replay replay = read_replay(replay_path());
      if (replay.header.seed != game_->state().seed ||
          replay.header.name != game_->state().info.name)
        problem = "is of another game";
      else if (replay.header.content_hash != content_hash(*content_))
        problem = "was recorded with other content";
      else if (replay.outcome != Outcome::playing || replay.final_hash != saved_hash)
        problem = "does not end where the save does";
      else
        recorder_.emplace(std::move(replay));
    } catch (const Error& e) {
      problem = std::string("cannot be read: ") + e.what();
    }
    if (!problem.empty())
      result.warning =
          "replay " + replay_path() + " " + problem + "; the rest of this game is not recorded";
    return result;
  }

  game_ = std::make_unique<Game>(content_, options);
  recorder_.emplace(replay_header(options, *content_, check_every_));
  return result;
}

const std::vector<Event>& Session::step(const Action& action) {
  if (!game_) throw std::logic_error("Session::step before start");
  if (game_->over()) return game_->step(action);  // refused: not part of the game
  const std::vector<Event>& events = game_->step(action);
  if (recorder_) recorder_->record(action, *game_);
  if (game_->over()) finish_game();
  return events;
}

void Session::save() {
  if (!game_) throw std::logic_error("Session::save before start");
  if (game_->over()) return;  // a finished game has no save
  save_game(save_path(), game_->state(), *content_);
  if (recorder_) {
    Replay so_far = recorder_->replay();
    so_far.outcome = Outcome::playing;
    so_far.final_hash = state_hash(game_->state(), *content_);
    write_replay(replay_path(), so_far);
  }
}

void Session::finish_game() {
  const GameState& state = game_->state();
  GameEnd end;
  end.outcome = state.outcome;
  end.cause = state.info.cause;
  // Permadeath first: whatever fails afterwards, there is no coming back. Each record after it
  // is written on its own, so an unwritable score list still leaves the morgue and the replay.
  remove_save(save_path());
  const ScoreEntry entry = score_entry(state, *content_);
  end.score = entry.score;
  const auto attempt = [&](const auto& write) {
    try {
      write();
    } catch (const Error& e) {
      end.warnings.emplace_back(e.what());
    }
  };
  attempt([&] {
    try {
      end.rank = add_score(scores_path(), entry);
    } catch (const InputError& e) {
      // An unreadable list is kept aside, never overwritten, and a new one begun.
      const std::string moved = move_aside(scores_path());
      if (moved.empty()) throw;
      end.warnings.push_back(std::string(e.what()) + "; moved to " + moved);
      end.rank = add_score(scores_path(), entry);
    }
  });
  attempt([&] { end.morgue_path = write_morgue(dir_, *game_); });
  if (recorder_) {
    recorder_->finish(*game_);
    const std::string path = dir_ + "/replay-" + file_safe_name(state.info.name) + "-" +
                             std::to_string(state.seed) + "-" + std::to_string(state.info.turns) +
                             ".replay";
    attempt([&] {
      write_replay(path, recorder_->replay());
      end.replay_path = path;
    });
  }
  std::error_code ec;
  fs::remove(replay_path(), ec);
  end_ = std::move(end);
}

}  // namespace yendor::game
