#pragma once
// After the game: the end screen (died, won or quit; the cause, turns, depth, score, the rank
// it took, where the morgue file is), then the high-score table with the new entry marked.

#include <memory>
#include <string>

#include "yendor/game/session.hpp"
#include "yendor/tui/screen.hpp"

namespace yendor::tui {

class EndScreen final : public Screen {
 public:
  explicit EndScreen(std::shared_ptr<game::Session> session);
  std::string_view name() const override { return "end"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  std::shared_ptr<game::Session> session_;
};

// The high-score list of the session's directory; `mark` (1-based, 0: none) highlighted.
class ScoresScreen final : public Screen {
 public:
  ScoresScreen(std::string scores_path, int mark);
  std::string_view name() const override { return "scores"; }
  void draw(Canvas& canvas) const override;
  Transition handle(const Input& input) override;

 private:
  std::string path_;
  int mark_;
};

}  // namespace yendor::tui
