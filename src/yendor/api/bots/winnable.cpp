#include "yendor/api/bots/winnable.hpp"

#include <stdexcept>
#include <string>

#include "yendor/api/bots/dd_search_bot.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::api::bots {

std::uint64_t winnable_candidate(std::uint64_t seed, int attempt) {
  if (attempt == 0) return seed;
  return Rng::stream_seed(seed, "winnable", static_cast<std::uint64_t>(attempt));
}

WinnableGame winnable_game(const dd::Content& content, const dd::Setup& setup, std::uint64_t seed) {
  DdSearchOptions o;
  o.omniscient = true;
  DdSearchBot solver(load_genome_for("", content), o);
  for (int attempt = 0; attempt < k_max_winnable_attempts; ++attempt) {
    WinnableGame g;
    g.seed = winnable_candidate(seed, attempt);
    g.attempts = attempt + 1;
    g.state = dd::new_game(content, setup, g.seed);
    dd::State play = g.state;
    solver.start(g.seed);
    for (int n = 0; n < 20000 && play.outcome == dd::Outcome::playing; ++n) {
      const dd::Action a = solver.act(play, content);
      if (dd::step(play, content, a) != dd::Refusal::none) break;
      g.witness.push_back(a);
    }
    if (play.outcome == dd::Outcome::won) return g;
  }
  throw std::runtime_error("no winnable level among " + std::to_string(k_max_winnable_attempts) +
                           " candidates of seed " + std::to_string(seed));
}

}  // namespace yendor::api::bots
