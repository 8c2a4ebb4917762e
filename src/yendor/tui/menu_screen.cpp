#include "yendor/tui/menu_screen.hpp"

#include <algorithm>
#include <filesystem>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/tui/end_screen.hpp"
#include "yendor/tui/game_screen.hpp"
#include "yendor/tui/options_screen.hpp"
#include "yendor/tui/text_screens.hpp"
#include "yendor/tui/utf8.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {
namespace {

constexpr int k_max_name = 24;
constexpr int k_max_seed = 40;

const char* const k_title[] = {
    "__   __             _            ",     "\\ \\ / /__ _ __   __| | ___  _ __ ",
    " \\ V / _ \\ '_ \\ / _` |/ _ \\| '__|", "  | |  __/ | | | (_| | (_) | |   ",
    "  |_|\\___|_| |_|\\__,_|\\___/|_|   ",
};

constexpr int k_field_name = 0;
constexpr int k_field_seed = 1;
constexpr int k_field_difficulty = 2;
constexpr int k_field_dungeon = 3;
constexpr int k_field_size = 4;

// The map sizes offered besides the recipe's: the smallest a game takes, a few between, and
// the largest; levels larger than the screen scroll (the viewport follows the player).
const Size k_offered_sizes[] = {game::k_min_game_size, {60, 30}, {120, 60}, {200, 100}, {300, 200},
                                game::k_max_game_size};

}  // namespace

MenuScreen::MenuScreen(std::shared_ptr<const game::Content> content, std::string game_dir,
                       NewGameDefaults defaults, std::shared_ptr<DisplaySettings> settings)
    : content_(std::move(content)),
      dir_(std::move(game_dir)),
      session_(std::make_shared<game::Session>(content_, dir_)),
      defaults_(std::move(defaults)),
      settings_(settings ? std::move(settings) : std::make_shared<DisplaySettings>()) {}

bool MenuScreen::has_save() const {
  return std::filesystem::exists(session_->save_path());
}

std::vector<MenuScreen::Item> MenuScreen::items() const {
  std::vector<Item> out;
  if (has_save())
    out.push_back({U'c', "Continue the saved game"});
  else
    out.push_back({U'n', "New game"});
  out.push_back({U's', "High scores"});
  out.push_back({U'o', "Options"});
  out.push_back({U'?', "Help: the keys"});
  out.push_back({U'q', "Quit"});
  return out;
}

void MenuScreen::draw(Canvas& canvas) const {
  int y = 2;
  for (const char* line : k_title)
    draw_centred(canvas, y++, line, title_style());
  draw_centred(canvas, y + 1, "a roguelike, and a laboratory for dungeons and monster minds",
               dim_style());
  const std::vector<Item> list = items();
  const int x = canvas.width() / 2 - 14;
  for (int i = 0; i < static_cast<int>(list.size()); ++i) {
    const Item& item = list[static_cast<std::size_t>(i)];
    const std::string text = key_name(item.key) + "  " + item.text;
    canvas.text({x, y + 4 + 2 * i}, text, i == selected_ ? highlight_style() : text_style(), 40);
  }
  if (!notice_.empty()) {
    int ny = canvas.height() - 4;
    for (const std::string& l : wrap(notice_, canvas.width() - 4))
      if (ny < canvas.height() - 1) canvas.text({2, ny++}, l, warning_style());
  }
  canvas.text({2, canvas.height() - 1}, "Up/Down and Enter, or a letter. Games are kept in " + dir_,
              dim_style(), canvas.width() - 4);
}

Transition MenuScreen::choose(char32_t key) {
  notice_.clear();
  switch (key) {
    case U'n':
      if (has_save()) return Transition::stay();
      return Transition::push(std::make_unique<NewGameScreen>(session_, defaults_));
    case U'c': {
      if (!has_save()) return Transition::stay();
      session_ = std::make_shared<game::Session>(content_, dir_);
      const game::SessionStart start = session_->start({});
      notice_ = start.warning;
      if (!start.restored) {
        // The save could not be read (moved aside, the warning says where): no game to go on.
        session_ = std::make_shared<game::Session>(content_, dir_);
        return Transition::stay();
      }
      return Transition::push(std::make_unique<GameScreen>(session_));
    }
    case U's':
      return Transition::push(std::make_unique<ScoresScreen>(session_->scores_path(), 0));
    case U'o':
      return Transition::push(std::make_unique<OptionsScreen>(settings_, settings_path(dir_)));
    case U'?':
      return Transition::push(std::make_unique<HelpScreen>());
    case U'q':
      return Transition::quit();
    default:
      return Transition::stay();
  }
}

