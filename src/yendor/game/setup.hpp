#pragma once
// How a new game departs from the dungeon recipe: the difficulty, one generator for every
// level instead of the recipe's choice per depth, and the map size. Chosen when the game
// starts (the new-game screen, `yendor play --difficulty --generator --size`), kept in the
// save and the replay, so every level made later follows the same choices (docs/rules.md,
// "Difficulty and dungeon setup").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "yendor/core/geometry.hpp"

namespace yendor::game {

enum class Difficulty : std::uint8_t { easy, normal, hard };
inline constexpr int k_difficulty_count = 3;
std::string_view to_string(Difficulty d);
std::optional<Difficulty> difficulty_from_string(std::string_view text);

// What a difficulty changes: the number of monster groups on a level (in percent of the
// recipe's roll, rounded up), the depth monsters are chosen and rolled for (the level's depth
// plus this, at least 1), and the score (in percent).
struct DifficultyRules {
  int group_percent = 100;
  int monster_depth_shift = 0;
  int score_percent = 100;
};
DifficultyRules difficulty_rules(Difficulty d);

// The sizes a game's levels may take (each side): at least as large as every shipped
// generator's minimum (cyclic's 23x23 is the largest), so any recipe can be played at any
// of them.
inline constexpr Size k_min_game_size{40, 24};
inline constexpr Size k_max_game_size{400, 400};

struct DungeonSetup {
  Difficulty difficulty = Difficulty::normal;
  std::string generator;  // empty: the recipe's choice per depth; else this one, its defaults
  Size size{};            // 0x0: the recipe's size
  bool operator==(const DungeonSetup&) const = default;
};

// Throws InputError naming the problem: an unknown generator (with the known ones), a size
// outside k_min_game_size..k_max_game_size or below the named generator's minimum.
void validate_setup(const DungeonSetup& setup);

}  // namespace yendor::game
