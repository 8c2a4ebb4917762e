#pragma once
// `yendor play`: the game in the terminal, from the title menu, in a game directory (saves,
// scores, morgues and replays: game/session.hpp).

#include <memory>
#include <string>

#include "yendor/game/content.hpp"
#include "yendor/tui/menu_screen.hpp"

namespace yendor::tui {

// Runs the menu and the games until the player quits. InputError when there is no terminal.
// Whatever ends it (quitting, Ctrl-C, SIGTERM, end of input, an exception), a game in
// progress is saved and the terminal given back first.
// The display settings come from the directory's options.toml (tui/settings.hpp); `defaults`
// fill the new-game setup.
void play_in_terminal(std::shared_ptr<const game::Content> content, const std::string& game_dir,
                      const NewGameDefaults& defaults = {});

}  // namespace yendor::tui
