#pragma once
// The screen as plain text, for language-model agents and logs (docs/env.md): a status line,
// the map as the player sees it (the observation's glyphs, rows with trailing blanks cut),
// the last step's messages and the pack. Pure ASCII, one '\n' per line.

#include <string>

#include "yendor/api/observation.hpp"
#include "yendor/game/game.hpp"

namespace yendor::api {

std::string render_text(const game::Game& game, const Observation& obs);

}  // namespace yendor::api
