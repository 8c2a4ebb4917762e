#pragma once
// `yendor play`: the game in the terminal, from the title menu, in a game directory (saves,
// scores, morgues and replays: game/session.hpp).

#include <memory>
#include <string>

#include "yendor/game/content.hpp"
#include "yendor/game/replay.hpp"
#include "yendor/tui/menu_screen.hpp"
#include "yendor/tui/replay_screen.hpp"

namespace yendor::tui {

// Runs the menu and the games until the player quits. InputError when there is no terminal.
// Whatever ends it (quitting, Ctrl-C, SIGTERM, end of input, an exception), a game in
// progress is saved and the terminal given back first.
// The display settings come from the directory's options.toml (tui/settings.hpp); `defaults`
// fill the new-game setup.
void play_in_terminal(std::shared_ptr<const game::Content> content, const std::string& game_dir,
                      const NewGameDefaults& defaults = {});

// `yendor replay FILE`: the replay viewer (tui/replay_screen.hpp) until the viewer quits.
// InputError, before the terminal is taken, when the replay cannot be shown with `content`
// or there is no terminal.
void view_replay_in_terminal(std::shared_ptr<const game::Content> content, game::Replay replay,
                             const std::string& title, const ReplayViewOptions& options);

}  // namespace yendor::tui
