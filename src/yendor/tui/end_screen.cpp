#include "yendor/tui/end_screen.hpp"

#include <exception>
#include <vector>

#include "yendor/game/highscore.hpp"
#include "yendor/tui/widgets.hpp"

namespace yendor::tui {

EndScreen::EndScreen(std::shared_ptr<game::Session> session) : session_(std::move(session)) {}

void EndScreen::draw(Canvas& canvas) const {
  const std::optional<game::GameEnd>& end = session_->end();
  if (!end) return;
  const game::GameState& s = session_->game().state();
  const bool won = end->outcome == game::Outcome::won;
  draw_centred(
      canvas, 2,
      won ? "Victory!" : (end->outcome == game::Outcome::quit ? "You quit." : "You die..."),
      won ? title_style() : warning_style());
  int y = 5;
  const auto line = [&](const std::string& text) {
    for (const std::string& l : wrap(text, canvas.width() - 8))
      draw_centred(canvas, y++, l, text_style());
  };
  line(s.info.name + ", " + end->cause + ".");
  ++y;
  line("Turns: " + std::to_string(s.info.turns) + "   Deepest level: " +
       std::to_string(s.info.deepest) + "   Kills: " + std::to_string(s.info.kills));
  line("Score: " + std::to_string(end->score) +
       (end->rank > 0 ? "   (number " + std::to_string(end->rank) + " in the high scores)" : ""));
  ++y;
  if (!end->morgue_path.empty()) line("The story of this game: " + end->morgue_path);
  for (const std::string& w : end->warnings)
    line("Note: " + w);
  draw_centred(canvas, canvas.height() - 2, "Enter or Space: the high scores", dim_style());
}

Transition EndScreen::handle(const Input& input) {
  // Only a deliberate key: the moves typed as the hero fell must not skip the news.
  if (!input.is(Key::enter) && !input.is(U' ') && !input.is(Key::escape)) return Transition::stay();
  const int rank = session_->end() ? session_->end()->rank : 0;
  return Transition::replace(std::make_unique<ScoresScreen>(session_->scores_path(), rank));
}

ScoresScreen::ScoresScreen(std::string scores_path, int mark)
    : path_(std::move(scores_path)), mark_(mark) {}

void ScoresScreen::draw(Canvas& canvas) const {
  draw_frame(canvas, {0, 0, canvas.width(), canvas.height()}, "High scores");
  std::vector<game::ScoreEntry> scores;
  std::string problem;
  try {
    scores = game::read_scores(path_);
  } catch (const std::exception& e) {
    problem = e.what();
  }
  const int width = canvas.width() - 4;
  if (!problem.empty()) {
    canvas.text({2, 2}, "The score list cannot be read: " + problem, warning_style(), width);
  } else if (scores.empty()) {
    canvas.text({2, 2}, "No games finished yet.", text_style(), width);
  }
  const int rows = canvas.height() - 4;
  // Keep the marked entry on the page.
  const int first = mark_ > rows ? mark_ - rows : 0;
  for (int i = 0; i < rows && first + i < static_cast<int>(scores.size()); ++i) {
    const int rank = first + i + 1;
    const game::ScoreEntry& e = scores[static_cast<std::size_t>(first + i)];
    std::string text = std::to_string(rank) + ". " + std::to_string(e.score) + "  " + e.name +
                       ", " + e.cause + " (" + std::to_string(e.turns) + " turns)";
    if (rank == mark_) text = "> " + text + "  <- this game";
    canvas.text({2, 1 + i}, text, rank == mark_ ? highlight_style() : text_style(), width);
  }
  canvas.text({2, canvas.height() - 2}, "Esc or Enter: back to the menu", dim_style(), width);
}

Transition ScoresScreen::handle(const Input& input) {
  if (input.kind != InputKind::key) return Transition::stay();
  return Transition::pop();
}

}  // namespace yendor::tui