Transition MenuScreen::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  const std::vector<Item> list = items();
  const int n = static_cast<int>(list.size());
  if (input.is(Key::up) || input.is(U'k')) selected_ = (selected_ + n - 1) % n;
  if (input.is(Key::down) || input.is(U'j') || input.is(Key::tab)) selected_ = (selected_ + 1) % n;
  if (input.is(Key::enter)) return choose(list[static_cast<std::size_t>(selected_)].key);
  if (input.is(Key::escape) || input.is(ctrl('c'))) return Transition::quit();
  return choose(input.key);
}

Transition MenuScreen::on_resume() {
  // A game may have been saved, finished or started meanwhile: a fresh session sees the files
  // as they are now.
  session_ = std::make_shared<game::Session>(content_, dir_);
  selected_ = 0;
  return Transition::stay();
}

NewGameScreen::NewGameScreen(std::shared_ptr<game::Session> session,
                             const NewGameDefaults& defaults)
    : session_(std::move(session)) {
  const game::DungeonRecipe& recipe = session_->content().dungeon;
  FormField name{"Name", defaults.name, {}, 0, k_max_name, ""};
  FormField seed{"Seed", defaults.seed, {},
                 0,      k_max_seed,    "a number or any text; blank: a random seed"};
  FormField difficulty{"Difficulty", "", {}, 1, 0, ""};
  for (int d = 0; d < game::k_difficulty_count; ++d)
    difficulty.choices.emplace_back(to_string(static_cast<game::Difficulty>(d)));
  difficulty.chosen = static_cast<int>(defaults.setup.difficulty);
  difficulty.hint = "fewer, weaker monsters (score x1/2) or more, stronger (x2)";
  FormField dungeon{"Dungeon", "", {"the recipe"}, 0, 0, "each depth's generator, as designed"};
  for (const Generator* g : builtin_generators().all()) {
    generators_.push_back(g->info().name);
    dungeon.choices.push_back(g->info().name + " on every level");
    if (g->info().name == defaults.setup.generator)
      dungeon.chosen = static_cast<int>(generators_.size());
  }
  FormField size{"Map size", "", {"the recipe's " + size_text(recipe.size)},
                 0,          0,  "larger levels scroll with the player"};
  for (const Size s : k_offered_sizes) {
    if (s == recipe.size) continue;
    sizes_.push_back(s);
    size.choices.push_back(size_text(s));
  }
  if (defaults.setup.size != Size{} && defaults.setup.size != recipe.size) {
    const auto it = std::find(sizes_.begin(), sizes_.end(), defaults.setup.size);
    if (it == sizes_.end()) {
      sizes_.push_back(defaults.setup.size);
      size.choices.push_back(size_text(defaults.setup.size));
    }
    size.chosen =
        1 + static_cast<int>(std::find(sizes_.begin(), sizes_.end(), defaults.setup.size) -
                             sizes_.begin());
  }
  form_.fields = {name, seed, difficulty, dungeon, size};
}

game::GameOptions NewGameScreen::chosen_options() const {
  game::GameOptions options;
  options.name = form_[k_field_name].text;
  const std::string& seed = form_[k_field_seed].text;
  options.seed = seed.empty() ? fresh_seed() : parse_seed(seed).value;
  options.setup.difficulty = static_cast<game::Difficulty>(form_[k_field_difficulty].chosen);
  const int dungeon = form_[k_field_dungeon].chosen;
  if (dungeon > 0) options.setup.generator = generators_[static_cast<std::size_t>(dungeon - 1)];
  const int size = form_[k_field_size].chosen;
  if (size > 0) options.setup.size = sizes_[static_cast<std::size_t>(size - 1)];
  return options;
}

void NewGameScreen::draw(Canvas& canvas) const {
  draw_frame(canvas, {0, 0, canvas.width(), canvas.height()}, "New game");
  form_.draw(canvas, {4, 3}, 16);
  if (!error_.empty()) {
    int y = 14;
    for (const std::string& line : wrap(error_, canvas.width() - 8))
      if (y < canvas.height() - 3) canvas.text({4, y++}, line, warning_style());
  }
  canvas.text({4, canvas.height() - 2},
              "Tab/Up/Down: field · Left/Right: choose · Enter: start · Esc: back", dim_style(),
              canvas.width() - 8);
}

Transition NewGameScreen::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  if (input.is(Key::escape)) return Transition::pop();
  if (input.is(Key::enter)) {
    if (form_[k_field_name].text.empty()) {
      error_ = "A name, please.";
      form_.focus = k_field_name;
      return Transition::stay();
    }
    try {
      session_->start(chosen_options());
    } catch (const std::exception& e) {
      error_ = e.what();
      return Transition::stay();
    }
    return Transition::replace(std::make_unique<GameScreen>(session_));
  }
  if (form_.handle(input)) error_.clear();
  return Transition::stay();
}

}  // namespace yendor::tui
