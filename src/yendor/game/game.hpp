#pragma once
// The rules engine: Game::step(Action) -> events. It never draws and never waits for input;
// the terminal game, the bots and Python all drive this same simulation. docs/rules.md says
// what every rule is and which source it follows.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "yendor/fov/visible_set.hpp"
#include "yendor/game/action.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/event.hpp"
#include "yendor/game/state.hpp"
#include "yendor/game/tracking.hpp"

namespace yendor::game {

struct GameOptions {
  std::uint64_t seed = 0;
  std::string name = "Adventurer";
  int levels = 0;  // 0: the dungeon recipe's count
  DungeonSetup setup;
  // The level the player starts on, arriving on its up stairs (levels above it are made
  // first, as if passed through); 1..levels.
  int start_depth = 1;
};

// The player's sight radius (docs/rules.md).
inline constexpr int k_player_vision = 9;

class Game {
 public:
  // A new game: level 1 is generated and populated, the others when first entered; the
  // player stands on level 1's up stairs.
  Game(std::shared_ptr<const Content> content, const GameOptions& options);
  // A game from a state (a loaded save): derived caches are rebuilt.
  Game(std::shared_ptr<const Content> content, GameState state);

  // Performs the player's action, then lets every other actor act until it is the player's
  // turn again (or the game is over). The returned events live until the next step.
  const std::vector<Event>& step(const Action& action);

  // Whether the rules would accept `action` now rather than refuse it (no time, a `refused`
  // event). Its handler runs in probe mode: every refusal check, then a stop just before the
  // first change, so nothing changes (the tests compare whole states). Under confusion a move
  // counts as accepted, since a stumble takes the turn whatever is in the way.
  bool accepts(const Action& action);
  // True while accepts() runs a handler: the handlers' stop points read it.
  bool probing() const { return probing_; }

  bool over() const { return state_.outcome != Outcome::playing; }
  const GameState& state() const { return state_; }
  GameState& state() { return state_; }
  const Content& content() const { return *content_; }
  const std::shared_ptr<const Content>& content_ptr() const { return content_; }

  // The player's current level, and what the player sees now (recomputed after each step).
  LevelState& level() { return state_.dungeon[static_cast<std::size_t>(state_.depth - 1)]; }
  const LevelState& level() const {
    return state_.dungeon[static_cast<std::size_t>(state_.depth - 1)];
  }
  const fov::VisibleSet& view() const { return view_; }
  // Counts the times view() was computed: an observer that saw the same count saw this view.
  std::uint64_t view_version() const { return view_version_; }

  // For the rules: the buffer step() returns, appended to while it runs.
  std::vector<Event>& events() { return events_; }
  // Recomputes the player's view and marks what it sees explored (rules call it after the
  // player changes level; step() calls it at the end). The field of view is computed again
  // only when the level, the player's cell or the level's tiles (its TileEpoch) changed
  // since the last time: most steps (waiting, searching, fighting, item use) keep it.
  // Rules change tiles only through set_tile, which counts them.
  void update_view();
  // The monsters' shared maps (game/tracking).
  Tracking& tracking() { return tracking_; }

 private:
  std::shared_ptr<const Content> content_;
  GameState state_;
  std::vector<Event> events_;
  fov::VisibleSet view_;
  // What view_ was computed for (depth 0: nothing yet).
  struct ViewKey {
    int depth = 0;
    Point pos{};
    std::uint64_t epoch = 0;
    bool operator==(const ViewKey&) const = default;
  };
  ViewKey view_key_;
  std::uint64_t view_version_ = 0;
  Tracking tracking_;
  bool probing_ = false;
};

}  // namespace yendor::game
