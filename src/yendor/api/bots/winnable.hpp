#pragma once
// Levels a bot can win (docs/bots.md; the paper notes that the game's own generator sometimes
// makes unwinnable levels): a game of the dd ruleset is kept only when the omniscient search
// bot — the search bot planning on the real game, unrevealed cells included — wins it; else
// the next candidate seed is tried. The solver's actions are the proof: replayed from the new
// game they win it (the tests replay them).

#include <cstdint>
#include <vector>

#include "yendor/dd/content.hpp"
#include "yendor/dd/dungeon.hpp"
#include "yendor/dd/rules.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::api::bots {

struct WinnableGame {
  dd::State state;                  // the new game, as new_game made it
  std::uint64_t seed = 0;           // the seed it was made with
  int attempts = 1;                 // candidates tried (1: the first seed was winnable)
  std::vector<dd::Action> witness;  // the solver's winning actions
};

inline constexpr int k_max_winnable_attempts = 1000;

// Candidate i (from 0) of `seed`: seed itself, then seeds derived from it.
std::uint64_t winnable_candidate(std::uint64_t seed, int attempt);

// The first candidate of `seed` the solver wins. std::runtime_error after
// k_max_winnable_attempts (a recipe whose levels cannot be won).
WinnableGame winnable_game(const dd::Content& content, const dd::Setup& setup, std::uint64_t seed);

}  // namespace yendor::api::bots
