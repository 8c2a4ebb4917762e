#pragma once
// A new Desktop Dungeons game (docs/dd.md): the terrain from a generator (the recipe's `dd`
// hall by default, any registered generator otherwise: the inside of a 22x22 level is the
// 20x20 grid), then the hero on the up stairs with the 3x3 square round it revealed, and the
// monsters and items of the recipe placed at random, as the game's own generator places them
// for human players. Same content, setup and seed: the same game.

#include <cstdint>
#include <string>

#include "yendor/core/param_value.hpp"
#include "yendor/dd/content.hpp"
#include "yendor/dd/state.hpp"
#include "yendor/map/level.hpp"

namespace yendor::dd {

struct Setup {
  std::string race = "human";
  std::string hero_class = "fighter";
  std::string generator;  // empty: the recipe's (with its parameters)
  ParamSet params;        // the generator's, over its defaults (with `generator` only)
  bool operator==(const Setup&) const = default;
};

// InputError naming what is wrong: an unknown race, class or generator, bad parameters.
void validate(const Setup& setup, const Content& content);

// The generated level's side: the 20x20 grid and a ring of wall round it.
inline constexpr int k_level_side = k_side + 2;

State new_game(const Content& content, const Setup& setup, std::uint64_t seed);
// The level new_game makes its terrain from (22x22: the grid inside a ring of wall), for
// measuring it (`yendor eval` reports `yendor analyze`'s metrics of the dungeons played).
Level make_terrain(const Content& content, const Setup& setup, std::uint64_t seed);

// The 64-bit FNV-1a hash of the state's bytes: equal states, equal hashes (pinned in tests).
std::uint64_t state_hash(const State& state);

}  // namespace yendor::dd
