#include "yendor/tui/play.hpp"

#include "yendor/tui/app.hpp"
#include "yendor/tui/menu_screen.hpp"
#include "yendor/tui/terminal.hpp"

namespace yendor::tui {

void play_in_terminal(std::shared_ptr<const game::Content> content, const std::string& game_dir,
                      const NewGameDefaults& defaults) {
  // A bad options file is reported before the terminal is taken over.
  auto settings = std::make_shared<DisplaySettings>(load_settings(settings_path(game_dir)));
  App app(std::make_unique<MenuScreen>(std::move(content), game_dir, defaults, settings), settings);
  Terminal terminal(*settings);
  app.run(terminal);
}

void view_replay_in_terminal(std::shared_ptr<const game::Content> content, game::Replay replay,
                             const std::string& title, const ReplayViewOptions& options) {
  App app(std::make_unique<ReplayScreen>(std::move(content), std::move(replay), title, options));
  Terminal terminal;
  app.run(terminal);
}

}  // namespace yendor::tui
